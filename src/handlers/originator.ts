// The originator's view with a browser session (/validator/v1/originator): the projects of the
// organizations where the signed-in person is an originator, their progress and quality figures,
// the Proof Report and the exports. The session is the person's (the same sign-in as for rating);
// the originator membership is checked on every call, so losing it ends the access at once.
import type {
  GetOriginatorProofReportInput,
  GetOriginatorProofReportResult,
  GetOriginatorReportExportInput,
  GetOriginatorReportExportResult,
  GetOriginatorValidatorQualityInput,
  GetOriginatorValidatorQualityResult,
  GetProjectOverviewInput,
  GetProjectOverviewResult,
  ListOriginatorProjectsResult,
} from '../generated/handlers.ts';
import type { components } from '../generated/openapi-types.ts';
import type { ValidatorRequestContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { latestRuns, originatorProject, originatorProjects, type OriginatorProjectRow } from '../db/originator.ts';
import { classAgreementOf, distributionsOf, progressOf, validatorAgreementOf } from '../db/project-stats.ts';
import { requestProofReport } from '../services/proof-reports.ts';
import { requestExport } from '../services/exports.ts';
import { qualityCards } from '../services/validator-quality.ts';
import { toProject } from './projects.ts';
import { toIngestRun } from './uploads.ts';
import { proofReportBody, reportRequest } from './reports.ts';

type OriginatorProject = components['schemas']['OriginatorProject'];

function summary(row: OriginatorProjectRow): OriginatorProject {
  return {
    project: toProject(row),
    organization: { orgId: row.org_id, code: row.org_code, name: row.org_name },
    coverage: { datapointsFinalized: row.decisions, datapointsTotal: row.datapoints },
    contested: row.contested,
  };
}

async function requireProject(ctx: ValidatorRequestContext, projectId: string): Promise<OriginatorProjectRow> {
  const row = await originatorProject(ctx.sql, ctx.session.userId, projectId);
  if (!row)
    throw new ApiError(
      'project_not_found',
      `No project ${projectId} in an organization where you are an originator.`,
      'projectId',
    );
  return row;
}

export async function listOriginatorProjects(
  _input: unknown,
  ctx: ValidatorRequestContext,
): Promise<ListOriginatorProjectsResult> {
  const rows = await originatorProjects(ctx.sql, ctx.session.userId);
  return { status: 200, body: { data: rows.map(summary) } };
}

export async function getProjectOverview(
  { params }: GetProjectOverviewInput,
  ctx: ValidatorRequestContext,
): Promise<GetProjectOverviewResult> {
  const row = await requireProject(ctx, params.projectId);
  const [runs, distributions, classAgreement, validatorAgreement, progress] = await Promise.all([
    latestRuns(ctx.sql, row.id),
    distributionsOf(ctx.sql, row.id),
    classAgreementOf(ctx.sql, row.id),
    validatorAgreementOf(ctx.sql, row.id),
    progressOf(ctx.sql, row.id, row.created_at),
  ]);
  return {
    status: 200,
    body: {
      ...summary(row),
      proofReportReady: row.datapoints > 0 && row.decisions === row.datapoints,
      ingestRuns: runs.map((r) => ({ ...toIngestRun(r), uploadId: r.session_id, dryRun: r.dry_run })),
      ...distributions,
      classAgreement,
      validatorAgreement,
      progress,
    },
  };
}

export async function getOriginatorProofReport(
  { params }: GetOriginatorProofReportInput,
  ctx: ValidatorRequestContext,
): Promise<GetOriginatorProofReportResult> {
  const row = await requireProject(ctx, params.projectId);
  const report = await requestProofReport(ctx.sql, row.org_id, row.id, reportRequest(ctx));
  return { status: 200, body: proofReportBody(report) };
}

export async function getOriginatorReportExport(
  { params, query }: GetOriginatorReportExportInput,
  ctx: ValidatorRequestContext,
): Promise<GetOriginatorReportExportResult> {
  const row = await requireProject(ctx, params.projectId);
  return {
    status: 200,
    body: await requestExport(
      { sql: ctx.sql, storage: ctx.storage, ...reportRequest(ctx) },
      row.org_id,
      row.id,
      query.format,
    ),
  };
}

export async function getOriginatorValidatorQuality(
  { params }: GetOriginatorValidatorQualityInput,
  ctx: ValidatorRequestContext,
): Promise<GetOriginatorValidatorQualityResult> {
  const row = await requireProject(ctx, params.projectId);
  return { status: 200, body: { data: await qualityCards(ctx.sql, row.id) } };
}
