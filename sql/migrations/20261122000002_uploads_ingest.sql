-- migrate:up

create table upload_sessions (
  id                   uuid primary key default gen_random_uuid(),
  org_id               uuid not null references organizations(id) on delete cascade,
  project_id           uuid not null references projects(id) on delete cascade,
  status               text not null default 'open' check (status in ('open', 'processing', 'complete', 'failed')),
  -- Server-owned object-storage folder; every file of the session lives under it.
  key_prefix           text not null unique,
  verified_file_count  integer not null default 0,
  verified_bytes       bigint not null default 0,
  created_at           timestamptz not null default now(),
  updated_at           timestamptz not null default now()
);
create index upload_sessions_project_idx on upload_sessions (project_id, created_at desc);

-- Declared files: merged on every declare call, never replaced.
create table upload_files (
  session_id   uuid not null references upload_sessions(id) on delete cascade,
  rel_path     text not null check (char_length(rel_path) between 1 and 900),
  size         bigint not null check (size between 0 and 5368709120),
  declared_at  timestamptz not null default now(),
  -- Keeps the first declaration order, which is the ingestion order of the files.
  position     integer not null,
  primary key (session_id, rel_path)
);

create table ingest_runs (
  id                    uuid primary key default gen_random_uuid(),
  session_id            uuid not null references upload_sessions(id) on delete cascade,
  project_id            uuid not null references projects(id) on delete cascade,
  status                text not null default 'running' check (status in ('running', 'ok', 'failed')),
  phase                 text not null default 'queued' check (phase in ('queued', 'reading', 'writing_datapoints')),
  dry_run               boolean not null,
  skip_existing         boolean not null,
  row_count             integer not null default 0,
  datapoints_persisted  integer not null default 0,
  validations_created   integer not null default 0,
  error_message         text,
  started_at            timestamptz not null default now(),
  updated_at            timestamptz not null default now(),
  -- Written every few seconds by the worker running the job; a stale heartbeat on a running
  -- run means its worker died, and the run is failed so the session can be processed again.
  heartbeat_at          timestamptz not null default now(),
  finished_at           timestamptz
);
create index ingest_runs_session_idx on ingest_runs (session_id, started_at desc);
create index ingest_runs_running_idx on ingest_runs (heartbeat_at) where status = 'running';

create table datapoints (
  id           uuid primary key default gen_random_uuid(),
  project_id   uuid not null references projects(id) on delete cascade,
  run_id       uuid not null references ingest_runs(id),
  -- Ingestion order within the project (manifest leaves of the Proof Report follow it).
  seq          bigint generated always as identity,
  -- SHA-256 (hex) of the RFC 8785 form of the content.
  checksum     text not null check (checksum ~ '^[0-9a-f]{64}$'),
  source_file  text not null,
  source_row   integer not null,
  content      jsonb not null,
  created_at   timestamptz not null default now(),
  -- Set once, when the datapoint reaches terminal consensus (consensus engine).
  finalized_at timestamptz,
  unique (project_id, checksum)
);
create index datapoints_page_idx on datapoints (project_id, created_at desc, id desc);

create table validation_slots (
  id            uuid primary key default gen_random_uuid(),
  datapoint_id  uuid not null references datapoints(id) on delete cascade,
  project_id    uuid not null references projects(id) on delete cascade,
  status        text not null default 'open' check (status in ('open', 'claimed', 'submitted', 'expired')),
  created_at    timestamptz not null default now()
);
create index validation_slots_datapoint_idx on validation_slots (datapoint_id);
create index validation_slots_open_idx on validation_slots (project_id) where status = 'open';

-- migrate:down
drop table validation_slots;
drop table datapoints;
drop table ingest_runs;
drop table upload_files;
drop table upload_sessions;
