-- migrate:up

-- A child row's organization always equals its project's: the (project_id, org_id) pair must be
-- a project's (id, org_id). Handlers already scope every query to the caller's organization;
-- this makes a row that mixes two tenants impossible to write, whatever code writes it.
-- (datapoints, validation slots, votes and decisions are being redesigned separately and get
-- the same treatment there.)
alter table projects add constraint projects_id_org_key unique (id, org_id);
alter table upload_sessions add constraint upload_sessions_project_org_fkey
  foreign key (project_id, org_id) references projects (id, org_id) on delete cascade;
alter table proof_reports add constraint proof_reports_project_org_fkey
  foreign key (project_id, org_id) references projects (id, org_id) on delete cascade;
alter table project_assignments add constraint project_assignments_project_org_fkey
  foreign key (project_id, org_id) references projects (id, org_id) on delete cascade;
alter table invites add constraint invites_project_org_fkey
  foreign key (project_id, org_id) references projects (id, org_id) on delete cascade;

-- migrate:down

alter table invites drop constraint invites_project_org_fkey;
alter table project_assignments drop constraint project_assignments_project_org_fkey;
alter table proof_reports drop constraint proof_reports_project_org_fkey;
alter table upload_sessions drop constraint upload_sessions_project_org_fkey;
alter table projects drop constraint projects_id_org_key;
