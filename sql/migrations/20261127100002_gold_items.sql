-- migrate:up

-- Gold items (docs/quality.md): a datapoint with the rating it should get. It has no open slots
-- (slots_open 0): validators are served it by the gold path of a claim, every validator at most
-- once, and it never reaches a decision, so its votes never enter consensus.
alter table datapoints add column gold_rating double precision check (gold_rating >= 0 and gold_rating <= 100);
create index datapoints_gold_idx on datapoints (project_id, created_at, id) where gold_rating is not null;

-- How much data a project holds counts the datapoints that can reach consensus: a Proof Report is
-- ready when every one of them is terminal, and its coverage and manifest leave gold items out.
-- (Marking an existing datapoint gold takes it out of the count in the same transaction.)
create or replace function project_data_state_datapoints_added() returns trigger language plpgsql as $$
begin
  insert into project_data_state as s (project_id, datapoints, datapoint_max_seq)
  select project_id, count(*) filter (where gold_rating is null), max(seq) from new_rows group by project_id
  on conflict (project_id) do update
    set datapoints = s.datapoints + excluded.datapoints,
        datapoint_max_seq = greatest(s.datapoint_max_seq, excluded.datapoint_max_seq);
  return null;
end $$;

create or replace function project_data_state_datapoints_removed() returns trigger language plpgsql as $$
begin
  update project_data_state s set datapoints = s.datapoints - o.n
  from (select project_id, count(*) filter (where gold_rating is null) as n from old_rows group by project_id) o
  where s.project_id = o.project_id;
  return null;
end $$;

-- A validator paused on a project because its gold error was confidently above the project's
-- threshold. The live pause is the row not lifted yet (at most one); lifted rows stay for audit,
-- and the last lift starts the pause rule over (only gold votes after it count).
create table validator_pauses (
  id                   uuid primary key,
  org_id               uuid not null,
  project_id           uuid not null,
  user_id              uuid not null references users(id) on delete cascade,
  reason               text not null check (reason in ('gold_error')),
  gold_votes           integer not null,
  mean_absolute_error  double precision not null,
  lower_bound          double precision not null,
  threshold            double precision not null,
  paused_at            timestamptz not null default clock_timestamp(),
  lifted_at            timestamptz,
  lifted_by            uuid references users(id) on delete set null,
  foreign key (project_id, org_id) references projects (id, org_id) on delete cascade
);
create unique index validator_pauses_live_idx on validator_pauses (project_id, user_id) where lifted_at is null;
create index validator_pauses_user_idx on validator_pauses (project_id, user_id, lifted_at);

-- migrate:down
drop table validator_pauses;
create or replace function project_data_state_datapoints_added() returns trigger language plpgsql as $$
begin
  insert into project_data_state as s (project_id, datapoints, datapoint_max_seq)
  select project_id, count(*), max(seq) from new_rows group by project_id
  on conflict (project_id) do update
    set datapoints = s.datapoints + excluded.datapoints,
        datapoint_max_seq = greatest(s.datapoint_max_seq, excluded.datapoint_max_seq);
  return null;
end $$;
create or replace function project_data_state_datapoints_removed() returns trigger language plpgsql as $$
begin
  update project_data_state s set datapoints = s.datapoints - o.n
  from (select project_id, count(*) as n from old_rows group by project_id) o
  where s.project_id = o.project_id;
  return null;
end $$;
drop index datapoints_gold_idx;
alter table datapoints drop column gold_rating;
