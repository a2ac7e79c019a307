// The originator's view with a browser session (/validator/v1/originator): the projects of the
// organizations where the signed-in person is an originator, their progress and quality figures,
// the Proof Report and the exports. The session is the person's (the same sign-in as for rating);
// the originator membership is checked on every call, so losing it ends the access at once.
import type {
  ExportOriginatorValidatorQualityInput,
  ExportOriginatorValidatorQualityResult,
  GetOriginatorProofReportInput,
  GetOriginatorProofReportResult,
  GetOriginatorReportExportInput,
  GetOriginatorReportExportResult,
  GetOriginatorValidatorQualityInput,
  GetOriginatorValidatorQualityResult,
  GetProjectOverviewInput,
  GetProjectOverviewResult,
  GetOriginatorDatapointInput,
  GetOriginatorDatapointResult,
  ListOriginatorDatapointsInput,
  ListOriginatorDatapointsResult,
  ListOriginatorProjectsInput,
  ListOriginatorProjectsResult,
  ResumeOriginatorValidatorInput,
  ResumeOriginatorValidatorResult,
  UpdateOriginatorProjectInput,
  UpdateOriginatorProjectResult,
  CreateOriginatorInviteInput,
  CreateOriginatorInviteResult,
  ListOriginatorInvitesInput,
  ListOriginatorInvitesResult,
  CancelOriginatorInviteInput,
  CancelOriginatorInviteResult,
} from '../generated/handlers.ts';
import type { components } from '../generated/openapi-types.ts';
import type { ValidatorRequestContext } from '../context.ts';
import { ApiError, errors } from '../errors.ts';
import {
  datapointSkips,
  datapointVotes,
  headlineOf,
  latestRuns,
  originatorDatapoint,
  originatorDatapoints,
  originatorProject,
  originatorProjects,
  type OriginatorDatapointRow,
  type OriginatorProjectRow,
} from '../db/originator.ts';
import { datasetPresentationOf } from '../db/validator-projects.ts';
import { mapPage } from '../db/pagination.ts';
import { pseudonymKey as projectPseudonymKey } from '../db/proof-reports.ts';
import { pseudonymOf } from '../domain/statistics.ts';
import { classAgreementOf, distributionsOf, progressOf, validatorAgreementOf } from '../db/project-stats.ts';
import { requestProofReport } from '../services/proof-reports.ts';
import { requestExport } from '../services/exports.ts';
import { qualityExport, qualityList, resumeValidator } from '../services/validator-quality.ts';
import { orderContent, orderedJson, OrderedObject } from '../domain/key-order.ts';
import { cancelInvite, invitesOf, inviteToProject } from '../services/invites.ts';
import { changeProject, toProject } from './projects.ts';
import { classesOf } from './classes.ts';
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
  { query }: ListOriginatorProjectsInput,
  ctx: ValidatorRequestContext,
): Promise<ListOriginatorProjectsResult> {
  const page = await originatorProjects(ctx.sql, ctx.session.userId, query.q || undefined, {
    limit: query.limit ?? 50,
    cursor: query.cursor,
  });
  return { status: 200, body: mapPage(page, summary) };
}

export async function updateOriginatorProject(
  { params, body }: UpdateOriginatorProjectInput,
  ctx: ValidatorRequestContext,
): Promise<UpdateOriginatorProjectResult> {
  const row = await requireProject(ctx, params.projectId);
  const updated = await changeProject(ctx.sql, row.org_id, row.id, body);
  if (!updated) throw new ApiError('project_not_found', undefined, 'projectId');
  return { status: 200, body: toProject(updated) };
}

export async function createOriginatorInvite(
  { params, body }: CreateOriginatorInviteInput,
  ctx: ValidatorRequestContext,
): Promise<CreateOriginatorInviteResult> {
  const row = await requireProject(ctx, params.projectId);
  const inviter = { orgId: row.org_id, userId: ctx.session.userId };
  return { status: 200, body: await inviteToProject(ctx.sql, ctx.config, inviter, row, body) };
}

export async function listOriginatorInvites(
  { params, query }: ListOriginatorInvitesInput,
  ctx: ValidatorRequestContext,
): Promise<ListOriginatorInvitesResult> {
  const row = await requireProject(ctx, params.projectId);
  return { status: 200, body: await invitesOf(ctx.sql, row.id, query) };
}

export async function cancelOriginatorInvite(
  { params }: CancelOriginatorInviteInput,
  ctx: ValidatorRequestContext,
): Promise<CancelOriginatorInviteResult> {
  const row = await requireProject(ctx, params.projectId);
  await cancelInvite(ctx.sql, row.id, params.inviteId);
  return { status: 200, body: { cancelled: true } };
}

