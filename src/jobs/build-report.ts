// The build_report task: produces one report artifact (an export, or a Proof Report's cold build)
// that a request claimed (src/services/report-artifacts.ts), and marks it ready or failed. Also
// the sweep that removes artifacts no request can be answered with any more (exports
// are reused while the data is unchanged and cleaned up once superseded).
import type { Sql } from '../db/client.ts';
import {
  deleteArtifact,
  failLostArtifacts,
  getArtifact,
  markArtifactFailed,
  markArtifactReady,
  supersededArtifacts,
  type ArtifactOutput,
} from '../db/report-artifacts.ts';
import { getOrCreateProofReport } from '../services/proof-reports.ts';
import { artifactObjectKey, EXPORT_URL_SECONDS, renderExportArtifact } from '../services/exports.ts';
import { deleteObject, type Storage } from '../storage/s3.ts';
import { ApiError } from '../errors.ts';
import type { SigningKey } from '../domain/signing.ts';
import { logOrganization, type Logger } from '../log.ts';
import type { JobMetrics } from '../metrics.ts';
import { jobKeyPrefix } from './tasks.ts';

export interface BuildReportDeps {
  sql: Sql;
  storage: Storage;
  log: Logger;
  /** The worker's SIGNING_KEY (the same as the API's): Proof Reports are signed here. */
  signer: SigningKey | null;
  signal?: AbortSignal;
  /** The worker's counters (builds by format and outcome); absent where a benchmark calls the job directly. */
  metrics?: JobMetrics;
}

/**
 * Runs one attempt. A row that is no longer `preparing` (answered by an earlier run, or re-armed
 * under a later attempt) is left alone. Any failure is recorded on the row and ends the job: the
 * next request for the artifact re-arms it, and its new job starts from nothing, as a clean run
 * does. A worker shutting down (the abort signal, checked between batches) leaves the row
 * `preparing` and throws, so that graphile-worker runs the job again.
 */
export async function runReportBuild(deps: BuildReportDeps, artifactId: string, requestId?: string): Promise<void> {
  const a = await getArtifact(deps.sql, artifactId);
  if (a?.status !== 'preparing') return;
  logOrganization(a.orgId);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let out: ArtifactOutput;
  try {
    if (a.format === 'proof_report') {
      const r = await getOrCreateProofReport(
        deps.sql,
        a.orgId,
        a.projectId,
        { signer: deps.signer, issuer: a.issuer },
        deps.signal,
      );
      out = {
        kind: 'report',
        reportId: r.reportId,
        coverage: { datapointsFinalized: r.decisionCount, datapointsTotal: r.decisionCount, partial: false },
      };
    } else {
      out = await renderExportArtifact(
        { sql: deps.sql, storage: deps.storage, signer: deps.signer, signal: deps.signal },
        a,
      );
    }
  } catch (err) {
    if (deps.signal?.aborted) throw err;
    const refusal = err instanceof ApiError && err.code !== 'internal_error' ? err : null;
    if (!refusal)
      deps.log.error('report artifact failed', {
        artifactId,
        format: a.format,
        attempt: a.attempt,
        requestId,
        error: err instanceof Error ? err : String(err),
      });
    await markArtifactFailed(
      deps.sql,
      a.id,
      a.attempt,
      refusal?.code ?? 'internal_error',
      refusal?.message ?? String(err),
    );
    deps.metrics?.reportBuild(a.format, 'failed', seconds());
    return;
  }
  const ready = await markArtifactReady(deps.sql, a.id, a.attempt, out);
  deps.metrics?.reportBuild(a.format, ready ? 'ready' : 'superseded', seconds());
  if (ready) {
    deps.log.info('report artifact ready', {
      artifactId,
      format: a.format,
      attempt: a.attempt,
      requestId,
      ms: Math.round(performance.now() - started),
      ...(out.kind === 'object' ? { bytes: out.bytes } : {}),
    });
  } else if (out.kind === 'object') {
    // The row moved on under this attempt: its object is not wanted.
    await deleteObject(deps.storage, out.s3Key);
  }
}

/** Seconds an artifact may stay `preparing` without a job to run it before it is failed. */
const LOST_ARTIFACT_SECONDS = 60;

/**
 * Fails artifacts whose job is gone, then deletes the objects and rows of superseded artifacts
 * (src/db/report-artifacts.ts says which) once every URL handed out for them has expired
 * (`graceSeconds`, the URL lifetime by default). Returns how many artifacts were deleted.
 */
export async function sweepReportArtifacts(
  deps: { sql: Sql; storage: Storage },
  graceSeconds = EXPORT_URL_SECONDS,
  lostAfterSeconds = LOST_ARTIFACT_SECONDS,
): Promise<number> {
  await failLostArtifacts(deps.sql, jobKeyPrefix('build_report'), lostAfterSeconds);
  let n = 0;
  for (const a of await supersededArtifacts(deps.sql, graceSeconds)) {
    if (a.format !== 'proof_report')
      for (let attempt = 1; attempt <= a.attempt; attempt++)
        await deleteObject(deps.storage, artifactObjectKey(a, attempt));
    await deleteArtifact(deps.sql, a.id);
    n++;
  }
  return n;
}
