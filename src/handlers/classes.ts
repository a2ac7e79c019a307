// Validator classes declared by a project's spec.
import type { ListProjectClassesInput, ListProjectClassesResult } from '../generated/handlers.ts';
import type { RequestContext } from '../context.ts';
import { requireProject } from './projects.ts';
import { listClasses } from '../db/projects.ts';

export async function listProjectClasses({ params }: ListProjectClassesInput, ctx: RequestContext): Promise<ListProjectClassesResult> {
  const project = await requireProject(ctx, params.projectId);
  const rows = await listClasses(ctx.sql, project.id);
  return {
    status: 200,
    body: {
      data: rows.map((r) => ({
        id: r.class_id,
        label: r.label,
        type: r.type,
        rewardCents: Number(r.reward_cents),
        stakeWei: r.stake_wei,
        consensusWeight: r.consensus_weight,
        model: r.model,
      })),
    },
  };
}
