-- migrate:up

-- Live job worker processes and the graphile-worker ids (pool and workers) they run jobs under, with a heartbeat.
-- A process whose heartbeat stops (killed, machine lost) is removed by any live worker's sweep,
-- which unlocks the jobs it held (graphile_worker.force_unlock_workers), so they run again within
-- seconds instead of after graphile-worker's four-hour lock expiry (src/jobs/worker-liveness.ts).
create table worker_processes (
  id text primary key,
  graphile_worker_ids text[] not null default '{}',
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now()
);

-- migrate:down

drop table worker_processes;
