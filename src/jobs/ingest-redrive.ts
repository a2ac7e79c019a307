// Putting an ingest run back in the queue, for runs that did not fail on their own data: the
// worker running it was shut down (graphile-worker's abort signal), or its job was lost before
// any worker claimed it. The run keeps its id (clients polling the session see it go on), is
// `queued` again with its counters reset, and a new job is enqueued in the same transaction.
import type { Sql, TxSql } from '../db/client.ts';
import { lostQueuedRuns, resetRunToQueued } from '../db/ingest-runs.ts';
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
  const run = await resetRunToQueued(sql, runId);
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
  const lost = await lostQueuedRuns(sql, olderThanSeconds);
  let n = 0;
  for (const { id } of lost) if (await sql.begin((tx) => requeueRun(tx, id))) n++;
  return n;
}
