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
 * in one statement; returns how many processes. Also unlocked: jobs locked for longer than that
 * under an id no live process lists, i.e. by a process killed before a heartbeat named the id (a
 * live process names each id as it creates it, and again every heartbeat).
 */
export async function removeDeadWorkerProcesses(sql: Db, processId: string, deadAfterSeconds: number): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`
    with dead as (
      delete from worker_processes
      where heartbeat_at < now() - make_interval(secs => ${deadAfterSeconds}) and id <> ${processId}
      returning graphile_worker_ids
    ), live as (
      select unnest(graphile_worker_ids) as id from worker_processes
      where heartbeat_at >= now() - make_interval(secs => ${deadAfterSeconds}) or id = ${processId}
    ), orphaned as (
      select distinct j.locked_by from graphile_worker.jobs j
      where j.locked_by is not null and j.locked_at < now() - make_interval(secs => ${deadAfterSeconds})
        and not exists (select 1 from live where live.id = j.locked_by)
    ), unlocked as (
      select graphile_worker.force_unlock_workers(
        coalesce(array(select unnest(graphile_worker_ids) from dead), '{}') || coalesce(array(select locked_by from
        orphaned), '{}'))
    )
    select (select count(*) from dead)::int as n, (select count(*) from unlocked) as u`;
  return n;
}

export async function removeWorkerProcess(sql: Db, processId: string): Promise<void> {
  await sql`delete from worker_processes where id = ${processId}`;
}
