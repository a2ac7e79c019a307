-- migrate:up

-- The quality statistics of the signed Proof Report (docs/quality.md).
--
-- Validators appear in signed statistics and the votes export under a per-project pseudonym,
-- HMAC-SHA256(pseudonym_key, voter), never their identity. The key is random per project
-- (volatile default: existing projects each get their own) and never leaves the database.
alter table projects add column pseudonym_key uuid not null default gen_random_uuid();

-- The weight the vote carried in its datapoint's decision when the project's consensus method is
-- not class-weighted (`consensus.method: reliability`): class weight x the validator's estimated
-- precision at decision time. Written once, with the decision, in the deciding transaction; null
-- when the vote counted with its class weight (`weight`), as every vote of a class-weighted
-- project does. The decision recomputes exactly from (rating, coalesce(decision_weight, weight)).
alter table votes add column decision_weight double precision check (decision_weight > 0);

-- migrate:down
alter table votes drop column decision_weight;
alter table projects drop column pseudonym_key;
