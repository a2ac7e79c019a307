-- migrate:up

-- Escalations so far; each adds `escalationStep` open slots.
alter table datapoints add column escalations integer not null default 0;

alter table validation_slots
  add column claimed_by uuid references users(id) on delete set null,
  add column claimed_at timestamptz,
  add column claim_expires_at timestamptz,
  add column submitted_at timestamptz;

-- One row per rating. The weight is the voter's class weight at the time of the vote, so a
-- later class change never rewrites history.
create table votes (
  id            uuid primary key default gen_random_uuid(),
  datapoint_id  uuid not null references datapoints(id) on delete cascade,
  project_id    uuid not null references projects(id) on delete cascade,
  slot_id       uuid references validation_slots(id) on delete set null,
  -- Who voted: a user id for people and AI validators, `synthetic:<n>` for Auto Consensus.
  voter         text not null,
  user_id       uuid references users(id) on delete set null,
  synthetic     boolean not null,
  rating        double precision not null check (rating >= 0 and rating <= 100),
  weight        double precision not null check (weight > 0),
  class_id      text,
  comment       text check (char_length(comment) <= 5000),
  created_at    timestamptz not null default now(),
  -- One validator votes at most once per datapoint.
  unique (datapoint_id, voter)
);

-- A terminal decision: written once per datapoint, never updated.
create table consensus_decisions (
  id                     uuid primary key default gen_random_uuid(),
  datapoint_id           uuid not null unique references datapoints(id) on delete cascade,
  project_id             uuid not null references projects(id) on delete cascade,
  -- Finalization order (results leaves of the Proof Report follow it).
  seq                    bigint generated always as identity,
  quality_rating_mean    double precision not null,
  quality_rating_median  double precision not null,
  consensus_strength     double precision not null,
  contested              boolean not null,
  vote_count             integer not null,
  synthetic_votes        integer not null,
  escalations            integer not null,
  decided_at             timestamptz not null default now()
);
create index consensus_decisions_project_idx on consensus_decisions (project_id, seq);

-- migrate:down
drop table consensus_decisions;
drop table votes;
alter table validation_slots drop column claimed_by, drop column claimed_at, drop column claim_expires_at, drop column submitted_at;
alter table datapoints drop column escalations;
