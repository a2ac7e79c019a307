// Building, signing and storing Proof Reports. Leaves stream from the database through cursors
// (O(log n) memory whatever the project size) inside one repeatable-read snapshot, so the
// digests, the counts and the readiness check all see the same data.
import type { Sql, TxSql } from './client.ts';
import { ApiError } from '../http/errors.ts';
import { canonicalJson } from '../domain/canonical-json.ts';
import { leafHash, MerkleRootBuilder } from '../domain/merkle.ts';
import { signPayload, type SigningKey } from '../domain/signing.ts';
import {
  PAYLOAD_SCHEMA, ReportAccumulator, StreamingAuditPath, attestationRootOf, canonicalTime, hex, prefixed, reportId, resultsLeaf,
  type ProofPayload, type ResultRow,
} from '../domain/proof.ts';

const BATCH = 2000;

interface ProjectRow { id: string; org_id: string; org_code: string; auto_consensus_used: boolean; spec_id: string | null; spec_version: string | null; spec_sha256: string | null }

/** What a report covered. Datapoints and decisions are append-only: equal state, equal report. */
interface State { datapointCount: number; datapointMaxSeq: number; decisionCount: number; decisionMaxSeq: number }

export interface StoredReport {
  reportId: string;
  projectId: string;
  attestationRoot: string;
  kid: string;
  issuedAt: Date;
  payloadJcs: string;
  jws: string;
  decisionCount: number;
}

export async function findProject(sql: Sql | TxSql, orgId: string, projectId: string): Promise<ProjectRow> {
  const [row] = await sql<ProjectRow[]>`
    select p.id, p.org_id, o.code as org_code, p.auto_consensus_used, s.id as spec_id, s.version as spec_version, s.sha256 as spec_sha256
    from projects p join organizations o on o.id = p.org_id
    left join lateral (select id, version, sha256 from project_specs where project_id = p.id order by created_at desc limit 1) s on true
    where p.id = ${projectId} and p.org_id = ${orgId}`;
  if (!row) throw new ApiError('project_not_found', `No project ${projectId} in this organization.`, 'projectId');
  return row;
}

/** 503 unless a key is configured and is active in signing_keys (a retired key signs nothing new). */
export async function requireSigner(sql: Sql, signer: SigningKey | null): Promise<SigningKey> {
  if (!signer) throw new ApiError('proof_report_signing_unavailable');
  const [row] = await sql<{ status: string }[]>`select status from signing_keys where kid = ${signer.kid}`;
  if (row?.status !== 'active') throw new ApiError('proof_report_signing_unavailable', 'The configured signing key is not active; an operator must activate a signing key.');
  return signer;
}

/** The project's data as of this snapshot, from the row the writing statements keep (O(1)). */
async function readState(tx: TxSql, projectId: string): Promise<State> {
  const [s] = await tx<State[]>`
    select datapoints::int as "datapointCount", datapoint_max_seq::float8 as "datapointMaxSeq",
           decisions::int as "decisionCount", decision_max_seq::float8 as "decisionMaxSeq"
    from project_data_state where project_id = ${projectId}`;
  return s ?? { datapointCount: 0, datapointMaxSeq: 0, decisionCount: 0, decisionMaxSeq: 0 };
}

const REPORT_COLUMNS = (tx: Sql | TxSql) => tx`
  report_id as "reportId", project_id as "projectId", attestation_root as "attestationRoot", kid, issued_at as "issuedAt",
  payload_jcs as "payloadJcs", jws, decision_count::int as "decisionCount"`;

function streamDecisions(tx: TxSql, projectId: string, limit: number | null) {
  return tx<ResultRow[]>`
    select datapoint_id as "datapointId", id as "consensusDecisionId", quality_rating_mean as "qualityRatingMean",
      quality_rating_median as "qualityRatingMedian", consensus_strength as "consensusStrength"
    from consensus_decisions where project_id = ${projectId} order by seq ${limit === null ? tx`` : tx`limit ${limit}`}`.cursor(BATCH);
}

/**
 * The Proof Report of a project whose every datapoint is terminal. Checks in the order the
 * readings fix: project, signing, readiness. A stored report is returned when nothing changed
 * since it was signed, or when the recomputed attestationRoot equals a stored one.
 */
