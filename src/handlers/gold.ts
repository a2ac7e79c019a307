// Gold items (contract tag Gold items): an originator marks datapoints with the rating they
// should get; validators are served them mixed into their claims and scored on them
// (docs/quality.md). Marking is part of the vote lifecycle (src/lifecycle/gold.ts).
import type {
  ListGoldItemsInput,
  ListGoldItemsResult,
  SetGoldItemsInput,
  SetGoldItemsResult,
} from '../generated/handlers.ts';
import type { RequestContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { mapPage } from '../db/pagination.ts';
import * as db from '../db/validator-quality.ts';
import { setGoldItems as setGold } from '../lifecycle/gold.ts';
import { requireProject } from './projects.ts';

const goldItem = (r: db.GoldItemRow) => ({
  datapointId: r.id,
  expectedRating: r.expected_rating,
  goldVotes: r.gold_votes,
  meanAbsoluteError: r.mean_absolute_error,
  createdAt: r.created_at.toISOString(),
});

export async function setGoldItems(
  { params, body }: SetGoldItemsInput,
  ctx: RequestContext,
): Promise<SetGoldItemsResult> {
  const project = await requireProject(ctx, params.projectId);
  const r = await setGold(ctx.sql, project.id, body.items);
  if ('refused' in r) {
    const param = `items[${r.index}].datapointId`;
    const id = body.items[r.index]!.datapointId;
    if (r.refused === 'datapoint_not_found')
      throw new ApiError('datapoint_not_found', `No datapoint ${id} in this project.`, param);
    throw new ApiError(
      'datapoint_has_votes',
      `Datapoint ${id} has votes that count toward consensus, or is terminal; it cannot become a gold item.`,
      param,
    );
  }
  const rows = await db.goldItemsById(
    ctx.sql,
    project.id,
    r.set.map((s) => s.datapointId),
  );
  return { status: 200, body: { data: r.set.map((s) => goldItem(rows.get(s.datapointId)!)) } };
}

export async function listGoldItems(
  { params, query }: ListGoldItemsInput,
  ctx: RequestContext,
): Promise<ListGoldItemsResult> {
  const project = await requireProject(ctx, params.projectId);
  const page = await db.listGoldItems(ctx.sql, project.id, { limit: query.limit, cursor: query.cursor });
  return { status: 200, body: mapPage(page, goldItem) };
}
