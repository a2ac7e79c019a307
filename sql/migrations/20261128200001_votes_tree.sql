-- migrate:up

-- Votes as committed leaves (docs/decisions.md, "Votes as committed leaves"). A report of format 2
-- commits every vote of its decided datapoints in a votes tree, and each results leaf names its
-- votes' leaf range. Inclusion proofs read one chunk of each tree:
--   proof_report_chunks.first_vote   the votes-tree index of the chunk's first decision's first
--                                     vote (a results leaf carries it); null on format 1 reports
--   proof_report_vote_chunks          per aligned chunk of the votes tree, its root and where its
--                                     first vote is: the decision's seq and the vote's position
--                                     among that decision's votes (vote order: time, then id)
alter table proof_report_chunks add column first_vote bigint check (first_vote is null or first_vote >= 0);

create table proof_report_vote_chunks (
  report_id    text not null references proof_reports (report_id) on delete cascade,
  chunk_no     integer not null check (chunk_no >= 0),
  first_seq    bigint not null,
  first_offset integer not null check (first_offset >= 0),
  root         bytea not null check (length(root) = 32),
  primary key (report_id, chunk_no)
);

-- The export of the committed leaves (votes_jsonl).
alter table report_artifacts drop constraint report_artifacts_format_check;
alter table report_artifacts add constraint report_artifacts_format_check check (format in ('proof_report', 'json',
  'csv', 'attestation_yaml', 'verifiable_txt', 'verifiable_html', 'report_md', 'report_attestation_md',
  'report_attestation_zip', 'intoto_dsse', 'croissant', 'votes_csv', 'votes_jsonl'));

-- migrate:down
delete from report_artifacts where format = 'votes_jsonl';
alter table report_artifacts drop constraint report_artifacts_format_check;
alter table report_artifacts add constraint report_artifacts_format_check check (format in ('proof_report', 'json',
  'csv', 'attestation_yaml', 'verifiable_txt', 'verifiable_html', 'report_md', 'report_attestation_md',
  'report_attestation_zip', 'intoto_dsse', 'croissant', 'votes_csv'));
drop table proof_report_vote_chunks;
alter table proof_report_chunks drop column first_vote;
