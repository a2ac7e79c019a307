-- migrate:up

-- A validator's assignment to a project. Unassigning sets revoked_at and keeps the row (audit);
-- assigning again creates a new row, so at most one live assignment per (project, user).
create table project_assignments (
  id          uuid primary key default gen_random_uuid(),
  org_id      uuid not null references organizations(id) on delete cascade,
  project_id  uuid not null references projects(id) on delete cascade,
  user_id     uuid not null references users(id) on delete cascade,
  assigned_at timestamptz not null default now(),
  revoked_at  timestamptz
);
create unique index project_assignments_live_idx on project_assignments (project_id, user_id) where revoked_at is null;
-- joinedAt of a validator known only through assignments is their first assignment in the org.
create index project_assignments_org_user_idx on project_assignments (org_id, user_id, assigned_at);

-- A class held by a validator on a project. Revoking is soft; at most one live grant per
-- (project, user), because granting a class revokes the validator's other class first.
create table class_grants (
  id            uuid primary key default gen_random_uuid(),
  project_id    uuid not null references projects(id) on delete cascade,
  user_id       uuid not null references users(id) on delete cascade,
  class_id      text not null,
  evidence_note text not null check (char_length(evidence_note) between 1 and 2000),
  granted_at    timestamptz not null default now(),
  revoked_at    timestamptz,
  foreign key (project_id, class_id) references validator_classes (project_id, class_id) on delete cascade
);
create unique index class_grants_live_idx on class_grants (project_id, user_id) where revoked_at is null;

-- One invite per (project, normalized email): a repeat POST upserts the same row (and keeps its id).
create table invites (
  id                  uuid primary key default gen_random_uuid(),
  org_id              uuid not null references organizations(id) on delete cascade,
  project_id          uuid not null references projects(id) on delete cascade,
  email               text not null check (email = lower(btrim(email)) and char_length(email) between 3 and 320),
  status              text not null default 'pending' check (status in ('pending', 'accepted', 'cancelled')),
  -- Pre-staged class, granted when the invitee signs in.
  class_id            text,
  evidence_note       text check (char_length(evidence_note) between 1 and 2000),
  invited_by_user_id  uuid references users(id) on delete set null,
  assigned_at         timestamptz,
  cancelled_at        timestamptz,
  email_sent_at       timestamptz,
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now(),
  unique (project_id, email),
  foreign key (project_id, class_id) references validator_classes (project_id, class_id) on delete cascade,
  check ((class_id is null) = (evidence_note is null)),
  check ((status = 'accepted') = (assigned_at is not null)),
  check ((status = 'cancelled') = (cancelled_at is not null))
);
create index invites_project_page_idx on invites (project_id, created_at desc, id desc);
-- Sign-in accepts every pending invite of the email.
create index invites_pending_email_idx on invites (email) where status = 'pending';

-- Every email the service composes. With SMTP configured a job sends it and sets sent_at; without
-- SMTP it stays here (and in the log) for a developer to read.
create table email_outbox (
  id          uuid primary key default gen_random_uuid(),
  org_id      uuid references organizations(id) on delete cascade,
  -- What caused it, e.g. 'invite' or 'sign_in_link', and the row it belongs to.
  kind        text not null,
  ref_id      uuid,
  to_address  text not null,
  subject     text not null,
  body_text   text not null,
  created_at  timestamptz not null default now(),
  sent_at     timestamptz,
  last_error  text
);
create index email_outbox_ref_idx on email_outbox (ref_id);

-- migrate:down
drop table email_outbox;
drop table invites;
drop table class_grants;
drop table project_assignments;
