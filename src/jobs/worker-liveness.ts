// Worker process liveness, so that a killed worker's jobs run again soon.
//
// graphile-worker locks a job for the worker that runs it and only considers the lock stale after
// four hours: a worker killed mid-job (SIGKILL, OOM, a lost machine) would leave its webhook
// delivery, email or Auto Consensus job waiting that long. Each worker process here records the
// graphile-worker ids (pool and workers) it runs jobs under and a heartbeat; every live worker's sweep removes
// processes whose heartbeat is older than DEAD_AFTER_SECONDS and unlocks their jobs and job queues
// (graphile_worker.force_unlock_workers). The jobs then run again on a live worker, as retries of
// the attempt that was cut: each task is written to be re-run (an ingest run is failed by its
// own heartbeat sweep; a webhook attempt is recorded only once, conditionally on its number).
import { randomUUID } from 'node:crypto';
import type { Sql } from '../db/client.ts';

export const HEARTBEAT_MS = 5000;
/** A worker process silent for this long is dead (several missed heartbeats, not one slow one). */
export const DEAD_AFTER_SECONDS = 30;

export interface WorkerLiveness {
  readonly processId: string;
  /** Records one graphile-worker id of this process (from its `worker:create` event). */
  add(graphileWorkerId: string): void;
  start(): Promise<void>;
  /** Unlocks the jobs of worker processes that stopped heartbeating; returns how many processes. */
  sweep(deadAfterSeconds?: number): Promise<number>;
  /** Stops heartbeating and removes this process's row (its jobs were finished or released). */
  stop(): Promise<void>;
}

export function createLiveness(sql: Sql, options: { heartbeatMs?: number } = {}): WorkerLiveness {
  const processId = `assay-worker-${randomUUID()}`;
  const ids = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const beat = () => sql`
    insert into worker_processes (id, graphile_worker_ids) values (${processId}, ${[...ids]})
    on conflict (id) do update set graphile_worker_ids = excluded.graphile_worker_ids, heartbeat_at = now()`;
  return {
    processId,
    add(id) {
      ids.add(id);
      // Recorded at once, not at the next heartbeat: the runner may lock a job under this id now.
      if (timer) void beat().catch(() => {});
    },
    async start() {
      await beat();
      timer = setInterval(() => void beat().catch(() => {}), options.heartbeatMs ?? HEARTBEAT_MS);
    },
    async sweep(deadAfterSeconds = DEAD_AFTER_SECONDS) {
      // Also unlocked: jobs locked for longer than that under an id no live process lists, i.e.
      // by a process killed before its first heartbeat named the id (a live process names its
      // ids within a heartbeat of creating them).
      const [{ n }] = await sql<{ n: number }[]>`
        with dead as (
          delete from worker_processes
          where heartbeat_at < now() - make_interval(secs => ${deadAfterSeconds}) and id <> ${processId}
          returning graphile_worker_ids
        ), live as (
          select unnest(graphile_worker_ids) as id from worker_processes
          where heartbeat_at >= now() - make_interval(secs => ${deadAfterSeconds}) or id = ${processId}
        ), orphaned as (
          select distinct j.locked_by from graphile_worker._private_jobs j
          where j.locked_by is not null and j.locked_at < now() - make_interval(secs => ${deadAfterSeconds})
            and not exists (select 1 from live where live.id = j.locked_by)
        ), unlocked as (
          select graphile_worker.force_unlock_workers(
            coalesce(array(select unnest(graphile_worker_ids) from dead), '{}') || coalesce(array(select locked_by from orphaned), '{}'))
        )
        select (select count(*) from dead)::int as n, (select count(*) from unlocked) as u`;
      return n;
    },
    async stop() {
      if (timer) clearInterval(timer);
      await sql`delete from worker_processes where id = ${processId}`.catch(() => {});
    },
  };
}
