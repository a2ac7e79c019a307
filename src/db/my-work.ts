// What the web app shows a signed-in person about themselves: their memberships (getMe) and, per
// assigned project, their progress and the project's remaining open validations (listMyProjects).
import type { Sql } from './client.ts';

export interface Membership { orgId: string; code: string; name: string; originator: boolean; validator: boolean }

export async function personOf(sql: Sql, userId: string): Promise<{ email: string; organizations: Membership[] } | undefined> {
  const [user] = await sql<{ email: string | null }[]>`select email from users where id = ${userId}`;
  if (!user) return undefined;
  const organizations = await sql<Membership[]>`
    select o.id as "orgId", o.code, o.name, m.is_originator as originator, m.is_validator as validator
    from memberships m join organizations o on o.id = m.org_id
    where m.user_id = ${userId}
    order by o.name, o.id`;
  return { email: user.email ?? '', organizations };
}

export interface ProjectWork {
  format: 'csv' | 'json' | 'jsonl' | 'markdown_split' | 'file_collection';
  ratedToday: number;
  ratedTotal: number;
  openSlots: number;
}

/**
 * Per project: the dataset format, the person's votes (today counts from 00:00 UTC; the
 * votes_user_idx index makes both counts index-only walks over this person's votes) and the
 * validations still open to claim by anyone, where a claim that ran out counts as open.
 */
export async function workOf(sql: Sql, userId: string, projectIds: string[]): Promise<Map<string, ProjectWork>> {
  if (projectIds.length === 0) return new Map();
  const rows = await sql<(ProjectWork & { id: string })[]>`
    select p.id,
      (select compiled #>> '{dataset,format}' from project_specs where project_id = p.id order by created_at limit 1) as format,
      (select count(*)::int from votes v
        where v.user_id = ${userId} and v.project_id = p.id and v.created_at >= date_trunc('day', now(), 'UTC')) as "ratedToday",
      (select count(*)::int from votes v where v.user_id = ${userId} and v.project_id = p.id) as "ratedTotal",
      (select count(*)::int from validation_slots s
        where s.project_id = p.id and (s.status = 'open' or (s.status = 'claimed' and s.claim_expires_at <= now()))) as "openSlots"
    from unnest(${projectIds}::uuid[]) as p(id)`;
  return new Map(rows.map(({ id, ...work }) => [id, work]));
}

/** The dataset format of a project (from its compiled spec). */
export async function datasetFormatOf(sql: Sql, projectId: string): Promise<ProjectWork['format']> {
  const [row] = await sql<{ format: ProjectWork['format'] }[]>`
    select compiled #>> '{dataset,format}' as format from project_specs where project_id = ${projectId} order by created_at limit 1`;
  return row?.format ?? 'json';
}
