-- migrate:up

-- One-time sign-in links. Only the SHA-256 of the token is stored (the token is 256 random bits,
-- so an unsalted hash is enough and keeps lookup an indexed equality). A link is for an address,
-- not a user: the users row may not exist until the link is redeemed.
create table sign_in_tokens (
  id          uuid primary key default gen_random_uuid(),
  email       text not null check (email = lower(btrim(email))),
  token_hash  bytea not null unique check (octet_length(token_hash) = 32),
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  used_at     timestamptz
);
-- Throttling counts an address's recent links.
create index sign_in_tokens_email_idx on sign_in_tokens (email, created_at);

-- Validator sessions, created by redeeming a sign-in link. Token stored hashed, as above.
create table validator_sessions (
  id          uuid primary key default gen_random_uuid(),
  user_id     uuid not null references users(id) on delete cascade,
  token_hash  bytea not null unique check (octet_length(token_hash) = 32),
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  revoked_at  timestamptz
);
create index validator_sessions_user_idx on validator_sessions (user_id);

-- Claimed slots of a project by expiry: where lapsed claims are found (claims are never swept;
-- a claim past its expiry counts as open). Open slots keep their own index. Both are partial, and
-- a slot is inserted open, so ingest maintains no more indexes than before.
create index validation_slots_claimed_idx on validation_slots (project_id, claim_expires_at) where status = 'claimed';
-- A validator's live claims.
create index validation_slots_claimed_by_idx on validation_slots (claimed_by) where status = 'claimed';

-- migrate:down
drop index validation_slots_claimed_by_idx;
drop index validation_slots_claimed_idx;
drop table validator_sessions;
drop table sign_in_tokens;
