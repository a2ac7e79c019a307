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
  const [run] = await sql<{ id: string }[]>`
    update ingest_runs set phase = 'queued', row_count = 0, datapoints_persisted = 0, validations_created = 0,
      heartbeat_at = clock_timestamp(), updated_at = clock_timestamp()
    where id = ${runId} and status = 'running'
    returning id`;
  if (!run) return false;
  await enqueue(sql, 'ingest', { runId });
  return true;
}
