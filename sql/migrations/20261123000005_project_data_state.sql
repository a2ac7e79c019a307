-- migrate:up

-- How much data a project holds, kept by the statements that write it: the Proof Report decides
-- "nothing changed since the stored report" from this one row instead of counting a project's
-- datapoints and decisions (about 300 ms at 1,000,000 of each; bench/README.md). Statement-level
-- triggers with transition tables add one row update per statement (an ingest publishes in one
-- statement, Auto Consensus decides 250 datapoints per statement), in the writing transaction,
-- so the row is exactly as current as the snapshot that reads it.
create table project_data_state (
  project_id         uuid primary key references projects(id) on delete cascade,
  datapoints         bigint not null default 0,
  datapoint_max_seq  bigint not null default 0,
  decisions          bigint not null default 0,
  decision_max_seq   bigint not null default 0
);

create function project_data_state_datapoints_added() returns trigger language plpgsql as $$
begin
  insert into project_data_state as s (project_id, datapoints, datapoint_max_seq)
  select project_id, count(*), max(seq) from new_rows group by project_id
  on conflict (project_id) do update
    set datapoints = s.datapoints + excluded.datapoints,
        datapoint_max_seq = greatest(s.datapoint_max_seq, excluded.datapoint_max_seq);
  return null;
end $$;

create function project_data_state_decisions_added() returns trigger language plpgsql as $$
begin
  insert into project_data_state as s (project_id, decisions, decision_max_seq)
  select project_id, count(*), max(seq) from new_rows group by project_id
  on conflict (project_id) do update
    set decisions = s.decisions + excluded.decisions,
        decision_max_seq = greatest(s.decision_max_seq, excluded.decision_max_seq);
  return null;
end $$;

-- Nothing deletes datapoints or decisions today (they go with their project); should something
-- start to, the counts still follow. The max seqs only grow, so a report is never wrongly reused.
create function project_data_state_datapoints_removed() returns trigger language plpgsql as $$
begin
  update project_data_state s set datapoints = s.datapoints - o.n
  from (select project_id, count(*) as n from old_rows group by project_id) o
  where s.project_id = o.project_id;
  return null;
end $$;

create function project_data_state_decisions_removed() returns trigger language plpgsql as $$
begin
  update project_data_state s set decisions = s.decisions - o.n
  from (select project_id, count(*) as n from old_rows group by project_id) o
  where s.project_id = o.project_id;
  return null;
end $$;

create trigger datapoints_added after insert on datapoints
  referencing new table as new_rows for each statement execute function project_data_state_datapoints_added();
create trigger decisions_added after insert on consensus_decisions
  referencing new table as new_rows for each statement execute function project_data_state_decisions_added();
create trigger datapoints_removed after delete on datapoints
  referencing old table as old_rows for each statement execute function project_data_state_datapoints_removed();
create trigger decisions_removed after delete on consensus_decisions
  referencing old table as old_rows for each statement execute function project_data_state_decisions_removed();

-- Data written before this migration.
insert into project_data_state (project_id, datapoints, datapoint_max_seq, decisions, decision_max_seq)
select p.id,
       (select count(*) from datapoints d where d.project_id = p.id),
       coalesce((select max(seq) from datapoints d where d.project_id = p.id), 0),
       (select count(*) from consensus_decisions c where c.project_id = p.id),
       coalesce((select max(seq) from consensus_decisions c where c.project_id = p.id), 0)
from projects p;

-- migrate:down
drop trigger decisions_removed on consensus_decisions;
drop trigger datapoints_removed on datapoints;
drop trigger decisions_added on consensus_decisions;
drop trigger datapoints_added on datapoints;
drop function project_data_state_decisions_removed();
drop function project_data_state_datapoints_removed();
drop function project_data_state_decisions_added();
drop function project_data_state_datapoints_added();
drop table project_data_state;
