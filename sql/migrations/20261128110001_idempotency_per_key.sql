-- migrate:up

-- Idempotency records are scoped to the API key that made the first request, not only to its
-- organization: a retry is the same client retrying, and another member who learns a key and
-- body must not be handed the first caller's response (a webhook endpoint's secret). The
-- records live 24 hours and are only a retry aid, so the ones standing are dropped rather
-- than attributed to a key after the fact.
delete from idempotency_keys;
alter table idempotency_keys drop constraint idempotency_keys_pkey;
alter table idempotency_keys add column api_key_id uuid not null references api_keys(id) on delete cascade;
alter table idempotency_keys add primary key (org_id, api_key_id, idem_key);

-- migrate:down
delete from idempotency_keys;
alter table idempotency_keys drop constraint idempotency_keys_pkey;
alter table idempotency_keys drop column api_key_id;
alter table idempotency_keys add primary key (org_id, idem_key);
