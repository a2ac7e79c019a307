// Issuing a one-time sign-in link inside the caller's transaction (the sign-in request here; an
// invitation email may carry one too). The token is returned once, inside the link; only its hash
// is stored.
import type { TxSql } from '../db/client.ts';
import { hashToken, newSignInToken } from './tokens.ts';

export const LINK_MINUTES = 15;

/** `email` must be normalized; `publicBaseUrl` is the deployment's PUBLIC_BASE_URL. */
export async function issueSignInLink(tx: TxSql, email: string, publicBaseUrl: string): Promise<{ id: string; link: string }> {
  const token = newSignInToken();
  const [row] = await tx<{ id: string }[]>`
    insert into sign_in_tokens (email, token_hash, expires_at)
    values (${email}, ${hashToken(token)}, now() + make_interval(mins => ${LINK_MINUTES}))
    returning id`;
  return { id: row!.id, link: `${publicBaseUrl.replace(/\/+$/, '')}/validator/v1/sign-in?token=${token}` };
}
