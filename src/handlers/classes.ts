// Validator classes declared by a project's spec, and their grants to validators (at most one
// live class per validator and project: granting one revokes the other first).
import type {
  GrantValidatorClassInput,
  GrantValidatorClassResult,
  ListProjectClassesInput,
  ListProjectClassesResult,
  RevokeValidatorClassInput,
  RevokeValidatorClassResult,
} from '../generated/handlers.ts';
import type { RequestContext } from '../context.ts';
import type { Sql } from '../db/client.ts';
import type { components } from '../generated/openapi-types.ts';
import { ApiError, errors } from '../errors.ts';
import { isAiValidator, requireAiClasses } from '../services/ai-validators.ts';
import { requireProject } from './projects.ts';
import { requireValidator } from './validators.ts';
import { listClasses } from '../db/projects.ts';
import * as people from '../db/people.ts';

export async function listProjectClasses(
  { params }: ListProjectClassesInput,
  ctx: RequestContext,
): Promise<ListProjectClassesResult> {
  const project = await requireProject(ctx, params.projectId);
  return { status: 200, body: { data: await classesOf(ctx.sql, project.id) } };
}

/** The validator classes a project's spec declares, as the API shows them. */
export async function classesOf(sql: Sql, projectId: string): Promise<components['schemas']['ValidatorClass'][]> {
  return (await listClasses(sql, projectId)).map((r) => ({
    id: r.class_id,
    label: r.label,
    type: r.type,
    rewardCents: Number(r.reward_cents),
    stakeWei: r.stake_wei,
    consensusWeight: r.consensus_weight,
    model: r.model,
  }));
}

export async function grantValidatorClass(
  { params, body }: GrantValidatorClassInput,
  ctx: RequestContext,
): Promise<GrantValidatorClassResult> {
  const project = await requireProject(ctx, params.projectId);
  const grant = await ctx.sql.begin(async (tx) => {
    await requireValidator(tx, ctx.auth.orgId, params.validatorId);
    const declared = await people.declaredClasses(tx, [{ projectId: project.id, classId: body.classId }]);
    if (!declared.size) throw errors.classNotInSpec(body.classId);
    await requireAiClasses(
      tx,
      ctx.auth.orgId,
      params.validatorId,
      [{ id: project.id, classId: body.classId }],
      () => 'classId',
    );
    return (await people.grantClass(tx, project.id, params.validatorId, body.classId, body.evidenceNote)).grant;
  });
  return {
    status: 200,
    body: { id: grant.id, userId: grant.user_id, classId: grant.class_id, evidenceNote: grant.evidence_note },
  };
}

export async function revokeValidatorClass(
  { params }: RevokeValidatorClassInput,
  ctx: RequestContext,
): Promise<RevokeValidatorClassResult> {
  const project = await requireProject(ctx, params.projectId);
  // A validator who left the roster may still hold a class here; revoking it must stay possible.
  const known =
    (await people.findRosterValidator(ctx.sql, ctx.auth.orgId, { userId: params.validatorId })) ||
    (await people.everGranted(ctx.sql, project.id, params.validatorId));
  if (!known) throw errors.validatorNotFound(params.validatorId);
  // An AI validator keeps an AI class wherever it is assigned: grant another, or unassign it.
  if (await isAiValidator(ctx.sql, ctx.auth.orgId, params.validatorId))
    throw new ApiError(
      'ai_class_required',
      "An AI validator's class is not revoked alone: grant it another AI class, or unassign it from the project.",
      'classId',
    );
  await people.revokeClass(ctx.sql, project.id, params.validatorId, params.classId);
  return { status: 200, body: { revoked: true } };
}
