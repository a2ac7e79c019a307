// graphile-worker's queue, read through its public surface only: the `graphile_worker.jobs` view
// (id, queue_name, task_identifier, attempts, max_attempts, key, locked_at, locked_by, ...; no
// payload). Its `_private_*` tables are not an interface and may change in a patch release.
//
// "Is there still a live job for this row" is answered here and nowhere else: a row's job is
// found by its job key (src/jobs/tasks.ts gives every keyed task `<task>:<id>`), and it is live
// when it will still run or is running: queued, waiting for a retry, or locked by a worker. A
// job running its last attempt has `attempts = max_attempts` already (graphile-worker counts an
// attempt when it locks the job) and is alive until it ends; a job whose last attempt failed is
// unlocked with `attempts = max_attempts`, and is not.
import type { Db, Fragment } from './client.ts';

/** The liveness predicate on a row `j` of graphile_worker.jobs. */
const live = (sql: Db): Fragment => sql`(j.attempts < j.max_attempts or j.locked_at is not null)`;

/**
 * `exists (a live job whose key is keyPrefix || id)`, for a statement that asks it per row:
 * `id` is the row's id column (e.g. sql`o.id`), `keyPrefix` the task's key prefix
 * (jobKeyPrefix in src/jobs/tasks.ts; the caller passes it, so no statement names a task).
 */
export function hasLiveJob(sql: Db, keyPrefix: string, id: Fragment): Fragment {
  return sql`exists (
    select 1 from graphile_worker.jobs j where j.key = ${keyPrefix}::text || ${id}::text and ${live(sql)})`;
}

/** Which jobs to count: all given conditions hold. */
export interface JobFilter {
  /** The task (its name in the job table). */
  task?: string;
  /** The job key. */
  key?: string;
  /** The job queue's name. */
  queueName?: string;
}

/** How many live jobs match `filter` (the tests wait on it; the same predicate as hasLiveJob). */
export async function countLiveJobs(sql: Db, filter: JobFilter): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from graphile_worker.jobs j
    where ${live(sql)}
      ${filter.task !== undefined ? sql`and j.task_identifier = ${filter.task}` : sql``}
      ${filter.key !== undefined ? sql`and j.key = ${filter.key}` : sql``}
      ${filter.queueName !== undefined ? sql`and j.queue_name = ${filter.queueName}` : sql``}`;
  return n;
}
