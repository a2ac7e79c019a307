-- migrate:up

-- New invites are counted per organization over the last 24 hours (ORG_MAX_INVITES_PER_DAY).
create index invites_org_created_idx on invites (org_id, created_at);

-- migrate:down
drop index invites_org_created_idx;
