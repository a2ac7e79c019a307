// Limits on invitation emails (docs/security.md): mail from our domain, with a project name the
// tenant chose, must not become a spam cannon. Counted from the sign-in links invitations carry
// (sign_in_tokens.invite_id), which are kept (hashed) after the email is sent and blanked.
import type { TxSql } from './client.ts';

export interface InviteMailLimits {
  /** Invitation emails per organization per hour. */
  readonly perOrgPerHour: number;
  /**
   * Invitation emails per recipient address per day from one organization: each organization has
   * its own count, so one cannot use up what the others may send the same person.
   */
  readonly perRecipientPerDay: number;
  /** Minutes before the same invite (cancelled and invited again) is emailed again. */
  readonly resendCooldownMinutes: number;
}

export interface Refusal {
  reason: string;
  retryAfterSeconds: number;
}

/**
 * Null when one more invitation email may go out now, else why not and when to retry. Takes
 * transaction locks on the organization and the recipient, so concurrent invites count exactly;
 * call it in the transaction that issues the email.
 */
export async function inviteMailRefusal(
  tx: TxSql,
  orgId: string,
  email: string,
  inviteId: string,
  limits: InviteMailLimits,
): Promise<Refusal | null> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${'invite_mail_org:' + orgId}, 0))`;
  await tx`select pg_advisory_xact_lock(hashtextextended(${'invite_mail_to:' + orgId + ':' + email}, 0))`;
  const [row] = await tx<
    { same: number | null; org_n: number; org_wait: number | null; to_n: number; to_wait: number | null }[]
  >`
    select
      (select ceil(extract(epoch from max(t.created_at) + make_interval(mins => ${limits.resendCooldownMinutes}) -
      now()))::int
         from sign_in_tokens t where t.invite_id = ${inviteId}
          and t.created_at > now() - make_interval(mins => ${limits.resendCooldownMinutes})) as same,
      count(*) filter (where i.org_id = ${orgId} and t.created_at > now() - interval '1 hour')::int as org_n,
      ceil(extract(epoch from min(t.created_at) filter (where i.org_id = ${orgId} and t.created_at > now() - interval
      '1 hour') + interval '1 hour' - now()))::int as org_wait,
      count(*) filter (where t.email = ${email})::int as to_n,
      ceil(extract(epoch from min(t.created_at) filter (where t.email = ${email}) + interval '1 day' - now()))::int as
      to_wait
    from sign_in_tokens t join invites i on i.id = t.invite_id
    where t.invite_id is not null and t.created_at > now() - interval '1 day' and i.org_id = ${orgId}`;
  const wait = (s: number | null) => Math.max(1, s ?? 1);
  if (row?.same !== null && row?.same !== undefined) {
    return {
      reason: `This invitation was emailed less than ${limits.resendCooldownMinutes} minutes ago.`,
      retryAfterSeconds: wait(row.same),
    };
  }
  if ((row?.org_n ?? 0) >= limits.perOrgPerHour) {
    return {
      reason: `The organization has sent ${limits.perOrgPerHour} invitation emails in the last hour.`,
      retryAfterSeconds: wait(row!.org_wait),
    };
  }
  if ((row?.to_n ?? 0) >= limits.perRecipientPerDay) {
    return {
      reason:
        `This address has received ${limits.perRecipientPerDay} invitation emails from the organization in the ` +
        'last day.',
      retryAfterSeconds: wait(row!.to_wait),
    };
  }
  return null;
}

/**
 * Invites the organization created in the last 24 hours, counted under a transaction lock on the
 * organization, so concurrent invites count exactly; call it in the transaction that creates one.
 */
export async function invitesCreatedToday(tx: TxSql, orgId: string): Promise<number> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${'invite_quota:' + orgId}, 0))`;
  const [row] = await tx<{ n: number }[]>`
    select count(*)::int as n from invites where org_id = ${orgId} and created_at > now() - interval '1 day'`;
  return row!.n;
}
