// Proof Report benchmark (BENCH=proof): BENCH_PROOF_DATAPOINTS finalized datapoints (default
// 1,000,000) with BENCH_PROOF_VOTES votes each (default 3) written straight into the service's
// tables by SQL, then
//   cold: the first GET proof-report until it answers 200: the build_report job streams both
//         leaf sets from Postgres, computes the statistics over the votes (alpha with its
//         bootstrap, the rater model, the agreement matrix), hashes both Merkle trees, signs and
//         stores (the request waits for it, REPORT_WAIT_SECONDS=60, then Retry-After), timed
//         from the client, with the
//         peak RSS of the reports worker (bench/report-worker.ts, its own process);
//   warm: the same GET again (stored report, no re-hashing), median of 5;
//   (each datapoint has three votes: the report commits 5N leaves, manifest, results and votes)
//   inclusion proofs: GET proof-report/datapoints/{id} (with its three votes) for the first, middle and last leaf,
//         median of 5 each, from the stored chunk roots (one chunk of decisions read); then the
//         old path in the same run: the report's chunk roots are forgotten (as a report stored
//         before them), so the next proof streams and hashes the whole results tree (and stores
//         the chunk roots again), and the one after reads one chunk again;
//   baseline, same run, same process type (a fresh Node child): stream the same rows with the
//         same queries and batch size and SHA-256 the same leaf bytes, nothing else. Its
//         hashing-only time is printed too.
// Peak RSS of the worker is read from /proc/<pid>/status (VmHWM), reset before the cold request
// by writing 5 to /proc/<pid>/clear_refs, so it is the peak of the report work itself.
//
// Run as a script (`node bench/proof.ts --baseline-child`) it is the baseline child.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { hash } from 'node:crypto';
import type { Sql } from '../src/db/client.ts';
import { createSql } from '../src/db/client.ts';
import { manifestLeaf, resultsLeafV2, voteLeaf } from '../src/domain/proof.ts';
import { pseudonymKey, streamDatapointLeaves, streamDecisionVotes } from '../src/db/proof-reports.ts';
import { decisionsWithVotes, voteLeafMaker } from '../src/services/proof-reports.ts';
import { generateSigningKeyPem } from '../src/domain/signing.ts';
import workerNodeFlags from '../src/jobs/worker-node-flags.json' with { type: 'json' };
import { median } from './stats.ts';

const N = Number(process.env.BENCH_PROOF_DATAPOINTS ?? 1_000_000);
const BATCH = 2000; // as src/db/proof-reports.ts
const WARM_RUNS = 5;

