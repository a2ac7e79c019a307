-- migrate:up

-- The rating queue (docs/decisions.md, "A rating queue people can trust").
--
-- A skip sticks for the validator who skipped: the datapoint is not offered to them again unless
-- nothing else is left and they ask for skipped ones. The reason, when given, is the
-- originator's to read.
create table claim_skips (
  datapoint_id  uuid not null references datapoints(id) on delete cascade,
  project_id    uuid not null references projects(id) on delete cascade,
  user_id       uuid not null references users(id) on delete cascade,
  reason        text check (char_length(reason) <= 500),
  created_at    timestamptz not null default now(),
  primary key (user_id, datapoint_id)
);
create index claim_skips_datapoint_idx on claim_skips (datapoint_id);

-- A claim may be extended once, before it lapses.
alter table validation_slots add column extended_at timestamptz;

-- A vote replaced before it counted toward a terminal decision: every change is kept.
create table vote_changes (
  id          uuid primary key,
  vote_id     uuid not null references votes(id) on delete cascade,
  old_rating  double precision not null,
  new_rating  double precision not null,
  old_comment text,
  changed_at  timestamptz not null default now()
);
create index vote_changes_vote_idx on vote_changes (vote_id);

-- The datapoint as written: content is jsonb, which stores an object's keys shortest first, so
-- the source's field order (CSV header order, JSON key order in order of first appearance) is
-- kept beside it, per project, appended by each ingest run.
alter table projects add column content_field_order text[] not null default '{}';

-- migrate:down
alter table projects drop column content_field_order;
drop table vote_changes;
alter table validation_slots drop column extended_at;
drop table claim_skips;
