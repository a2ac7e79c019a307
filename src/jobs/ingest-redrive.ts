// Putting an ingest run back in the queue, for runs that did not fail on their own data: the
// worker running it was shut down (graphile-worker's abort signal), or its job was lost before
// any worker claimed it. The run keeps its id (clients polling the session see it go on), is
// `queued` again with its counters reset, and a new job is enqueued in the same transaction.
import type { Sql, TxSql } from '../db/client.ts';
import { IngestError } from '../ingest/parsers.ts';
import { enqueue } from './tasks.ts';

/** Thrown between chunks when the worker is shutting down; the run is re-queued, not failed. */
export class IngestAborted extends IngestError {
  constructor() {
    super('the worker stopped before the run finished; the run was queued again');
    this.name = 'IngestAborted';
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new IngestAborted();
}

/** Re-queues one running run (status running); false when it is no longer running. */
export async function requeueRun(sql: Sql | TxSql, runId: string): Promise<boolean> {
  // (Given a pool, the update and the new job are still one statement each: call it in a
  // transaction, as redriveLostQueuedRuns does, when both must commit together.)
  const [run] = await sql<{ id: string; org_id: string }[]>`
    update ingest_runs r set phase = 'queued', row_count = 0, datapoints_persisted = 0, validations_created = 0,
      heartbeat_at = clock_timestamp(), updated_at = clock_timestamp()
    from projects p
    where r.id = ${runId} and r.status = 'running' and p.id = r.project_id
    returning r.id, p.org_id`;
  if (!run) return false;
  await enqueue(sql, 'ingest', { runId }, { queueKey: run.org_id });
  return true;
}

/**
 * Runs still `queued` after `olderThanSeconds` with no job left to run them (the job was deleted,
 * or failed before it claimed the run): put back in the queue with a new job. Without this their
 * session answered `upload_session_not_ready` forever. Returns how many were re-queued.
 */
export async function redriveLostQueuedRuns(sql: Sql, olderThanSeconds = 60): Promise<number> {
  const lost = await sql<{ id: string }[]>`
    select r.id from ingest_runs r
    where r.status = 'running' and r.phase = 'queued' and r.updated_at < now() - make_interval(secs => ${olderThanSeconds})
      and not exists (
        -- (graphile-worker's public jobs view leaves the payload out.)
        select 1 from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'ingest' and j.payload->>'runId' = r.id::text and j.attempts < j.max_attempts
      )`;
  let n = 0;
  for (const { id } of lost) if (await sql.begin((tx) => requeueRun(tx, id))) n++;
  return n;
}
