// Proof Reports, inclusion proofs, report exports and the published signing keys (contract tag
// Reports). The use cases are src/services/proof-reports.ts and src/services/exports.ts; a report
// that is not stored yet is produced by a job (src/services/report-artifacts.ts).
import type {
  GetDatapointInclusionProofInput,
  GetDatapointInclusionProofResult,
  GetJwksResult,
  GetProofReportInput,
  GetProofReportResult,
  GetReportExportInput,
  GetReportExportResult,
} from '../generated/handlers.ts';
import type { PublicRequestContext, RequestContext } from '../context.ts';
import { requestExport } from '../services/exports.ts';
import {
  buildInclusionProof,
  requestProofReport,
  type ReportSigning,
  type StoredReport,
} from '../services/proof-reports.ts';
import { BeingPrepared, type PrepareOptions } from '../services/report-artifacts.ts';
import { ApiError } from '../errors.ts';
import { publishedJwks } from '../admin/signing-keys.ts';
import { API_SCHEMA, type ProofPayload } from '../domain/proof.ts';
import type { components } from '../generated/openapi-types.ts';

/** The signing key and issuer of this deployment (developer API and the originator's session alike). */
const signing = (ctx: Pick<RequestContext, 'signer' | 'config'>): ReportSigning => ({
  signer: ctx.signer,
  issuer: ctx.config.publicBaseUrl.replace(/\/+$/, ''),
});

/**
 * A request's part in producing a report: its signing and issuer, how long it waits for a job
 * that is producing the report (REPORT_WAIT_SECONDS), and its request id for the job's log.
 */
export const reportRequest = (
  ctx: Pick<RequestContext, 'signer' | 'config' | 'requestId'>,
): ReportSigning & PrepareOptions => ({
  ...signing(ctx),
  waitMs: ctx.config.reportWaitSeconds * 1000,
  requestId: ctx.requestId,
});

const reportFor = (ctx: RequestContext, projectId: string): Promise<StoredReport> =>
  requestProofReport(ctx.sql, ctx.auth.orgId, projectId, reportRequest(ctx));

export async function getProofReport(
  { params }: GetProofReportInput,
  ctx: RequestContext,
): Promise<GetProofReportResult> {
  return { status: 200, body: proofReportBody(await reportFor(ctx, params.projectId)) };
}

const POLL_MS = 500;

/**
 * MCP's wait_for_proof_report: the Proof Report as get_proof_report gives it, waiting inside the
 * call, for the whole `timeoutSeconds` at most, while it is being prepared (watching its job's
 * artifact) or while the project is not drained yet (asking again every half second). Refusals
 * that waiting cannot change are thrown at once.
 */
export async function waitForProofReport(
  projectId: string,
  timeoutSeconds: number,
  ctx: RequestContext,
): Promise<object> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    try {
      const report = await requestProofReport(ctx.sql, ctx.auth.orgId, projectId, {
        ...reportRequest(ctx),
        waitMs: Math.max(0, deadline - Date.now()),
      });
      return { ...proofReportBody(report), timedOut: false };
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'proof_report_not_ready') throw err;
      const left = deadline - Date.now();
      if (left <= 0)
        return {
          timedOut: true,
          status: err instanceof BeingPrepared ? 'preparing' : 'not_ready',
          message: err.message,
        };
      await new Promise((r) => setTimeout(r, Math.min(POLL_MS, left)));
    }
  }
}

/** The API's form of a stored report (developer API and the originator's session alike). */
export function proofReportBody(report: StoredReport): components['schemas']['ProofReport'] {
  const payload = JSON.parse(report.payloadJcs) as ProofPayload;
  return {
    reportId: report.reportId,
    schema: API_SCHEMA,
    issuedAt: payload.issuedAt,
    qualityRating: payload.qualityRating,
    consensusStrength: payload.consensusStrength,
    attestationRoot: report.attestationRoot,
    signingKeyId: report.kid,
    payload: payload as unknown as Record<string, unknown>,
    jws: report.jws,
  };
}

export async function getDatapointInclusionProof(
  { params }: GetDatapointInclusionProofInput,
  ctx: RequestContext,
): Promise<GetDatapointInclusionProofResult> {
  const report = await reportFor(ctx, params.projectId);
  const proof = await buildInclusionProof(ctx.sql, report, params.datapointId);
  return {
    status: 200,
    body: { reportId: report.reportId, attestationRoot: report.attestationRoot, tree: 'results', ...proof },
  };
}

/** Public and cacheable: keys change rarely, and a retired key stays listed. */
const JWKS_HEADERS = { 'Content-Type': 'application/jwk-set+json', 'Cache-Control': 'public, max-age=300' };

export async function getJwks(_input: unknown, ctx: PublicRequestContext): Promise<GetJwksResult> {
  return { status: 200, body: await publishedJwks(ctx.sql), headers: JWKS_HEADERS };
}

/** Format first (the contract validates it before this runs), then project, then readiness. */
export async function getReportExport(
  { params, query }: GetReportExportInput,
  ctx: RequestContext,
): Promise<GetReportExportResult> {
  return {
    status: 200,
    body: await requestExport(
      { sql: ctx.sql, storage: ctx.storage, ...reportRequest(ctx) },
      ctx.auth.orgId,
      params.projectId,
      query.format,
    ),
  };
}
