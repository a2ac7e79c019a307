-- migrate:up

-- The votes export (votes_csv, docs/quality.md): every vote under the report's pseudonyms, the
-- data the signed statistics are computed from. Its artifacts are rows like the other formats'.
alter table report_artifacts drop constraint report_artifacts_format_check;
alter table report_artifacts add constraint report_artifacts_format_check check (format in ('proof_report', 'json',
  'csv', 'attestation_yaml', 'verifiable_txt', 'verifiable_html', 'report_md', 'report_attestation_md',
  'report_attestation_zip', 'intoto_dsse', 'croissant', 'votes_csv'));

-- migrate:down
delete from report_artifacts where format = 'votes_csv';
alter table report_artifacts drop constraint report_artifacts_format_check;
alter table report_artifacts add constraint report_artifacts_format_check check (format in ('proof_report', 'json',
  'csv', 'attestation_yaml', 'verifiable_txt', 'verifiable_html', 'report_md', 'report_attestation_md',
  'report_attestation_zip', 'intoto_dsse', 'croissant'));
