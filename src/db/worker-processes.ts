// Worker process liveness (src/jobs/worker-liveness.ts): each worker process's row in
// worker_processes, with the graphile-worker ids it runs jobs under and its heartbeat, and the
// sweep that removes dead processes and unlocks their jobs.
import type { Db } from './client.ts';

/** Inserts the process's row or refreshes it: its graphile-worker ids and a heartbeat. */
export async function beatWorkerProcess(sql: Db, processId: string, graphileWorkerIds: string[]): Promise<void> {
  await sql`
    insert into worker_processes (id, graphile_worker_ids) values (${processId}, ${graphileWorkerIds})
    on conflict (id) do update set graphile_worker_ids = excluded.graphile_worker_ids, heartbeat_at = now()`;
}

/**
 * Removes the processes (other than `processId`) whose heartbeat is older than
 * `deadAfterSeconds` and unlocks their jobs and job queues (graphile_worker.force_unlock_workers),
 * in one statement; returns how many processes.
 */
export async function removeDeadWorkerProcesses(sql: Db, processId: string, deadAfterSeconds: number): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`
    with dead as (
      delete from worker_processes
      where heartbeat_at < now() - make_interval(secs => ${deadAfterSeconds}) and id <> ${processId}
      returning graphile_worker_ids
    ), unlocked as (
      select graphile_worker.force_unlock_workers(coalesce(array(select unnest(graphile_worker_ids) from dead), '{}'))
    )
    select (select count(*) from dead)::int as n, (select count(*) from unlocked) as u`;
  return n;
}

export async function removeWorkerProcess(sql: Db, processId: string): Promise<void> {
  await sql`delete from worker_processes where id = ${processId}`;
}
