// AI validators and their keys. An AI validator is a users row without an email (it never signs
// in), a validator membership of one organization and an ai_validators row; its keys are stored as
// SHA-256 only, like developer API keys (src/db/api-keys.ts), and what a key grants comes only
// from these rows. Every statement takes the organization: another organization's validator or
// key is not found.
import { randomUUID } from 'node:crypto';
import type { Db, TxSql } from './client.ts';

export interface AiValidatorRow {
  user_id: string;
  name: string;
  created_at: Date;
}

export interface AiKeyRow {
  id: string;
  name: string;
  key_last4: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** The validator's user (no email: no sign-in link can reach it), its membership and its row. */
export async function insertAiValidator(
  tx: TxSql,
  v: { orgId: string; name: string; createdBy: string | null },
): Promise<AiValidatorRow> {
  const [user] = await tx<{ id: string }[]>`
    insert into users (subject, email) values (${`ai-validator:${randomUUID()}`}, null) returning id`;
  await tx`
    insert into memberships (org_id, user_id, is_originator, is_validator)
    values (${v.orgId}, ${user!.id}, false, true)`;
  const [row] = await tx<AiValidatorRow[]>`
    insert into ai_validators (user_id, org_id, name, created_by_user_id)
    values (${user!.id}, ${v.orgId}, ${v.name}, ${v.createdBy})
    returning user_id, name, created_at`;
  return row!;
}

export async function findAiValidator(sql: Db, orgId: string, userId: string): Promise<AiValidatorRow | undefined> {
  const [row] = await sql<AiValidatorRow[]>`
    select user_id, name, created_at from ai_validators where org_id = ${orgId} and user_id = ${userId}`;
  return row;
}

export async function insertAiKey(
  sql: Db,
  k: { orgId: string; validatorId: string; name: string; keyHash: Buffer; last4: string; createdBy: string | null },
): Promise<AiKeyRow> {
  const [row] = await sql<AiKeyRow[]>`
    insert into ai_validator_keys (org_id, validator_id, name, key_hash, key_last4, created_by_user_id)
    values (${k.orgId}, ${k.validatorId}, ${k.name}, ${k.keyHash}, ${k.last4}, ${k.createdBy})
    returning id, name, key_last4, created_at, last_used_at, revoked_at`;
  return row!;
}

/** Every key of the validator, newest first (a key never leaves this table: revoking only marks it). */
export async function listAiKeys(sql: Db, orgId: string, validatorId: string): Promise<AiKeyRow[]> {
  return sql<AiKeyRow[]>`
    select id, name, key_last4, created_at, last_used_at, revoked_at from ai_validator_keys
    where org_id = ${orgId} and validator_id = ${validatorId}
    order by created_at desc, id desc`;
}

/** Marks the key revoked (a revoked key keeps its first revocation time); undefined when it is not the validator's. */
export async function revokeAiKey(
  sql: Db,
  orgId: string,
  validatorId: string,
  keyId: string,
): Promise<AiKeyRow | undefined> {
  const [row] = await sql<AiKeyRow[]>`
    update ai_validator_keys set revoked_at = coalesce(revoked_at, now())
    where id = ${keyId} and org_id = ${orgId} and validator_id = ${validatorId}
    returning id, name, key_last4, created_at, last_used_at, revoked_at`;
  return row;
}

export interface AiValidatorProjectRow {
  project_id: string;
  class_id: string | null;
  assigned_at: Date;
}

/** The validator's live assignments with the class it holds on each, newest first. */
export async function aiValidatorProjects(
  sql: Db,
  orgId: string,
  validatorId: string,
): Promise<AiValidatorProjectRow[]> {
  return sql<AiValidatorProjectRow[]>`
    select pa.project_id, g.class_id, pa.assigned_at
    from project_assignments pa
    left join class_grants g on g.project_id = pa.project_id and g.user_id = pa.user_id and g.revoked_at is null
    where pa.org_id = ${orgId} and pa.user_id = ${validatorId} and pa.revoked_at is null
    order by pa.assigned_at desc, pa.project_id`;
}

/** The type (human, ai) of each (project, class) pair among `pairs` that the projects' specs declare. */
export async function classTypes(
  sql: Db,
  pairs: { projectId: string; classId: string }[],
): Promise<Map<string, 'human' | 'ai'>> {
  if (!pairs.length) return new Map();
  const rows = await sql<{ project_id: string; class_id: string; type: 'human' | 'ai' }[]>`
    select project_id, class_id, type from validator_classes
    where (project_id, class_id) in (
      select * from unnest(${pairs.map((p) => p.projectId)}::uuid[], ${pairs.map((p) => p.classId)}::text[]))`;
  return new Map(rows.map((r) => [`${r.project_id}/${r.class_id}`, r.type]));
}

export interface AiKeyGrant {
  key_id: string;
  org_id: string;
  org_code: string;
  /** The AI validator (its user id). */
  user_id: string;
}

/** How often at most `last_used_at` is written for one key: an audit hint, as for API keys. */
const LAST_USED_RESOLUTION = '1 minute';

/**
 * The live (not revoked) key of that hash, with its validator and organization; the validator is
 * still a member there (leaving the organization removes its ai_validators row, and with it the
 * keys). One read-only round trip on the hot path, and a write at most once a minute per key.
 */
export async function findLiveAiKey(sql: Db, keyHash: Buffer): Promise<AiKeyGrant | undefined> {
  const [row] = await sql<(AiKeyGrant & { stale: boolean })[]>`
    select k.id as key_id, k.org_id, o.code as org_code, k.validator_id as user_id,
      (k.last_used_at is null or k.last_used_at < now() - ${LAST_USED_RESOLUTION}::interval) as stale
    from ai_validator_keys k
    join ai_validators v on v.org_id = k.org_id and v.user_id = k.validator_id
    join organizations o on o.id = k.org_id
    where k.key_hash = ${keyHash} and k.revoked_at is null`;
  if (!row) return undefined;
  const { stale, ...grant } = row;
  if (stale) {
    await sql`
      update ai_validator_keys set last_used_at = now()
      where id = ${grant.key_id}
        and (last_used_at is null or last_used_at < now() - ${LAST_USED_RESOLUTION}::interval)`;
  }
  return grant;
}
