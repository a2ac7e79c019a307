-- migrate:up

-- A declared file is found by the SHA-256 of its path, not by the path. A path is up to 900 bytes,
-- and a btree key over 512 bytes is compressed in the index: keyed by (session_id, rel_path),
-- every comparison of a lookup or an insert decompressed a path, and the index held about eight
-- keys a page. Declaring 1,000 paths of 900 bytes took Postgres 80-130 ms of CPU, most of it in
-- that index (inserting 1,000 such rows: 35-50 ms with it, 12-16 ms keyed by the hash), and one
-- organization declaring in a loop took a core from every other tenant's queries
-- (bench/README.md, hostile tenants). A path has one key: two paths with the same SHA-256 are
-- not known to exist.
alter table upload_files add column path_key bytea generated always as (sha256(rel_path::bytea)) stored;
alter table upload_files drop constraint upload_files_pkey;
alter table upload_files add primary key (session_id, path_key);

-- The path's bound as the service states it, in bytes (src/domain/upload-paths.ts): a length in
-- bytes is read from the value's header, where counting its characters walked all of it, twice
-- (10 ms of a 1,000-row insert). Every stored path already meets it: the API refused longer ones.
alter table upload_files drop constraint upload_files_rel_path_check;
alter table upload_files add constraint upload_files_rel_path_check check (octet_length(rel_path) between 1 and 900);

-- A session's file count and the position its next new file takes, kept by the one statement
-- that adds files (src/db/uploads.ts `upsertFiles`): the cap check and that statement read them
-- instead of counting, and taking the maximum position of, up to 10,000 rows on every declare.
alter table upload_sessions
  add column file_count integer not null default 0,
  add column next_position integer not null default 0;
update upload_sessions s set file_count = f.n, next_position = f.next
from (select session_id, count(*)::int as n, max(position) + 1 as next from upload_files group by session_id) f
where f.session_id = s.id;

-- migrate:down
alter table upload_sessions drop column next_position, drop column file_count;
alter table upload_files drop constraint upload_files_rel_path_check;
alter table upload_files add constraint upload_files_rel_path_check check (char_length(rel_path) between 1 and 900);
alter table upload_files drop constraint upload_files_pkey;
alter table upload_files add primary key (session_id, rel_path);
alter table upload_files drop column path_key;
