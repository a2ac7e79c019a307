-- migrate:up

-- The job worker's periodic sweeps (src/jobs/sweeps.ts) run on one worker process at a time and
-- once per interval across all of them, not on every process every interval. A process claims a
-- run in one short statement (src/db/sweeps.ts): `last_run_at` moves forward and the run holds
-- the sweep until `running_until` (a lease: a process killed mid-sweep holds it no longer), or
-- until it ends and clears the lease; `holder` names the run, so that a run whose lease ran out
-- does not clear its successor's.
create table worker_sweeps (
  name          text primary key,
  last_run_at   timestamptz not null,
  running_until timestamptz,
  holder        uuid
);

-- migrate:down

drop table worker_sweeps;
