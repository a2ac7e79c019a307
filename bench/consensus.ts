// Consensus benchmark: BENCH_CONSENSUS_DATAPOINTS datapoints (default 100,000) with 3 open slots
// each, Auto Consensus `medium`, from the request that turns the mode on to every datapoint
// terminal: decisions/s, with the Assay worker alone in its own process.
// Baseline in the same run, same Postgres: the raw SQL of writing the same kind of result in
// bulk (3 votes per datapoint, one decision per datapoint, datapoints marked final with their
// slots used) into a second project of the service's own tables, in one transaction, with no
// rules checked and no escalation. Target: Assay >= 0.3x the baseline's decisions/s.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Sql } from '../src/db/client.ts';
import type { DevStack } from '../src/dev/stack.ts';
import workerNodeFlags from '../src/jobs/worker-node-flags.json' with { type: 'json' };

const N = Number(process.env.BENCH_CONSENSUS_DATAPOINTS ?? 100_000);
const SLOTS = 3;
const TARGET = 0.3;

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

/** The consensus method of a benched project (openapi.yaml, ProjectSpec consensus.method). */
export type ConsensusMethod = 'class_weighted' | 'reliability';

/** N datapoints with SLOTS open slots each, written directly (the setup is not measured). */
async function seedProject(
  sql: Sql,
  base: string,
  key: string,
  name: string,
  method: ConsensusMethod = 'class_weighted',
): Promise<string> {
  const spec = {
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: SLOTS, instructions: 'Rate.' },
    ...(method === 'reliability' ? { consensus: { method } } : {}),
  };
  const { projectId } = await api(base, key, 'POST', '/projects', { name, spec });
  await sql.begin(async (tx) => {
    const [session] = await tx`insert into upload_sessions (org_id, project_id, key_prefix) select org_id, id,
        ${`bench/${projectId}/`} from projects where id = ${projectId} returning id`;
    const [run] =
      await tx`insert into ingest_runs (session_id, project_id, dry_run, skip_existing) values (${session.id},
        ${projectId}, false, false) returning id`;
    // As ingest writes them: time-ordered ids, raw checksums, open slots as the counter.
    await tx`
      insert into datapoints (id, project_id, run_id, checksum, source_file, source_row, content, slots_open)
      select uuidv7(), ${projectId}, ${run.id}, sha256(convert_to(${projectId}::text || 'bench row ' || g, 'UTF8')),
      'bench.csv', g,
        jsonb_build_object('id', g::text, 'text', 'bench row ' || g), ${SLOTS}
      from generate_series(1, ${N}) g`;
  });
  await sql`vacuum analyze datapoints`;
  return projectId;
}

async function baseline(sql: Sql, projectId: string): Promise<number> {
  const start = performance.now();
  await sql.begin(async (tx) => {
    await tx`
      insert into votes (id, datapoint_id, project_id, voter, synthetic, rating, weight)
      select uuidv7(), d.id, d.project_id, 'synthetic:' || k, true, get_byte(d.checksum, k) * 100 / 255.0, 1
      from datapoints d cross join generate_series(1, ${SLOTS}) k
      where d.project_id = ${projectId}`;
    await tx`
      insert into consensus_decisions (id, datapoint_id, project_id, quality_rating_mean, quality_rating_median,
      consensus_strength, contested, vote_count, synthetic_votes, escalations)
      select uuidv7(), datapoint_id, project_id, avg(rating), percentile_cont(0.5) within group (order by rating), 1,
      false, count(*), count(*), 0
      from votes where project_id = ${projectId} group by datapoint_id, project_id`;
    await tx`update datapoints set slots_open = 0, finalized_at = now() where project_id = ${projectId}`;
  });
  return performance.now() - start;
}

export interface ConsensusFigures {
  serviceMs: number;
  votes: number;
  escalated: number;
  contested: number;
}

