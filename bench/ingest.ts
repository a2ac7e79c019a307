// Ingest benchmark: a generated CSV of BENCH_INGEST_ROWS rows (default 1,000,000, about 100 MB)
// with numValidators 3, from the process call to run `ok`, in rows/s, and the worker's peak RSS.
// Baselines in the same run, on the same Postgres: a raw COPY of the same rows (datapoints and
// slots) into the service's own tables (same indexes and constraints: the physical limit of the
// schema), and into bare tables without indexes.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, statSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { randomUUID, createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import canonicalize from 'canonicalize';
import type { Sql } from '../src/db/client.ts';
import type { DevStack } from '../src/dev/stack.ts';
import workerNodeFlags from '../src/jobs/worker-node-flags.json' with { type: 'json' };

const ROWS = Number(process.env.BENCH_INGEST_ROWS ?? 1_000_000);
const VALIDATORS = 3;

function row(i: number): { id: string; question: string; answer: string } {
  return { id: String(i), question: `What is the status of ticket ${i} in queue ${i % 97}?`, answer: `Ticket ${i} was resolved by agent ${i % 13} after ${i % 48} hours.` };
}

async function writeCsv(path: string): Promise<number> {
  const out = createWriteStream(path);
  out.write('id,question,answer\n');
  for (let i = 1; i <= ROWS; i++) {
    const r = row(i);
    if (!out.write(`${r.id},"${r.question}","${r.answer}"\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return statSync(path).size;
}

async function api(base: string, key: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}/developer/v1${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** COPY the same rows as the service writes, through one connection, into the given tables. */
async function copyBaseline(sql: Sql, tables: { dp: string; slots: string }, projectId: string, runId: string): Promise<number> {
  const start = performance.now();
  await sql.begin(async (tx) => {
    const dp = await tx.unsafe(`copy ${tables.dp} (id, project_id, run_id, checksum, source_file, source_row, content) from stdin`).writable();
    const ids: string[] = [];
    for (let i = 1; i <= ROWS; i++) {
      const content = row(i);
      const id = randomUUID();
      ids.push(id);
      const checksum = createHash('sha256').update(canonicalize(content)!).digest('hex');
      const json = JSON.stringify(content).replace(/\\/g, '\\\\');
      if (!dp.write(`${id}\t${projectId}\t${runId}\t${checksum}\tbig.csv\t${i}\t${json}\n`)) await once(dp, 'drain');
    }
    dp.end();
    await once(dp, 'finish');
    const slots = await tx.unsafe(`copy ${tables.slots} (datapoint_id, project_id) from stdin`).writable();
    for (const id of ids) {
      for (let k = 0; k < VALIDATORS; k++) if (!slots.write(`${id}\t${projectId}\n`)) await once(slots, 'drain');
    }
    slots.end();
    await once(slots, 'finish');
  });
  return performance.now() - start;
}

export async function ingestBench(stack: DevStack, sql: Sql, base: string, key: string, dir: string): Promise<string[]> {
  const csvPath = join(dir, 'big.csv');
  const bytes = await writeCsv(csvPath);
  const spec = { version: '1.0.0', dataset: { format: 'csv', idField: 'id' }, validation: { validatorsPerDatapoint: VALIDATORS, instructions: 'Rate.' } };
  const { projectId } = await api(base, key, 'POST', '/projects', { name: 'Ingest bench', spec });
  const session = await api(base, key, 'POST', `/projects/${projectId}/upload-sessions`, { files: [{ relPath: 'big.csv', size: bytes }] });
  const put = await fetch(session.files[0].uploadUrl, { method: 'PUT', body: Readable.toWeb(createReadStream(csvPath)) as never, duplex: 'half', headers: { 'content-length': String(bytes) } } as RequestInit);
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);

  const env = { ...process.env, DATABASE_URL: stack.databaseUrl, S3_ENDPOINT: stack.s3.endpoint, S3_BUCKET: stack.s3.bucket, S3_ACCESS_KEY_ID: stack.s3.accessKeyId, S3_SECRET_ACCESS_KEY: stack.s3.secretAccessKey };
  // The worker runs with the same V8 flags as `assay worker`; BENCH_WORKER_NODE_FLAGS overrides them.
  const flags = process.env.BENCH_WORKER_NODE_FLAGS !== undefined ? process.env.BENCH_WORKER_NODE_FLAGS.split(' ').filter(Boolean) : workerNodeFlags;
  const worker: ChildProcess = spawn(process.execPath, [...flags, 'bench/ingest-worker.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  worker.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  while (!out.includes('ready')) await new Promise((r) => setTimeout(r, 50));

  const start = performance.now();
  await api(base, key, 'POST', `/projects/${projectId}/upload-sessions/${session.uploadId}/process`, {});
  let status: any;
  for (;;) {
    status = await api(base, key, 'GET', `/projects/${projectId}/upload-sessions/${session.uploadId}/status`);
    if (status.run.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const serviceMs = performance.now() - start;
  worker.kill('SIGTERM');
  await once(worker, 'exit');
  const maxRssMb = JSON.parse(out.trim().split('\n').pop()!).maxRssMb as number;
  if (status.run.status !== 'ok') throw new Error(`ingest failed: ${JSON.stringify(status.run)}`);
  rmSync(csvPath);
  const rssLine = `\nworker peak RSS: ${maxRssMb} MB (target < 256 MB)`;
  const rate = (ms: number) => ROWS / (ms / 1000);
  // BENCH_INGEST_BASELINES=0 measures the service alone: for the memory run with a 1 GB file,
  // where the two baseline COPYs would add half an hour and say nothing about memory.
  if (process.env.BENCH_INGEST_BASELINES === '0') {
    return [`\nIngest, ${ROWS.toLocaleString('en')} CSV rows (${(bytes / 1e6).toFixed(0)} MB), numValidators ${VALIDATORS}, baselines skipped`, `Assay: process call to run ok: ${rate(serviceMs).toFixed(0)} rows/s`, rssLine];
  }

  // Baselines: a second project (same schema, empty) and bare tables.
  const { projectId: baseProject } = await api(base, key, 'POST', '/projects', { name: 'Ingest baseline', spec });
  const [baseSession] = await sql`insert into upload_sessions (org_id, project_id, key_prefix) select org_id, id, ${`bench/${randomUUID()}/`} from projects where id = ${baseProject} returning id`;
  const [baseRun] = await sql`insert into ingest_runs (session_id, project_id, dry_run, skip_existing) values (${baseSession.id}, ${baseProject}, false, false) returning id`;
  const schemaMs = await copyBaseline(sql, { dp: 'datapoints', slots: 'validation_slots' }, baseProject, baseRun.id);
  await sql`create table bench_bare_datapoints (id uuid, project_id uuid, run_id uuid, checksum text, source_file text, source_row int, content jsonb, created_at timestamptz default now())`;
  await sql`create table bench_bare_slots (id uuid default gen_random_uuid(), datapoint_id uuid, project_id uuid, status text default 'open', created_at timestamptz default now())`;
  const bareMs = await copyBaseline(sql, { dp: 'bench_bare_datapoints', slots: 'bench_bare_slots' }, baseProject, baseRun.id);

  return [
    `\nIngest, ${ROWS.toLocaleString('en')} CSV rows (${(bytes / 1e6).toFixed(0)} MB), numValidators ${VALIDATORS}\n`,
    '| path | rows/s | ratio | note |',
    '|---|---|---|---|',
    `| Assay: process call to run ok | ${rate(serviceMs).toFixed(0)} | ${(rate(serviceMs) / rate(schemaMs)).toFixed(2)}x of same-schema COPY | target >= 0.5x: ${rate(serviceMs) / rate(schemaMs) >= 0.5 ? 'met' : 'NOT met'} |`,
    `| raw COPY, service schema | ${rate(schemaMs).toFixed(0)} | ${(rate(schemaMs) / rate(bareMs)).toFixed(2)}x of bare | indexes and constraints of the schema |`,
    `| raw COPY, bare tables | ${rate(bareMs).toFixed(0)} | 1.00x | no index, no constraint |`,
    rssLine,
  ];
}
