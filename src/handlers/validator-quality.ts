// Validator quality (contract tag Validator quality): the quality cards of a project's
// validators and the originator's lift of an automatic pause (docs/quality.md).
import type {
  ListValidatorQualityInput,
  ListValidatorQualityResult,
  ResumeValidatorInput,
  ResumeValidatorResult,
} from '../generated/handlers.ts';
import type { RequestContext } from '../context.ts';
import { errors } from '../errors.ts';
import { liftPause } from '../db/validator-pauses.ts';
import { qualityCards, qualityList } from '../services/validator-quality.ts';
import { requireProject } from './projects.ts';

export async function listValidatorQuality(
  { params }: ListValidatorQualityInput,
  ctx: RequestContext,
): Promise<ListValidatorQualityResult> {
  const project = await requireProject(ctx, params.projectId);
  return { status: 200, body: await qualityList(ctx.sql, project.id) };
}

export async function resumeValidator(
  { params }: ResumeValidatorInput,
  ctx: RequestContext,
): Promise<ResumeValidatorResult> {
  const project = await requireProject(ctx, params.projectId);
  // Only a validator of the project (assigned, or with votes on it) has a card and a pause.
  if ((await qualityCards(ctx.sql, project.id, params.validatorId)).length === 0)
    throw errors.validatorNotFound(params.validatorId);
  await liftPause(ctx.sql, project.id, params.validatorId, ctx.auth.userId);
  const [card] = await qualityCards(ctx.sql, project.id, params.validatorId);
  return { status: 200, body: card! };
}
