// Administration of organizations, users, memberships and API keys: what the reference leaves
// to operators (the API reference, section 5 Authentication: "Creation, rotation and
// revocation of API keys: not shown"). Used by the admin
// CLI, the dev seed and tests.
import type { Sql } from '../db/client.ts';
import { generateApiKey, hashApiKey } from './keys.ts';

export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

export interface Organization {
  id: string;
  name: string;
  code: string;
}
export interface User {
  id: string;
  email: string | null;
  subject: string;
}

export async function createOrganization(sql: Sql, o: { name: string; code: string }): Promise<Organization> {
  if (!/^[A-Z0-9]{2,12}$/.test(o.code))
    throw new AdminError('organization code must be 2-12 characters of A-Z and 0-9');
  const [row] = await sql<Organization[]>`
    insert into organizations (name, code) values (${o.name}, ${o.code})
    on conflict (code) do nothing returning id, name, code`;
  if (!row) throw new AdminError(`an organization with code ${o.code} already exists`);
  return row;
}

export async function findOrganization(sql: Sql, codeOrId: string): Promise<Organization> {
  const isUuid = /^[0-9a-f-]{36}$/i.test(codeOrId);
  const [row] = await sql<Organization[]>`
    select id, name, code from organizations where ${isUuid ? sql`id = ${codeOrId}` : sql`code = ${codeOrId}`}`;
  if (!row) throw new AdminError(`no organization ${codeOrId}`);
  return row;
}

