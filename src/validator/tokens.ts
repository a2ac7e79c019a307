// Token material of the validator API. Sign-in tokens and session tokens are 256 random bits in
// base64url behind a prefix that names what they are, so neither can pass for a developer API key
// (`assay_live_`…) nor for the other. Only their SHA-256 is stored: a database leak yields no usable
// token, and with this much entropy an unsalted hash is enough (lookup stays an indexed equality).
import { createHash, randomBytes } from 'node:crypto';

const SIGN_IN_PREFIX = 'assay_signin_';
const SESSION_PREFIX = 'assay_vs_';
export const SIGN_IN_PATTERN = /^assay_signin_[A-Za-z0-9_-]{43}$/;
export const SESSION_PATTERN = /^assay_vs_[A-Za-z0-9_-]{43}$/;

export const newSignInToken = (): string => SIGN_IN_PREFIX + randomBytes(32).toString('base64url');
export const newSessionToken = (): string => SESSION_PREFIX + randomBytes(32).toString('base64url');
export const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** The users.subject of a person who signed in by email: stable for that address, never reused. */
export const emailSubject = (normalizedEmail: string): string =>
  'email:' + createHash('sha256').update(normalizedEmail, 'utf8').digest('hex');