/** The start of a content's values in the source's order at every depth: what a table row shows. */
function excerptOf(r: OriginatorDatapointRow, fieldOrder: string[]): string {
  const c = orderContent(r.content, r.key_order, fieldOrder);
  const text =
    c instanceof OrderedObject
      ? c.entries.map(([, v]) => (typeof v === 'string' ? v : orderedJson(v))).join(' · ')
      : orderedJson(c);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

const toDatapoint = (r: OriginatorDatapointRow, fieldOrder: string[]) => ({
  id: r.id,
  sourceFile: r.source_file,
  sourceRow: r.source_row,
  createdAt: r.created_at.toISOString(),
  excerpt: excerptOf(r, fieldOrder),
  votes: r.votes,
  skips: r.skips,
  status: r.decision_id ? ('terminal' as const) : ('pending' as const),
  qualityRatingMean: r.mean,
  consensusStrength: r.strength,
  contested: r.contested,
});

export async function listOriginatorDatapoints(
  { params, query }: ListOriginatorDatapointsInput,
  ctx: ValidatorRequestContext,
): Promise<ListOriginatorDatapointsResult> {
  const row = await requireProject(ctx, params.projectId);
  const page = await originatorDatapoints(
    ctx.sql,
    row.id,
    {
      status: query.status,
      contested: query.contested,
      minRating: query.minRating,
      maxRating: query.maxRating,
      validator: query.validator,
    },
    { limit: query.limit ?? 25, cursor: query.cursor },
  );
  return { status: 200, body: mapPage(page, (r) => toDatapoint(r, row.content_field_order)) };
}

export async function getOriginatorDatapoint(
  { params }: GetOriginatorDatapointInput,
  ctx: ValidatorRequestContext,
): Promise<GetOriginatorDatapointResult> {
  const row = await requireProject(ctx, params.projectId);
  const d = await originatorDatapoint(ctx.sql, row.id, params.datapointId);
  if (!d)
    throw new ApiError('datapoint_not_found', `No datapoint ${params.datapointId} in this project.`, 'datapointId');
  const [votes, skips, shown, pseudonymKey] = await Promise.all([
    datapointVotes(ctx.sql, d.id),
    datapointSkips(ctx.sql, d.id),
    datasetPresentationOf(ctx.sql, row.id),
    projectPseudonymKey(ctx.sql, row.id),
  ]);
  return {
    status: 200,
    body: {
      datapoint: toDatapoint(d, row.content_field_order),
      format: shown.format,
      content: d.content,
      fieldOrder: row.content_field_order,
      keyOrder: d.key_order ?? [],
      markdownFields: shown.markdownFields,
      votes: votes.map((v) => ({
        validator: v.validator,
        // The name the signed report and the votes export give this validator (one function).
        pseudonym: pseudonymOf(pseudonymKey, v.voter),
        classId: v.class_id,
        rating: v.rating,
        weight: v.weight,
        synthetic: v.synthetic,
        createdAt: v.created_at.toISOString(),
        changed: v.changed,
      })),
      skips: skips.map((k) => ({ validator: k.validator, reason: k.reason, createdAt: k.created_at.toISOString() })),
      decision: d.decision_id
        ? {
            datapointId: d.id,
            projectId: row.id,
            consensusDecisionId: d.decision_id,
            qualityRatingMean: d.mean!,
            qualityRatingMedian: d.median!,
            consensusStrength: d.strength!,
          }
        : null,
    },
  };
}

export async function getProjectOverview(
  { params }: GetProjectOverviewInput,
  ctx: ValidatorRequestContext,
): Promise<GetProjectOverviewResult> {
  const row = await requireProject(ctx, params.projectId);
  const finished = row.datapoints > 0 && row.decisions === row.datapoints;
  // The whole-project aggregates run on their own small pool (AppDeps.aggregateSql): five of
  // them per overview, asked in parallel, took half the API's pool per request.
  const agg = ctx.aggregateSql;
  const [runs, classes, distributions, classAgreement, validatorAgreement, progress, headline] = await Promise.all([
    latestRuns(ctx.sql, row.id),
    classesOf(ctx.sql, row.id),
    distributionsOf(agg, row.id),
    classAgreementOf(agg, row.id),
    validatorAgreementOf(agg, row.id),
    progressOf(agg, row.id, row.created_at),
    finished ? headlineOf(agg, row.id) : null,
  ]);
  return {
    status: 200,
    body: {
      ...summary(row),
      result:
        headline && headline.mean !== null && headline.strength !== null
          ? { qualityRating: Math.round(headline.mean), consensusStrength: Math.round(100 * headline.strength) }
          : null,
      proofReportReady: finished,
      ingestRuns: runs.map((r) => ({ ...toIngestRun(r), uploadId: r.session_id, dryRun: r.dry_run })),
      ...distributions,
      classes,
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
  return { status: 200, body: await qualityList(ctx.sql, row.id) };
}

export async function resumeOriginatorValidator(
  { params }: ResumeOriginatorValidatorInput,
  ctx: ValidatorRequestContext,
): Promise<ResumeOriginatorValidatorResult> {
  const row = await requireProject(ctx, params.projectId);
  const card = await resumeValidator(ctx.sql, row.id, params.validatorId, ctx.session.userId);
  if (!card) throw errors.validatorNotFound(params.validatorId);
  return { status: 200, body: card };
}

export async function exportOriginatorValidatorQuality(
  { params, query }: ExportOriginatorValidatorQualityInput,
  ctx: ValidatorRequestContext,
): Promise<ExportOriginatorValidatorQualityResult> {
  const row = await requireProject(ctx, params.projectId);
  return { status: 200, body: await qualityExport(ctx.sql, row.id, query.format, new Date()) };
}
