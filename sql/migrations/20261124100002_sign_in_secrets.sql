-- migrate:up

-- The invite a sign-in link was emailed with: redeeming that link accepts this invite and no
-- other (the person accepts other pending invites explicitly). Null for requested links.
alter table sign_in_tokens add column invite_id uuid references invites(id) on delete cascade;

-- The token sealed under SECRETS_KEY (AES-256-GCM, bound to the row id), kept only until its
-- email is sent or the link expires: the email's link is built from it at send time, so the
-- outbox never holds a usable link. Null afterwards; the hash stays for redeeming.
alter table sign_in_tokens add column token_sealed bytea;
create index sign_in_tokens_sealed_idx on sign_in_tokens (expires_at) where token_sealed is not null;

-- The link an outbox message carries, if any; its body holds `{{token}}` where the token goes.
alter table email_outbox add column sign_in_token_id uuid references sign_in_tokens(id) on delete set null;
-- Set when the message was given up unsent (its link expired first); the row is blanked then.
alter table email_outbox add column abandoned_at timestamptz;
create index email_outbox_unsent_links_idx on email_outbox (sign_in_token_id) where sent_at is null and abandoned_at is null;

-- migrate:down

drop index email_outbox_unsent_links_idx;
drop index sign_in_tokens_sealed_idx;
alter table email_outbox drop column abandoned_at;
alter table email_outbox drop column sign_in_token_id;
alter table sign_in_tokens drop column token_sealed;
alter table sign_in_tokens drop column invite_id;
