-- migrate:up

-- Quotas of content, files and sessions (docs/security.md, "Quotas").
--
-- An organization's open upload sessions are counted at every create (under a per-organization
-- advisory lock), so that count needs an index of its own.
create index upload_sessions_open_org_idx on upload_sessions (org_id) where status = 'open';

-- Why a run failed, as a registry code (the contract's IngestRun.errorCode).
alter table ingest_runs add column error_code text;

-- What an organization holds: datapoints and the bytes of their contents as JSON text. Added to
-- in the transaction that commits a run (the row is locked there, so concurrent runs of one
-- organization are counted exactly), and read to refuse a run that would cross a quota. Counting
-- datapoints per organization at every run would scan millions of rows.
create table org_usage (
  org_id         uuid primary key references organizations(id) on delete cascade,
  datapoints     bigint not null default 0 check (datapoints >= 0),
  content_bytes  bigint not null default 0 check (content_bytes >= 0)
);
insert into org_usage (org_id, datapoints, content_bytes)
select p.org_id, count(*), coalesce(sum(octet_length(d.content::text)), 0)
from datapoints d join projects p on p.id = d.project_id
group by p.org_id;

-- migrate:down
drop table org_usage;
alter table ingest_runs drop column error_code;
drop index upload_sessions_open_org_idx;
