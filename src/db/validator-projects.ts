// The projects a validator works on (the validation API's "my projects").
import type { Sql } from './client.ts';
import { projectSpec } from './projects.ts';

export type DatasetFormat = 'csv' | 'json' | 'jsonl' | 'markdown_split' | 'file_collection';

export interface MyProjectRow {
  id: string;
  name: string;
  paused: boolean;
  assigned_at: Date;
  class_id: string | null;
  instructions: string | null;
  format: DatasetFormat;
  /** The user's votes on the project since 00:00 UTC, and in all (votes_user_idx). */
  rated_today: number;
  rated_total: number;
}

/**
 * The user's live assignments to projects that are not archived, newest first, with the class held and the user's
 * progress.
 */
export function listMyProjects(sql: Sql, userId: string) {
  return sql<MyProjectRow[]>`
    select p.id, p.name, p.paused_at is not null as paused, a.assigned_at, g.class_id, s.compiled #>>
    '{validation,instructions}' as instructions,
      s.compiled #>> '{dataset,format}' as format,
      (select count(*)::int from votes v
        where v.user_id = ${userId} and v.project_id = p.id and v.created_at >= date_trunc('day', now(), 'UTC')) as
        rated_today,
      (select count(*)::int from votes v where v.user_id = ${userId} and v.project_id = p.id) as rated_total
    from project_assignments a
    join projects p on p.id = a.project_id
    left join class_grants g on g.project_id = p.id and g.user_id = a.user_id and g.revoked_at is null
    left join lateral ${projectSpec(sql, sql`p.id`)} s on true
    where a.user_id = ${userId} and a.revoked_at is null and p.archived_at is null
    order by a.assigned_at desc, p.id desc`;
}

/** How a project's content is presented (from its compiled spec): its format and its Markdown fields. */
export async function datasetPresentationOf(
  sql: Sql,
  projectId: string,
): Promise<{ format: DatasetFormat; markdownFields: string[] }> {
  const [row] = await sql<{ format: DatasetFormat; markdown_fields: string[] }[]>`
    select s.compiled #>> '{dataset,format}' as format,
      array(select jsonb_array_elements_text(coalesce(s.compiled #> '{dataset,markdownFields}', '[]'))) as
      markdown_fields
    from ${projectSpec(sql, projectId)} s`;
  return { format: row?.format ?? 'json', markdownFields: row?.markdown_fields ?? [] };
}
