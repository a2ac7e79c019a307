-- migrate:up

-- An organization's webhook endpoints. The signing secret is sealed (AES-256-GCM under
-- SECRETS_KEY, bound to the row id): it is needed in clear to sign, so it cannot be hashed.
-- During a rotation the previous secret keeps signing alongside the new one until it expires.
create table webhook_endpoints (
  id                          uuid primary key default gen_random_uuid(),
  org_id                      uuid not null references organizations(id) on delete cascade,
  url                         text not null,
  event_types                 text[] not null check (cardinality(event_types) > 0),
  description                 text,
  secret_sealed               bytea not null,
  previous_secret_sealed      bytea,
  previous_secret_expires_at  timestamptz,
  status                      text not null default 'enabled' check (status in ('enabled', 'disabled')),
  disabled_reason             text,
  created_at                  timestamptz not null default now()
);
create index webhook_endpoints_org_idx on webhook_endpoints (org_id, created_at desc, id desc);

-- One row per event, written in the transaction that caused it (only when some endpoint of the
-- organization subscribes). `id` is the `webhook-id` header; `body` is the exact JSON sent, so
-- every retry sends the same bytes.
create table webhook_events (
  id          text primary key,
  org_id      uuid not null references organizations(id) on delete cascade,
  type        text not null,
  body        text not null,
  created_at  timestamptz not null default now()
);

-- One row per (event, endpoint): the unit that is retried.
create table webhook_deliveries (
  id           uuid primary key default gen_random_uuid(),
  event_id     text not null references webhook_events(id) on delete cascade,
  endpoint_id  uuid not null references webhook_endpoints(id) on delete cascade,
  status       text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts     integer not null default 0,
  unique (event_id, endpoint_id)
);
create index webhook_deliveries_pending_idx on webhook_deliveries (endpoint_id) where status = 'pending';

-- Every attempt, as the receiver saw it.
create table webhook_attempts (
  id               uuid primary key default gen_random_uuid(),
  delivery_id      uuid not null references webhook_deliveries(id) on delete cascade,
  endpoint_id      uuid not null references webhook_endpoints(id) on delete cascade,
  attempt_number   integer not null check (attempt_number >= 1),
  succeeded        boolean not null,
  http_status      integer,
  error            text,
  duration_ms      integer not null,
  attempted_at     timestamptz not null default now(),
  next_attempt_at  timestamptz,
  unique (delivery_id, attempt_number)
);
create index webhook_attempts_endpoint_idx on webhook_attempts (endpoint_id, attempted_at desc, id desc);

-- migrate:down

drop table webhook_attempts;
drop table webhook_deliveries;
drop table webhook_events;
drop table webhook_endpoints;
