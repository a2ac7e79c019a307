// A validator's own pending invites (/validator/v1). Signing in accepts only the invite the
// link was emailed with; the others are listed for the person and accepted one at a time.
import type { Sql, TxSql } from './client.ts';

export interface MyInviteRow {
  id: string;
  project_id: string;
  project_name: string;
  org_name: string;
  invited_by_email: string | null;
  created_at: Date;
}

/** Pending invites of the address in every organization, newest first (a person has few). */
export async function listPendingInvites(sql: Sql, email: string): Promise<MyInviteRow[]> {
  return sql<MyInviteRow[]>`
    select i.id, i.project_id, p.name as project_name, o.name as org_name, u.email as invited_by_email, i.created_at
    from invites i
    join projects p on p.id = i.project_id
    join organizations o on o.id = i.org_id
    left join users u on u.id = i.invited_by_user_id
    where i.email = ${email} and i.status = 'pending'
    order by i.created_at desc, i.id desc`;
}

export async function countPendingInvites(tx: Sql | TxSql, email: string): Promise<number> {
  const [{ n }] = await tx<
    { n: number }[]
  >`select count(*)::int as n from invites where email = ${email} and status = 'pending'`;
  return n;
}

/**
 * Accepts one pending invite of the address: assignment created (unless one is live), and the
 * pre-staged class granted after revoking any other live class of the user on that project.
 * Returns the project id, or null when it is not a pending invite of this address. The update
 * is conditional on `pending`, so it cannot interleave with a cancel of the same invite.
 */
export async function acceptInvite(tx: TxSql, inviteId: string, email: string, userId: string): Promise<string | null> {
  const [inv] = await tx<
    { org_id: string; project_id: string; class_id: string | null; evidence_note: string | null }[]
  >`
    update invites set status = 'accepted', assigned_at = now(), updated_at = now()
    where id = ${inviteId} and email = ${email} and status = 'pending'
    returning org_id, project_id, class_id, evidence_note`;
  if (!inv) return null;
  await tx`
    insert into project_assignments (org_id, project_id, user_id)
    values (${inv.org_id}, ${inv.project_id}, ${userId})
    on conflict (project_id, user_id) where revoked_at is null do nothing`;
  if (inv.class_id !== null) {
    await tx`
      update class_grants set revoked_at = now()
      where project_id = ${inv.project_id} and user_id = ${userId} and revoked_at is null and class_id <>
      ${inv.class_id}`;
    await tx`
      insert into class_grants (project_id, user_id, class_id, evidence_note)
      values (${inv.project_id}, ${userId}, ${inv.class_id}, ${inv.evidence_note})
      on conflict (project_id, user_id) where revoked_at is null do nothing`;
  }
  return inv.project_id;
}

/** The email of a signed-in validator (users.email is set for everyone who signed in by email). */
export async function emailOfUser(sql: Sql | TxSql, userId: string): Promise<string | null> {
  const [row] = await sql<{ email: string | null }[]>`select email from users where id = ${userId}`;
  return row?.email ?? null;
}
