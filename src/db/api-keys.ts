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

/** The live (not revoked, not expired) key of that hash, with its organization and creator's membership. */
export async function findLiveKey(sql: Db, keyHash: Buffer): Promise<KeyGrant | undefined> {
  const [row] = await sql<KeyGrant[]>`
    select k.id as key_id, k.org_id, o.code as org_code, m.user_id, m.is_originator
    from api_keys k
    join organizations o on o.id = k.org_id
    left join memberships m on m.org_id = k.org_id and m.user_id = k.created_by_user_id
    where k.key_hash = ${keyHash}
      and k.revoked_at is null
      and (k.expires_at is null or k.expires_at > now())`;
  return row;
}
