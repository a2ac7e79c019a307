// Datapoints of a project (an addition to the reference: the only way to learn datapoint ids).
import type { ListDatapointsInput, ListDatapointsResult } from '../generated/handlers.ts';
import type { RequestContext } from '../context.ts';
import { requireProject } from './projects.ts';
import { decodeCursor, toPage, CURSOR_FORMAT } from '../http/pagination.ts';

interface Row { id: string; checksum: string; source_file: string; source_row: number; created_at: Date; finalized_at: Date | null; cursor_t: string }

export async function listDatapoints({ params, query }: ListDatapointsInput, ctx: RequestContext): Promise<ListDatapointsResult> {
  const project = await requireProject(ctx, params.projectId);
  const limit = query.limit;
  const after = decodeCursor(query.cursor);
  const sql = ctx.sql;
  const rows = await sql<Row[]>`
    select id, encode(checksum, 'hex') as checksum, source_file, source_row, created_at, finalized_at, to_char(created_at at time zone 'UTC', ${CURSOR_FORMAT}) as cursor_t
    from datapoints
    where project_id = ${project.id}
      ${query.status === 'terminal' ? sql`and finalized_at is not null` : query.status === 'pending' ? sql`and finalized_at is null` : sql``}
      ${after ? sql`and (created_at, id) < (${after.t}::text::timestamptz, ${after.id}::uuid)` : sql``}
    order by created_at desc, id desc
    limit ${limit + 1}`;
  return {
    status: 200,
    body: toPage(rows, limit, (r) => ({
      id: r.id, checksum: r.checksum, sourceFile: r.source_file, sourceRow: r.source_row,
      createdAt: r.created_at.toISOString(), hasTerminalConsensus: r.finalized_at !== null,
    })),
  };
}
