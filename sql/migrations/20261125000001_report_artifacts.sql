-- migrate:up

-- Exports and cold Proof Reports are produced by a job, not inside the request (docs/decisions.md,
-- "Reports produced by a job"). One row per (project, format, data state, variant): the request
-- that finds none creates it `preparing` and enqueues its one job in the same transaction; every
-- other request for the same state shares that row and that job, and once it is `ready` its
-- artifact is served again, without rendering, while the project's data state is unchanged.
--
-- `format` is one of the eight export formats, or `proof_report` for the build of a signed Proof
-- Report (the report itself is a row of proof_reports, named by report_id; no object is stored).
-- The state columns are project_data_state as the requests saw it; `variant` is a digest of what
-- else an export shows (project name, test contamination, signing key), so a rename is a new
-- artifact. `coverage` is what the stored artifact holds: the job's snapshot, which is never older
-- than the state of the requests it answers.
--
-- Status: `preparing` (its job is queued or running), `ready` (s3_key or report_id set),
-- `failed` (error_code, error_message; the next request re-arms it with a new job), `deleting`
-- (superseded: the sweep removes its objects, then the row). `served_at` is when a URL to the
-- artifact was last handed out: a superseded artifact is kept until every such URL has expired.
create table report_artifacts (
  id                 uuid primary key default gen_random_uuid(),
  org_id             uuid not null,
  project_id         uuid not null,
  format             text not null check (format in ('proof_report', 'json', 'csv', 'attestation_yaml', 'verifiable_txt',
                       'verifiable_html', 'report_md', 'report_attestation_md', 'report_attestation_zip')),
  datapoint_count    bigint not null,
  datapoint_max_seq  bigint not null,
  decision_count     bigint not null,
  decision_max_seq   bigint not null,
  variant            text not null check (variant ~ '^([0-9a-f]{64})?$'),
  issuer             text not null,
  status             text not null default 'preparing' check (status in ('preparing', 'ready', 'failed', 'deleting')),
  attempt            integer not null default 1 check (attempt >= 1),
  s3_key             text,
  filename           text,
  content_type       text,
  bytes              bigint,
  coverage           jsonb,
  report_id          text references proof_reports (report_id) on delete cascade,
  error_code         text,
  error_message      text,
  created_at         timestamptz not null default clock_timestamp(),
  updated_at         timestamptz not null default clock_timestamp(),
  ready_at           timestamptz,
  served_at          timestamptz,
  -- The artifact's organization is its project's (docs/security.md, tenant isolation).
  constraint report_artifacts_project_org_fkey foreign key (project_id, org_id) references projects (id, org_id) on delete cascade,
  check (status <> 'ready' or ready_at is not null),
  check (status <> 'ready' or (case when format = 'proof_report' then report_id is not null
    else s3_key is not null and filename is not null and content_type is not null and coverage is not null end)),
  check (status <> 'failed' or error_code is not null)
);
create unique index report_artifacts_state_key on report_artifacts
  (project_id, format, datapoint_count, datapoint_max_seq, decision_count, decision_max_seq, variant);

-- migrate:down
drop table report_artifacts;
