// The job queue as graphile-worker's public view shows it, for the worker's metrics.
import type { Db } from './client.ts';

export interface QueueDepth {
  task: string;
  /** Due and not locked: waiting for a free slot. */
  waiting: number;
  /** Locked by a worker: running (or held by a worker that died, until it is unlocked). */
  running: number;
  /** Failed every attempt: kept for inspection, never run again. */
  failed: number;
}

export async function queueDepth(sql: Db): Promise<QueueDepth[]> {
  return sql<QueueDepth[]>`
    select task_identifier as task,
      count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as waiting,
      count(*) filter (where locked_at is not null)::int as running,
      count(*) filter (where attempts >= max_attempts)::int as failed
    from graphile_worker.jobs group by task_identifier order by task_identifier`;
}
