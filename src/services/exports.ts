// Report exports. A request (requestExport) answers with the stored artifact of the project's
// current data state, or claims it and lets the build_report job produce it
// (src/services/report-artifacts.ts); the job (renderExportArtifact) reads the report data and
// streams the per-datapoint rows from a cursor into a temporary file, in one repeatable-read
// snapshot (memory stays flat for large projects), and stores the file under the project's report
// prefix. The statements are src/db/exports.ts; the eight formats are src/domain/export-formats.ts.
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sql } from '../db/client.ts';
import {
  exportFigures,
  exportSpecValidation,
  exportSubject,
  streamExportRows,
  streamProjectVotes,
  type ExportSubject,
} from '../db/exports.ts';
import {
  compiledSpec,
  findReportForState,
  findReportProject,
  readDataState,
  streamDatapointLeaves,
  streamDecisionVotes,
} from '../db/proof-reports.ts';
import { serveArtifact, type ArtifactOutput, type ArtifactRow } from '../db/report-artifacts.ts';
import { distributionsOf } from '../db/project-stats.ts';
import { verificationScripts } from '../verification-scripts.ts';
import { ApiError, errors } from '../errors.ts';
import { presignGet, putFile, type Storage } from '../storage/s3.ts';
import { decisionsWithVotes, getOrCreateProofReport, voteLeafMaker, type ReportSigning } from './proof-reports.ts';
import { BeingPrepared, failureOf, prepareArtifact, type PrepareOptions } from './report-artifacts.ts';
import { canonicalJson } from '../domain/canonical-json.ts';
import canonicalize from 'canonicalize';
import {
  FORMATS,
  filenameOf,
  renderExport,
  renderVotesCsv,
  rowLimitOf,
  type Attestation,
  type ExportData,
  type ExportFormat,
  type ExportRow,
  type Sink,
} from '../domain/export-formats.ts';
import { leafFormatOf, resultsLeafV2, voteLeaf, type ProofPayload } from '../domain/proof.ts';
import type { TxSql } from '../db/client.ts';
import { pseudonymOf } from '../domain/statistics.ts';
import { renderCroissant, renderIntotoDsse } from '../domain/standard-exports.ts';
import { sign } from 'node:crypto';
import type { SigningKey } from '../domain/signing.ts';
import type { components } from '../generated/openapi-types.ts';

/** Minutes, not hours: an export URL is a bearer credential for the report. */
export const EXPORT_URL_SECONDS = 600;

const reportKeyPrefix = (orgId: string, projectId: string): string => `reports/${orgId}/${projectId}/`;
/**
 * Where an attempt of an export artifact stores its file. Each attempt has its own key, so that a
 * late attempt can never overwrite or delete another's object; the sweep deletes the keys of every
 * attempt. (The download's file name comes with the presigned URL, not from the key.)
 */
export const artifactObjectKey = (
  a: Pick<ArtifactRow, 'orgId' | 'projectId' | 'id' | 'format'>,
  attempt: number,
): string => `${reportKeyPrefix(a.orgId, a.projectId)}${a.id}/${attempt}.${FORMATS[a.format as ExportFormat].ext}`;

/**
 * Collects small writes and flushes them to a file descriptor in blocks of about 64 KiB. Text
 * stays text until a block is written (one conversion per block, not one Buffer per row: a
 * million small Buffers are external memory V8 frees late, and the worker's RSS showed it).
 */
