// API key lookup for authentication (src/http/auth.ts), by the key's SHA-256.
import type { Sql } from './client.ts';

export interface LiveKeyRow {
  key_id: string;
  org_id: string;
  org_code: string;
  /** The creator, while a member of the key's organization. */
  user_id: string | null;
  is_originator: boolean | null;
}

/** How often at most `last_used_at` is written for one key: an audit hint, not a counter. */
export const LAST_USED_RESOLUTION = '1 minute';

/**
 * The live (not revoked, not expired) key with this hash, and its creator's membership. The same
 * statement records the use in `last_used_at`, at most once per LAST_USED_RESOLUTION, so the hot
 * path stays one round trip and a busy key does not rewrite its row on every request.
 */
export async function findLiveKey(sql: Sql, keyHash: Buffer | string): Promise<LiveKeyRow | undefined> {
  const [row] = await sql<LiveKeyRow[]>`
    with k as (
      select k.id as key_id, k.org_id, o.code as org_code, m.user_id, m.is_originator, k.last_used_at
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
