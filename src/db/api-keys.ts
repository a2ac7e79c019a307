// API key lookup for authentication (src/http/auth.ts). Keys are stored as SHA-256 only
// (src/admin/keys.ts); what a key grants comes only from these rows.
import type { Db } from './client.ts';

export interface KeyGrant {
  key_id: string;
  org_id: string;
  org_code: string;
  /** The user who created the key, when that user is still a member of the organization. */
  user_id: string | null;
  is_originator: boolean | null;
}

/** How often at most `last_used_at` is written for one key: an audit hint, not a counter. */
const LAST_USED_RESOLUTION = '1 minute';

/**
 * The live (not revoked, not expired) key of that hash, with its organization and creator's
 * membership. Its use is recorded in `last_used_at` at most once per LAST_USED_RESOLUTION: the
 * read says whether the recorded use is older, and only then is the row written (a second
 * statement, about once a minute per key), so the hot path is one read-only round trip. (A
 * writable CTE in the same statement cost the API about a tenth of its throughput on the HTTP
 * benchmark: every request ran the update's scan.)
 */
export async function findLiveKey(sql: Db, keyHash: Buffer): Promise<KeyGrant | undefined> {
  const [row] = await sql<(KeyGrant & { stale: boolean })[]>`
    select k.id as key_id, k.org_id, o.code as org_code, m.user_id, m.is_originator,
      (k.last_used_at is null or k.last_used_at < now() - ${LAST_USED_RESOLUTION}::interval) as stale
    from api_keys k
    join organizations o on o.id = k.org_id
    left join memberships m on m.org_id = k.org_id and m.user_id = k.created_by_user_id
    where k.key_hash = ${keyHash}
      and k.revoked_at is null
      and (k.expires_at is null or k.expires_at > now())`;
  if (!row) return undefined;
  const { stale, ...grant } = row;
  // A key refused for its actor was not used.
  if (stale && grant.user_id !== null) {
    await sql`
      update api_keys set last_used_at = now()
      where id = ${grant.key_id} and (last_used_at is null or last_used_at < now() -
      ${LAST_USED_RESOLUTION}::interval)`;
  }
  return grant;
}