class FileSink implements Sink {
  private readonly fd: number;
  private parts: string[] = [];
  private size = 0;
  constructor(path: string) {
    this.fd = openSync(path, 'w', 0o600);
  }
  write(chunk: string | Uint8Array): void {
    if (typeof chunk !== 'string') {
      this.flush();
      writeSync(this.fd, chunk);
      return;
    }
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= 65536) this.flush();
  }
  flush(): void {
    if (this.size) writeSync(this.fd, this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

export interface ExportRequestDeps extends ReportSigning, PrepareOptions {
  sql: Sql;
  storage: Storage;
}

/**
 * What else than the data state an export shows: a rename, the first synthetic vote or another
 * signing key make another artifact.
 */
function variantOf(p: ExportSubject, kid: string | null): string {
  return createHash('sha256')
    .update(canonicalJson({ name: p.name, testContaminated: p.autoConsensusUsed, signingKeyId: kid }))
    .digest('hex');
}

/**
 * Format first (the contract validates it before this runs), then project, then readiness
 * (docs/decisions.md): `report_not_ready` when nothing has finalized (as before), or, with a
 * message saying so and Retry-After, while the export is being prepared.
 */
export async function requestExport(
  deps: ExportRequestDeps,
  orgId: string,
  projectId: string,
  format: ExportFormat,
): Promise<components['schemas']['ReportExport']> {
  const p = await exportSubject(deps.sql, orgId, projectId);
  if (!p) throw errors.projectNotFound(projectId);
  if (p.state.decisionCount === 0) throw new ApiError('report_not_ready');
  const key = {
    orgId,
    projectId,
    format,
    state: p.state,
    variant: variantOf(p, deps.signer?.kid ?? null),
    issuer: deps.issuer,
  };
  // Twice at most: a ready artifact the sweep took between reading and serving is claimed anew.
  for (let i = 0; i < 2; i++) {
    const row = await prepareArtifact(deps.sql, key, deps);
    if (row.status === 'failed') throw failureOf(row);
    if (row.status !== 'ready') break;
    const served = await serveArtifact(deps.sql, row.id);
    if (served) return exportBody(deps.storage, format, served);
  }
  throw new BeingPrepared('report_not_ready', 'The export');
}

async function exportBody(
  storage: Storage,
  format: ExportFormat,
  a: ArtifactRow,
): Promise<components['schemas']['ReportExport']> {
  const now = Date.now();
  const url = await presignGet(storage, a.s3Key!, EXPORT_URL_SECONDS, a.filename!);
  return {
    format,
    contentType: a.contentType!,
    filename: a.filename!,
    url,
    expiresAt: new Date(now + EXPORT_URL_SECONDS * 1000).toISOString(),
    coverage: a.coverage!,
  };
}

export interface RenderDeps {
  sql: Sql;
  storage: Storage;
  signer: SigningKey | null;
  signal?: AbortSignal;
}

/**
 * What the in-toto export needs before it renders: the signed payload it carries and the key of
 * the report (the envelope is signed by the same key as the report's JWS). Without a signed
 * report of this data, the refusal a Proof Report request would get.
 */
function signedReportOf(data: ExportData, signer: SigningKey | null): { payload: ProofPayload; signer: SigningKey } {
  if (!signer) throw new ApiError('proof_report_signing_unavailable');
  if (!data.attestation)
    throw new ApiError(
      'report_not_ready',
      `The in-toto export carries the signed Proof Report: ${data.attestationNote ?? 'none covers this data'}.`,
    );
  if (data.attestation.signingKeyId !== signer.kid)
    throw new ApiError('proof_report_signing_unavailable', "The report's key is no longer the signing key.");
  return { payload: data.attestation.payload as unknown as ProofPayload, signer };
}

/**
 * The votes_jsonl export: the leaves of a format 2 report, each line the exact bytes hashed: the
 * compiled spec (SHA-256 = digests.config), then per decision its results leaf and its vote leaves.
 */
async function renderCommittedLeaves(
  tx: TxSql,
  project: { id: string; spec_id: string | null; pseudonym_key: string },
  payload: ProofPayload,
  sink: { write(chunk: string): void },
  signal: AbortSignal | undefined,
): Promise<void> {
  if (leafFormatOf(payload) !== 2)
    throw new ApiError('report_not_ready', `Report ${payload.reportId} predates committed votes (format 1).`);
  // As the spec compiler hashed it (JCS; the spec's numbers, e.g. minStrength, are not integers).
  const config = canonicalize(await compiledSpec(tx, payload.specId))!;
  if (`sha256:${createHash('sha256').update(config, 'utf8').digest('hex')}` !== payload.digests.config)
    throw new Error(`the stored spec of ${payload.reportId} no longer hashes to its config digest`);
  sink.write(config + '\n');
  const leafOf = voteLeafMaker(project.pseudonym_key);
  let first = 0;
  let lines: string[] = [];
  for await (const { decision, votes } of decisionsWithVotes(
    streamDecisionVotes(tx, project.id, payload.digests.resultsLeaves),
    signal,
  )) {
    lines.push(resultsLeafV2({ ...decision, votes: { first, count: votes.length } }).toString('utf8'));
    for (const v of votes) lines.push(voteLeaf(leafOf(v)).toString('utf8'));
    first += votes.length;
    if (lines.length >= 4096) {
      sink.write(lines.join('\n') + '\n');
      lines = [];
    }
  }
  if (lines.length) sink.write(lines.join('\n') + '\n');
}

/** Stops a render between batches when the worker is shutting down (the job then runs again). */
async function* checked<T>(rows: AsyncIterable<T[]>, signal: AbortSignal | undefined): AsyncIterable<T[]> {
  for await (const batch of rows) {
    signal?.throwIfAborted();
    yield batch;
  }
}

const complete = (s: { datapointCount: number; decisionCount: number }) =>
  s.datapointCount > 0 && s.decisionCount >= s.datapointCount;

/**
 * The job's work for an export artifact: renders it from one snapshot into a temporary file and
 * stores it under the artifact's prefix. A complete project's export carries the signed
 * attestation of the data it shows: its Proof Report is built first (outside the snapshot), and
 * if the data moved on in between, built again for the newer state (a few rounds at most).
 * Nothing is written anywhere but the temporary file until the object is put whole.
 */
export async function renderExportArtifact(deps: RenderDeps, a: ArtifactRow): Promise<ArtifactOutput> {
  const format = a.format as ExportFormat;
  const signing: ReportSigning = { signer: deps.signer, issuer: a.issuer };
  const project = await findReportProject(deps.sql, a.orgId, a.projectId);
  if (!project) throw errors.projectNotFound(a.projectId);
  for (let round = 0; round < 3; round++) {
    let signingNote: string | null = null;
    if (complete(await readDataState(deps.sql, a.projectId))) {
      try {
        await getOrCreateProofReport(deps.sql, a.orgId, a.projectId, signing, deps.signal);
      } catch (err) {
        if (
          !(err instanceof ApiError) ||
          !['proof_report_signing_unavailable', 'proof_report_not_ready'].includes(err.code)
        )
          throw err;
        if (err.code === 'proof_report_signing_unavailable')
          signingNote = 'report signing is not configured for this deployment';
      }
    }
    const tmp = join(tmpdir(), `assay-export-${randomUUID()}`);
    try {
      const rendered = await deps.sql.begin('isolation level repeatable read read only', async (tx) => {
        const state = await readDataState(tx, a.projectId);
        const coverage = {
          datapointsFinalized: state.decisionCount,
          datapointsTotal: state.datapointCount,
          partial: !complete(state),
        };
        // The signed attestation exists only for a fully terminal project with a signing key.
        let attestation: Attestation | null = null;
        let attestationNote: string | null = null;
        if (coverage.partial) {
          attestationNote =
            `coverage is partial ` +
            `(${state.decisionCount} of ${state.datapointCount} datapoints final); a Proof Report is signed once ` +
            `every datapoint ` +
            `is terminal`;
        } else if (signingNote) {
          attestationNote = signingNote;
        } else {
          const r = project.spec_id ? await findReportForState(tx, a.projectId, project.spec_id, state) : undefined;
          if (!r) return null; // the data moved on since the report was built: build it for this state
          const payload = JSON.parse(r.payloadJcs) as ProofPayload;
          attestation = {
            reportId: r.reportId,
            attestationRoot: r.attestationRoot,
            signingKeyId: r.kid,
            issuedAt: payload.issuedAt,
            payload: payload as unknown as Record<string, unknown>,
            jws: r.jws,
          };
        }
        const f = await exportFigures(tx, a.projectId);
        const now = new Date();
        const date = now.toISOString().slice(0, 10);
        const signed = attestation?.payload as unknown as ProofPayload | undefined;
        const data: ExportData = {
          projectId: a.projectId,
          projectName: f.name,
          generatedAt: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          date,
          coverage,
          // Same figures as the signed payload when there is one; otherwise over the covered datapoints.
          qualityRating: signed?.qualityRating ?? Math.round(f.mean ?? 0),
          consensusStrength: signed?.consensusStrength ?? Math.round(100 * (f.strength ?? 0)),
          testContaminated: f.autoConsensusUsed,
          attestation,
          attestationNote,
          jwksUrl: `${a.issuer}/.well-known/jwks.json`,
          distributions: await distributionsOf(tx, a.projectId),
          verificationScripts: await verificationScripts(),
          idField: f.idField,
          fieldOrder: f.fieldOrder,
        };
        const limit = rowLimitOf(format);
        const rows: AsyncIterable<ExportRow[]> =
          limit === 0 ? (async function* () {})() : checked(streamExportRows(tx, a.projectId, limit), deps.signal);
        const sink = new FileSink(tmp);
        try {
          if (format === 'intoto_dsse' || format === 'croissant') {
            // The standard formats stream the manifest leaves, not the export rows.
            const manifest = checked(streamDatapointLeaves(tx, a.projectId), deps.signal);
            if (format === 'croissant') {
              const spec = await exportSpecValidation(tx, a.projectId);
              await renderCroissant(
                {
                  projectId: a.projectId,
                  projectName: f.name,
                  issuer: a.issuer,
                  generatedAt: data.generatedAt,
                  instructions: spec.instructions,
                  annotatorsPerItem: spec.validatorsPerDatapoint,
                  payload: signed ?? null,
                },
                manifest,
                sink,
              );
            } else {
              const { payload, signer } = signedReportOf(data, deps.signer);
              await renderIntotoDsse(
                payload,
                manifest,
                (message) => sign(null, message, signer.privateKey),
                signer.kid,
                sink,
              );
            }
          } else if (format === 'votes_jsonl') {
            if (!data.attestation)
              throw new ApiError(
                'report_not_ready',
                "The votes_jsonl export is the signed Proof Report's leaves: " +
                  `${data.attestationNote ?? 'none covers this data'}.`,
              );
            await renderCommittedLeaves(tx, project, signed!, sink, deps.signal);
          } else if (format === 'votes_csv')
            await renderVotesCsv(
              checked(streamProjectVotes(tx, a.projectId), deps.signal),
              (voter) => pseudonymOf(project.pseudonym_key, voter),
              sink,
            );
          else await renderExport(format, data, rows, sink);
        } finally {
          sink.close();
        }
        return { coverage, filename: filenameOf(format, a.projectId, date) };
      });
      if (!rendered) continue;
      deps.signal?.throwIfAborted();
      const { contentType } = FORMATS[format];
      const s3Key = artifactObjectKey(a, a.attempt);
      await putFile(deps.storage, s3Key, tmp, contentType, deps.signal);
      return {
        kind: 'object',
        s3Key,
        filename: rendered.filename,
        contentType,
        bytes: statSync(tmp).size,
        coverage: rendered.coverage,
      };
    } finally {
      try {
        unlinkSync(tmp);
      } catch {
        // not written, or already gone
      }
    }
  }
  throw new Error("the project's data kept changing while its export was rendered");
}
