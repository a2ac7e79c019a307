// Putting an ingest run back in the queue, for runs that did not fail on their own data: the
// worker running it was shut down (graphile-worker's abort signal), or its job was lost before
// any worker claimed it. The run keeps its id (clients polling the session see it go on), is
// `queued` again with its counters reset, and a new job is enqueued in the same transaction.
import type { Sql } from '../db/client.ts';
import { lostQueuedRuns, resetRunToQueued } from '../db/ingest-runs.ts';
import { IngestError } from '../ingest/parsers.ts';
import { enqueue, jobKeyPrefix } from './tasks.ts';

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

/**
 * Re-queues one running run (status running): the run back to `queued` and its new job, in one
 * transaction. False when it is no longer running.
 */
export async function requeueRun(sql: Sql, runId: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    const run = await resetRunToQueued(tx, runId);
    if (!run) return false;
    await enqueue(tx, 'ingest', { runId }, { queueKey: run.org_id });
    return true;
  });
}

/**
 * Runs still `queued` after `olderThanSeconds` with no job left to run them (the job was deleted,
 * or failed before it claimed the run): put back in the queue with a new job. Without this their
 * session answered `upload_session_not_ready` forever. Returns how many were re-queued.
 */
export async function redriveLostQueuedRuns(sql: Sql, olderThanSeconds = 60): Promise<number> {
  const lost = await lostQueuedRuns(sql, olderThanSeconds, jobKeyPrefix('ingest'));
  let n = 0;
  for (const { id } of lost) if (await requeueRun(sql, id)) n++;
  return n;
}
