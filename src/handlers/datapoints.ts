// Datapoints (contract tag Datapoints): a project's datapoints (an addition to the reference: the
// only way to learn datapoint ids) and the terminal consensus of one datapoint.
import type {
  GetDatapointConsensusInput,
  GetDatapointConsensusResult,
  ListDatapointsInput,
  ListDatapointsResult,
} from '../generated/handlers.ts';
import type { RequestContext } from '../context.ts';
import { ApiError, errors } from '../errors.ts';
import { mapPage } from '../db/pagination.ts';
import * as db from '../db/datapoints.ts';
import { requireProject } from './projects.ts';

export async function listDatapoints(
  { params, query }: ListDatapointsInput,
  ctx: RequestContext,
): Promise<ListDatapointsResult> {
  const project = await requireProject(ctx, params.projectId);
  const page = await db.listDatapoints(ctx.sql, project.id, query.status, { limit: query.limit, cursor: query.cursor });
  return {
    status: 200,
    body: mapPage(page, (r) => ({
      id: r.id,
      checksum: r.checksum,
      sourceFile: r.source_file,
      sourceRow: r.source_row,
      createdAt: r.created_at.toISOString(),
      hasTerminalConsensus: r.finalized_at !== null,
    })),
  };
}

export async function getDatapointConsensus(
  { params }: GetDatapointConsensusInput,
  ctx: RequestContext,
): Promise<GetDatapointConsensusResult> {
  const row = await db.getConsensus(ctx.sql, ctx.auth.orgId, params.datapointId);
  if (!row) throw errors.datapointNotFound(params.datapointId);
  if (row.decision_id === null)
    throw new ApiError('consensus_not_finalized', 'The datapoint has not reached terminal consensus yet.');
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
