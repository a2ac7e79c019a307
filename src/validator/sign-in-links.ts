// Issuing a one-time sign-in link inside the caller's transaction (the sign-in request here; an
// invitation email may carry one too). The token is returned once, inside the link; only its hash
// is stored.
import type { TxSql } from '../db/client.ts';
import { insertSignInToken } from '../db/sign-in.ts';
import { hashToken, newSignInToken } from './tokens.ts';

export const LINK_MINUTES = 15;
/**
 * An invitation's link lives longer than a requested one: invitations are read hours or days
 * later, and the link still works once only. An expired one is replaced by asking for a new
 * link (POST /validator/v1/sign-in-links), which pending invites of the address allow.
 */
export const INVITATION_LINK_MINUTES = 72 * 60;

/** `email` must be normalized; `publicBaseUrl` is the deployment's PUBLIC_BASE_URL. */
export async function issueSignInLink(tx: TxSql, email: string, publicBaseUrl: string, minutes = LINK_MINUTES): Promise<{ id: string; link: string }> {
  const token = newSignInToken();
  const id = await insertSignInToken(tx, email, hashToken(token), minutes);
  return { id, link: `${publicBaseUrl.replace(/\/+$/, '')}/validator/v1/sign-in?token=${token}` };
}
