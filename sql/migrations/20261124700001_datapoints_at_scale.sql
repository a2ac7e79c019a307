-- migrate:up

-- Datapoints and slots stored for ingest at the speed of COPY, flat in the size of the table
-- (docs/decisions.md, "Ingest at scale"; bench/README.md for the figures).

-- Checksums as their 32 raw bytes instead of 64 hex characters: the unique index that enforces
-- "one content per project" shrinks by a third. The API still shows hex (encode(checksum, 'hex')).
alter table datapoints drop constraint datapoints_checksum_check;
alter table datapoints alter column checksum type bytea using decode(checksum, 'hex');
alter table datapoints add constraint datapoints_checksum_check check (octet_length(checksum) = 32);

-- No per-row foreign-key checks on the rows ingest writes by the million: checking project_id
-- and run_id cost as much as every index of the table together (bench/README.md). The one
-- writer, the ingest job, takes both from the run's row (which keeps its own foreign keys) inside
-- the run's transaction. Deleting a project still deletes its datapoints (and, through their
-- keys, their votes, slots and decisions): the trigger below does what `on delete cascade` did.
alter table datapoints drop constraint datapoints_project_id_fkey, drop constraint datapoints_run_id_fkey;
create function datapoints_of_deleted_projects() returns trigger language plpgsql as $$
begin
  delete from datapoints where project_id in (select id from deleted_projects);
  return null;
end $$;
create trigger projects_deleted after delete on projects
  referencing old table as deleted_projects for each statement execute function datapoints_of_deleted_projects();

-- Slots are no longer one row per (datapoint x validator) written at ingest. A datapoint counts
-- the slots nobody has taken yet; a slot becomes a row only when a validator claims it (and stays
-- one: claimed, released back to open, submitted, expired). Ingest writes one row per datapoint
-- instead of 1 + numValidators; Auto Consensus votes take from the counter.
alter table datapoints add column slots_open integer not null default 0 check (slots_open >= 0);
update datapoints d set slots_open = s.n
from (select datapoint_id, count(*)::int as n from validation_slots where status = 'open' group by datapoint_id) s
where d.id = s.datapoint_id;
-- Open slot rows carry nothing the counter does not (a released slot's id is held by nobody).
delete from validation_slots where status = 'open';

-- The keyset page index, ascending: datapoint ids are time-ordered now (UUIDv7, ingestion order
-- within a run), so a run appends at the end of its project's range; `order by created_at desc,
-- id desc` reads it backwards.
drop index datapoints_page_idx;
create index datapoints_page_idx on datapoints (project_id, created_at, id);
-- The same for the datapoints still waiting for consensus (listing with status=pending, claims,
-- Auto Consensus: each walks its own project's range only, never other projects' rows), and for
-- the terminal ones (listing with status=terminal).
create index datapoints_pending_idx on datapoints (project_id, created_at, id) where finalized_at is null;
create index datapoints_terminal_idx on datapoints (project_id, created_at, id) where finalized_at is not null;

-- Wall-clock times for runs: now() inside the run's long transaction is the time it began.
alter table ingest_runs
  alter column started_at set default clock_timestamp(),
  alter column updated_at set default clock_timestamp(),
  alter column heartbeat_at set default clock_timestamp();

-- migrate:down
drop trigger projects_deleted on projects;
drop function datapoints_of_deleted_projects();
alter table datapoints
  add constraint datapoints_project_id_fkey foreign key (project_id) references projects(id) on delete cascade,
  add constraint datapoints_run_id_fkey foreign key (run_id) references ingest_runs(id);
alter table ingest_runs
  alter column started_at set default now(),
  alter column updated_at set default now(),
  alter column heartbeat_at set default now();
drop index datapoints_terminal_idx;
drop index datapoints_pending_idx;
drop index datapoints_page_idx;
create index datapoints_page_idx on datapoints (project_id, created_at desc, id desc);
insert into validation_slots (datapoint_id, project_id)
select d.id, d.project_id from datapoints d cross join lateral generate_series(1, d.slots_open) g;
alter table datapoints drop column slots_open;
alter table datapoints drop constraint datapoints_checksum_check;
alter table datapoints alter column checksum type text using encode(checksum, 'hex');
alter table datapoints add constraint datapoints_checksum_check check (checksum ~ '^[0-9a-f]{64}$');
