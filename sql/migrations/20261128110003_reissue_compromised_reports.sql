-- migrate:up

-- A report signed by a key later marked compromised is issued again, for the same data, by the
-- current key: one report per (project, attestationRoot) and signing key, so the re-issue
-- stands beside the report it replaces (whose id, proofs and checkpoint stay answerable).
alter table proof_reports drop constraint proof_reports_project_id_attestation_root_key;
alter table proof_reports add constraint proof_reports_project_root_kid_key unique (project_id, attestation_root, kid);

-- migrate:down
alter table proof_reports drop constraint proof_reports_project_root_kid_key;
alter table proof_reports add constraint proof_reports_project_id_attestation_root_key
  unique (project_id, attestation_root);
