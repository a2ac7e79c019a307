-- migrate:up

-- Inclusion proofs without streaming the whole results tree (docs/decisions.md, "Inclusion proofs
-- in O(C + n/C)"). A report built from now on stores, per aligned chunk of `chunk_leaves` results
-- leaves (a power of two), the chunk's RFC 9162 subtree root and the seq of the chunk's first
-- decision, in the transaction that stores the report. A proof then reads one chunk of decisions
-- (by seq, on consensus_decisions (project_id, seq)) and the n/C chunk roots.
--
-- `chunk_leaves` is null on reports stored before this migration: they have no chunk rows until
-- the first inclusion proof asked of them streams the tree once (the old way) and records them.
-- Rows belong to their report, and through it to its project and organization.
alter table proof_reports add column chunk_leaves integer
  check (chunk_leaves is null or (chunk_leaves > 0 and chunk_leaves & (chunk_leaves - 1) = 0));

create table proof_report_chunks (
  report_id  text not null references proof_reports (report_id) on delete cascade,
  chunk_no   integer not null check (chunk_no >= 0),
  first_seq  bigint not null,
  root       bytea not null check (length(root) = 32),
  primary key (report_id, chunk_no)
);

-- migrate:down
drop table proof_report_chunks;
alter table proof_reports drop column chunk_leaves;
