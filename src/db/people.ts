// Roster, assignment and class-grant queries. The roster of an organization is its org validators
// (memberships.is_validator) union every user with a live project assignment in it; nobody
// outside that set is visible through these queries, so a user of another organization (or a
// member who is no validator) looks exactly like one who does not exist.
import type { Db, Sql, TxSql } from './client.ts';
import { keysetPage, type Page, type PageRequest } from './pagination.ts';

export interface ValidatorRow {
  id: string;
  subject: string;
  email: string | null;
  evm_address: string | null;
  is_originator: boolean;
  joined_at: Date;
}

/**
 * The roster with joinedAt: membership creation for org validators, else the first project
 * assignment in the organization (revoked ones included: that is when they joined).
 * `only` narrows it to one user id or one normalized email.
 */
function roster(sql: Db, orgId: string, only: { userId?: string; email?: string }) {
  return sql`
    with ids as (
      select user_id from memberships where org_id = ${orgId} and is_validator
      union
      select user_id from project_assignments where org_id = ${orgId} and revoked_at is null
    )
    select u.id, u.subject, u.email, u.evm_address, coalesce(m.is_originator, false) as is_originator,
           case when m.is_validator then m.created_at
                else (select min(pa.assigned_at) from project_assignments pa where pa.org_id = ${orgId} and pa.user_id
                = u.id)
           end as joined_at
    from ids
    join users u on u.id = ids.user_id
    left join memberships m on m.org_id = ${orgId} and m.user_id = u.id
    where true
      ${only.userId !== undefined ? sql`and u.id = ${only.userId}` : sql``}
      ${only.email !== undefined ? sql`and u.email = ${only.email}` : sql``}`;
}

export async function listRoster(sql: Sql, orgId: string, page: PageRequest): Promise<Page<ValidatorRow>> {
  return keysetPage<ValidatorRow>(sql, roster(sql, orgId, {}), 'joined_at', page);
}

export async function findRosterValidator(
  sql: Db,
  orgId: string,
  by: { userId?: string; email?: string },
): Promise<ValidatorRow | undefined> {
  const [row] = await sql<ValidatorRow[]>`${roster(sql, orgId, by)}`;
  return row;
}

/** Whether the user is a member of the organization at all (any flags), and as validator. */
export async function getMembership(
  sql: Db,
  orgId: string,
  userId: string,
): Promise<{ is_validator: boolean } | undefined> {
  const [row] = await sql<{ is_validator: boolean }[]>`
    select is_validator from memberships where org_id = ${orgId} and user_id = ${userId}`;
  return row;
}

/** autoEnroll: an existing member becomes an org validator (joinedAt stays the membership's creation). */
export async function promoteToValidator(tx: TxSql, orgId: string, userId: string): Promise<void> {
  await tx`update memberships set is_validator = true where org_id = ${orgId} and user_id = ${userId}`;
}

/** Whether the user was ever assigned in the organization (live or revoked). */
export async function everAssigned(sql: Db, orgId: string, userId: string): Promise<boolean> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from project_assignments where org_id = ${orgId} and user_id = ${userId}`;
  return row.n > 0;
}

/** The ids among `projectIds` that are projects of the organization. */
export async function projectsInOrg(sql: Db, orgId: string, projectIds: string[]): Promise<Set<string>> {
  const rows = await sql<
    { id: string }[]
  >`select id from projects where org_id = ${orgId} and id = any(${projectIds}::uuid[])`;
  return new Set(rows.map((r) => r.id));
}

/** The (project, class) pairs among `pairs` that the projects' specs declare. */
export async function declaredClasses(sql: Db, pairs: { projectId: string; classId: string }[]): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const rows = await sql<{ project_id: string; class_id: string }[]>`
    select project_id, class_id from validator_classes
    where (project_id, class_id) in (
      select * from unnest(${pairs.map((p) => p.projectId)}::uuid[], ${pairs.map((p) => p.classId)}::text[]))`;
  return new Set(rows.map((r) => `${r.project_id}/${r.class_id}`));
}

/** Creates a live assignment unless one exists; true when it was created. */
export async function assign(tx: TxSql, orgId: string, projectId: string, userId: string): Promise<boolean> {
  const rows = await tx`
    insert into project_assignments (org_id, project_id, user_id) values (${orgId}, ${projectId}, ${userId})
    on conflict (project_id, user_id) where revoked_at is null do nothing
    returning id`;
  return rows.length === 1;
}

export async function unassign(tx: TxSql, orgId: string, projectIds: string[], userId: string): Promise<void> {
  await tx`
    update project_assignments set revoked_at = now()
    where org_id = ${orgId} and user_id = ${userId} and project_id = any(${projectIds}::uuid[]) and revoked_at is null`;
}

export interface AssignmentRow {
  id: string;
  project_id: string;
  project_name: string;
  assigned_at: Date;
}

export async function listAssignments(sql: Sql, orgId: string, userId: string): Promise<AssignmentRow[]> {
  return sql<AssignmentRow[]>`
    select pa.id, pa.project_id, p.name as project_name, pa.assigned_at
    from project_assignments pa join projects p on p.id = pa.project_id
    where pa.org_id = ${orgId} and pa.user_id = ${userId} and pa.revoked_at is null
    order by pa.assigned_at desc, pa.id desc`;
}

export interface GrantRow {
  id: string;
  user_id: string;
  class_id: string;
  evidence_note: string;
}

/**
 * Grants a class: the validator's other live grant on the project is revoked first. When the
 * same class is already held, that grant is kept as it is (`created` false). A transaction lock
 * on (project, user) serializes two grants at once, which would otherwise both find nothing
 * held and collide on the one-live-grant index.
 */
export async function grantClass(
  tx: TxSql,
  projectId: string,
  userId: string,
  classId: string,
  evidenceNote: string,
): Promise<{ grant: GrantRow; created: boolean }> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`class_grant:${projectId}:${userId}`}, 0))`;
  const [held] = await tx<GrantRow[]>`
    select id, user_id, class_id, evidence_note from class_grants
    where project_id = ${projectId} and user_id = ${userId} and revoked_at is null`;
  if (held && held.class_id === classId) return { grant: held, created: false };
  if (held) await tx`update class_grants set revoked_at = now() where id = ${held.id}`;
  const [grant] = await tx<GrantRow[]>`
    insert into class_grants (project_id, user_id, class_id, evidence_note)
    values (${projectId}, ${userId}, ${classId}, ${evidenceNote})
    returning id, user_id, class_id, evidence_note`;
  return { grant, created: true };
}

/** Soft-revokes the class when the validator holds it on the project; nothing otherwise. */
export async function revokeClass(sql: Db, projectId: string, userId: string, classId: string): Promise<void> {
  await sql`
    update class_grants set revoked_at = now()
    where project_id = ${projectId} and user_id = ${userId} and class_id = ${classId} and revoked_at is null`;
}

/** Whether the user holds (or held) any class on the project: such a user is known there. */
export async function everGranted(sql: Db, projectId: string, userId: string): Promise<boolean> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from class_grants where project_id = ${projectId} and user_id = ${userId}`;
  return row.n > 0;
}
