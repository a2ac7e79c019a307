// Invites (the API reference, section 3 States and transitions, Invite): an
// idempotent upsert keyed by the normalized email and the project, with a pre-staged class
// granted when the invitee signs in. The invitation email is written to
// the outbox and its send job enqueued in the same transaction as the invite, so a refused
// request sends nothing and a committed one is sent even if this process dies.
import type {
  CancelProjectInviteInput,
  CancelProjectInviteResult,
  CreateInviteInput,
  CreateInviteResult,
  ListProjectInvitesInput,
  ListProjectInvitesResult,
} from '../generated/handlers.ts';
import type { components } from '../generated/openapi-types.ts';
import type { RequestContext } from '../context.ts';
import { ApiError, errors } from '../errors.ts';
import { mapPage } from '../db/pagination.ts';
import { normalizeEmail } from '../admin/admin.ts';
import { requireProject } from './projects.ts';
import { declaredClasses } from '../db/people.ts';
import * as db from '../db/invites.ts';
import { queueEmail } from '../email/outbox.ts';
import { inviteMailRefusal } from '../db/invite-limits.ts';
import { INVITATION_LINK_MINUTES, issueSignInLink } from '../validator/sign-in-links.ts';

type Invite = components['schemas']['Invite'];

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function toInvite(row: db.InviteRow): Invite {
  return {
    id: row.id,
    email: row.email,
    projectId: row.project_id,
    status: row.status,
    assignedAt: iso(row.assigned_at),
    cancelledAt: iso(row.cancelled_at),
    invitedByEmail: row.invited_by_email ?? '',
    emailSentAt: iso(row.email_sent_at),
    createdAt: row.created_at.toISOString(),
    activeClassIds: row.class_id ? [row.class_id] : [],
  };
}

function invitationText(p: { projectName: string; inviterEmail: string | null; link: string }): {
  subject: string;
  text: string;
} {
  const who = p.inviterEmail ? `${p.inviterEmail} has invited you` : 'You are invited';
  return {
    subject: `Invitation to validate "${p.projectName}" on Assay`,
    text: [
      `${who} to validate the data of the project "${p.projectName}" on Assay.`,
      '',
      'Sign in with this link to accept the invitation and start rating datapoints:',
      p.link,
      '',
      'The link works once, for 72 hours; after that, ask for a new one with POST /validator/v1/sign-in-links.',
      'If you did not expect this invitation, you can ignore this email.',
    ].join('\n'),
  };
}

export async function createInvite(
  { params, body }: CreateInviteInput,
  ctx: RequestContext,
): Promise<CreateInviteResult> {
  const project = await requireProject(ctx, params.projectId);
  if (
    body.classId !== undefined &&
    !(await declaredClasses(ctx.sql, [{ projectId: project.id, classId: body.classId }])).size
  ) {
    throw errors.classNotInSpec(body.classId);
  }
  const wanted: db.NewInvite = {
    orgId: ctx.auth.orgId,
    projectId: project.id,
    email: normalizeEmail(body.email),
    classId: body.classId ?? null,
    evidenceNote: body.classId !== undefined ? body.evidenceNote! : null,
    invitedBy: ctx.auth.userId,
  };
  const row = await ctx.sql.begin(async (tx) => {
    const found = await db.insertOrLock(tx, wanted);
    // Pending: returned unchanged. Accepted: returned as is, no email. Cancelled: reactivated.
    const issue = found.created || found.status === 'cancelled';
    if (found.status === 'cancelled') await db.reactivate(tx, found.id, wanted);
    const invite = (await db.getInvite(tx, project.id, found.id))!;
    if (issue && body.sendEmail) {
      // Mail from our domain with a name the tenant chose: limited per organization and per
      // recipient, and a cancelled-and-reissued invite waits out a cool-down. Refused: nothing
      // of this request is kept (the transaction rolls back).
      const refusal = await inviteMailRefusal(tx, ctx.auth.orgId, invite.email, invite.id, ctx.config.invites);
      if (refusal) {
        throw new ApiError(
          'rate_limited',
          `${refusal.reason} Retry in ${refusal.retryAfterSeconds} seconds, or invite with sendEmail false.`,
          undefined,
          { 'Retry-After': String(refusal.retryAfterSeconds) },
        );
      }
      // The invitation carries a one-time sign-in link of its own; following it signs the
      // invitee in and accepts this invite (not the address's others: validator sign-in).
      const { id: tokenId, link } = await issueSignInLink(tx, {
        email: invite.email,
        publicBaseUrl: ctx.config.publicBaseUrl,
        secretsKey: ctx.config.secretsKey,
        minutes: INVITATION_LINK_MINUTES,
        inviteId: invite.id,
      });
      const { subject, text } = invitationText({
        projectName: project.name,
        inviterEmail: invite.invited_by_email,
        link,
      });
      await queueEmail(tx, {
        orgId: ctx.auth.orgId,
        kind: 'invite',
        refId: invite.id,
        to: invite.email,
        subject,
        text,
        signInTokenId: tokenId,
      });
    }
    return invite;
  });
  return { status: 200, body: toInvite(row) };
}

export async function listProjectInvites(
  { params, query }: ListProjectInvitesInput,
  ctx: RequestContext,
): Promise<ListProjectInvitesResult> {
  const project = await requireProject(ctx, params.projectId);
  const page = await db.listInvites(ctx.sql, project.id, { limit: query.limit, cursor: query.cursor });
  return { status: 200, body: mapPage(page, toInvite) };
}

export async function cancelProjectInvite(
  { params }: CancelProjectInviteInput,
  ctx: RequestContext,
): Promise<CancelProjectInviteResult> {
  const project = await requireProject(ctx, params.projectId);
  const outcome = await db.cancelPending(ctx.sql, project.id, params.inviteId);
  if (outcome === 'accepted')
    throw new ApiError(
      'invite_already_accepted',
      'The invite was accepted; remove the validator with unassign instead.',
      'inviteId',
    );
  // A cancelled invite is gone for the API (the Invite table of developer-api.md, section 3), like
  // another project's.
  if (outcome !== 'done')
    throw new ApiError('invite_not_found', `No pending invite ${params.inviteId} in this project.`, 'inviteId');
  return { status: 200, body: { cancelled: true } };
}
