// Invites (the API reference, section 3 States and transitions, Invite): an
// idempotent upsert keyed by the normalized email and the project, with a pre-staged class
// granted when the invitee signs in. The invitation email is written to
// the outbox and its send job enqueued in the same transaction as the invite, so a refused
// request sends nothing and a committed one is sent even if this process dies. One home for the
// rules of both doors that invite: the developer API (an originator's key) and the originator's
// session in the web app.
import type { Sql } from '../db/client.ts';
import type { Config } from '../config.ts';
import type { components } from '../generated/openapi-types.ts';
import { ApiError, errors } from '../errors.ts';
import { mapPage } from '../db/pagination.ts';
import { normalizeEmail } from '../admin/admin.ts';
import { declaredClasses } from '../db/people.ts';
import * as db from '../db/invites.ts';
import { queueEmail } from '../email/outbox.ts';
import { inviteMailRefusal, invitesCreatedToday } from '../db/invite-limits.ts';
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

type InviteRequest = components['schemas']['CreateInviteRequest'];
type InviteConfig = Pick<Config, 'invites' | 'publicBaseUrl' | 'secretsKey' | 'quotas'>;

/** Invites `body.email` to a project the caller's door has already found in `inviter.orgId`. */
export async function inviteToProject(
  sql: Sql,
  config: InviteConfig,
  inviter: { orgId: string; userId: string | null },
  project: { id: string; name: string },
  body: InviteRequest,
): Promise<Invite> {
  if (
    body.classId !== undefined &&
    !(await declaredClasses(sql, [{ projectId: project.id, classId: body.classId }])).size
  ) {
    throw errors.classNotInSpec(body.classId);
  }
  const wanted: db.NewInvite = {
    orgId: inviter.orgId,
    projectId: project.id,
    email: normalizeEmail(body.email),
    classId: body.classId ?? null,
    evidenceNote: body.classId !== undefined ? body.evidenceNote! : null,
    invitedBy: inviter.userId,
  };
  const row = await sql.begin(async (tx) => {
    const found = await db.insertOrLock(tx, wanted);
    // Rows, with or without an email: a quota of new invites per organization (the new one is
    // counted; refused, the transaction rolls it back).
    const max = config.quotas.maxInvitesPerOrgPerDay;
    if (found.created && (await invitesCreatedToday(tx, inviter.orgId)) > max)
      throw new ApiError(
        'invite_limit_reached',
        `The organization has created ${max} invites in the last 24 hours, as many as it may; invite more later.`,
      );
    // Pending: returned unchanged. Accepted: returned as is, no email. Cancelled: reactivated.
    const issue = found.created || found.status === 'cancelled';
    if (found.status === 'cancelled') await db.reactivate(tx, found.id, wanted);
    const invite = (await db.getInvite(tx, project.id, found.id))!;
    if (issue && body.sendEmail) {
      // Mail from our domain with a name the tenant chose: limited per organization and per
      // recipient, and a cancelled-and-reissued invite waits out a cool-down. Refused: nothing
      // of this request is kept (the transaction rolls back).
      const refusal = await inviteMailRefusal(tx, inviter.orgId, invite.email, invite.id, config.invites);
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
        publicBaseUrl: config.publicBaseUrl,
        secretsKey: config.secretsKey,
        minutes: INVITATION_LINK_MINUTES,
        inviteId: invite.id,
      });
      const { subject, text } = invitationText({
        projectName: project.name,
        inviterEmail: invite.invited_by_email,
        link,
      });
      await queueEmail(tx, {
        orgId: inviter.orgId,
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
  return toInvite(row);
}

/** A page of the project's pending and cancelled invites, newest first. */
export async function invitesOf(
  sql: Sql,
  projectId: string,
  page: { limit: number; cursor?: string },
): Promise<components['schemas']['InviteList']> {
  return mapPage(await db.listInvites(sql, projectId, { limit: page.limit, cursor: page.cursor }), toInvite);
}

/** Cancels a pending invite of the project; an accepted one is a conflict, any other not found. */
export async function cancelInvite(sql: Sql, projectId: string, inviteId: string): Promise<void> {
  const outcome = await db.cancelPending(sql, projectId, inviteId);
  if (outcome === 'accepted')
    throw new ApiError(
      'invite_already_accepted',
      'The invite was accepted; remove the validator with unassign instead.',
      'inviteId',
    );
  // A cancelled invite is gone for the API (the Invite table of developer-api.md, section 3), like
  // another project's.
  if (outcome !== 'done')
    throw new ApiError('invite_not_found', `No pending invite ${inviteId} in this project.`, 'inviteId');
}