export async function getOrCreateProofReport(sql: Sql, a: { orgId: string; projectId: string; signer: SigningKey | null; issuer: string }): Promise<StoredReport> {
  const project = await findProject(sql, a.orgId, a.projectId);
  const signer = await requireSigner(sql, a.signer);
  const notReady = () => new ApiError('proof_report_not_ready');
  if (!project.spec_id) throw notReady();

  type Computed = { stored: StoredReport } | { state: State; acc: ReportAccumulator };
  const computed: Computed = await sql.begin('isolation level repeatable read read only', async (tx) => {
    const state = await readState(tx, project.id);
    if (state.datapointCount === 0 || state.decisionCount < state.datapointCount) throw notReady();
    // Fast path: the latest report covered exactly this data (no re-hashing).
    const [same] = await tx<StoredReport[]>`
      select ${REPORT_COLUMNS(tx)} from proof_reports
      where project_id = ${project.id} and spec_id = ${project.spec_id} and datapoint_count = ${state.datapointCount}
        and datapoint_max_seq = ${state.datapointMaxSeq} and decision_count = ${state.decisionCount} and decision_max_seq = ${state.decisionMaxSeq}
      order by created_at desc limit 1`;
    if (same) return { stored: same as StoredReport };
    const acc = new ReportAccumulator();
    for await (const rows of tx<{ datapointId: string; checksum: string }[]>`
      select id as "datapointId", encode(checksum, 'hex') as checksum from datapoints where project_id = ${project.id} order by seq`.cursor(BATCH)) {
      for (const r of rows) acc.addDatapoint(r);
    }
    for await (const rows of streamDecisions(tx, project.id, null)) for (const r of rows) acc.addResult(r);
    return { state, acc };
  });
  if ('stored' in computed) return computed.stored;

  const { state, acc } = computed as Extract<Computed, { acc: ReportAccumulator }>;
  const digests = acc.digests(project.spec_sha256!);
  const attestationRoot = prefixed(attestationRootOf(digests));
  return sql.begin(async (tx) => {
    // One report at a time per project: two concurrent first requests must not both sign.
    await tx`select id from projects where id = ${project.id} for no key update`;
    const [existing] = await tx<StoredReport[]>`select ${REPORT_COLUMNS(tx)} from proof_reports where project_id = ${project.id} and attestation_root = ${attestationRoot}`;
    if (existing) return existing;
    const issued = new Date();
    const day = issued.toISOString().slice(0, 10);
    // The counter row stays locked until commit: concurrent reports of the organization queue
    // here, and a rollback gives the number back, so ids have no gaps and no duplicates.
    const [counter] = await tx<{ last_seq: number }[]>`
      insert into report_counters (org_id, day, last_seq) values (${project.org_id}, ${day}, 1)
      on conflict (org_id, day) do update set last_seq = report_counters.last_seq + 1
      returning last_seq`;
    const headlines = acc.headlines();
    const payload: ProofPayload = {
      schema: PAYLOAD_SCHEMA,
      reportId: reportId(issued, project.org_code, counter.last_seq),
      issuedAt: canonicalTime(issued),
      issuer: a.issuer,
      orgId: project.org_id,
      orgCode: project.org_code,
      projectId: project.id,
      specId: project.spec_id!,
      specVersion: project.spec_version!,
      signingKeyId: signer.kid,
      qualityRating: headlines.qualityRating,
      consensusStrength: headlines.consensusStrength,
      coverage: { datapointsFinalized: state.decisionCount, datapointsTotal: state.datapointCount, partial: false },
      testContaminated: project.auto_consensus_used,
      digests,
      attestationRoot,
    };
    const payloadJcs = canonicalJson(payload);
    const jws = await signPayload(signer, Buffer.from(payloadJcs, 'utf8'));
    const [row] = await tx<StoredReport[]>`
      insert into proof_reports (report_id, org_id, project_id, attestation_root, kid, issued_at, payload_jcs, jws, spec_id,
        datapoint_count, datapoint_max_seq, decision_count, decision_max_seq)
      values (${payload.reportId}, ${project.org_id}, ${project.id}, ${attestationRoot}, ${signer.kid}, ${issued}, ${payloadJcs}, ${jws}, ${project.spec_id},
        ${state.datapointCount}, ${state.datapointMaxSeq}, ${state.decisionCount}, ${state.decisionMaxSeq})
      returning ${REPORT_COLUMNS(tx)}`;
    return row;
  });
}

export interface InclusionProofData {
  datapointId: string;
  leaf: string;
  leafIndex: number;
  treeSize: number;
  auditPath: string[];
  treeRoot: string;
}

/** The audit path of a datapoint's results leaf in the tree of `report` (streamed, not loaded). */
export async function buildInclusionProof(sql: Sql, report: StoredReport, datapointId: string): Promise<InclusionProofData> {
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const [pos] = await tx<{ index: number }[]>`
      select (select count(*)::int from consensus_decisions c2 where c2.project_id = c.project_id and c2.seq < c.seq) as index
      from consensus_decisions c where c.datapoint_id = ${datapointId} and c.project_id = ${report.projectId}`;
    if (!pos || pos.index >= report.decisionCount) throw new ApiError('datapoint_not_found', `No datapoint ${datapointId} in this project's report.`, 'datapointId');
    const size = report.decisionCount;
    const path = new StreamingAuditPath(pos.index, size);
    const root = new MerkleRootBuilder();
    let leaf: Buffer | null = null;
    let i = 0;
    for await (const rows of streamDecisions(tx, report.projectId, size)) {
      for (const r of rows) {
        const bytes = resultsLeaf(r);
        if (i++ === pos.index) leaf = bytes;
        const h = leafHash(bytes);
        path.add(h);
        root.add(h);
      }
    }
    const treeRoot = prefixed(root.root());
    const signed = JSON.parse(report.payloadJcs) as ProofPayload;
    // Decisions never change, so this holds unless the database was edited behind the service.
    if (treeRoot !== signed.digests.results) throw new Error(`results tree of ${report.reportId} no longer matches its digest`);
    return { datapointId, leaf: leaf!.toString('utf8'), leafIndex: pos.index, treeSize: size, auditPath: path.path().map(hex), treeRoot };
  });
}
