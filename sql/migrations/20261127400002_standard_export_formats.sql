-- migrate:up

-- Two more export formats (src/domain/standard-exports.ts): an in-toto Statement in a DSSE
-- envelope and Croissant metadata. Their artifacts are rows like the other formats'.
alter table report_artifacts drop constraint report_artifacts_format_check;
alter table report_artifacts add constraint report_artifacts_format_check check (format in ('proof_report', 'json',
  'csv', 'attestation_yaml', 'verifiable_txt', 'verifiable_html', 'report_md', 'report_attestation_md',
  'report_attestation_zip', 'intoto_dsse', 'croissant'));

-- migrate:down
delete from report_artifacts where format in ('intoto_dsse', 'croissant');
alter table report_artifacts drop constraint report_artifacts_format_check;
alter table report_artifacts add constraint report_artifacts_format_check check (format in ('proof_report', 'json',
  'csv', 'attestation_yaml', 'verifiable_txt', 'verifiable_html', 'report_md', 'report_attestation_md',
  'report_attestation_zip'));
