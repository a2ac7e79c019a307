-- migrate:up

-- Reliability-weighted consensus (`consensus.method: reliability`, docs/quality.md): the rater
-- model's estimates per validator of a project, re-estimated from the project's decided votes as
-- they grow (src/lifecycle/reliability.ts). A decision reads the precision of its voters here and
-- records the weight each vote carried in votes.decision_weight, so the estimates may move on
-- while decisions never change.
create table rater_estimates (
  project_id     uuid not null references projects(id) on delete cascade,
  voter          text not null,
  votes          integer not null,
  bias           double precision not null,
  inconsistency  double precision not null,
  precision      double precision not null check (precision > 0),
  primary key (project_id, voter)
);

-- When the project's estimates were last made, and over how many decided votes.
create table rater_model_state (
  project_id         uuid primary key references projects(id) on delete cascade,
  votes_at_estimate  bigint not null,
  estimated_at       timestamptz not null default now()
);

-- migrate:down
drop table rater_model_state;
drop table rater_estimates;
