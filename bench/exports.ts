// Export benchmark (BENCH=exports): a project of BENCH_EXPORT_DATAPOINTS finalized datapoints
// (default 1,000,000) written by SQL (the Proof Report benchmark's seed), served the way a
// deployment serves it: the API in one process (bench/assay-server.ts, REPORT_WAIT_SECONDS=60),
// the `reports` worker in another (bench/report-worker.ts, with `assay worker`'s Node flags).
//   - the Proof Report's cold build, by the job: GET proof-report until it answers 200;
//   - each of the eight formats: GET report?format=... until 200 (the request waits up to 60 s for
//     the job, then Retry-After), timed from the client, with the worker's peak RSS during it
//     (VmHWM, reset before each by writing 5 to /proc/<pid>/clear_refs) and the file's size;
//   - each again: the stored artifact served (no rendering);
//   - baseline, same run, a fresh Node child: `COPY (<the export's own select>) TO STDOUT` of the
//     same rows into a file, i.e. what Postgres alone takes to produce them.
// Target: each format <= 60 s with flat memory.
//
// Run as a script (`node bench/exports.ts --baseline-child`) it is the baseline child.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Sql } from '../src/db/client.ts';
import { createSql } from '../src/db/client.ts';
import { generateSigningKeyPem } from '../src/domain/signing.ts';
import { FORMATS, type ExportFormat } from '../src/domain/export-formats.ts';
import { getUntilReady, seed, startReportWorker } from './proof.ts';

const EXPORT_DATAPOINTS = Number(process.env.BENCH_EXPORT_DATAPOINTS ?? 1_000_000);
const TARGET_MS = 60_000;

const procStatus = (pid: number, field: string): number => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** The export's rows exactly as src/db/exports.ts selects them; the project id is checked to be a uuid. */
function exportSelect(projectId: string): string {
  if (!/^[0-9a-f-]{36}$/.test(projectId)) throw new Error('not a uuid');
  return (
    `select d.id, d.source_file, d.source_row, left(d.content::text, 120), c.id, c.quality_rating_mean, ` +
    `c.quality_rating_median,
      c.consensus_strength, c.contested
    from datapoints d left join consensus_decisions c on c.datapoint_id = d.id
    where d.project_id = '${projectId}' order by d.seq`
  );
}

/** The baseline child: COPY of the same rows to a file. Prints one JSON line. */
async function baselineChild(): Promise<void> {
  const sql = createSql(process.env.DATABASE_URL!, { max: 1 });
  const path = join(tmpdir(), `assay-export-baseline-${process.pid}.csv`);
  const start = performance.now();
  const readable = await sql
    .unsafe(`copy (${exportSelect(process.env.BENCH_PROJECT_ID!)}) to stdout with (format csv)`)
    .readable();
  await pipeline(readable, createWriteStream(path));
  const ms = performance.now() - start;
  const bytes = statSync(path).size;
  unlinkSync(path);
  await sql.end();
  console.log(JSON.stringify({ ms, bytes, maxRssMb: procStatus(process.pid, 'VmHWM') }));
}

