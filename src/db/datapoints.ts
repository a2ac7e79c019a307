// Datapoints and their terminal consensus (contract tag Datapoints). Every query goes through the
// project and its organization: another organization's datapoint is simply not found.
import type { Sql } from './client.ts';
import { keysetPage, type Page, type PageRequest } from './pagination.ts';

export interface DatapointRow {
  id: string;
  checksum: string;
  source_file: string;
  source_row: number;
  created_at: Date;
  finalized_at: Date | null;
}

/** A project's datapoints, newest first; `status` keeps only terminal or only pending ones. */
export async function listDatapoints(
  sql: Sql,
  projectId: string,
  status: 'terminal' | 'pending' | undefined,
  page: PageRequest,
): Promise<Page<DatapointRow>> {
  const rows = sql`
    select id, encode(checksum, 'hex') as checksum, source_file, source_row, created_at, finalized_at
    from datapoints
    where project_id = ${projectId}
      ${
        status === 'terminal'
          ? sql`and finalized_at is not null`
          : status === 'pending'
            ? sql`and finalized_at is
        null`
            : sql``
      }`;
  return keysetPage<DatapointRow>(sql, rows, 'created_at', page);
}

export interface ConsensusRow {
  project_id: string;
  /** null while the datapoint has no terminal decision (and then the figures are null too). */
  decision_id: string | null;
  mean: number | null;
  median: number | null;
  strength: number | null;
}

/** A datapoint of the organization with its terminal decision, if any; undefined when not found. */
export async function getConsensus(sql: Sql, orgId: string, datapointId: string): Promise<ConsensusRow | undefined> {
  const [row] = await sql<ConsensusRow[]>`
    select d.project_id, c.id as decision_id, c.quality_rating_mean as mean, c.quality_rating_median as median,
    c.consensus_strength as strength
    from datapoints d
    join projects p on p.id = d.project_id and p.org_id = ${orgId}
    left join consensus_decisions c on c.datapoint_id = d.id
    where d.id = ${datapointId}`;
  return row;
}