/** The id of the organization with this code, if there is one (the dev seed, src/dev/seed.ts). */
export async function organizationIdByCode(sql: Sql, code: string): Promise<{ id: string } | undefined> {
  const [row] = await sql<{ id: string }[]>`select id from organizations where code = ${code}`;
  return row;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function createUser(sql: Sql, u: { email?: string | null; subject: string }): Promise<User> {
  const email = u.email ? normalizeEmail(u.email) : null;
  const [row] = await sql<User[]>`
    insert into users (email, subject) values (${email}, ${u.subject})
    on conflict do nothing returning id, email, subject`;
  if (!row) throw new AdminError('a user with that email or subject already exists');
  return row;
}

export async function findUser(sql: Sql, emailOrId: string): Promise<User> {
  const isUuid = /^[0-9a-f-]{36}$/i.test(emailOrId);
  const [row] = await sql<User[]>`
    select id, email, subject from users where ${
      isUuid
        ? sql`id = ${emailOrId}`
        : sql`email =
      ${normalizeEmail(emailOrId)}`
    }`;
  if (!row) throw new AdminError(`no user ${emailOrId}`);
  return row;
}

/** The id of the user with exactly this email, if there is one (the dev seed, src/dev/seed.ts). */
export async function userIdByEmail(sql: Sql, email: string): Promise<{ id: string } | undefined> {
  const [row] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
  return row;
}

/** Adds (or updates the flags of) a member. Flags not given are left as they are. */
export async function addMember(
  sql: Sql,
  m: { orgId: string; userId: string; originator?: boolean; validator?: boolean },
): Promise<{ isOriginator: boolean; isValidator: boolean }> {
  const [row] = await sql<{ is_originator: boolean; is_validator: boolean }[]>`
    insert into memberships (org_id, user_id, is_originator, is_validator)
    values (${m.orgId}, ${m.userId}, ${m.originator ?? false}, ${m.validator ?? false})
    on conflict (org_id, user_id) do update set
      is_originator = coalesce(${m.originator ?? null}::boolean, memberships.is_originator),
      is_validator = coalesce(${m.validator ?? null}::boolean, memberships.is_validator)
    returning is_originator, is_validator`;
  return { isOriginator: row.is_originator, isValidator: row.is_validator };
}

/**
 * Offboarding: removes the person from the organization. In one transaction: the membership, the
 * live project assignments and class grants in its projects (unassigned, as the API does), and
 * every API key the person created there (revoked: re-adding the person later does not bring
 * them back). Their validator sessions are not touched (they may belong to other
 * organizations): `revokeSessions` ends those.
 */
export async function removeMember(
  sql: Sql,
  m: { orgId: string; userId: string },
): Promise<{ removed: true; keysRevoked: number; assignmentsRevoked: number }> {
  return sql.begin(async (tx) => {
    const gone = await tx`delete from memberships where org_id = ${m.orgId} and user_id = ${m.userId} returning 1`;
    if (gone.length === 0) throw new AdminError('that user is not a member of the organization');
    const keys = await tx`update api_keys set revoked_at = now()
      where org_id = ${m.orgId} and created_by_user_id = ${m.userId} and revoked_at is null`;
    const assignments = await tx`update project_assignments set revoked_at = now()
      where org_id = ${m.orgId} and user_id = ${m.userId} and revoked_at is null`;
    await tx`update class_grants g set revoked_at = now() from projects p
      where p.id = g.project_id and p.org_id = ${m.orgId} and g.user_id = ${m.userId} and g.revoked_at is null`;
    return { removed: true, keysRevoked: keys.count, assignmentsRevoked: assignments.count };
  });
}

/** Clears the originator flag of a member (the validator flag is left as it is). */
export async function clearOriginator(
  sql: Sql,
  m: { orgId: string; userId: string },
): Promise<{ isOriginator: boolean; isValidator: boolean }> {
  const [row] = await sql<{ is_originator: boolean; is_validator: boolean }[]>`
    update memberships set is_originator = false where org_id = ${m.orgId} and user_id = ${m.userId}
    returning is_originator, is_validator`;
  if (!row) throw new AdminError('that user is not a member of the organization');
  return { isOriginator: row.is_originator, isValidator: row.is_validator };
}

/**
 * Signs the person out everywhere: every live validator session revoked (the web app and the
 * validator API answer 401 from the next request) and every unused sign-in link spent.
 */
export async function revokeSessions(sql: Sql, userId: string): Promise<{ sessionsRevoked: number }> {
  return sql.begin(async (tx) => {
    const sessions = await tx`update validator_sessions set revoked_at = now()
      where user_id = ${userId} and revoked_at is null and expires_at > now()`;
    await tx`update sign_in_tokens set used_at = now()
      where email = (select email from users where id = ${userId}) and used_at is null`;
    return { sessionsRevoked: sessions.count };
  });
}

export interface ApiKeyInfo {
  id: string;
  name: string;
  last4: string;
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** Creates a key. The returned `key` is the only time it exists in clear: only its hash is stored. */
export async function createApiKey(
  sql: Sql,
  k: { orgId: string; userId: string | null; name?: string; expiresAt?: Date | null },
): Promise<{ id: string; key: string }> {
  const key = generateApiKey();
  const [row] = await sql<{ id: string }[]>`
    insert into api_keys (org_id, created_by_user_id, name, key_hash, key_last4, expires_at)
    values (${k.orgId}, ${k.userId}, ${k.name ?? ''}, ${hashApiKey(key)}, ${key.slice(-4)}, ${k.expiresAt ?? null})
    returning id`;
  return { id: row.id, key };
}

export async function listApiKeys(sql: Sql, orgId: string): Promise<ApiKeyInfo[]> {
  return sql<ApiKeyInfo[]>`
    select k.id, k.name, k.key_last4 as last4, u.email as "createdBy", k.created_at as "createdAt", k.expires_at as
    "expiresAt", k.revoked_at as "revokedAt"
    from api_keys k left join users u on u.id = k.created_by_user_id
    where k.org_id = ${orgId} order by k.created_at desc`;
}

export async function revokeApiKey(sql: Sql, keyId: string): Promise<void> {
  const rows = await sql`update api_keys set revoked_at = coalesce(revoked_at, now()) where id = ${keyId} returning id`;
  if (rows.length === 0) throw new AdminError(`no API key ${keyId}`);
}
