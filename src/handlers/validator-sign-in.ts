// Validator sign-in (/validator/v1): a one-time link by email, redeemed for a session token.
//
// - A link is sent only to an address that belongs to a user or has a pending invite, and at most
//   LINKS_PER_WINDOW times per window; the answer is the same 202 whatever happened, so it never
//   tells who is known (throttling is silent for the same reason: a 429 would only ever reach
//   known addresses), and costs the same work: an address that gets no link has its token and
//   email written and rolled back, so the answer's timing does not tell either.
// - Redeeming locks the token row, so a link is used at most once even under concurrent clicks;
//   an unknown, expired or used link writes nothing.
// - Redeeming accepts the invite the link was emailed with (if still pending) and no other: the
//   address's other pending invites are listed (GET /validator/v1/invites) for the person to
//   accept explicitly. Signing in must not enrol anyone in another organization's project
//   without their say.
// - Sign-in happens by POST only. The emailed link opens the sign-in page with the token in the
//   fragment; a GET of the old link form redirects there without looking the token up, so mail
//   scanners that follow links neither use a link up nor receive a session.
import type {
  AcceptMyInviteInput,
  AcceptMyInviteResult,
  CreateValidatorSessionInput,
  CreateValidatorSessionResult,
  DeleteValidatorSessionResult,
  FollowSignInLinkInput,
  FollowSignInLinkResult,
  InspectSignInLinkInput,
  InspectSignInLinkResult,
  ListMyInvitesResult,
  RequestSignInLinkInput,
  RequestSignInLinkResult,
} from '../generated/handlers.ts';
import type { PublicRequestContext, ValidatorRequestContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import * as db from '../db/sign-in.ts';
import type { TxSql } from '../db/client.ts';
import { normalizeEmail } from '../admin/admin.ts';
import { queueEmail } from '../email/outbox.ts';
import { SIGN_IN_PATTERN, emailSubject, hashToken, newSessionToken } from '../validator/tokens.ts';
import { LINK_MINUTES, issueSignInLink, signInPageUrl } from '../validator/sign-in-links.ts';
import { acceptInvite, countPendingInvites, emailOfUser, listPendingInvites } from '../db/validator-invites.ts';

/** On responses that carry a secret (a session token): kept by no cache, leaked by no Referer. */
const SECRET_RESPONSE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

const SESSION_DAYS = 30;
/** Links per address per LINK_MINUTES: enough for a lost email or two, not for mail-bombing. */
export const LINKS_PER_WINDOW = 5;

/** Thrown to roll back the statements of a link that is not sent (requestSignInLink). */
const NOTHING_SENT = new Error('nothing sent');

/** A sign-in link for `email`: its token, and its email with the job that sends it. */
async function issueLinkEmail(tx: TxSql, ctx: PublicRequestContext, email: string): Promise<void> {
  const { id, link } = await issueSignInLink(tx, {
    email,
    publicBaseUrl: ctx.config.publicBaseUrl,
    secretsKey: ctx.config.secretsKey,
  });
  await queueEmail(tx, {
    orgId: null,
    kind: 'sign_in_link',
    refId: id,
    to: email,
    signInTokenId: id,
    subject: 'Your Assay sign-in link',
    text:
      `Sign in to Assay as a validator with this link (valid for ` +
      `${LINK_MINUTES} minutes, usable once):\n\n${link}\n\n` +
      'If you did not ask for it, ignore this email: nothing happens until the link is used.\n',
  });
}

export async function requestSignInLink(
  { body }: RequestSignInLinkInput,
  ctx: PublicRequestContext,
): Promise<RequestSignInLinkResult> {
  const email = normalizeEmail(body.email);
  const outcome = await ctx.sql.begin(async (tx) => {
    // One request per address at a time, so the throttle count is exact.
    await db.lockAddress(tx, email);
    const known = await db.addressKnown(tx, email);
    const throttled = (await db.recentTokens(tx, email, LINK_MINUTES)) >= LINKS_PER_WINDOW;
    if (known && !throttled) {
      await issueLinkEmail(tx, ctx, email);
      return 'sent';
    }
    // Constant work: an address that gets no link costs the same statements as one that does
    // (the token, the email and its job are written, then rolled back to a savepoint), so how
    // long the answer takes does not tell who is known.
    await tx
      .savepoint(async (sp) => {
        await issueLinkEmail(sp, ctx, email);
        throw NOTHING_SENT;
      })
      .catch((err: unknown) => {
        if (err !== NOTHING_SENT) throw err;
      });
    return known ? 'throttled' : 'unknown';
  });
  // The address is not logged: the log must not become the list of who is known.
  ctx.log.info('sign-in link requested', { requestId: ctx.requestId, outcome });
  return {
    status: 202,
    body: {
      accepted: true,
      message: `If this address may sign in, a link valid for ${LINK_MINUTES} minutes is on its way.`,
    },
  };
}

export async function createValidatorSession(
  { body }: CreateValidatorSessionInput,
  ctx: PublicRequestContext,
): Promise<CreateValidatorSessionResult> {
  return { status: 201, body: await redeem(ctx, body.token), headers: SECRET_RESPONSE_HEADERS };
}

/** Links of the old form (`/validator/v1/sign-in?token=`): to the page, token untouched. */
export async function followSignInLink(
  { query }: FollowSignInLinkInput,
  ctx: PublicRequestContext,
): Promise<FollowSignInLinkResult> {
  return {
    status: 307,
    body: undefined,
    headers: {
      ...SECRET_RESPONSE_HEADERS,
      Location: signInPageUrl(ctx.config.publicBaseUrl, encodeURIComponent(query.token)),
    },
  };
}

export async function listMyInvites(_input: unknown, ctx: ValidatorRequestContext): Promise<ListMyInvitesResult> {
  const email = await emailOfUser(ctx.sql, ctx.session.userId);
  const rows = email ? await listPendingInvites(ctx.sql, email) : [];
  return {
    status: 200,
    body: {
      data: rows.map((r) => ({
        inviteId: r.id,
        projectId: r.project_id,
        projectName: r.project_name,
        organizationName: r.org_name,
        invitedByEmail: r.invited_by_email ?? '',
        createdAt: r.created_at.toISOString(),
      })),
    },
  };
}

export async function acceptMyInvite(
  { params }: AcceptMyInviteInput,
  ctx: ValidatorRequestContext,
): Promise<AcceptMyInviteResult> {
  const projectId = await ctx.sql.begin(async (tx) => {
    const email = await emailOfUser(tx, ctx.session.userId);
    return email ? acceptInvite(tx, params.inviteId, email, ctx.session.userId) : null;
  });
  if (!projectId)
    throw new ApiError('invite_not_found', `No pending invite ${params.inviteId} for your address.`, 'inviteId');
  return { status: 200, body: { inviteId: params.inviteId, projectId, accepted: true } };
}

export async function deleteValidatorSession(
  _input: unknown,
  ctx: ValidatorRequestContext,
): Promise<DeleteValidatorSessionResult> {
  await db.revokeSession(ctx.sql, ctx.session.sessionId);
  return { status: 204, body: undefined };
}

/**
 * Names the account a link signs in as, without using it: the sign-in page shows it (and the
 * account the browser is signed in as) before the person confirms, so a link crafted by someone
 * else cannot silently switch them into the crafter's account.
 */
export async function inspectSignInLink(
  { body }: InspectSignInLinkInput,
  ctx: PublicRequestContext,
): Promise<InspectSignInLinkResult> {
  if (!SIGN_IN_PATTERN.test(body.token)) throw linkInvalid('is not a valid link');
  const link = await db.peekSignInToken(ctx.sql, hashToken(body.token));
  if (!link) throw linkInvalid('is unknown');
  if (link.used) throw linkInvalid('has already been used');
  if (!link.live) throw linkInvalid('has expired');
  return {
    status: 200,
    body: { email: link.email, expiresAt: link.expires_at.toISOString() },
    headers: SECRET_RESPONSE_HEADERS,
  };
}

const linkInvalid = (why: string) =>
  new ApiError('sign_in_link_invalid', `This sign-in link ${why}; request a new one.`, 'token');

async function redeem(ctx: PublicRequestContext, token: string) {
  if (!SIGN_IN_PATTERN.test(token)) throw linkInvalid('is not a valid link');
  return ctx.sql.begin(async (tx) => {
    const link = await db.lockSignInToken(tx, hashToken(token));
    if (!link) throw linkInvalid('is unknown');
    if (link.used) throw linkInvalid('has already been used');
    if (!link.live) throw linkInvalid('has expired');
    await db.markTokenUsed(tx, link.id);
    const userId = await db.userFor(tx, link.email, emailSubject(link.email));
    const acceptedInvites = link.invite_id && (await acceptInvite(tx, link.invite_id, link.email, userId)) ? 1 : 0;
    const pendingInvites = await countPendingInvites(tx, link.email);
    const sessionToken = newSessionToken();
    const expiresAt = await db.insertSession(tx, userId, hashToken(sessionToken), SESSION_DAYS);
    return {
      sessionToken,
      userId,
      email: link.email,
      expiresAt: expiresAt.toISOString(),
      acceptedInvites,
      pendingInvites,
    };
  });
}
