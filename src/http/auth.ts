// Authentication of both surfaces: developer API keys (/developer/v1 and MCP; see
// the API reference, section 5 Authentication), validator session tokens (/validator/v1: a
// person) and AI validator keys (the validation operations of /validator/v1 and the validator
// tool server /validator/mcp: a validator that is not a person). The credential in the
// Authorization header is checked for shape before any database work, then looked up by its
// SHA-256. The shapes differ (`assay_live_`, `assay_vs_`, `assay_ai_`), so each surface refuses
// the others' tokens before touching the database, and the tables differ, so a hash collision
// across them is moot. What a credential grants comes only from its row: a key's organization
// scopes every query a handler runs.
import type { Sql } from '../db/client.ts';
import { findLiveKey } from '../db/api-keys.ts';
import { findLiveSession } from '../db/sign-in.ts';
import { KEY_PATTERN, hashApiKey } from '../admin/keys.ts';
import { findLiveAiKey } from '../db/ai-validators.ts';
import { AI_KEY_PATTERN, SESSION_PATTERN, hashToken, looksLikeAiKey } from '../validator/tokens.ts';
import { ApiError } from '../errors.ts';

export interface AuthContext {
  keyId: string;
  orgId: string;
  orgCode: string;
  /** The user who created the key, when that user still exists and is a member of the org. */
  userId: string | null;
  isOriginator: boolean;
}

export interface ValidatorSessionContext {
  sessionId: string;
  userId: string;
}

/** An AI validator's key: the validator (its user id) and the one organization it belongs to. */
export interface AiKeyContext {
  keyId: string;
  orgId: string;
  orgCode: string;
  userId: string;
}

/** Who does a validator's work: a person (by session) or an AI validator (by key); `userId` either way. */
export interface ValidatorCaller {
  userId: string;
  session?: ValidatorSessionContext;
  aiKey?: AiKeyContext;
}

/** The token of `Authorization: Bearer <token>`, or null when the header is absent or not of that form. */
function bearer(header: string | undefined): string | null {
  return /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? null;
}

const KEY_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="assay"' };
const keyError = (code: 'api_key_missing' | 'api_key_malformed' | 'api_key_invalid') =>
  new ApiError(code, undefined, undefined, KEY_CHALLENGE);

/** Absent or not `Bearer <token>`: api_key_missing; a token not of the key shape: api_key_malformed. */
export function bearerToken(header: string | undefined): string {
  const token = bearer(header);
  if (token === null) throw keyError('api_key_missing');
  if (!KEY_PATTERN.test(token)) throw keyError('api_key_malformed');
  return token;
}

export async function authenticate(sql: Sql, header: string | undefined): Promise<AuthContext> {
  const row = await findLiveKey(sql, hashApiKey(bearerToken(header)));
  if (!row) throw keyError('api_key_invalid');
  // A key acts as its creator: a key without one, or whose creator left the organization, is
  // refused on every operation (not only originator ones): someone who left keeps no access
  // to the roster, invites or webhooks through a key they made.
  if (row.user_id === null) throw new ApiError('api_key_actor_unavailable');
  return {
    keyId: row.key_id,
    orgId: row.org_id,
    orgCode: row.org_code,
    userId: row.user_id,
    isOriginator: row.is_originator === true,
  };
}

/** Project and upload operations act as the key's creator, who must be an org originator. */
export function requireOriginator(auth: AuthContext): asserts auth is AuthContext & { userId: string } {
  if (auth.userId === null) throw new ApiError('api_key_actor_unavailable'); // (authenticate refuses these first)
  if (!auth.isOriginator) throw new ApiError('not_org_originator');
}

const SESSION_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="assay-validator"' };
const sessionError = (code: 'session_token_missing' | 'session_token_malformed' | 'session_token_invalid') =>
  new ApiError(code, undefined, undefined, SESSION_CHALLENGE);

export async function authenticateSession(sql: Sql, header: string | undefined): Promise<ValidatorSessionContext> {
  const token = bearer(header);
  if (token === null) throw sessionError('session_token_missing');
  if (!SESSION_PATTERN.test(token)) throw sessionError('session_token_malformed');
  const row = await findLiveSession(sql, hashToken(token));
  if (!row) throw sessionError('session_token_invalid');
  return { sessionId: row.id, userId: row.user_id };
}

const AI_KEY_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="assay-ai-validator"' };
const aiKeyError = (code: 'ai_validator_key_missing' | 'ai_validator_key_malformed' | 'ai_validator_key_invalid') =>
  new ApiError(code, undefined, undefined, AI_KEY_CHALLENGE);

/** The AI validator door: an AI validator key, and nothing else (a person's session is malformed here). */
export async function authenticateAiKey(sql: Sql, header: string | undefined): Promise<AiKeyContext> {
  const token = bearer(header);
  if (token === null) throw aiKeyError('ai_validator_key_missing');
  if (!AI_KEY_PATTERN.test(token)) throw aiKeyError('ai_validator_key_malformed');
  const row = await findLiveAiKey(sql, hashToken(token));
  if (!row) throw aiKeyError('ai_validator_key_invalid');
  return { keyId: row.key_id, orgId: row.org_id, orgCode: row.org_code, userId: row.user_id };
}

/**
 * A validator's work (the operations whose security lists both schemes): an AI validator key when
 * the token says it is one, else a person's session, with the session's refusals (a missing token
 * is asked for as a session, the credential of the web app).
 */
export async function authenticateValidator(sql: Sql, header: string | undefined): Promise<ValidatorCaller> {
  const token = bearer(header);
  if (token !== null && looksLikeAiKey(token)) {
    const aiKey = await authenticateAiKey(sql, header);
    return { userId: aiKey.userId, aiKey };
  }
  const session = await authenticateSession(sql, header);
  return { userId: session.userId, session };
}
