// Validator quality (contract tag Validator quality): the quality cards of a project's
// validators and the originator's lift of an automatic pause (docs/quality.md).
import type {
  ExportValidatorQualityInput,
  ExportValidatorQualityResult,
  ListValidatorQualityInput,
  ListValidatorQualityResult,
  ResumeValidatorInput,
  ResumeValidatorResult,
} from '../generated/handlers.ts';
import type { RequestContext } from '../context.ts';
import { errors } from '../errors.ts';
import { qualityExport, qualityList, resumeValidator as resume } from '../services/validator-quality.ts';
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
  const card = await resume(ctx.sql, project.id, params.validatorId, ctx.auth.userId);
  if (!card) throw errors.validatorNotFound(params.validatorId);
  return { status: 200, body: card };
}

export async function exportValidatorQuality(
  { params, query }: ExportValidatorQualityInput,
  ctx: RequestContext,
): Promise<ExportValidatorQualityResult> {
  const project = await requireProject(ctx, params.projectId);
  return { status: 200, body: await qualityExport(ctx.sql, project.id, query.format, new Date()) };
}
