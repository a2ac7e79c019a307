// Report export queries (contract tag Reports): the project as an export request sees it, the
// headline figures and the per-datapoint rows, streamed. Producing an export is
// src/services/exports.ts; the artifact rows are src/db/report-artifacts.ts.
import type { Db, TxSql } from './client.ts';
import { projectSpec } from './projects.ts';
import type { ExportRow, VoteExportRow } from '../domain/export-formats.ts';
import { readDataState, type DataState } from './proof-reports.ts';

/** Rows per cursor fetch when streaming export rows. */
const EXPORT_BATCH = 5000;

export interface ExportSubject {
  orgId: string;
  name: string;
  autoConsensusUsed: boolean;
  state: DataState;
}

/** The project of the organization with its data state (the row the writing statements keep: O(1)), or undefined. */
export async function exportSubject(sql: Db, orgId: string, projectId: string): Promise<ExportSubject | undefined> {
  const [p] = await sql<(Omit<ExportSubject, 'state'> & { id: string })[]>`
    select id, org_id as "orgId", name, auto_consensus_used as "autoConsensusUsed" from projects where id =
    ${projectId} and org_id = ${orgId}`;
  if (!p) return undefined;
  return {
    orgId: p.orgId,
    name: p.name,
    autoConsensusUsed: p.autoConsensusUsed,
    state: await readDataState(sql, projectId),
  };
}

export interface ExportFigures {
  name: string;
  /** The spec's dataset.idField, if it names one. */
  idField: string | null;
  /** The source's field order of the contents (projects.content_field_order). */
  fieldOrder: string[];
  autoConsensusUsed: boolean;
  /** Means over the finalized datapoints; null when none is. */
  mean: number | null;
  strength: number | null;
}

/** The project's name and headline figures, in the caller's snapshot. */
export async function exportFigures(tx: TxSql, projectId: string): Promise<ExportFigures> {
  const [p] = await tx<ExportFigures[]>`
    select p.name, p.auto_consensus_used as "autoConsensusUsed", f.mean, f.strength, p.content_field_order as
    "fieldOrder",
      (select s.compiled #>> '{dataset,idField}' from ${projectSpec(tx, tx`p.id`)} s) as "idField"
    from projects p,
      lateral (select avg(quality_rating_mean)::float8 as mean, avg(consensus_strength)::float8 as strength
               from consensus_decisions where project_id = p.id) f
    where p.id = ${projectId}`;
  return p!;
}

/**
 * Every vote of the project, by datapoint then time, with whether its datapoint is decided and
 * the weight it carried in the decision.
 */
export function streamProjectVotes(tx: TxSql, projectId: string) {
  return tx<VoteExportRow[]>`
    select v.datapoint_id as "datapointId", v.voter, v.class_id as "classId", v.synthetic,
      exists (select 1 from consensus_decisions c where c.datapoint_id = v.datapoint_id) as decided,
      d.gold_rating is not null as gold, coalesce(v.decision_weight, v.weight) as weight, v.rating,
      v.created_at as "votedAt"
    from votes v join datapoints d on d.id = v.datapoint_id
    where v.project_id = ${projectId}
    order by v.datapoint_id, v.created_at, v.id`.cursor(EXPORT_BATCH);
}

/**
 * The project's datapoints (not gold items) in ingestion order with their decision, if any, in batches; the first
 * `limit` or all. A cursor, so memory stays flat whatever the project's size.
 */
export function streamExportRows(tx: TxSql, projectId: string, limit: number | null = null) {
  return tx<ExportRow[]>`
    select d.id as "datapointId", d.source_file as "sourceFile", d.source_row as "sourceRow",
      d.content, d.content_key_order as "keyOrder",
      c.id as "consensusDecisionId", c.quality_rating_mean as "qualityRatingMean",
      c.quality_rating_median as "qualityRatingMedian",
      c.consensus_strength as "consensusStrength", c.contested
    from datapoints d left join consensus_decisions c on c.datapoint_id = d.id
    where d.project_id = ${projectId} and d.gold_rating is null
    order by d.seq ${limit === null ? tx`` : tx`limit ${limit}`}`.cursor(EXPORT_BATCH);
}

/** What the project's spec asks of validators: its instructions and validators per datapoint. */
export async function exportSpecValidation(
  tx: TxSql,
  projectId: string,
): Promise<{ instructions: string; validatorsPerDatapoint: number }> {
  const [row] = await tx<{ instructions: string | null; validatorsPerDatapoint: number | null }[]>`
    select s.compiled -> 'validation' ->> 'instructions' as instructions,
      (s.compiled -> 'validation' ->> 'validatorsPerDatapoint')::int as "validatorsPerDatapoint"
    from ${projectSpec(tx, projectId)} s`;
  return { instructions: row?.instructions ?? '', validatorsPerDatapoint: row?.validatorsPerDatapoint ?? 0 };
}
