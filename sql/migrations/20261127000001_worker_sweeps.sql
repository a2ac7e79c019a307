-- migrate:up

-- The job worker's periodic sweeps (src/jobs/sweeps.ts) run on one worker process at a time and
-- once per interval across all of them, not on every process every interval: a sweep's row says
-- when one last started it. A process claims a run by moving `last_run_at` forward, under a
-- session advisory lock that it holds while the sweep runs (src/db/sweeps.ts).
create table worker_sweeps (
  name        text primary key,
  last_run_at timestamptz not null
);

-- migrate:down

drop table worker_sweeps;
