// The originator's view through a browser session: projects of the organizations where the
// signed-in person is an originator. Membership is checked in every query, so a project of any
// other organization (or of one where the person is only a validator) is simply not found.
import type { Sql } from './client.ts';
import type { ProjectRow } from './projects.ts';
import type { RunRow } from './uploads.ts';

export interface OriginatorProjectRow extends ProjectRow {
  org_id: string;
  org_code: string;
  org_name: string;
  datapoints: number;
  decisions: number;
  contested: number;
}

const columns = (sql: Sql) => sql`
  p.*, '' as cursor_t, o.code as org_code, o.name as org_name,
  coalesce(s.datapoints, 0)::int as datapoints, coalesce(s.decisions, 0)::int as decisions, coalesce(s.contested,
  0)::int as contested`;

export async function originatorProjects(sql: Sql, userId: string): Promise<OriginatorProjectRow[]> {
  return sql<OriginatorProjectRow[]>`
    select ${columns(sql)}
    from memberships m
    join organizations o on o.id = m.org_id
    join projects p on p.org_id = m.org_id
    left join project_data_state s on s.project_id = p.id
    where m.user_id = ${userId} and m.is_originator
    order by p.created_at desc, p.id desc`;
}

export async function originatorProject(
  sql: Sql,
  userId: string,
  projectId: string,
): Promise<OriginatorProjectRow | undefined> {
  const [row] = await sql<OriginatorProjectRow[]>`
    select ${columns(sql)}
    from projects p
    join memberships m on m.org_id = p.org_id and m.user_id = ${userId} and m.is_originator
    join organizations o on o.id = p.org_id
    left join project_data_state s on s.project_id = p.id
    where p.id = ${projectId}`;
  return row;
}

/** The project's latest ingest runs, newest first (through the sessions' project index). */
export async function latestRuns(sql: Sql, projectId: string, limit = 20): Promise<RunRow[]> {
  return sql<RunRow[]>`
    select r.* from upload_sessions s join ingest_runs r on r.session_id = s.id
    where s.project_id = ${projectId}
    order by r.started_at desc, r.id desc
    limit ${limit}`;
}
