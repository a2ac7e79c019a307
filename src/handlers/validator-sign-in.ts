// Validator sign-in (/validator/v1): a one-time link by email, redeemed for a session token.
//
// - A link is sent only to an address that belongs to a user or has a pending invite, and at most
//   LINKS_PER_WINDOW times per window; the answer is the same 202 whatever happened, so it never
//   tells who is known (throttling is silent for the same reason: a 429 would only ever reach
//   known addresses).
// - Redeeming locks the token row, so a link is used at most once even under concurrent clicks;
//   an unknown, expired or used link writes nothing.
// - Redeeming accepts every pending invite of the address in the same transaction.
import type {
  CreateValidatorSessionInput, CreateValidatorSessionResult, DeleteValidatorSessionResult,
  FollowSignInLinkInput, FollowSignInLinkResult, RequestSignInLinkInput, RequestSignInLinkResult,
} from '../generated/handlers.ts';
import type { PublicRequestContext, ValidatorRequestContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import * as db from '../db/sign-in.ts';
import { normalizeEmail } from '../admin/admin.ts';
import { queueEmail } from '../email/outbox.ts';
import { SIGN_IN_PATTERN, emailSubject, hashToken, newSessionToken } from '../validator/tokens.ts';
import { LINK_MINUTES, issueSignInLink } from '../validator/sign-in-links.ts';

export const SESSION_DAYS = 30;
/** Links per address per LINK_MINUTES: enough for a lost email or two, not for mail-bombing. */
export const LINKS_PER_WINDOW = 5;

export async function requestSignInLink({ body }: RequestSignInLinkInput, ctx: PublicRequestContext): Promise<RequestSignInLinkResult> {
  const email = normalizeEmail(body.email);
  const outcome = await ctx.sql.begin(async (tx) => {
    // One request per address at a time, so the throttle count is exact.
    await db.lockAddress(tx, email);
    if (!(await db.addressKnown(tx, email))) return 'unknown';
    if ((await db.recentTokens(tx, email, LINK_MINUTES)) >= LINKS_PER_WINDOW) return 'throttled';
    const { id, link } = await issueSignInLink(tx, email, ctx.config.publicBaseUrl);
    await queueEmail(tx, {
      orgId: null, kind: 'sign_in_link', refId: id, to: email,
      subject: 'Your Assay sign-in link',
      text: `Sign in to Assay as a validator with this link (valid for ${LINK_MINUTES} minutes, usable once):\n\n${link}\n\n`
        + 'If you did not ask for it, ignore this email: nothing happens until the link is used.\n',
    });
    return 'sent';
  });
  // The address is not logged: the log must not become the list of who is known.
  ctx.log.info('sign-in link requested', { requestId: ctx.requestId, outcome });
  return { status: 202, body: { accepted: true, message: `If this address may sign in, a link valid for ${LINK_MINUTES} minutes is on its way.` } };
}

export async function createValidatorSession({ body }: CreateValidatorSessionInput, ctx: PublicRequestContext): Promise<CreateValidatorSessionResult> {
  return { status: 201, body: await redeem(ctx, body.token) };
}

export async function followSignInLink({ query }: FollowSignInLinkInput, ctx: PublicRequestContext): Promise<FollowSignInLinkResult> {
  return { status: 201, body: await redeem(ctx, query.token) };
}

export async function deleteValidatorSession(_input: unknown, ctx: ValidatorRequestContext): Promise<DeleteValidatorSessionResult> {
  await db.revokeSession(ctx.sql, ctx.session.sessionId);
  return { status: 204, body: undefined };
}

const linkInvalid = (why: string) => new ApiError('sign_in_link_invalid', `This sign-in link ${why}; request a new one.`, 'token');

async function redeem(ctx: PublicRequestContext, token: string) {
  if (!SIGN_IN_PATTERN.test(token)) throw linkInvalid('is not a valid link');
  return ctx.sql.begin(async (tx) => {
    const link = await db.lockSignInToken(tx, hashToken(token));
    if (!link) throw linkInvalid('is unknown');
    if (link.used) throw linkInvalid('has already been used');
    if (!link.live) throw linkInvalid('has expired');
    await db.markTokenUsed(tx, link.id);
    const userId = await db.userFor(tx, link.email, emailSubject(link.email));
    const acceptedInvites = await db.acceptInvites(tx, link.email, userId);
    const sessionToken = newSessionToken();
    const expiresAt = await db.insertSession(tx, userId, hashToken(sessionToken), SESSION_DAYS);
    return { sessionToken, userId, email: link.email, expiresAt: expiresAt.toISOString(), acceptedInvites };
  });
}
