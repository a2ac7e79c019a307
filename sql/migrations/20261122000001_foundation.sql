-- migrate:up

-- Tenancy: every row that belongs to a customer hangs off an organization, and every
-- query the API runs is scoped by organization id taken from the API key.
create table organizations (
  id          uuid primary key default gen_random_uuid(),
  name        text not null check (char_length(name) between 1 and 200),
  -- Short code used as <ORG> in Proof Report ids (PR-2026-1122-ACME-0001).
  code        text not null unique check (code ~ '^[A-Z0-9]{2,12}$'),
  created_at  timestamptz not null default now()
);

create table users (
  id           uuid primary key default gen_random_uuid(),
  -- Stable auth identifier (the sign-in subject); unique across the service.
  subject      text not null unique check (char_length(subject) between 1 and 500),
  -- Stored normalized (trimmed, lower-cased); null when none on file.
  email        text unique check (email = lower(btrim(email))),
  evm_address  text,
  created_at   timestamptz not null default now()
);

create table memberships (
  org_id         uuid not null references organizations(id) on delete cascade,
  user_id        uuid not null references users(id) on delete cascade,
  is_originator  boolean not null default false,
  is_validator   boolean not null default false,
  -- joinedAt of an org validator: when the membership was created.
  created_at     timestamptz not null default now(),
  primary key (org_id, user_id)
);
create index memberships_user_idx on memberships (user_id);

create table api_keys (
  id                  uuid primary key default gen_random_uuid(),
  org_id              uuid not null references organizations(id) on delete cascade,
  -- The user who created the key: the actor of project and upload operations.
  -- Null (or a user without membership) means api_key_actor_unavailable.
  created_by_user_id  uuid references users(id) on delete set null,
  name                text not null default '',
  -- Only SHA-256 of the key is stored; the key itself is shown once at creation.
  key_hash            bytea not null unique check (octet_length(key_hash) = 32),
  -- Last four characters, so a key can be recognised in listings without storing it.
  key_last4           text not null,
  created_at          timestamptz not null default now(),
  expires_at          timestamptz,
  revoked_at          timestamptz,
  last_used_at        timestamptz
);
create index api_keys_org_idx on api_keys (org_id, created_at desc);

-- Org-wide catalog of qualification fields declared by project specs: one type per key.
create table qualification_catalog (
  org_id      uuid not null references organizations(id) on delete cascade,
  key         text not null,
  type        text not null check (type in ('string', 'number', 'boolean', 'enum')),
  enum_values text[],
  created_at  timestamptz not null default now(),
  primary key (org_id, key)
);

create table projects (
  id                     uuid primary key default gen_random_uuid(),
  org_id                 uuid not null references organizations(id) on delete cascade,
  created_by_user_id     uuid references users(id) on delete set null,
  name                   text not null check (char_length(name) between 1 and 200),
  description            text check (char_length(description) between 1 and 2000),
  status                 text not null default 'active' check (status in ('draft', 'active')),
  paused_at              timestamptz,
  archived_at            timestamptz,
  auto_consensus         boolean not null default false,
  auto_consensus_spread  text not null default 'medium' check (auto_consensus_spread in ('tight', 'medium', 'wild')),
  -- Sticky: set by the first synthetic vote and never cleared.
  auto_consensus_used    boolean not null default false,
  num_validators         integer not null check (num_validators between 1 and 50),
  created_at             timestamptz not null default now(),
  updated_at             timestamptz not null default now()
);
-- Keyset pagination, newest first, within one organization.
create index projects_org_page_idx on projects (org_id, created_at desc, id desc);

-- A compiled spec never changes once written.
create table project_specs (
  id          uuid primary key default gen_random_uuid(),
  project_id  uuid not null references projects(id) on delete cascade,
  version     text not null,
  -- The spec as submitted and its compiled (defaults filled) form.
  source      jsonb not null,
  compiled    jsonb not null,
  -- SHA-256 of the JCS (RFC 8785) form of the compiled spec, hex.
  sha256      text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  created_at  timestamptz not null default now()
);
create index project_specs_project_idx on project_specs (project_id, created_at);

create table validator_classes (
  project_id        uuid not null references projects(id) on delete cascade,
  class_id          text not null,
  position          integer not null,
  label             text not null,
  type              text not null check (type in ('human', 'ai')),
  reward_cents      bigint not null check (reward_cents >= 0),
  stake_wei         numeric(78, 0) not null check (stake_wei >= 0),
  consensus_weight  double precision not null check (consensus_weight > 0),
  model             text,
  primary key (project_id, class_id),
  check ((type = 'ai') = (model is not null))
);

-- migrate:down
drop table validator_classes;
drop table project_specs;
drop table projects;
drop table qualification_catalog;
drop table api_keys;
drop table memberships;
drop table users;
drop table organizations;
