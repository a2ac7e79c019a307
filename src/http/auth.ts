// API key authentication (reference part 5). The key in the Authorization header is checked for
// shape before any database work, then looked up by its SHA-256. What the key grants comes only
// from the database row: its organization scopes every query a handler runs.
import type { Sql } from '../db/client.ts';
import { KEY_PATTERN, hashApiKey } from '../admin/keys.ts';
import { ApiError } from './errors.ts';

export interface AuthContext {
  keyId: string;
  orgId: string;
  orgCode: string;
  /** The user who created the key, when that user still exists and is a member of the org. */
  userId: string | null;
  isOriginator: boolean;
}

const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="assay"' };
const authError = (code: 'api_key_missing' | 'api_key_malformed' | 'api_key_invalid') =>
  new ApiError(code, undefined, undefined, WWW_AUTHENTICATE);

/** Absent or not `Bearer <token>`: api_key_missing; a token not of the key shape: api_key_malformed. */
export function bearerToken(header: string | undefined): string {
  const m = /^Bearer +(\S+) *$/i.exec(header ?? '');
  if (!m) throw authError('api_key_missing');
  if (!KEY_PATTERN.test(m[1])) throw authError('api_key_malformed');
  return m[1];
}

export async function authenticate(sql: Sql, header: string | undefined): Promise<AuthContext> {
  const key = bearerToken(header);
  const [row] = await sql<{ key_id: string; org_id: string; org_code: string; user_id: string | null; is_originator: boolean | null }[]>`
    select k.id as key_id, k.org_id, o.code as org_code, m.user_id, m.is_originator
    from api_keys k
    join organizations o on o.id = k.org_id
    left join memberships m on m.org_id = k.org_id and m.user_id = k.created_by_user_id
    where k.key_hash = ${hashApiKey(key)}
      and k.revoked_at is null
      and (k.expires_at is null or k.expires_at > now())`;
  if (!row) throw authError('api_key_invalid');
  // A key acts as its creator: a key without one, or whose creator left the organization, is
  // refused on every operation (not only originator ones): someone who left keeps no access
  // to the roster, invites or webhooks through a key they made.
  if (row.user_id === null) throw new ApiError('api_key_actor_unavailable');
  return { keyId: row.key_id, orgId: row.org_id, orgCode: row.org_code, userId: row.user_id, isOriginator: row.is_originator === true };
}

/** Project and upload operations act as the key's creator, who must be an org originator. */
export function requireOriginator(auth: AuthContext): asserts auth is AuthContext & { userId: string } {
  if (auth.userId === null) throw new ApiError('api_key_actor_unavailable'); // (authenticate refuses these first)
  if (!auth.isOriginator) throw new ApiError('not_org_originator');
}
