// Report exports: gather the report data, stream the per-datapoint rows from a cursor into a
// temporary file (memory stays flat for large projects), store the artifact under the project's
// report prefix and hand out a short-lived presigned GET. The statements are src/db/exports.ts;
// the eight formats are src/domain/export-formats.ts.
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sql } from '../db/client.ts';
import { exportSummary, streamExportRows } from '../db/exports.ts';
import { distributionsOf } from '../db/project-stats.ts';
import { verificationScripts } from '../verification-scripts.ts';
import { ApiError, errors } from '../errors.ts';
import { presignGet, putFile, type Storage } from '../storage/s3.ts';
import { getOrCreateProofReport, type ReportSigning } from './proof-reports.ts';
import { FORMATS, filenameOf, renderExport, type Attestation, type ExportData, type ExportFormat, type Sink } from '../domain/export-formats.ts';
import type { ProofPayload } from '../domain/proof.ts';
import type { components } from '../generated/openapi-types.ts';

/** Minutes, not hours: an export URL is a bearer credential for the report. */
export const EXPORT_URL_SECONDS = 600;

export const reportKeyPrefix = (orgId: string, projectId: string): string => `reports/${orgId}/${projectId}/`;

/** Buffers small writes and flushes them to a file descriptor in 64 KiB blocks. */
class FileSink implements Sink {
  private readonly fd: number;
  private parts: Buffer[] = [];
  private size = 0;
  constructor(path: string) {
    this.fd = openSync(path, 'w', 0o600);
  }
  write(chunk: string | Uint8Array): void {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    this.parts.push(b);
    this.size += b.length;
    if (this.size >= 65536) this.flush();
  }
  flush(): void {
    if (this.size) writeSync(this.fd, Buffer.concat(this.parts));
    this.parts = [];
    this.size = 0;
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

export interface ExportDeps extends ReportSigning {
  sql: Sql;
  storage: Storage;
}

/** Format first (the contract validates it before this runs), then project, then readiness (docs/decisions.md). */
export async function createExport(deps: ExportDeps, orgId: string, projectId: string, format: ExportFormat): Promise<components['schemas']['ReportExport']> {
  const p = await exportSummary(deps.sql, orgId, projectId);
  if (!p) throw errors.projectNotFound(projectId);
  if (p.finalized === 0) throw new ApiError('report_not_ready');
  const coverage = { datapointsFinalized: p.finalized, datapointsTotal: p.total, partial: p.finalized < p.total };

  // The signed attestation exists only for a fully terminal project with a signing key.
  let attestation: Attestation | null = null;
  let attestationNote: string | null = null;
  if (coverage.partial) {
    attestationNote = `coverage is partial (${p.finalized} of ${p.total} datapoints final); a Proof Report is signed once every datapoint is terminal`;
  } else {
    try {
      const r = await getOrCreateProofReport(deps.sql, orgId, projectId, deps);
      const payload = JSON.parse(r.payloadJcs) as ProofPayload;
      attestation = { reportId: r.reportId, attestationRoot: r.attestationRoot, signingKeyId: r.kid, issuedAt: payload.issuedAt, payload: payload as unknown as Record<string, unknown>, jws: r.jws };
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'proof_report_signing_unavailable') throw err;
      attestationNote = 'report signing is not configured for this deployment';
    }
  }
  const now = new Date();
  const date = now.toISOString().slice(0, 10);
  const signed = attestation?.payload as unknown as ProofPayload | undefined;
  const data: ExportData = {
    projectId,
    projectName: p.name,
    generatedAt: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    date,
    coverage,
    // Same figures as the signed payload when there is one; otherwise over the covered datapoints.
    qualityRating: signed?.qualityRating ?? Math.round(p.mean ?? 0),
    consensusStrength: signed?.consensusStrength ?? Math.round(100 * (p.strength ?? 0)),
    testContaminated: p.auto_consensus_used,
    attestation,
    attestationNote,
    jwksUrl: `${deps.issuer}/.well-known/jwks.json`,
    distributions: await distributionsOf(deps.sql, projectId),
    verificationScripts: await verificationScripts(),
  };

  const filename = filenameOf(format, projectId, date);
  const { contentType } = FORMATS[format];
  const key = `${reportKeyPrefix(p.org_id, projectId)}${randomUUID()}/${filename}`;
  const tmp = join(tmpdir(), `assay-export-${randomUUID()}`);
  try {
    const sink = new FileSink(tmp);
    try {
      await renderExport(format, data, streamExportRows(deps.sql, projectId), sink);
    } finally {
      sink.close();
    }
    await putFile(deps.storage, key, tmp, contentType);
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
  const url = await presignGet(deps.storage, key, EXPORT_URL_SECONDS, filename);
  return { format, contentType, filename, url, expiresAt: new Date(now.getTime() + EXPORT_URL_SECONDS * 1000).toISOString(), coverage };
}
