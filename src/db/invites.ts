// Invite queries. One row per (project, normalized email): a repeat invite finds the same row.
import type { Db, Sql, TxSql } from './client.ts';
import { keysetPage, type Page, type PageRequest } from './pagination.ts';

export interface InviteRow {
  id: string;
  project_id: string;
  email: string;
  status: 'pending' | 'accepted' | 'cancelled';
  class_id: string | null;
  evidence_note: string | null;
  assigned_at: Date | null;
  cancelled_at: Date | null;
  email_sent_at: Date | null;
  created_at: Date;
  invited_by_email: string | null;
}

/** The invites of a project with their inviter's email; `where` narrows them. */
const invites = (sql: Db, projectId: string, where = sql``) => sql`
  select i.id, i.project_id, i.email, i.status, i.class_id, i.evidence_note, i.assigned_at, i.cancelled_at,
    i.email_sent_at, i.created_at, u.email as invited_by_email
  from invites i left join users u on u.id = i.invited_by_user_id
  where i.project_id = ${projectId} ${where}`;

export async function getInvite(sql: Db, projectId: string, inviteId: string): Promise<InviteRow | undefined> {
  const [row] = await sql<InviteRow[]>`${invites(sql, projectId, sql`and i.id = ${inviteId}`)}`;
  return row;
}

export interface NewInvite {
  orgId: string;
  projectId: string;
  email: string;
  classId: string | null;
  evidenceNote: string | null;
  invitedBy: string | null;
}

/**
 * Creates the invite, or locks and returns the existing one of that (project, email) with
 * `created` false. Insert-first makes two concurrent invites of one address meet on the unique
 * key instead of both creating a row.
 */
export async function insertOrLock(
  tx: TxSql,
  i: NewInvite,
): Promise<{ id: string; status: InviteRow['status']; created: boolean }> {
  const [inserted] = await tx<{ id: string }[]>`
    insert into invites (org_id, project_id, email, class_id, evidence_note, invited_by_user_id)
    values (${i.orgId}, ${i.projectId}, ${i.email}, ${i.classId}, ${i.evidenceNote}, ${i.invitedBy})
    on conflict (project_id, email) do nothing
    returning id`;
  if (inserted) return { id: inserted.id, status: 'pending', created: true };
  const [existing] = await tx<{ id: string; status: InviteRow['status'] }[]>`
    select id, status from invites where project_id = ${i.projectId} and email = ${i.email} for update`;
  return { ...existing, created: false };
}

/**
 * A cancelled invite becomes pending again with the new request's class and inviter. Its id and
 * createdAt stay; emailSentAt is cleared because it describes the invitation now in force.
 */
export async function reactivate(tx: TxSql, id: string, i: NewInvite): Promise<void> {
  await tx`
    update invites set status = 'pending', cancelled_at = null, class_id = ${i.classId}, evidence_note =
    ${i.evidenceNote},
      invited_by_user_id = ${i.invitedBy}, email_sent_at = null, updated_at = now()
    where id = ${id}`;
}

/**
 * Cancels a pending invite in one statement (a sign-in accepting it at the same moment either
 * comes first, and the invite is accepted, or waits). 'done' when it was pending, else the
 * status found ('accepted' or 'cancelled'), or undefined when the project has no such invite.
 */
export async function cancelPending(
  sql: Sql,
  projectId: string,
  inviteId: string,
): Promise<'done' | 'accepted' | 'cancelled' | undefined> {
  const [done] = await sql`
    update invites set status = 'cancelled', cancelled_at = now(), updated_at = now()
    where project_id = ${projectId} and id = ${inviteId} and status = 'pending'
    returning id`;
  if (done) return 'done';
  const [row] = await sql<
    { status: 'accepted' | 'cancelled' }[]
  >`select status from invites where project_id = ${projectId} and id = ${inviteId}`;
  return row?.status;
}

/** Pending and cancelled invites, newest first; accepted invitees are on the roster instead. */
export async function listInvites(sql: Sql, projectId: string, page: PageRequest): Promise<Page<InviteRow>> {
  return keysetPage<InviteRow>(
    sql,
    invites(sql, projectId, sql`and i.status in ('pending', 'cancelled')`),
    'created_at',
    page,
  );
}
