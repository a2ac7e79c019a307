// Issuing a one-time sign-in link inside the caller's transaction (the sign-in request here; an
// invitation email carries one too). Only the token's hash is kept for redeeming; the token
// itself is sealed under SECRETS_KEY until its email is sent (or the link expires), and the
// email's link is built from it at send time (src/jobs/send-email.ts), so neither the outbox nor the
// log ever holds a usable link.
//
// The link opens the sign-in page with the token in the fragment
// (`<PUBLIC_BASE_URL>/app/sign-in#token=...`): browsers never send a fragment to a server, and the
// page redeems the token by POST /validator/v1/sessions. A GET of any URL never consumes a link,
// so mail scanners and link previews that follow links cannot use it up or obtain a session.
import { randomUUID } from 'node:crypto';
import type { TxSql } from '../db/client.ts';
import { insertSignInToken } from '../db/sign-in.ts';
import { seal } from '../domain/secret-box.ts';
import { hashToken, newSignInToken } from './tokens.ts';

export const LINK_MINUTES = 15;
/**
 * An invitation's link lives longer than a requested one: invitations are read hours or days
 * later, and the link still works once only. An expired one is replaced by asking for a new
 * link (POST /validator/v1/sign-in-links), which pending invites of the address allow.
 */
export const INVITATION_LINK_MINUTES = 72 * 60;

/** Where the token goes in an outbox body; replaced at send time. */
export const TOKEN_PLACEHOLDER = '{{token}}';

/** The sign-in page's URL for a token (or for TOKEN_PLACEHOLDER in a stored body). */
export function signInPageUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/app/sign-in#token=${token}`;
}

export interface IssueOptions {
  /** Normalized address. */
  email: string;
  publicBaseUrl: string;
  secretsKey: string | null;
  minutes?: number;
  /** The invite an invitation email's link accepts; none for a requested link. */
  inviteId?: string | null;
}

/**
 * Returns the token row's id, the link with TOKEN_PLACEHOLDER where the token goes (what an
 * email stores), and the token itself (for callers that hand it over directly, e.g. tests).
 */
export async function issueSignInLink(
  tx: TxSql,
  o: IssueOptions,
): Promise<{ id: string; link: string; token: string }> {
  const id = randomUUID();
  const token = newSignInToken();
  await insertSignInToken(tx, {
    id,
    email: o.email,
    tokenHash: hashToken(token),
    tokenSealed: seal(o.secretsKey, token, id),
    inviteId: o.inviteId ?? null,
    minutes: o.minutes ?? LINK_MINUTES,
  });
  return { id, link: signInPageUrl(o.publicBaseUrl, TOKEN_PLACEHOLDER), token };
}
