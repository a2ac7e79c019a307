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
import type { TxSql } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
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
    await tx`select pg_advisory_xact_lock(hashtextextended(${'sign_in:' + email}, 0))`;
    const [{ known }] = await tx<{ known: boolean }[]>`
      select exists (select 1 from users where email = ${email})
        or exists (select 1 from invites where email = ${email} and status = 'pending') as known`;
    if (!known) return 'unknown';
    const [{ recent }] = await tx<{ recent: number }[]>`
      select count(*)::int as recent from sign_in_tokens
      where email = ${email} and created_at > now() - make_interval(mins => ${LINK_MINUTES})`;
    if (recent >= LINKS_PER_WINDOW) return 'throttled';
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
  await ctx.sql`update validator_sessions set revoked_at = now() where id = ${ctx.session.sessionId} and revoked_at is null`;
  return { status: 204, body: undefined };
}

const linkInvalid = (why: string) => new ApiError('sign_in_link_invalid', `This sign-in link ${why}; request a new one.`, 'token');

async function redeem(ctx: PublicRequestContext, token: string) {
  if (!SIGN_IN_PATTERN.test(token)) throw linkInvalid('is not a valid link');
  return ctx.sql.begin(async (tx) => {
    const [link] = await tx<{ id: string; email: string; used: boolean; live: boolean }[]>`
      select id, email, used_at is not null as used, expires_at > now() as live
      from sign_in_tokens where token_hash = ${hashToken(token)}
      for update`;
    if (!link) throw linkInvalid('is unknown');
    if (link.used) throw linkInvalid('has already been used');
    if (!link.live) throw linkInvalid('has expired');
    await tx`update sign_in_tokens set used_at = now() where id = ${link.id}`;
    const userId = await userFor(tx, link.email);
    const acceptedInvites = await acceptInvites(tx, link.email, userId);
    const sessionToken = newSessionToken();
    const [session] = await tx<{ expires_at: Date }[]>`
      insert into validator_sessions (user_id, token_hash, expires_at)
      values (${userId}, ${hashToken(sessionToken)}, now() + make_interval(days => ${SESSION_DAYS}))
      returning expires_at`;
    return { sessionToken, userId, email: link.email, expiresAt: session!.expires_at.toISOString(), acceptedInvites };
  });
}

/** The user of the address; created on first sign-in with a subject that never changes. */
async function userFor(tx: TxSql, email: string): Promise<string> {
  const [existing] = await tx<{ id: string }[]>`select id from users where email = ${email}`;
  if (existing) return existing.id;
  // `on conflict do nothing`: a concurrent first sign-in of the same address created it first.
  await tx`insert into users (email, subject) values (${email}, ${emailSubject(email)}) on conflict do nothing`;
  const [created] = await tx<{ id: string }[]>`select id from users where email = ${email}`;
  return created!.id;
}

/**
 * Accepts every pending invite of the address: assignment created (unless one is live), and the
 * pre-staged class granted after revoking any other live class of the user on that project.
 */
async function acceptInvites(tx: TxSql, email: string, userId: string): Promise<number> {
  const invites = await tx<{ org_id: string; project_id: string; class_id: string | null; evidence_note: string | null }[]>`
    update invites set status = 'accepted', assigned_at = now(), updated_at = now()
    where email = ${email} and status = 'pending'
    returning org_id, project_id, class_id, evidence_note`;
  for (const inv of invites) {
    await tx`
      insert into project_assignments (org_id, project_id, user_id)
      values (${inv.org_id}, ${inv.project_id}, ${userId})
      on conflict (project_id, user_id) where revoked_at is null do nothing`;
    if (inv.class_id === null) continue;
    await tx`
      update class_grants set revoked_at = now()
      where project_id = ${inv.project_id} and user_id = ${userId} and revoked_at is null and class_id <> ${inv.class_id}`;
    await tx`
      insert into class_grants (project_id, user_id, class_id, evidence_note)
      values (${inv.project_id}, ${userId}, ${inv.class_id}, ${inv.evidence_note})
      on conflict (project_id, user_id) where revoked_at is null do nothing`;
  }
  return invites.length;
}
