// Validator session authentication (/validator/v1). A separate credential from developer API keys:
// the shapes differ (`assay_vs_` vs `assay_live_`), so each surface refuses the other's token
// before any database work, and the tables differ, so a hash collision across them is moot.
import type { Sql } from '../db/client.ts';
import { SESSION_PATTERN, hashToken } from '../validator/tokens.ts';
import { ApiError } from './errors.ts';

export interface ValidatorSessionContext {
  sessionId: string;
  userId: string;
}

const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="assay-validator"' };

export async function authenticateSession(sql: Sql, header: string | undefined): Promise<ValidatorSessionContext> {
  const m = /^Bearer +(\S+) *$/i.exec(header ?? '');
  if (!m) throw new ApiError('session_token_missing', undefined, undefined, WWW_AUTHENTICATE);
  if (!SESSION_PATTERN.test(m[1])) throw new ApiError('session_token_malformed', undefined, undefined, WWW_AUTHENTICATE);
  const [row] = await sql<{ id: string; user_id: string }[]>`
    select id, user_id from validator_sessions
    where token_hash = ${hashToken(m[1])} and revoked_at is null and expires_at > now()`;
  if (!row) throw new ApiError('session_token_invalid', undefined, undefined, WWW_AUTHENTICATE);
  return { sessionId: row.id, userId: row.user_id };
}
