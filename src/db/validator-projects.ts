// The projects a validator works on (the validation API's "my projects").
import type { Sql } from './client.ts';
import { projectSpec } from './projects.ts';

export interface MyProjectRow { id: string; name: string; paused: boolean; assigned_at: Date; class_id: string | null; instructions: string | null }

/** The user's live assignments to projects that are not archived, newest first, with the class held. */
export function listMyProjects(sql: Sql, userId: string) {
  return sql<MyProjectRow[]>`
    select p.id, p.name, p.paused_at is not null as paused, a.assigned_at, g.class_id,
      (select s.compiled #>> '{validation,instructions}' from ${projectSpec(sql, sql`p.id`)} s) as instructions
    from project_assignments a
    join projects p on p.id = a.project_id
    left join class_grants g on g.project_id = p.id and g.user_id = a.user_id and g.revoked_at is null
    where a.user_id = ${userId} and a.revoked_at is null and p.archived_at is null
    order by a.assigned_at desc, p.id desc`;
}
