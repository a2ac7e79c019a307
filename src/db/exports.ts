// Report export queries (contract tag Reports): the project's headline figures and the
// per-datapoint rows, streamed. Rendering and storing an export is src/services/exports.ts.
import type { Sql } from './client.ts';
import type { ExportRow } from '../domain/export-formats.ts';

/** Rows per cursor fetch when streaming export rows. */
const BATCH = 2000;

export interface ExportSummary {
  name: string;
  org_id: string;
  auto_consensus_used: boolean;
  total: number;
  finalized: number;
  /** Means over the finalized datapoints; null when none is. */
  mean: number | null;
  strength: number | null;
}

/** The project of the organization with its datapoint and decision counts, or undefined. */
export async function exportSummary(sql: Sql, orgId: string, projectId: string): Promise<ExportSummary | undefined> {
  const [p] = await sql<ExportSummary[]>`
    select p.name, p.org_id, p.auto_consensus_used,
      (select count(*)::int from datapoints where project_id = p.id) as total,
      (select count(*)::int from consensus_decisions where project_id = p.id) as finalized,
      (select avg(quality_rating_mean) from consensus_decisions where project_id = p.id) as mean,
      (select avg(consensus_strength) from consensus_decisions where project_id = p.id) as strength
    from projects p where p.id = ${projectId} and p.org_id = ${orgId}`;
  return p;
}

/** Every datapoint of the project in ingestion order with its decision, if any, in batches. */
export function streamExportRows(sql: Sql, projectId: string) {
  return sql<ExportRow[]>`
    select d.id as "datapointId", d.source_file as "sourceFile", d.source_row as "sourceRow", left(d.content::text, 120) as excerpt,
      c.id as "consensusDecisionId", c.quality_rating_mean as "qualityRatingMean", c.quality_rating_median as "qualityRatingMedian",
      c.consensus_strength as "consensusStrength", c.contested
    from datapoints d left join consensus_decisions c on c.datapoint_id = d.id
    where d.project_id = ${projectId} order by d.seq`.cursor(BATCH);
}
