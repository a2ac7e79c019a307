-- migrate:up

-- A running count of the project's decided votes (votes of datapoints with a consensus decision),
-- kept by the deciding transaction of a reliability-weighted project (src/lifecycle/reliability.ts)
-- under this row's lock: whether the rater model is due for a re-estimate is then read here
-- instead of counting the project's decided votes in every deciding transaction.
alter table rater_model_state add column decided_votes bigint not null default 0;

update rater_model_state s set decided_votes = (
  select count(*) from votes v join consensus_decisions c on c.datapoint_id = v.datapoint_id
  where v.project_id = s.project_id);

-- migrate:down
alter table rater_model_state drop column decided_votes;
