-- migrate:up

-- Idempotency-Key records (IETF draft-ietf-httpapi-idempotency-key-header): the first successful
-- response to a key is replayed for 24 hours to a request with the same key and payload. Scoped
-- per organization. The response is sealed under SECRETS_KEY (it may carry a webhook secret).
-- `locked_until`: a request in flight holds the key; a process that died mid-request releases
-- it when this passes.
create table idempotency_keys (
  org_id           uuid not null references organizations(id) on delete cascade,
  idem_key         text not null,
  id               uuid not null default gen_random_uuid() unique,
  operation_id     text not null,
  fingerprint      bytea not null,
  response_status  integer,
  response_sealed  bytea,
  locked_until     timestamptz,
  created_at       timestamptz not null default now(),
  expires_at       timestamptz not null default now() + interval '24 hours',
  primary key (org_id, idem_key)
);
create index idempotency_keys_expires_idx on idempotency_keys (expires_at);

-- migrate:down

drop table idempotency_keys;
