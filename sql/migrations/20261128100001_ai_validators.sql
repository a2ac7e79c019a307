-- migrate:up

-- An AI validator: a member of one organization that is not a person. It is a users row (so
-- assignments, class grants, claims and votes name it as they name a person) without an email:
-- it can never receive a sign-in link, so it never holds a session. Its credentials are its keys.
create table ai_validators (
  user_id             uuid primary key references users(id) on delete cascade,
  org_id              uuid not null,
  name                text not null check (char_length(name) between 1 and 200),
  created_by_user_id  uuid references users(id) on delete set null,
  created_at          timestamptz not null default now(),
  unique (org_id, user_id),
  -- Leaving the organization ends the validator (and, through the keys' key, every key).
  foreign key (org_id, user_id) references memberships (org_id, user_id) on delete cascade
);

-- Machine credentials of an AI validator. As with developer API keys, only the SHA-256 of the key
-- is stored (the key is shown once), with its last four characters to recognise it.
create table ai_validator_keys (
  id                  uuid primary key default gen_random_uuid(),
  org_id              uuid not null,
  validator_id        uuid not null,
  name                text not null default '' check (char_length(name) <= 200),
  key_hash            bytea not null unique check (octet_length(key_hash) = 32),
  key_last4           text not null,
  created_by_user_id  uuid references users(id) on delete set null,
  created_at          timestamptz not null default now(),
  revoked_at          timestamptz,
  last_used_at        timestamptz,
  foreign key (org_id, validator_id) references ai_validators (org_id, user_id) on delete cascade
);
create index ai_validator_keys_validator_idx on ai_validator_keys (validator_id, created_at desc);

-- migrate:down
drop table ai_validator_keys;
drop table ai_validators;
