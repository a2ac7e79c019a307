// `make bench`: each benchmark next to its baseline in the same run; ratios, not absolute times
// (these machines are shared and noisy).
//
// HTTP: GET /projects/{id} and GET /projects?limit=20 with autocannon, 32 connections, against
// Assay and against a hand-written express + postgres.js server doing the same key lookup and
// query (bench/baseline-server.ts). Each server runs alone in its own process while measured;
// the order is Assay, baseline, Assay, so drift on a shared machine shows up in the two Assay runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { proofBench } from './proof.ts';
import { startDevStack } from '../src/dev/stack.ts';
import { migrate } from '../src/db/migrate.ts';
import { createSql } from '../src/db/client.ts';
import { seedDev } from '../src/dev/seed.ts';
import { ingestBench } from './ingest.ts';
import { consensusBench } from './consensus.ts';
import { poolDecayBench, poolDecayLines } from './pool-decay.ts';
import { soakBench } from './soak.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Which benchmarks to run: `pool`, `http`, `ingest`, `consensus`, `proof` (comma-separated); all
 * of these by default. `soak` (10 minutes, bench/soak.ts) runs only when named: `make bench-soak`.
 */
const ONLY = new Set((process.env.BENCH ?? 'pool,http,ingest,consensus,proof').split(','));
const CONNECTIONS = 32;
const TARGET = 0.8;

async function startChild(script: string, env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: JSON.parse(line.toString().split('\n')[0]).url, child };
}

async function stopChild(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function load(url: string, key: string, seconds: number): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { authorization: `Bearer ${key}` } });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p99: result.latency.p99, errors };
}

const dir = mkdtempSync(join(tmpdir(), 'assay-bench-'));
chmodSync(dir, 0o755);
const stack = await startDevStack({ dataDir: join(dir, 'stack'), persistent: false });
try {
  await migrate(stack.databaseUrl, { quiet: true });
  const sql = createSql(stack.databaseUrl, { max: 2 });
  const { apiKey, orgId, userId } = await seedDev(sql);
  // 200 projects of the organization, created as POST /projects would (one spec each).
  const [first] = await sql<{ id: string }[]>`
    with p as (
      insert into projects (org_id, created_by_user_id, name, num_validators, created_at)
      select ${orgId}, ${userId}, 'Bench project ' || g, 2, now() - (g || ' seconds')::interval from generate_series(1, 200) g
      returning id)
    select id from p limit 1`;
  await sql.end();

  let failed = false;
  const env = {
    DATABASE_URL: stack.databaseUrl, S3_ENDPOINT: stack.s3.endpoint, S3_BUCKET: stack.s3.bucket,
    S3_ACCESS_KEY_ID: stack.s3.accessKeyId, S3_SECRET_ACCESS_KEY: stack.s3.secretAccessKey,
  };
  if (ONLY.has('pool')) {
    const result = await poolDecayBench(stack.databaseUrl);
    for (const line of poolDecayLines(result)) console.log(line);
    if (result.ratio < 0.9) failed = true;
  }
  if (ONLY.has('soak')) {
    const { url, child } = await startChild('bench/assay-server.ts', env);
    try {
      const { lines, met } = await soakBench({ url: `${url}/developer/v1/projects/${first.id}`, apiKey, serverPid: child.pid! });
      for (const line of lines) console.log(line);
      if (!met) failed = true;
    } finally {
      await stopChild(child);
    }
  }
  const routes = [
    { name: 'GET /projects/{projectId}', path: `/developer/v1/projects/${first.id}` },
    { name: 'GET /projects?limit=20', path: '/developer/v1/projects?limit=20' },
  ];
  const rows: string[] = [];
  for (const route of ONLY.has('http') ? routes : []) {
    const runs: Record<string, { rps: number; p99: number; errors: number }[]> = { assay: [], baseline: [] };
    for (const which of ['assay', 'baseline', 'assay'] as const) {
      const { url, child } = await startChild(which === 'assay' ? 'bench/assay-server.ts' : 'bench/baseline-server.ts', env);
      await load(url + route.path, apiKey, 2); // warm-up: JIT, connection pool
      runs[which].push(await load(url + route.path, apiKey, SECONDS));
      await stopChild(child);
    }
    const assayRps = (runs.assay[0].rps + runs.assay[1].rps) / 2;
    const baseRps = runs.baseline[0].rps;
    const errors = [...runs.assay, ...runs.baseline].reduce((n, r) => n + r.errors, 0);
    if (errors) failed = true;
    const ratio = assayRps / baseRps;
    rows.push(`| ${route.name} | ${assayRps.toFixed(0)} (${runs.assay.map((r) => r.rps.toFixed(0)).join(', ')}) | ${baseRps.toFixed(0)} | ${ratio.toFixed(2)}x | ${runs.assay[0].p99} / ${runs.baseline[0].p99} ms | ${errors} | ${ratio >= TARGET ? 'met' : 'NOT met'} (>= ${TARGET}x) |`);
  }
  if (rows.length) {
    console.log(`\nHTTP, autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run\n`);
    console.log('| route | Assay req/s (runs) | baseline req/s | ratio | p99 Assay / baseline | errors | target |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
  }
  // Seeding its default 1,000,000 datapoints takes a few minutes (BENCH_PROOF_DATAPOINTS to change).
  if (ONLY.has('proof')) {
    const sql3 = createSql(stack.databaseUrl, { max: 2 });
    try {
      const lines = await proofBench(sql3, env, apiKey, async (serverEnv) => {
        const { url, child } = await startChild('bench/assay-server.ts', serverEnv);
        let stopped: Promise<void> | null = null;
        return { url, pid: child.pid!, stop: () => (stopped ??= stopChild(child)) };
      });
      for (const line of lines) console.log(line);
    } finally {
      await sql3.end();
    }
  }
  if (ONLY.has('ingest')) {
    const sql2 = createSql(stack.databaseUrl, { max: 2 });
    const { url, child } = await startChild('bench/assay-server.ts', env);
    try {
      for (const line of await ingestBench(stack, sql2, url, apiKey, dir)) console.log(line);
    } finally {
      await stopChild(child);
      await sql2.end();
    }
  }
  if (ONLY.has('consensus')) {
    const sql2 = createSql(stack.databaseUrl, { max: 2 });
    const { url, child } = await startChild('bench/assay-server.ts', env);
    try {
      for (const line of await consensusBench(stack, sql2, url, apiKey)) console.log(line);
    } finally {
      await stopChild(child);
      await sql2.end();
    }
  }
  if (failed) {
    console.error('\nbench: requests failed (errors, timeouts or non-2xx) or a target was missed; see above');
    process.exitCode = 1;
  }
} finally {
  await stack.stop();
}
