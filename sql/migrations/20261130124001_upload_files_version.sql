-- migrate:up

-- A counter of the session's declared file list: every statement that adds a file or changes a
-- file's path or size (src/db/uploads.ts `upsertFiles`, the only one) adds one in the same
-- transaction. The API keeps the JSON text of a session's file list per (session,
-- files_version), so a list served from that cache is always the list as of this version.
alter table upload_sessions add column files_version bigint not null default 0;

-- migrate:down
alter table upload_sessions drop column files_version;
