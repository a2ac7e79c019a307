// Ingest benchmark: a generated CSV of BENCH_INGEST_ROWS rows (default 1,000,000, about 110 MB)
// with numValidators 3, from the process call to run `ok`, in rows/s, with the worker's peak RSS
// and the CPU time of the worker process and of Postgres during the run. The worker runs alone in
// its own process (bench/ingest-worker.ts) with the V8 flags of `assay worker`.
//
// Baseline in the same run, on the same Postgres: a raw COPY of the same rows, with
// their checksums computed and their content serialized in Node as the service does, into bare
// tables without any index or constraint: datapoints, and numValidators slot rows per datapoint
// (the rows the service wrote before slots became a counter). That is the physical limit.
//
// Two workers (`BENCH_INGEST_TWO_WORKERS=1`): one session of two equal files, processed while two
// worker processes run, against one worker on the same two files.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import { randomUUID, createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import canonicalize from 'canonicalize';
import type { Sql } from '../src/db/client.ts';
import type { DevStack } from '../src/dev/stack.ts';
import workerNodeFlags from '../src/jobs/worker-node-flags.json' with { type: 'json' };
import { median } from './stats.ts';

export const INGEST_ROWS = Number(process.env.BENCH_INGEST_ROWS ?? 1_000_000);
const VALIDATORS = 3;
const INGEST_TARGET = 0.5;

function row(i: number): { id: string; question: string; answer: string } {
  return {
    id: String(i),
    question: `What is the status of ticket ${i} in queue ${i % 97}?`,
    answer: `Ticket ${i} was resolved by agent ${i % 13} after ${i % 48} hours.`,
  };
}

