// An ingest run's own bookkeeping, as the ingest job (src/jobs/ingest.ts) and its re-drive
// (src/jobs/ingest-redrive.ts) write it: claiming a queued run and reading what it ingests, its
// progress counters and heartbeat (on their own connection, visible while the run is in flight),
// its outcome together with its session's status, putting it back in the queue, and the sweeps
// for runs whose worker died or whose job was lost. A run is created by startRun (./uploads.ts).
// The statements a run's write path runs inside its transaction are in ./ingest-writes.ts.
import type { Db, TxSql } from './client.ts';
import { projectSpec } from './projects.ts';
import { hasLiveJob } from './jobs.ts';
import type { CompiledSpec } from '../domain/spec-compiler.ts';

export interface ClaimedRun {
  session_id: string;
  project_id: string;
  dry_run: boolean;
  skip_existing: boolean;
}

/** Moves a queued run to `reading` (idempotent: a run that is not queued and running is left alone). */
export async function claimQueuedRun(sql: Db, runId: string): Promise<ClaimedRun | undefined> {
  const [run] = await sql<ClaimedRun[]>`
    update ingest_runs set phase = 'reading', heartbeat_at = clock_timestamp(), updated_at = clock_timestamp()
    where id = ${runId} and status = 'running' and phase = 'queued'
    returning session_id, project_id, dry_run, skip_existing`;
  return run;
}

/** What a run of the session reads: where its files are, its project's slot count and compiled spec. */
export async function ingestSource(
  sql: Db,
  sessionId: string,
): Promise<{ key_prefix: string; org_id: string; num_validators: number; compiled: CompiledSpec }> {
  const [info] = await sql<{ key_prefix: string; org_id: string; num_validators: number; compiled: CompiledSpec }[]>`
    select s.key_prefix, p.org_id, p.num_validators, sp.compiled
    from upload_sessions s join projects p on p.id = s.project_id
    join lateral ${projectSpec(sql, sql`p.id`)} sp on true
    where s.id = ${sessionId}`;
  return info;
}

/** The session's files in declaration order, sizes as numbers. */
export async function ingestFiles(
  sql: Db,
  sessionId: string,
): Promise<{ rel_path: string; size: number; etag: string | null }[]> {
  return sql<{ rel_path: string; size: number; etag: string | null }[]>`
    select rel_path, size::float8 as size, etag from upload_files where session_id = ${sessionId} order by position`;
}

export interface RunCounters {
  rowCount: number;
  datapointsPersisted: number;
  validationsCreated: number;
}

/** The counters of a run in flight, with a heartbeat (a run no longer running is left alone). */
export async function writeRunProgress(
  sql: Db,
  runId: string,
  phase: 'reading' | 'writing_datapoints',
  c: RunCounters,
): Promise<void> {
  await sql`
    update ingest_runs set row_count = ${c.rowCount}, phase = ${phase}, datapoints_persisted = ${c.datapointsPersisted},
      validations_created = ${c.validationsCreated}, updated_at = clock_timestamp(), heartbeat_at = clock_timestamp()
    where id = ${runId} and status = 'running'`;
}

/** The run's heartbeat: its worker is alive. */
export async function heartbeatRun(sql: Db, runId: string): Promise<void> {
  await sql`update ingest_runs set heartbeat_at = clock_timestamp() where id = ${runId} and status = 'running'`;
}

/** A run that wrote its datapoints, in the transaction that wrote them: the run is ok, its session complete. */
export async function completeRun(tx: TxSql, runId: string, sessionId: string, c: RunCounters): Promise<void> {
  await tx`
    update ingest_runs set status = 'ok', phase = 'writing_datapoints', row_count = ${c.rowCount}, datapoints_persisted
    = ${c.datapointsPersisted},
      validations_created = ${c.validationsCreated}, finished_at = clock_timestamp(), updated_at = clock_timestamp()
    where id = ${runId}`;
  await tx`update upload_sessions set status = 'complete', updated_at = clock_timestamp() where id = ${sessionId}`;
}

/**
 * A dry run whose checks passed: the run is ok with nothing persisted, and its session open again so a real run can
 * follow.
 */
export async function completeDryRun(tx: TxSql, runId: string, sessionId: string, rowCount: number): Promise<void> {
  await tx`
    update ingest_runs set status = 'ok', row_count = ${rowCount}, datapoints_persisted = 0, validations_created = 0,
      finished_at = clock_timestamp(), updated_at = clock_timestamp()
    where id = ${runId}`;
  await tx`update upload_sessions set status = 'open', updated_at = clock_timestamp() where id = ${sessionId}`;
}

/** A failed run, with the message its session's status shows; the session is failed too. */
export async function failRun(
  tx: TxSql,
  runId: string,
  sessionId: string,
  message: string,
  rowCount: number,
  code: string,
): Promise<void> {
  await tx`
    update ingest_runs set status = 'failed', error_message = ${message}, error_code = ${code}, row_count = ${rowCount},
      datapoints_persisted = 0, validations_created = 0, finished_at = clock_timestamp(), updated_at = clock_timestamp()
    where id = ${runId}`;
  await tx`update upload_sessions set status = 'failed', updated_at = clock_timestamp() where id = ${sessionId}`;
}

/**
 * Puts one running run back to `queued` with its counters reset; returns it with its project's
 * organization (the queue key of the new job), or undefined when it is no longer running.
 */
export async function resetRunToQueued(sql: Db, runId: string): Promise<{ id: string; org_id: string } | undefined> {
  const [run] = await sql<{ id: string; org_id: string }[]>`
    update ingest_runs r set phase = 'queued', row_count = 0, datapoints_persisted = 0, validations_created = 0,
      heartbeat_at = clock_timestamp(), updated_at = clock_timestamp()
    from projects p
    where r.id = ${runId} and r.status = 'running' and p.id = r.project_id
    returning r.id, p.org_id`;
  return run;
}

/**
 * Runs still `queued` after `olderThanSeconds` with no ingest job left that could run them;
 * `jobKeyPrefix` is the ingest task's (src/jobs/tasks.ts).
 */
export async function lostQueuedRuns(
  sql: Db,
  olderThanSeconds: number,
  jobKeyPrefix: string,
): Promise<{ id: string }[]> {
  return sql<{ id: string }[]>`
    select r.id from ingest_runs r
    where r.status = 'running' and r.phase = 'queued'
      and r.updated_at < now() - make_interval(secs => ${olderThanSeconds})
      and not ${hasLiveJob(sql, jobKeyPrefix, sql`r.id`)}`;
}

/** Fails the runs whose heartbeat is older than `staleAfterSeconds`, with their sessions; returns how many runs. */
export async function failStaleRuns(sql: Db, staleAfterSeconds: number): Promise<number> {
  // One statement, so the run and its session change together (never a failed run beside a
  // session still `processing`).
  const [{ n }] = await sql<{ n: number }[]>`
    with failed as (
      update ingest_runs set status = 'failed', finished_at = clock_timestamp(), updated_at = clock_timestamp(),
        error_code = 'internal_error',
        error_message =
        'the worker running this ingest stopped before it finished; nothing of it was kept; process the session again'
      where status = 'running' and phase <> 'queued' and heartbeat_at < clock_timestamp() - make_interval(secs =>
      ${staleAfterSeconds})
      returning session_id
    ), sessions as (
      update upload_sessions set status = 'failed', updated_at = clock_timestamp()
      where id in (select session_id from failed) and status = 'processing'
      returning id
    )
    select (select count(*) from failed)::int as n`;
  return n;
}
