// Report exports: gather the report data, stream the per-datapoint rows from a cursor into a
// temporary file (memory stays flat for large projects), store the artifact under the project's
// report prefix and hand out a short-lived presigned GET.
import { randomUUID } from 'node:crypto';
import { closeSync, createReadStream, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { AppDeps } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { presignGet } from '../storage/s3.ts';
import { getOrCreateProofReport } from './proof-reports.ts';
import { FORMATS, filenameOf, renderExport, type Attestation, type ExportData, type ExportFormat, type ExportRow, type Sink } from '../domain/export-formats.ts';
import type { ProofPayload } from '../domain/proof.ts';
import type { components } from '../generated/openapi-types.ts';
import { distributionsOf } from './project-stats.ts';
import { verificationScripts } from '../verification-scripts.ts';

/** Minutes, not hours: an export URL is a bearer credential for the report. */
export const EXPORT_URL_SECONDS = 600;
const BATCH = 2000;

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

interface Summary { name: string; org_id: string; auto_consensus_used: boolean; total: number; finalized: number; mean: number | null; strength: number | null }

/** What rendering an export needs: the database, the bucket, the signing key and the public URL. */
export type ExportDeps = Pick<AppDeps, 'sql' | 'storage' | 'signer' | 'config'>;

export async function createExport(ctx: ExportDeps, orgId: string, projectId: string, format: ExportFormat): Promise<components['schemas']['ReportExport']> {
  const [p] = await ctx.sql<Summary[]>`
    select p.name, p.org_id, p.auto_consensus_used,
      (select count(*)::int from datapoints where project_id = p.id) as total,
      (select count(*)::int from consensus_decisions where project_id = p.id) as finalized,
      (select avg(quality_rating_mean) from consensus_decisions where project_id = p.id) as mean,
      (select avg(consensus_strength) from consensus_decisions where project_id = p.id) as strength
    from projects p where p.id = ${projectId} and p.org_id = ${orgId}`;
  if (!p) throw new ApiError('project_not_found', `No project ${projectId} in this organization.`, 'projectId');
  if (p.finalized === 0) throw new ApiError('report_not_ready');
  const coverage = { datapointsFinalized: p.finalized, datapointsTotal: p.total, partial: p.finalized < p.total };

  // The signed attestation exists only for a fully terminal project with a signing key.
  let attestation: Attestation | null = null;
  let attestationNote: string | null = null;
  if (coverage.partial) {
    attestationNote = `coverage is partial (${p.finalized} of ${p.total} datapoints final); a Proof Report is signed once every datapoint is terminal`;
  } else {
    try {
      const r = await getOrCreateProofReport(ctx.sql, { orgId, projectId, signer: ctx.signer, issuer: ctx.config.publicBaseUrl.replace(/\/+$/, '') });
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
    jwksUrl: `${ctx.config.publicBaseUrl.replace(/\/+$/, '')}/.well-known/jwks.json`,
    distributions: await distributionsOf(ctx.sql, projectId),
    verificationScripts: await verificationScripts(),
  };

  const rows = ctx.sql<ExportRow[]>`
    select d.id as "datapointId", d.source_file as "sourceFile", d.source_row as "sourceRow", left(d.content::text, 120) as excerpt,
      c.id as "consensusDecisionId", c.quality_rating_mean as "qualityRatingMean", c.quality_rating_median as "qualityRatingMedian",
      c.consensus_strength as "consensusStrength", c.contested
    from datapoints d left join consensus_decisions c on c.datapoint_id = d.id
    where d.project_id = ${projectId} order by d.seq`.cursor(BATCH);

  const filename = filenameOf(format, projectId, date);
  const { contentType } = FORMATS[format];
  const key = `${reportKeyPrefix(p.org_id, projectId)}${randomUUID()}/${filename}`;
  const tmp = join(tmpdir(), `assay-export-${randomUUID()}`);
  try {
    const sink = new FileSink(tmp);
    try {
      await renderExport(format, data, rows, sink);
    } finally {
      sink.close();
    }
    await ctx.storage.client.send(new PutObjectCommand({
      Bucket: ctx.storage.bucket, Key: key, Body: createReadStream(tmp), ContentLength: statSync(tmp).size, ContentType: contentType,
    }));
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
  const url = await presignGet(ctx.storage, key, EXPORT_URL_SECONDS, filename);
  return { format, contentType, filename, url, expiresAt: new Date(now.getTime() + EXPORT_URL_SECONDS * 1000).toISOString(), coverage };
}
