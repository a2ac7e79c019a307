-- migrate:up

-- A key marked compromised is retired and published with `revoked`: verifiers refuse every report
-- it signed (whoever holds it can sign with any issuedAt, so its validity window proves nothing).
alter table signing_keys add column compromised_at timestamptz;
alter table signing_keys add constraint signing_keys_compromised_retired check (compromised_at is null or status = 'retired');

-- migrate:down

alter table signing_keys drop constraint signing_keys_compromised_retired;
alter table signing_keys drop column compromised_at;
