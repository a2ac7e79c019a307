// Token material of the validator API. Sign-in tokens, session tokens and AI validator keys are
// 256 random bits in base64url behind a prefix that names what they are, so none can pass for a
// developer API key (`assay_live_`…) nor for another: a person's session is refused where an AI
// validator's key belongs, and the other way round, by its shape before any database work. Only
// their SHA-256 is stored: a database leak yields no usable token, and with this much entropy an
// unsalted hash is enough (lookup stays an indexed equality).
import { createHash, randomBytes } from 'node:crypto';

const SIGN_IN_PREFIX = 'assay_signin_';
const SESSION_PREFIX = 'assay_vs_';
export const SIGN_IN_PATTERN = /^assay_signin_[A-Za-z0-9_-]{43}$/;
export const SESSION_PATTERN = /^assay_vs_[A-Za-z0-9_-]{43}$/;
const AI_KEY_PREFIX = 'assay_ai_';
export const AI_KEY_PATTERN = /^assay_ai_[A-Za-z0-9_-]{43}$/;
/** Anything that says it is an AI validator key, well-formed or not (which credential a caller meant). */
export const looksLikeAiKey = (token: string): boolean => token.startsWith(AI_KEY_PREFIX);

export const newSignInToken = (): string => SIGN_IN_PREFIX + randomBytes(32).toString('base64url');
export const newSessionToken = (): string => SESSION_PREFIX + randomBytes(32).toString('base64url');
export const newAiValidatorKey = (): string => AI_KEY_PREFIX + randomBytes(32).toString('base64url');
export const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** The users.subject of a person who signed in by email: stable for that address, never reused. */
export const emailSubject = (normalizedEmail: string): string =>
  'email:' + createHash('sha256').update(normalizedEmail, 'utf8').digest('hex');
