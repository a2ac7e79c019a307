// The terminal consensus of one datapoint.
import type { GetDatapointConsensusInput, GetDatapointConsensusResult } from '../generated/handlers.ts';
import type { RequestContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';

interface Row {
  project_id: string;
  decision_id: string | null;
  mean: number | null;
  median: number | null;
  strength: number | null;
}

export async function getDatapointConsensus({ params }: GetDatapointConsensusInput, ctx: RequestContext): Promise<GetDatapointConsensusResult> {
  const [row] = await ctx.sql<Row[]>`
    select d.project_id, c.id as decision_id, c.quality_rating_mean as mean, c.quality_rating_median as median, c.consensus_strength as strength
    from datapoints d
    join projects p on p.id = d.project_id and p.org_id = ${ctx.auth.orgId}
    left join consensus_decisions c on c.datapoint_id = d.id
    where d.id = ${params.datapointId}`;
  if (!row) throw new ApiError('datapoint_not_found', `No datapoint ${params.datapointId} in this organization.`, 'datapointId');
  if (row.decision_id === null) throw new ApiError('consensus_not_finalized', 'The datapoint has not reached terminal consensus yet.');
  return {
    status: 200,
    body: {
      datapointId: params.datapointId,
      projectId: row.project_id,
      consensusDecisionId: row.decision_id,
      qualityRatingMean: row.mean!,
      qualityRatingMedian: row.median!,
      consensusStrength: row.strength!,
    },
  };
}