const procStatus = (pid: number, field: string): number => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** The reports worker (exports, cold Proof Reports) in its own process, with `assay worker`'s Node flags. */
export async function startReportWorker(env: NodeJS.ProcessEnv): Promise<{ pid: number; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [...workerNodeFlags, 'bench/report-worker.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  let stopped: Promise<void> | null = null;
  return {
    pid: child.pid!,
    stop: () =>
      (stopped ??= (async () => {
        if (child.exitCode === null) {
          child.kill('SIGTERM');
          await once(child, 'exit');
        }
      })()),
  };
}

/** GET until 200, asking again after Retry-After while the report is being prepared. */
export async function getUntilReady(
  base: string,
  key: string,
  path: string,
): Promise<{ ms: number; json: any; requests: number }> {
  const start = performance.now();
  for (let requests = 1; ; requests++) {
    const res = await fetch(`${base}/developer/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
    const json = await res.json();
    if (res.status === 200) return { ms: performance.now() - start, json, requests };
    const retry = res.headers.get('retry-after');
    if (retry === null) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    await new Promise((r) => setTimeout(r, Number(retry) * 1000));
  }
}

async function api(
  base: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}/developer/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** Votes per datapoint the Proof Report benchmark seeds: what the report's statistics are computed from. */
const VOTES = Number(process.env.BENCH_PROOF_VOTES ?? 3);

/**
 * `n` datapoints in ingestion order and one terminal decision each, in the same order, with `votes`
 * votes each when asked (bench/exports.ts seeds with it too, without votes).
 */
export async function seed(sql: Sql, projectId: string, n = N, votes = 0): Promise<void> {
  const [p] = await sql<{ org_id: string }[]>`select org_id from projects where id = ${projectId}`;
  const [session] = await sql<
    { id: string }[]
  >`insert into upload_sessions (org_id, project_id, status, key_prefix) values (${p.org_id}, ${projectId}, 'complete',
  ${`bench/proof/${projectId}/`}) returning id`;
  const [run] = await sql<
    { id: string }[]
  >`insert into ingest_runs (session_id, project_id, status, dry_run, skip_existing) values (${session.id},
  ${projectId}, 'ok', false, false) returning id`;
  await sql`
    insert into datapoints (id, project_id, run_id, checksum, source_file, source_row, content, finalized_at)
    select uuidv7(), ${projectId}, ${run.id}, sha256(convert_to('row ' || g, 'UTF8')), 'big.csv', g,
      jsonb_build_object('id', g::text, 'text', 'item ' || g), now()
    from generate_series(1, ${n}::int) g`;
  // `votes` votes each (the benchmark's 3: ratings r, r + 1, r + 2 at weight 1, r = seq % 98), one
  // millisecond apart, and the decision three such votes give (src/domain/consensus.ts): mean and
  // median r + 1, strength 1 - (2/3)/50 (computed by Postgres with the same double operations), so
  // a recomputation of the report from its committed votes agrees.
  if (votes > 0)
    await sql`
      insert into votes (id, datapoint_id, project_id, voter, synthetic, rating, weight, class_id, created_at)
      select uuidv7(), d.id, d.project_id, 'bench-' || k, false, least(100, (d.seq % 98) + k - 1), 1, null,
        now() + make_interval(secs => k / 1000.0)
      from datapoints d cross join generate_series(1, ${votes}::int) k where d.project_id = ${projectId}`;
  await sql`
    insert into consensus_decisions (datapoint_id, project_id, quality_rating_mean, quality_rating_median,
    consensus_strength, contested, vote_count, synthetic_votes, escalations)
    select id, project_id, (seq % 98) + 1, (seq % 98) + 1, 1 - ((2.0::float8 / 3) / 50), false, ${votes}, 0, 0
    from datapoints where project_id = ${projectId} order by seq`;
  await sql`vacuum analyze datapoints`;
  await sql`vacuum analyze votes`;
  await sql`vacuum analyze consensus_decisions`;
}

/**
 * The baseline child: the report's own two streams (db.streamDatapointLeaves, gold items left out
 * as the report leaves them out; db.streamDecisionVotes, a decision's votes grouped as the build
 * groups them) in a repeatable-read transaction, the same leaf bytes (manifest, results with each
 * decision's real vote range, votes with the voter's pseudonym computed once per validator, as the
 * build does), and one SHA-256 of each prefixed leaf, nothing else: no tree nodes, no chunk roots,
 * no statistics, no signature, no store. The hashing is timed apart (`hashMs`): one-shot
 * crypto.hash of 0x00 || leaf copied into a reused buffer, the cheapest SHA-256 of those bytes
 * Node offers. Prints one JSON line.
 */
async function baselineChild(): Promise<void> {
  const sql = createSql(process.env.DATABASE_URL!, { max: 1 });
  const projectId = process.env.BENCH_PROJECT_ID!;
  let hashMs = 0;
  const leaves = { manifest: 0, results: 0, votes: 0 };
  let scratch = Buffer.alloc(4096);
  const hashAll = (bufs: Buffer[]) => {
    const t = performance.now();
    for (const b of bufs) {
      if (b.length + 1 > scratch.length) scratch = Buffer.alloc(2 * (b.length + 1));
      scratch.set(b, 1);
      hash('sha256', scratch.subarray(0, b.length + 1), 'buffer');
    }
    hashMs += performance.now() - t;
  };
  const start = performance.now();
  await sql.begin('isolation level repeatable read read only', async (tx) => {
    for await (const rows of streamDatapointLeaves(tx, projectId)) {
      hashAll(rows.map((r) => manifestLeaf(r)));
      leaves.manifest += rows.length;
    }
    const leafOf = voteLeafMaker(await pseudonymKey(tx, projectId));
    let first = 0;
    let batch: Buffer[] = [];
    for await (const { decision, votes } of decisionsWithVotes(streamDecisionVotes(tx, projectId, null))) {
      batch.push(resultsLeafV2({ ...decision, votes: { first, count: votes.length } }));
      for (const v of votes) batch.push(voteLeaf(leafOf(v)));
      first += votes.length;
      leaves.results++;
      leaves.votes += votes.length;
      if (batch.length >= BATCH) {
        hashAll(batch);
        batch = [];
      }
    }
    hashAll(batch);
  });
  const totalMs = performance.now() - start;
  await sql.end();
  console.log(
    JSON.stringify({
      totalMs,
      hashMs,
      leaves: leaves.manifest + leaves.results + leaves.votes,
      ...leaves,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

async function runBaseline(env: NodeJS.ProcessEnv): Promise<{
  totalMs: number;
  hashMs: number;
  leaves: number;
  manifest: number;
  results: number;
  votes: number;
  maxRssMb: number;
}> {
  const child = spawn(process.execPath, ['bench/proof.ts', '--baseline-child'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`baseline child exited ${code}`);
  return JSON.parse(out.trim().split('\n').pop()!);
}

/**
 * Inclusion proof latency from the report's chunk roots (first, middle, last leaf; median of
 * WARM_RUNS each), then through the old full stream (the chunk roots forgotten: one request, which
 * stores them again), then from the chunk roots again. Returns result table rows.
 */
async function inclusionProofTimes(
  sql: Sql,
  base: string,
  key: string,
  projectId: string,
  reportId: string,
): Promise<string[]> {
  const order = (i: number) => sql<{ id: string }[]>`
    select datapoint_id as id from consensus_decisions where project_id = ${projectId} order by seq offset ${i} limit
    1`;
  const ids = await Promise.all([0, Math.floor(N / 2), N - 1].map(async (i) => (await order(i))[0].id));
  const timed = async (id: string) => {
    const t = performance.now();
    const r = await api(base, key, 'GET', `/projects/${projectId}/proof-report/datapoints/${id}`);
    if (r.status !== 200 || r.json.treeSize !== N || r.json.votes?.leaves.length !== VOTES)
      throw new Error(`inclusion proof: ${r.status} ${JSON.stringify(r.json)}`);
    return { ms: performance.now() - t, body: r.json };
  };
  const rows: string[] = [];
  const chunked: Record<string, unknown>[] = [];
  for (const [i, id] of ids.entries()) {
    const runs: number[] = [];
    for (let k = 0; k < WARM_RUNS; k++) {
      const r = await timed(id);
      runs.push(r.ms);
      if (k === 0) chunked.push(r.body);
    }
    rows.push(
      `| inclusion proof from chunk roots, leaf ` +
        `${['0', 'n/2', 'n-1'][i]}, median of ` +
        `${WARM_RUNS} (${runs.map((w) => w.toFixed(0)).join(', ')}) | ${median(runs).toFixed(1)} | | | |`,
    );
  }
  // The old path is one request streaming both trees whole: at 1,000,000 datapoints it can run
  // past the request timeout (503). That is a row of its own; the chunk-path rows above stand.
  try {
    await sql.begin(async (tx) => {
      await tx`delete from proof_report_chunks where report_id = ${reportId}`;
      await tx`update proof_reports set chunk_leaves = null where report_id = ${reportId}`;
    });
    const old = await timed(ids[1]);
    const again = await timed(ids[1]);
    if (
      JSON.stringify(old.body) !== JSON.stringify(chunked[1]) ||
      JSON.stringify(again.body) !== JSON.stringify(chunked[1])
    )
      throw new Error('inclusion proofs differ between the two paths');
    rows.push(
      `| inclusion proof, old path: full stream of the results tree (report without chunk roots; stores them) | ` +
        `${old.ms.toFixed(0)} | ${(old.ms / again.ms).toFixed(0)}x of the next | | |`,
    );
    rows.push(
      `| the next inclusion proof of that report (from the stored chunk roots) | ${again.ms.toFixed(1)} | | | |`,
    );
  } catch (err) {
    rows.push(`| inclusion proof, old path: **failed** (${(err as Error).message.slice(0, 160)}) | | | | |`);
  }
  return rows;
}

/**
 * Starts its own server child (with a signing key) via `startServer`, seeds N datapoints, and
 * returns the result table lines.
 */
export async function proofBench(
  sql: Sql,
  env: NodeJS.ProcessEnv,
  apiKey: string,
  startServer: (env: NodeJS.ProcessEnv) => Promise<{ url: string; pid: number; stop: () => Promise<void> }>,
): Promise<string[]> {
  const serverEnv = { ...env, SIGNING_KEY: generateSigningKeyPem(), REPORT_WAIT_SECONDS: '60' };
  const server = await startServer(serverEnv);
  const worker = await startReportWorker(serverEnv);
  try {
    const spec = {
      version: '1.0.0',
      dataset: { format: 'csv', idField: 'id' },
      validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' },
    };
    const created = await api(server.url, apiKey, 'POST', '/projects', { name: 'Proof bench', spec });
    if (created.status !== 201) throw new Error(`create project: ${JSON.stringify(created.json)}`);
    const projectId: string = created.json.projectId;
    const seedStart = performance.now();
    await seed(sql, projectId, N, VOTES);
    const seedMs = performance.now() - seedStart;

    const path = `/projects/${projectId}/proof-report`;
    // Warm-up on a tiny request (JIT of the HTTP path and auth), not on the report itself.
    await api(server.url, apiKey, 'GET', `/projects/${projectId}`);
    const rssBefore = procStatus(worker.pid, 'VmRSS');
    writeFileSync(`/proc/${worker.pid}/clear_refs`, '5');
    const cold = await getUntilReady(server.url, apiKey, path);
    const coldMs = cold.ms;
    const coldPeak = procStatus(worker.pid, 'VmHWM');
    if (cold.json.payload.digests.resultsLeaves !== N)
      throw new Error(`report covers ${cold.json.payload.digests.resultsLeaves} leaves, expected ${N}`);
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      const t = performance.now();
      const r = await api(server.url, apiKey, 'GET', path);
      warm.push(performance.now() - t);
      if (r.status !== 200 || r.json.reportId !== cold.json.reportId)
        throw new Error(`warm proof report differs: ${r.status} ${r.json.reportId}`);
    }
    // A failed inclusion proof (a timeout on a loaded machine) is reported as a row: the cold and
    // warm figures above it still stand.
    const proofs = await inclusionProofTimes(sql, server.url, apiKey, projectId, cold.json.reportId).catch(
      (err: Error) => [`| inclusion proofs: **failed** (${err.message.slice(0, 160)}) | | | | |`],
    );
    await server.stop();
    await worker.stop();

    const base = await runBaseline({ ...process.env, ...env, BENCH_PROJECT_ID: projectId });
    // Exactly the leaves the report commits, tree by tree.
    const d = cold.json.payload.digests;
    if (base.manifest !== d.manifestLeaves || base.results !== d.resultsLeaves || base.votes !== d.votesLeaves)
      throw new Error(`baseline hashed ${JSON.stringify(base)}, the report commits ${JSON.stringify(d)}`);
    if (base.leaves !== (2 + VOTES) * N)
      throw new Error(`baseline hashed ${base.leaves} leaves, expected ${(2 + VOTES) * N}`);
    const ratio = coldMs / base.totalMs;
    const warmMs = median(warm);
    const stats = cold.json.payload.statistics;
    return [
      `\nProof Report, ${N.toLocaleString('en')} finalized datapoints ` +
        `and ${(VOTES * N).toLocaleString('en')} votes (${((2 + VOTES) * N).toLocaleString('en')} leaves: manifest, ` +
        `results, votes; statistics over ${stats?.alpha.pairableValues ?? 0} pairable values, alpha ` +
        `${stats?.alpha.value}; seeded by SQL in ${(seedMs / 1000).toFixed(1)} s)\n`,
      '| path | ms | ratio | peak RSS | target |',
      '|---|---|---|---|---|',
      `| cold GET proof-report until 200 (the job streams, hashes, signs, stores; ` +
        `${cold.requests} request${cold.requests === 1 ? '' : 's'}) | ${coldMs.toFixed(0)} | ${ratio.toFixed(2)}x ` +
        `of baseline | worker ${coldPeak.toFixed(0)} MB (${rssBefore.toFixed(0)} MB before) | <= 3x: ` +
        `${ratio <= 3 ? 'met' : 'NOT met'} |`,
      `| warm GET proof-report, median of ${WARM_RUNS} (${warm.map((w) => w.toFixed(0)).join(', ')}) | ` +
        `${warmMs.toFixed(1)} | | | < 50 ms: ${warmMs < 50 ? 'met' : 'NOT met'} |`,
      ...proofs,
      `| baseline: same queries + SHA-256 of the same leaf bytes (Node child) | ${base.totalMs.toFixed(0)} | 1.00x ` +
        `| child ${base.maxRssMb.toFixed(0)} MB | |`,
      `| of which reading the rows and building the leaf bytes (baseline minus its hashing) | ` +
        `${(base.totalMs - base.hashMs).toFixed(0)} | cold is ${(coldMs / (base.totalMs - base.hashMs)).toFixed(2)}x ` +
        `of it | | |`,
      // The target's baseline is the whole child (the rows must be read to be hashed: docs/decisions.md,
      // "The cold report's baseline"); the hashing alone is printed to show where the time goes.
      `| of which SHA-256 alone (precomputed leaf bytes) | ${base.hashMs.toFixed(0)} | ` +
        `cold is ${(coldMs / base.hashMs).toFixed(2)}x of it | | for information |`,
    ];
  } finally {
    await server.stop().catch(() => {});
    await worker.stop().catch(() => {});
  }
}

if (process.argv.includes('--baseline-child')) await baselineChild();
