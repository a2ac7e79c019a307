-- migrate:up

-- The ETag of each file's object as `process` verified it: the ingest run reads exactly that
-- object, and a file replaced after verification (its upload URL still valid) fails the run
-- instead of being read unverified. Null until a process verifies the file; a re-declaration
-- (a fresh URL, maybe a new size) clears it.
alter table upload_files add column etag text;

-- migrate:down
alter table upload_files drop column etag;
