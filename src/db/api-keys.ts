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
export const LAST_USED_RESOLUTION = '1 minute';

/**
 * The live (not revoked, not expired) key of that hash, with its organization and creator's
 * membership. The same statement records the use in `last_used_at`, at most once per
 * LAST_USED_RESOLUTION, so the hot path stays one round trip and a busy key does not rewrite its
 * row on every request.
 */
export async function findLiveKey(sql: Db, keyHash: Buffer): Promise<KeyGrant | undefined> {
  const [row] = await sql<KeyGrant[]>`
    with k as (
      select k.id as key_id, k.org_id, o.code as org_code, m.user_id, m.is_originator
      from api_keys k
      join organizations o on o.id = k.org_id
      left join memberships m on m.org_id = k.org_id and m.user_id = k.created_by_user_id
      where k.key_hash = ${keyHash}
        and k.revoked_at is null
        and (k.expires_at is null or k.expires_at > now())
    ), touched as (
      update api_keys set last_used_at = now()
      where id = (select key_id from k where user_id is not null) -- a key refused for its actor was not used
        and (last_used_at is null or last_used_at < now() - ${LAST_USED_RESOLUTION}::interval)
    )
    select key_id, org_id, org_code, user_id, is_originator from k`;
  return row;
}
