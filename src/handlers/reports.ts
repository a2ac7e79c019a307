// Proof Reports, inclusion proofs, report exports and the published signing keys (contract tag
// Reports). The use cases are src/services/proof-reports.ts and src/services/exports.ts; a report
// that is not stored yet is produced by a job (src/services/report-artifacts.ts).
import type {
  GetDatapointInclusionProofInput,
  GetDatapointInclusionProofResult,
  GetJwksResult,
  GetProofReportCheckpointInput,
  GetProofReportCheckpointResult,
  GetProofReportConsistencyInput,
  GetProofReportConsistencyResult,
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
import type { PrepareOptions } from '../services/report-artifacts.ts';
import { buildConsistencyProof, reportCheckpoint } from '../services/proof-log.ts';
import { openNote, parseCheckpoint, verifierKey } from '../domain/signed-note.ts';
import { publishedJwks } from '../admin/signing-keys.ts';
import { apiSchemaOf, type ProofPayload } from '../domain/proof.ts';
import type { components } from '../generated/openapi-types.ts';

/** The signing key and issuer of this deployment (developer API and the originator's session alike). */
const signing = (ctx: Pick<RequestContext, 'signer' | 'config'>): ReportSigning => ({
  signer: ctx.signer,
  issuer: ctx.config.publicBaseUrl.replace(/\/+$/, ''),
});

/**
 * A request's part in producing a report: its signing and issuer, how long it waits for a job
 * that is producing the report (REPORT_WAIT_SECONDS, or until the caller's deadline: MCP's
 * wait_for_proof_report), and its request id for the job's log.
 */
export const reportRequest = (
  ctx: Pick<RequestContext, 'signer' | 'config' | 'requestId' | 'deadline' | 'signal'>,
): ReportSigning & PrepareOptions => ({
  ...signing(ctx),
  waitMs: ctx.deadline === undefined ? ctx.config.reportWaitSeconds * 1000 : Math.max(0, ctx.deadline - Date.now()),
  requestId: ctx.requestId,
  ...(ctx.signal ? { signal: ctx.signal } : {}),
});

const reportFor = (ctx: RequestContext, projectId: string): Promise<StoredReport> =>
  requestProofReport(ctx.sql, ctx.auth.orgId, projectId, reportRequest(ctx));

export async function getProofReport(
  { params }: GetProofReportInput,
  ctx: RequestContext,
): Promise<GetProofReportResult> {
  return { status: 200, body: proofReportBody(await reportFor(ctx, params.projectId)) };
}

/** The API's form of a stored report (developer API and the originator's session alike). */
export function proofReportBody(report: StoredReport): components['schemas']['ProofReport'] {
  const payload = JSON.parse(report.payloadJcs) as ProofPayload;
  return {
    reportId: report.reportId,
    schema: apiSchemaOf(payload.schema) as components['schemas']['ProofReport']['schema'],
    issuedAt: payload.issuedAt,
    qualityRating: payload.qualityRating,
    consensusStrength: payload.consensusStrength,
    attestationRoot: report.attestationRoot,
    signingKeyId: report.kid,
    payload: payload as unknown as Record<string, unknown>,
    jws: report.jws,
    ...(report.checkpoint ? { checkpoint: report.checkpoint } : {}),
  };
}

export async function getProofReportConsistency(
  { params, query }: GetProofReportConsistencyInput,
  ctx: RequestContext,
): Promise<GetProofReportConsistencyResult> {
  return {
    status: 200,
    body: await buildConsistencyProof(ctx.sql, ctx.auth.orgId, params.projectId, query.from, query.to),
  };
}

/**
 * A report's checkpoint with what a reader needs to follow it: the signed-note verifier key of
 * the report's key (from the published keys), and the three lines read back from the note,
 * which is opened with that key first so that nothing is served that would not verify.
 */
export async function getProofReportCheckpoint(
  { params, query }: GetProofReportCheckpointInput,
  ctx: RequestContext,
): Promise<GetProofReportCheckpointResult> {
  const { report, note } = await reportCheckpoint(ctx.sql, ctx.auth.orgId, params.projectId, query.reportId, ctx);
  const jwk = (await publishedJwks(ctx.sql)).keys.find((k) => k.kid === report.kid);
  if (!jwk) throw new Error(`the key ${report.kid} of ${report.reportId} is not published`);
  const origin = note.slice(0, note.indexOf('\n'));
  const vkey = verifierKey(origin, Buffer.from(jwk.x, 'base64url'));
  const checkpoint = parseCheckpoint(openNote(note, vkey));
  return {
    status: 200,
    body: {
      reportId: report.reportId,
      tree: 'results',
      origin: checkpoint.origin,
      treeSize: checkpoint.size,
      rootHash: checkpoint.root.toString('base64'),
      signingKeyId: report.kid,
      verifierKey: vkey,
      note,
    },
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