async function runBaseline(env: NodeJS.ProcessEnv): Promise<{ ms: number; bytes: number; maxRssMb: number }> {
  const child = spawn(process.execPath, ['bench/exports.ts', '--baseline-child'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`baseline child exited ${code}`);
  return JSON.parse(out.trim().split('\n').pop()!);
}

const mb = (n: number) => `${n.toFixed(0)} MB`;

/**
 * Seeds the project, starts its own server (with a signing key and a 60 s report wait) and a
 * reports worker, measures, and returns the result table lines.
 */
export async function exportsBench(
  sql: Sql,
  env: NodeJS.ProcessEnv,
  apiKey: string,
  startServer: (env: NodeJS.ProcessEnv) => Promise<{ url: string; pid: number; stop: () => Promise<void> }>,
): Promise<string[]> {
  const serviceEnv = {
    ...process.env,
    ...env,
    SIGNING_KEY: generateSigningKeyPem(),
    REPORT_WAIT_SECONDS: '60',
    LOG_LEVEL: 'error',
  };
  const server = await startServer(serviceEnv);
  const worker = await startReportWorker(serviceEnv);
  try {
    const spec = {
      version: '1.0.0',
      dataset: { format: 'csv', idField: 'id' },
      validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' },
    };
    const res = await fetch(`${server.url}/developer/v1/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Export bench', spec }),
    });
    const projectId: string = ((await res.json()) as { projectId: string }).projectId;
    const seedStart = performance.now();
    await seed(sql, projectId, EXPORT_DATAPOINTS);
    const seedMs = performance.now() - seedStart;

    const pid = worker.pid!;
    const idleRss = procStatus(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const proof = await getUntilReady(server.url, apiKey, `/projects/${projectId}/proof-report`);
    const proofPeak = procStatus(pid, 'VmHWM');
    if (proof.json.payload.coverage.datapointsTotal !== EXPORT_DATAPOINTS)
      throw new Error(`report covers ${proof.json.payload.coverage.datapointsTotal}`);

    const rows: string[] = [];
    let met = true;
    let csvMs = 0;
    for (const format of Object.keys(FORMATS) as ExportFormat[]) {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const cold = await getUntilReady(server.url, apiKey, `/projects/${projectId}/report?format=${format}`);
      const peak = procStatus(pid, 'VmHWM');
      const [stored] = await sql<
        { bytes: number }[]
      >`select bytes::float8 as bytes from report_artifacts where project_id = ${projectId} and format = ${format} and
      status = 'ready'`;
      const bytes = stored?.bytes ?? NaN;
      if (cold.json.coverage.datapointsFinalized !== EXPORT_DATAPOINTS)
        throw new Error(`${format} covers ${cold.json.coverage.datapointsFinalized}`);
      const warm = await getUntilReady(server.url, apiKey, `/projects/${projectId}/report?format=${format}`);
      const warmMs = warm.ms;
      if (warm.requests !== 1 || new URL(warm.json.url).pathname !== new URL(cold.json.url).pathname)
        throw new Error(`${format}: not reused`);
      if (format === 'csv') csvMs = cold.ms;
      met &&= cold.ms <= TARGET_MS;
      rows.push(
        `| ${format} | ${(cold.ms / 1000).toFixed(1)} | ${cold.requests} | ${(bytes / 1e6).toFixed(1)} MB | ` +
          `${mb(peak)} | ${warmMs.toFixed(0)} ms | ${cold.ms <= TARGET_MS ? 'met' : 'NOT met'} |`,
      );
    }

    const base = await runBaseline({ ...process.env, ...env, BENCH_PROJECT_ID: projectId });
    return [
      `\nExports, ${EXPORT_DATAPOINTS.toLocaleString('en')} finalized datapoints (seeded by SQL in ` +
        `${(seedMs / 1000).toFixed(1)} s); API and reports worker in separate processes; worker idle RSS ` +
        `${mb(idleRss)}\n`,
      `Cold Proof Report built and signed by the job: ${(proof.ms / 1000).toFixed(1)} s until GET proof-report ` +
        `answered 200 (${proof.requests} request${proof.requests === 1 ? '' : 's'}), worker peak ${mb(proofPeak)}.\n`,
      '| format | s until 200 (job) | requests | file | worker peak RSS | served again | <= 60 s |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      `| baseline: COPY (the same select) TO STDOUT into a file, Node child | ${(base.ms / 1000).toFixed(1)} | | ` +
        `${(base.bytes / 1e6).toFixed(1)} MB | child ${mb(base.maxRssMb)} | | csv is ` +
        `${(csvMs / base.ms).toFixed(2)}x of it |`,
      `\nEvery format within 60 s: ${met ? 'met' : 'NOT met'}.`,
    ];
  } finally {
    await worker.stop().catch(() => {});
    await server.stop().catch(() => {});
  }
}

if (process.argv.includes('--baseline-child')) await baselineChild();
