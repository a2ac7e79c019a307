-- migrate:up

-- AI validators' provenance and calibration (docs/quality.md, "AI validators").
--
-- One row per distinct AI configuration (served model, provider, prompt template hash, sampling)
-- of a project's AI class, keyed by the SHA-256 of its JCS form; every AI vote refers to it by
-- hash. A configuration counts with weight 0 (shadow) until it passes calibration; then
-- `activated_at` is set with the figures that passed it, and it stays set.
create table ai_configurations (
  project_id           uuid not null references projects(id) on delete cascade,
  class_id             text not null,
  config_hash          text not null check (config_hash ~ '^[0-9a-f]{64}$'),
  configuration        jsonb not null,
  first_vote_at        timestamptz not null default now(),
  -- Calibration items (decided datapoints with a person's vote, gold items) at the last check.
  items_at_check       integer not null default 0,
  calibration          jsonb,
  activated_at         timestamptz,
  primary key (project_id, class_id, config_hash),
  foreign key (project_id, class_id) references validator_classes (project_id, class_id) on delete cascade
);

-- An AI vote's configuration and its per-vote provenance (prompt and output hashes, scoring);
-- `shadow`: cast while its configuration had not passed calibration, so it counts with weight 0.
alter table votes
  add column ai_config text,
  add column provenance jsonb,
  add column shadow boolean not null default false,
  add constraint votes_shadow_is_ai check (not shadow or ai_config is not null);
create index votes_ai_config_idx on votes (project_id, ai_config) where ai_config is not null;

-- A shadow vote carried weight 0 in its datapoint's decision.
alter table votes drop constraint votes_decision_weight_check;
alter table votes add constraint votes_decision_weight_check check (decision_weight >= 0);

-- migrate:down
alter table votes drop constraint votes_decision_weight_check;
alter table votes add constraint votes_decision_weight_check check (decision_weight > 0);
drop index votes_ai_config_idx;
alter table votes drop constraint votes_shadow_is_ai, drop column shadow, drop column provenance,
  drop column ai_config;
drop table ai_configurations;
