// `make bench`: each benchmark next to its baseline in the same run; ratios, not absolute times
// (these machines are shared and noisy).
//
// HTTP: bench/http.ts.
import { mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { proofBench } from './proof.ts';
import { exportsBench } from './exports.ts';
import { recomputeBench } from './recompute.ts';
import { startDevStack } from '../src/dev/stack.ts';
import { migrate } from '../src/db/migrate.ts';
import { createSql } from '../src/db/client.ts';
import { seedDev } from '../src/dev/seed.ts';
import {
  assayIngest,
  bareCopy,
  ingestLines,
  INGEST_ROWS,
  rowsPerSecond,
  smallFileBench,
  writeCsv,
  type IngestFigures,
} from './ingest.ts';
import {
  autoConsensus,
  consensusBaseline,
  consensusLines,
  reliabilityLines,
  type ConsensusFigures,
} from './consensus.ts';
import { listingBench, listingLines, type ListingFigures } from './listing.ts';
import { NEIGHBOUR, seedNeighbour } from './neighbour.ts';
import { poolDecayBench, poolDecayLines } from './pool-decay.ts';
import { soakBench } from './soak.ts';
import { webhooksBench } from './webhooks.ts';
import { hostileBench } from './hostile.ts';
import { httpBench } from './http.ts';
import { startAssayServer, stopChild } from './children.ts';
import { qualityAlphaBench } from './quality-alpha-run.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Which benchmarks to run: `pool`, `quality` (alpha with its bootstrap, bench/quality-alpha.ts),
 * `http`, `ingest`, `list` (with ingest: listing and claiming in the ingested project), `consensus`
 * (with the reliability-weighted method beside it), `webhooks`, `hostile` (another tenant's p99 during
 * three hostile inputs, bench/hostile.ts), `proof`, `recompute` (`assay verify
 * --recompute`, files only, bench/recompute.ts), `exports` (comma-separated); all of these by
 * default. `soak` (10 minutes, bench/soak.ts), `two-workers` (one session of two files, one
 * worker process against two) and `ingest-small` (1,000-row files, process call to ok) run only
 * when named.
 */
const ONLY = new Set(
  (process.env.BENCH ?? 'pool,quality,http,ingest,list,consensus,webhooks,hostile,proof,recompute,exports').split(','),
);
/** Rounds of the HTTP benchmark (one run of each server each); odd, for a median. */
const HTTP_ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 5);

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
      select ${orgId}, ${userId}, 'Bench project ' || g, 2, now() - (g || ' seconds')::interval from generate_series(1,
      200) g
      returning id)
    select id from p limit 1`;
  await sql.end();

  let failed = false;
  const env = {
    DATABASE_URL: stack.databaseUrl,
    S3_ENDPOINT: stack.s3.endpoint,
    S3_BUCKET: stack.s3.bucket,
    S3_ACCESS_KEY_ID: stack.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: stack.s3.secretAccessKey,
  };
  if (ONLY.has('pool')) {
    const result = await poolDecayBench(stack.databaseUrl);
    for (const line of poolDecayLines(result)) console.log(line);
    if (result.ratio < 0.9) failed = true;
  }
  if (ONLY.has('quality')) {
    const { lines, met } = await qualityAlphaBench();
    for (const line of lines) console.log(line);
    if (!met) failed = true;
  }
  if (ONLY.has('soak')) {
    const { url, child } = await startAssayServer(env);
    try {
      const { lines, met } = await soakBench({
        url: `${url}/developer/v1/projects/${first.id}`,
        apiKey,
        serverPid: child.pid!,
      });
      for (const line of lines) console.log(line);
      if (!met) failed = true;
    } finally {
      await stopChild(child);
    }
  }
  if (ONLY.has('http')) {
    const { lines, met } = await httpBench({
      env,
      apiKey,
      projectId: first.id,
      seconds: SECONDS,
      sliceSeconds: Number(process.env.BENCH_HTTP_SLICE_SECONDS ?? 2),
      rounds: HTTP_ROUNDS,
      earlier: process.env.BENCH_HTTP_EARLIER || undefined,
    });
    for (const line of lines) console.log(line);
    if (!met) failed = true;
  }
  // The per-project benchmarks run twice: on this database (200 small projects of the org), then
  // beside a neighbour of BENCH_NEIGHBOUR datapoints of other organizations (bench/neighbour.ts);
  // the figures must stay within 10% of each other. BENCH_NEIGHBOUR=0: once, no neighbour.
  // BENCH_SKIP_EMPTY=1 runs only beside the neighbour (the long 10M run).
  const besideLabel = `beside ${NEIGHBOUR.toLocaleString('en')} neighbour datapoints`;
  const phases =
    NEIGHBOUR <= 0
      ? ['empty database']
      : process.env.BENCH_SKIP_EMPTY === '1'
        ? [besideLabel]
        : ['empty database', besideLabel];
  const ingestRuns: { label: string; f: IngestFigures }[] = [];
  const listRuns: { label: string; datapoints: number; f: ListingFigures }[] = [];
  const consensusRuns: { label: string; f: ConsensusFigures }[] = [];
  let bareMs: number | null = null;
  let consensusBaseMs = 0;
  let reliabilityRun: ConsensusFigures | null = null;
  let csvBytes = 0;
  const csvPath = join(dir, 'big.csv');
  if (ONLY.has('ingest')) csvBytes = await writeCsv(csvPath);
  for (const [i, label] of phases.entries()) {
    const sql2 = createSql(stack.databaseUrl, { max: 2 });
    const { url, child } = await startAssayServer(env);
    try {
      if (label === besideLabel)
        console.log(
          `\n(neighbour: ${NEIGHBOUR.toLocaleString('en')} datapoints of two other organizations seeded in ` +
            `${(await seedNeighbour(sql2)).toFixed(0)} s)`,
        );
      // Each pass starts with no maintenance pending: without this, autovacuum works through the
      // rows the previous pass wrote (1M ingested, 300,000 votes) while the second pass is timed,
      // on a machine whose two cores the measured run already keeps busy.
      const settle = performance.now();
      await sql2`vacuum analyze`;
      console.log(`(${label}: vacuum analyze before the pass, ${((performance.now() - settle) / 1000).toFixed(0)} s)`);
      if (ONLY.has('ingest')) {
        if (i === 0 && process.env.BENCH_INGEST_BASELINES !== '0') bareMs = await bareCopy(sql2);
        const f = await assayIngest(
          stack,
          url,
          apiKey,
          [{ path: csvPath, relPath: 'big.csv', bytes: csvBytes, rows: INGEST_ROWS }],
          `Ingest bench ${i}`,
        );
        ingestRuns.push({ label, f });
        if (ONLY.has('list'))
          listRuns.push({ label, datapoints: f.rows, f: await listingBench(sql2, url, apiKey, f.projectId) });
      }
      if (ONLY.has('consensus')) {
        if (i === 0) consensusBaseMs = await consensusBaseline(sql2, url, apiKey);
        consensusRuns.push({ label, f: await autoConsensus(stack, sql2, url, apiKey, `Consensus bench ${i}`) });
        if (i === 0)
          reliabilityRun = await autoConsensus(stack, sql2, url, apiKey, 'Reliability consensus bench', 'reliability');
      }
    } finally {
      await stopChild(child);
      await sql2.end();
    }
  }
  if (ingestRuns.length) {
    for (const line of ingestLines({ bytes: csvBytes, bareMs, runs: ingestRuns })) console.log(line);
    if (ingestRuns.length === 2) {
      const drift = rowsPerSecond(ingestRuns[1]!.f) / rowsPerSecond(ingestRuns[0]!.f);
      console.log(
        `\nbeside the neighbour: ${drift.toFixed(2)}x of the empty database's rows/s (target within 10%: ` +
          `${Math.abs(1 - drift) <= 0.1 ? 'met' : 'NOT met'})`,
      );
    }
  }
  if (listRuns.length) for (const line of listingLines(listRuns)) console.log(line);
  if (consensusRuns.length) {
    for (const line of consensusLines(consensusBaseMs, consensusRuns)) console.log(line);
    if (reliabilityRun) for (const line of reliabilityLines(consensusRuns[0]!.f, reliabilityRun)) console.log(line);
    if (consensusRuns.length === 2) {
      const drift = consensusRuns[0]!.f.serviceMs / consensusRuns[1]!.f.serviceMs;
      console.log(
        `\nbeside the neighbour: ${drift.toFixed(2)}x of the empty database's decisions/s (target within 10%: ` +
          `${Math.abs(1 - drift) <= 0.1 ? 'met' : 'NOT met'})`,
      );
    }
  }
  if (ONLY.has('two-workers')) {
    // One session of two equal files: one worker process, then two (>= 1.6x).
    const half = Math.floor(INGEST_ROWS / 2);
    const files = [
      { path: join(dir, 'half-1.csv'), relPath: 'half-1.csv', bytes: 0, rows: half },
      { path: join(dir, 'half-2.csv'), relPath: 'half-2.csv', bytes: 0, rows: half },
    ];
    files[0]!.bytes = await writeCsv(files[0]!.path, 1, half);
    files[1]!.bytes = await writeCsv(files[1]!.path, half + 1, 2 * half);
    const { url, child } = await startAssayServer(env);
    try {
      const one = await assayIngest(stack, url, apiKey, files, 'Two files, one worker', 1);
      const two = await assayIngest(stack, url, apiKey, files, 'Two files, two workers', 2);
      console.log(
        `\nTwo files of ${half.toLocaleString('en')} rows in one session: one worker ` +
          `${rowsPerSecond(one).toFixed(0)} rows/s (CPU worker ${one.workerCpu.toFixed(1)} s, Postgres ` +
          `${one.postgresCpu.toFixed(1)} s, wall ${(one.ms / 1000).toFixed(1)} s); two workers ` +
          `${rowsPerSecond(two).toFixed(0)} rows/s: ${(rowsPerSecond(two) / rowsPerSecond(one)).toFixed(2)}x ` +
          `(target >= 1.6x)`,
      );
    } finally {
      await stopChild(child);
    }
  }
  // Webhook delivery: one endpoint's throughput and fairness across organizations, each next to
  // the one-at-a-time baseline (bench/webhooks.ts).
  if (ONLY.has('ingest-small')) {
    const sql2 = createSql(stack.databaseUrl, { max: 2 });
    const { url, child } = await startAssayServer(env);
    try {
      const { lines, met } = await smallFileBench(stack, sql2, url, apiKey, dir);
      for (const line of lines) console.log(line);
      if (!met) failed = true;
    } finally {
      await stopChild(child);
      await sql2.end();
    }
  }
  if (ONLY.has('webhooks')) {
    const { lines, met } = await webhooksBench(env);
    for (const line of lines) console.log(line);
    if (!met) failed = true;
  }
  if (ONLY.has('hostile')) {
    const { lines, met } = await hostileBench(stack);
    for (const line of lines) console.log(line);
    if (!met) failed = true;
  }
  // Proof Report (seeding its default 1,000,000 datapoints takes a few minutes;
  // BENCH_PROOF_DATAPOINTS to change), then the eight export formats of a project of
  // BENCH_EXPORT_DATAPOINTS (default 1,000,000) finalized datapoints, produced by the reports
  // worker (bench/exports.ts). Last, beside the neighbour; BENCH_NEIGHBOUR=0 runs them on an
  // empty database. Each starts its own servers through `serve`.
  const serve = async (serverEnv: NodeJS.ProcessEnv) => {
    const { url, child } = await startAssayServer(serverEnv);
    let stopped: Promise<void> | null = null;
    return { url, pid: child.pid!, stop: () => (stopped ??= stopChild(child)) };
  };
  for (const [name, bench] of [
    ['proof', proofBench],
    ['exports', exportsBench],
  ] as const) {
    if (!ONLY.has(name)) continue;
    const sql3 = createSql(stack.databaseUrl, { max: 2 });
    try {
      for (const line of await bench(sql3, env, apiKey, serve)) console.log(line);
    } finally {
      await sql3.end();
    }
  }
  if (ONLY.has('recompute')) for (const line of await recomputeBench()) console.log(line);
  if (failed) {
    console.error('\nbench: requests failed (errors, timeouts or non-2xx) or a target was missed; see above');
    process.exitCode = 1;
  }
} finally {
  await stack.stop();
}
