-- migrate:up

-- Public halves of the report signing keys. The private key never enters the database: it lives
-- in SIGNING_KEY (or the file the operator named when generating it), so a database leak cannot
-- forge reports. `pending` keys are registered but not yet published; `active` and `retired`
-- keys are published in the JWKS (retired ones so old reports keep verifying), and only an
-- active key signs.
create table signing_keys (
  kid          text primary key check (kid ~ '^[A-Za-z0-9_-]{43}$'),
  public_jwk   jsonb not null,
  status       text not null check (status in ('pending', 'active', 'retired')),
  created_at   timestamptz not null default now(),
  activated_at timestamptz,
  retired_at   timestamptz,
  check ((status = 'retired') = (retired_at is not null))
);

-- Report ids count per organization per UTC day. The row is updated inside the transaction that
-- stores the report, so its lock serializes concurrent reports and a rollback returns the number:
-- no gaps, no duplicates.
create table report_counters (
  org_id   uuid not null references organizations(id) on delete cascade,
  day      date not null,
  last_seq integer not null,
  primary key (org_id, day)
);

-- One signed report per (project, attestationRoot). The payload is kept as the exact JCS text
-- that was signed (jsonb would reorder keys). The state columns say which data the report
-- covered: datapoints and decisions are append-only, so equal counts and last seqs mean
-- nothing changed and the stored report is returned without re-hashing.
create table proof_reports (
  report_id         text primary key,
  org_id            uuid not null references organizations(id) on delete cascade,
  project_id        uuid not null references projects(id) on delete cascade,
  attestation_root  text not null check (attestation_root ~ '^sha256:[0-9a-f]{64}$'),
  kid               text not null references signing_keys(kid),
  issued_at         timestamptz not null,
  payload_jcs       text not null,
  jws               text not null,
  spec_id           uuid not null,
  datapoint_count   bigint not null,
  datapoint_max_seq bigint not null,
  decision_count    bigint not null,
  decision_max_seq  bigint not null,
  created_at        timestamptz not null default now(),
  unique (project_id, attestation_root)
);
create index proof_reports_project_idx on proof_reports (project_id, created_at desc);

-- Manifest leaves are streamed in ingestion order.
create index datapoints_project_seq_idx on datapoints (project_id, seq);

-- migrate:down
drop index datapoints_project_seq_idx;
drop table proof_reports;
drop table report_counters;
drop table signing_keys;
