-- migrate:up

-- A person's own votes per project, for the web app's "rated today / overall". Only human votes
-- carry a user id, so the partial index leaves Auto Consensus inserts untouched.
create index votes_user_idx on votes (user_id, project_id, created_at) where user_id is not null;

-- Contested decisions counted by the statements that write decisions, like the other counts of
-- project_data_state: the originator's project list shows each project's contested share without
-- reading its decisions.
alter table project_data_state add column contested bigint not null default 0;

create or replace function project_data_state_decisions_added() returns trigger language plpgsql as $$
begin
  insert into project_data_state as s (project_id, decisions, decision_max_seq, contested)
  select project_id, count(*), max(seq), count(*) filter (where contested) from new_rows group by project_id
  on conflict (project_id) do update
    set decisions = s.decisions + excluded.decisions,
        decision_max_seq = greatest(s.decision_max_seq, excluded.decision_max_seq),
        contested = s.contested + excluded.contested;
  return null;
end $$;

create or replace function project_data_state_decisions_removed() returns trigger language plpgsql as $$
begin
  update project_data_state s set decisions = s.decisions - o.n, contested = s.contested - o.c
  from (select project_id, count(*) as n, count(*) filter (where contested) as c from old_rows group by project_id) o
  where s.project_id = o.project_id;
  return null;
end $$;

update project_data_state s set contested = (select count(*) from consensus_decisions c where c.project_id = s.project_id and c.contested);

-- migrate:down

create or replace function project_data_state_decisions_removed() returns trigger language plpgsql as $$
begin
  update project_data_state s set decisions = s.decisions - o.n
  from (select project_id, count(*) as n from old_rows group by project_id) o
  where s.project_id = o.project_id;
  return null;
end $$;

create or replace function project_data_state_decisions_added() returns trigger language plpgsql as $$
begin
  insert into project_data_state as s (project_id, decisions, decision_max_seq)
  select project_id, count(*), max(seq) from new_rows group by project_id
  on conflict (project_id) do update
    set decisions = s.decisions + excluded.decisions,
        decision_max_seq = greatest(s.decision_max_seq, excluded.decision_max_seq);
  return null;
end $$;

alter table project_data_state drop column contested;
drop index votes_user_idx;