/** A CSV of rows `from`..`to` (inclusive); returns its size in bytes. */
export async function writeCsv(path: string, from = 1, to = INGEST_ROWS): Promise<number> {
  const out = createWriteStream(path);
  out.write('id,question,answer\n');
  for (let i = from; i <= to; i++) {
    const r = row(i);
    if (!out.write(`${r.id},"${r.question}","${r.answer}"\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return statSync(path).size;
}

async function api(base: string, key: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}/developer/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** CPU seconds used so far by every process of the Postgres server (postmaster and backends). */
function postgresCpuSeconds(): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / ticks; // utime, stime
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** The raw COPY baseline into bare tables; returns milliseconds. */
export async function bareCopy(sql: Sql, rows = INGEST_ROWS): Promise<number> {
  await sql`drop table if exists bench_bare_datapoints`;
  await sql`drop table if exists bench_bare_slots`;
  await sql`create table bench_bare_datapoints (id uuid, project_id uuid, run_id uuid, checksum text, source_file text,
    source_row int, content jsonb, created_at timestamptz default now())`;
  await sql`create table bench_bare_slots (id uuid default gen_random_uuid(), datapoint_id uuid, project_id uuid,
    status text default 'open', created_at timestamptz default now())`;
  const projectId = randomUUID();
  const runId = randomUUID();
  // The rows are encoded before the clock starts (checksums, content JSON, COPY text), into files:
  // the baseline is the database writing pre-encoded rows, not this process's hashing (which
  // the service does in its worker, on other cores than Postgres's).
  const dir = mkdtempSync(join(tmpdir(), 'assay-bare-'));
  const dpPath = join(dir, 'datapoints.copy');
  const slotsPath = join(dir, 'slots.copy');
  const dpOut = createWriteStream(dpPath);
  const slotsOut = createWriteStream(slotsPath);
  for (let i = 1; i <= rows; i++) {
    const content = row(i);
    const id = randomUUID();
    const checksum = createHash('sha256').update(canonicalize(content)!).digest('hex');
    const json = JSON.stringify(content).replace(/\\/g, '\\\\');
    if (!dpOut.write(`${id}\t${projectId}\t${runId}\t${checksum}\tbig.csv\t${i}\t${json}\n`))
      await once(dpOut, 'drain');
    for (let k = 0; k < VALIDATORS; k++) if (!slotsOut.write(`${id}\t${projectId}\n`)) await once(slotsOut, 'drain');
  }
  dpOut.end();
  slotsOut.end();
  await Promise.all([once(dpOut, 'finish'), once(slotsOut, 'finish')]);
  const start = performance.now();
  await sql.begin(async (tx) => {
    const dp =
      await tx`copy bench_bare_datapoints (id, project_id, run_id, checksum, source_file, source_row, content) from
        stdin`.writable();
    await pipeline(createReadStream(dpPath), dp);
    const slots = await tx`copy bench_bare_slots (datapoint_id, project_id) from stdin`.writable();
    await pipeline(createReadStream(slotsPath), slots);
  });
  const ms = performance.now() - start;
  rmSync(dir, { recursive: true, force: true });
  await sql`drop table bench_bare_datapoints`;
  await sql`drop table bench_bare_slots`;
  return ms;
}

export interface IngestFigures {
  ms: number;
  rows: number;
  maxRssMb: number;
  workerCpu: number;
  postgresCpu: number;
  projectId: string;
}

function startWorker(stack: DevStack): {
  child: ChildProcess;
  ready: Promise<void>;
  result: () => Promise<{ maxRssMb: number; cpuSeconds: number }>;
} {
  const env = {
    ...process.env,
    DATABASE_URL: stack.databaseUrl,
    S3_ENDPOINT: stack.s3.endpoint,
    S3_BUCKET: stack.s3.bucket,
    S3_ACCESS_KEY_ID: stack.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: stack.s3.secretAccessKey,
  };
  // The worker runs with the same V8 flags as `assay worker`; BENCH_WORKER_NODE_FLAGS overrides them.
  const flags =
    process.env.BENCH_WORKER_NODE_FLAGS !== undefined
      ? process.env.BENCH_WORKER_NODE_FLAGS.split(' ').filter(Boolean)
      : workerNodeFlags;
  const child = spawn(process.execPath, [...flags, 'bench/ingest-worker.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const ready = (async () => {
    while (!out.includes('ready')) await new Promise((r) => setTimeout(r, 50));
  })();
  return {
    child,
    ready,
    async result() {
      child.kill('SIGTERM');
      await once(child, 'exit');
      return JSON.parse(out.trim().split('\n').pop()!);
    },
  };
}

/**
 * Assay: creates a project, uploads the files, starts `workers` worker processes and times the
 * process call to the run being `ok`.
 */
export async function assayIngest(
  stack: DevStack,
  base: string,
  key: string,
  files: { path: string; relPath: string; bytes: number; rows: number }[],
  name: string,
  workers = 1,
): Promise<IngestFigures> {
  const spec = {
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: VALIDATORS, instructions: 'Rate.' },
  };
  const { projectId } = await api(base, key, 'POST', '/projects', { name, spec });
  const session = await api(base, key, 'POST', `/projects/${projectId}/upload-sessions`, {
    files: files.map((f) => ({ relPath: f.relPath, size: f.bytes })),
  });
  for (const f of files) {
    const url = session.files.find((x: { relPath: string }) => x.relPath === f.relPath).uploadUrl;
    const put = await fetch(url, {
      method: 'PUT',
      body: Readable.toWeb(createReadStream(f.path)) as never,
      duplex: 'half',
      headers: { 'content-length': String(f.bytes) },
    } as RequestInit);
    if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  }
  const ws = Array.from({ length: workers }, () => startWorker(stack));
  await Promise.all(ws.map((w) => w.ready));
  const pgBefore = postgresCpuSeconds();
  const start = performance.now();
  await api(base, key, 'POST', `/projects/${projectId}/upload-sessions/${session.uploadId}/process`, {});
  let status: any;
  for (;;) {
    status = await api(base, key, 'GET', `/projects/${projectId}/upload-sessions/${session.uploadId}/status`);
    if (status.run.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const ms = performance.now() - start;
  const postgresCpu = postgresCpuSeconds() - pgBefore;
  const results = await Promise.all(ws.map((w) => w.result()));
  if (status.run.status !== 'ok') throw new Error(`ingest failed: ${JSON.stringify(status.run)}`);
  return {
    ms,
    rows: status.run.rowCount,
    projectId,
    postgresCpu,
    maxRssMb: Math.max(...results.map((r) => r.maxRssMb)),
    workerCpu: results.reduce((n, r) => n + r.cpuSeconds, 0),
  };
}

export const rowsPerSecond = (f: { ms: number; rows: number }) => f.rows / (f.ms / 1000);

export function ingestLines(o: {
  bytes: number;
  bareMs: number | null;
  runs: { label: string; f: IngestFigures }[];
}): string[] {
  const bare = o.bareMs === null ? null : INGEST_ROWS / (o.bareMs / 1000);
  const out = [
    `\nIngest, ${INGEST_ROWS.toLocaleString('en')} CSV rows ` +
      `(${(o.bytes / 1e6).toFixed(0)} MB), numValidators ${VALIDATORS}\n`,
    '| path | rows/s | ratio | worker peak RSS | CPU s: worker / Postgres (wall s) | target |',
    '|---|---|---|---|---|---|',
  ];
  for (const { label, f } of o.runs) {
    const rate = rowsPerSecond(f);
    const ratio = bare === null ? null : rate / bare;
    out.push(
      `| Assay, ${label}: process call to run ok | ` +
        `${rate.toFixed(0)} | ${
          ratio === null ? '-' : `${ratio.toFixed(2)}x of bare COPY`
        } | ${f.maxRssMb} MB | ${f.workerCpu.toFixed(1)} / ${f.postgresCpu.toFixed(1)} (` +
        `${(f.ms / 1000).toFixed(1)}) | ` +
        `${ratio === null ? '' : `>= ${INGEST_TARGET}x: ${ratio >= INGEST_TARGET ? 'met' : 'NOT met'}; `}RSS < 256 ` +
        `MB: ` +
        `${f.maxRssMb < 256 ? 'met' : 'NOT met'} |`,
    );
  }
  if (bare !== null)
    out.push(
      `| raw COPY into bare tables (datapoints + ${VALIDATORS} slot rows each, no index) | ${bare.toFixed(0)} | ` +
        `1.00x | | | |`,
    );
  return out;
}

const SMALL_ROWS = 1000;
const SMALL_FILES = Number(process.env.BENCH_INGEST_SMALL_FILES ?? 10);
const SMALL_TARGET_MS = 150;

/** Milliseconds from the process call to each step, one small file. */
interface SmallRun {
  /** The process call answered (the run is queued, its job enqueued). */
  answered: number;
  /** The worker claimed the run (its phase left `queued`). */
  claimed: number;
  /** The run is `ok`. */
  ok: number;
}

/**
 * Small files (`BENCH=ingest-small`): BENCH_INGEST_SMALL_FILES (default 10) sessions of one
 * 1,000-row CSV each, processed one after the other by one worker process, from the process call
 * to the run being `ok`. The run's row is read every 2 ms on a connection of its own (the status
 * endpoint polled every 200 ms would add up to 200 ms to a figure this small), which also shows
 * when the worker claimed it. Baseline in the same run: a COPY of the same 1,000 rows,
 * pre-encoded, in one transaction (bareCopy).
 */
export async function smallFileBench(
  stack: DevStack,
  sql: Sql,
  base: string,
  key: string,
  dir: string,
): Promise<{ lines: string[]; met: boolean }> {
  const csv = join(dir, 'small.csv');
  const bytes = await writeCsv(csv, 1, SMALL_ROWS);
  const spec = {
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: VALIDATORS, instructions: 'Rate.' },
  };
  const sessions: { projectId: string; uploadId: string }[] = [];
  for (let i = 0; i < SMALL_FILES + 1; i++) {
    const { projectId } = await api(base, key, 'POST', '/projects', { name: `Small ingest ${i}`, spec });
    const session = await api(base, key, 'POST', `/projects/${projectId}/upload-sessions`, {
      files: [{ relPath: 'small.csv', size: bytes }],
    });
    const put = await fetch(session.files[0].uploadUrl, {
      method: 'PUT',
      body: readFileSync(csv),
      headers: { 'content-length': String(bytes) },
    });
    if (!put.ok) throw new Error(`upload failed: ${put.status}`);
    sessions.push({ projectId, uploadId: session.uploadId });
  }
  const w = startWorker(stack);
  await w.ready;
  const runs: SmallRun[] = [];
  try {
    // The first run warms the worker (connections, the parser, the S3 client) and is not counted.
    for (const [i, s] of sessions.entries()) {
      const start = performance.now();
      const answer = await api(base, key, 'POST', `/projects/${s.projectId}/upload-sessions/${s.uploadId}/process`, {});
      const answered = performance.now() - start;
      let claimed = Number.NaN;
      for (;;) {
        const [r] = await sql<{ status: string; phase: string }[]>`
          select status, phase from ingest_runs where id = ${answer.runId}`;
        if (Number.isNaN(claimed) && r && r.phase !== 'queued') claimed = performance.now() - start;
        if (r && r.status !== 'running') {
          if (r.status !== 'ok') throw new Error(`small ingest failed: ${r.status}`);
          break;
        }
        await new Promise((res) => setTimeout(res, 2));
      }
      if (i > 0) runs.push({ answered, claimed, ok: performance.now() - start });
      // The next call follows at once, as a client uploading files one after the other would: the
      // organization's data jobs share one job queue, whose previous job may still be completing
      // (src/jobs/worker.ts nudges the pool after it).
    }
  } finally {
    await w.result();
  }
  const bare: number[] = [];
  for (let i = 0; i < 3; i++) bare.push(await bareCopy(sql, SMALL_ROWS));
  const ok = median(runs.map((r) => r.ok));
  const lines = [
    `\nIngest, small files: ${SMALL_ROWS.toLocaleString('en')}-row CSV (${(bytes / 1000).toFixed(0)} kB), ` +
      `${runs.length} runs one after the other, median ms from the process call:`,
    `  answered ${median(runs.map((r) => r.answered)).toFixed(0)}, claimed by the worker ` +
      `${median(runs.map((r) => r.claimed)).toFixed(0)}, ok ${ok.toFixed(0)} (target <= ${SMALL_TARGET_MS} ms: ` +
      `${ok <= SMALL_TARGET_MS ? 'met' : 'NOT met'}); each run's ok: ${runs.map((r) => r.ok.toFixed(0)).join(', ')}`,
    `  baseline: COPY of the same ${SMALL_ROWS.toLocaleString('en')} rows pre-encoded in one transaction: ` +
      `median ${median(bare).toFixed(0)} ms (${bare.map((b) => b.toFixed(0)).join(', ')})`,
  ];
  return { lines, met: ok <= SMALL_TARGET_MS };
}