/** Auto Consensus `medium` on a fresh seeded project, from the request that turns it on to every datapoint terminal. */
export async function autoConsensus(
  stack: DevStack,
  sql: Sql,
  base: string,
  key: string,
  name: string,
  method: ConsensusMethod = 'class_weighted',
): Promise<ConsensusFigures> {
  const projectId = await seedProject(sql, base, key, name, method);
  const env = {
    ...process.env,
    DATABASE_URL: stack.databaseUrl,
    S3_ENDPOINT: stack.s3.endpoint,
    S3_BUCKET: stack.s3.bucket,
    S3_ACCESS_KEY_ID: stack.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: stack.s3.secretAccessKey,
  };
  const worker: ChildProcess = spawn(process.execPath, [...workerNodeFlags, 'bench/ingest-worker.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  worker.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  while (!out.includes('ready')) await new Promise((r) => setTimeout(r, 50));

  const start = performance.now();
  await api(base, key, 'PUT', `/projects/${projectId}`, { autoConsensus: true, autoConsensusSpread: 'medium' });
  for (;;) {
    const [{ n }] = await sql<
      { n: number }[]
    >`select count(*)::int as n from consensus_decisions where project_id = ${projectId}`;
    if (n === N) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const serviceMs = performance.now() - start;
  worker.kill('SIGTERM');
  await once(worker, 'exit');
  const [stats] = await sql<{ votes: number; escalated: number; contested: number }[]>`
    select (select count(*) from votes where project_id = ${projectId})::int as votes,
      count(*) filter (where escalations > 0)::int as escalated, count(*) filter (where contested)::int as contested
    from consensus_decisions where project_id = ${projectId}`;
  return { serviceMs, ...stats! };
}

/** The bulk-SQL baseline on a fresh seeded project; milliseconds. */
export async function consensusBaseline(sql: Sql, base: string, key: string): Promise<number> {
  return baseline(sql, await seedProject(sql, base, key, 'Consensus baseline'));
}

export function consensusLines(baseMs: number, runs: { label: string; f: ConsensusFigures }[]): string[] {
  const rate = (ms: number) => N / (ms / 1000);
  const out = [
    `\nConsensus, ${N.toLocaleString('en')} datapoints x ${SLOTS} slots, Auto Consensus medium\n`,
    '| path | decisions/s | ratio | note |',
    '|---|---|---|---|',
  ];
  for (const { label, f } of runs) {
    const ratio = rate(f.serviceMs) / rate(baseMs);
    out.push(
      `| Assay, ${label}: mode on to all terminal | ` +
        `${rate(f.serviceMs).toFixed(0)} | ${ratio.toFixed(2)}x | target >= ` +
        `${TARGET}x: ${ratio >= TARGET ? 'met' : 'NOT met'}; ${f.votes.toLocaleString('en')} votes, ` +
        `${f.escalated} escalated, ${f.contested} contested |`,
    );
  }
  out.push(
    `| bulk SQL: votes, decisions, datapoints | ` +
      `${rate(baseMs).toFixed(0)} | 1.00x | ${(N * SLOTS).toLocaleString('en')} votes, one transaction, no rules |`,
  );
  return out;
}

/**
 * The reliability-weighted method next to the class-weighted one, in the same phase of the same
 * run: decisions/s ratio (target >= 0.5x). Auto Consensus's synthetic voters are the validators
 * whose precision the rater model estimates as the decided votes grow.
 */
export function reliabilityLines(classWeighted: ConsensusFigures, reliability: ConsensusFigures): string[] {
  const ratio = classWeighted.serviceMs / reliability.serviceMs;
  const rate = (f: ConsensusFigures) => (N / (f.serviceMs / 1000)).toFixed(0);
  return [
    `
Reliability-weighted consensus (consensus.method: reliability), same ${N.toLocaleString('en')} datapoints
`,
    '| method | decisions/s | ratio | target |',
    '|---|---|---|---|',
    `| class_weighted (the run above) | ${rate(classWeighted)} | 1.00x | |`,
    `| reliability | ${rate(reliability)} | ${ratio.toFixed(2)}x | >= 0.5x: ${ratio >= 0.5 ? 'met' : 'NOT met'} |`,
  ];
}
