// Proof Report queries (contract tag Reports): the project as a report sees it, the data state a
// report covers, the leaves streamed in order, stored reports, their chunk roots (inclusion
// proofs read one chunk of decisions, src/domain/proof-chunks.ts) and the per-day report counter.
// Building and signing a report is src/services/proof-reports.ts.
import type { Db, TxSql } from './client.ts';
import type { ResultRow } from '../domain/proof.ts';
import type { Chunk } from '../domain/proof-chunks.ts';
import type { StatisticsVote } from '../domain/statistics.ts';

export type StatisticsVoteRow = StatisticsVote & { createdAt: Date };
import { projectSpec } from './projects.ts';

/** Rows per cursor fetch when streaming leaves. */
const BATCH = 2000;

export interface ReportProjectRow {
  id: string;
  org_id: string;
  org_code: string;
  auto_consensus_used: boolean;
  spec_id: string | null;
  spec_version: string | null;
  spec_sha256: string | null;
  /** The compiled spec's validator classes (id and type), [] without any. */
  spec_classes: { id: string; type: 'human' | 'ai' }[];
  /** Key of the validators' pseudonyms (HMAC-SHA256), never shown. */
  pseudonym_key: string;
  /** The compiled spec's `consensus` (method, its parameters), for the rater model's settings. */
  spec_consensus: Record<string, unknown> | null;
  /** The spec's `calibration` block as stored (defaults at use). */
  spec_calibration: Record<string, unknown> | null;
}

/** The project of the organization with its organization's code and its compiled spec. */
export async function findReportProject(
  sql: Db,
  orgId: string,
  projectId: string,
): Promise<ReportProjectRow | undefined> {
  const [row] = await sql<ReportProjectRow[]>`
    select p.id, p.org_id, o.code as org_code, p.auto_consensus_used, s.id as spec_id, s.version as spec_version,
      s.sha256 as spec_sha256, p.pseudonym_key::text as pseudonym_key, s.compiled -> 'consensus' as spec_consensus,
      s.compiled -> 'calibration' as spec_calibration,
      coalesce((select jsonb_agg(jsonb_build_object('id', c ->> 'id', 'type', c ->> 'type'))
                from jsonb_array_elements(s.compiled #> '{validators,classes}') c), '[]'::jsonb) as spec_classes
    from projects p join organizations o on o.id = p.org_id
    left join lateral ${projectSpec(sql, sql`p.id`)} s on true
    where p.id = ${projectId} and p.org_id = ${orgId}`;
  return row;
}

/** A compiled spec as stored (the config a report's `digests.config` is the SHA-256 of, in JCS form). */
export async function compiledSpec(sql: Db, specId: string): Promise<unknown> {
  const [row] = await sql<{ compiled: unknown }[]>`select compiled from project_specs where id = ${specId}`;
  return row?.compiled;
}

/** The key of the project's validator pseudonyms (what a vote leaf names a validator by). */
export async function pseudonymKey(sql: Db, projectId: string): Promise<string> {
  const [row] = await sql<{ key: string }[]>`select pseudonym_key::text as key from projects where id = ${projectId}`;
  return row!.key;
}

/** The status of a registered signing key (pending, active, retired), or undefined when unknown. */
export async function signingKeyStatus(sql: Db, kid: string): Promise<string | undefined> {
  const [row] = await sql<{ status: string }[]>`select status from signing_keys where kid = ${kid}`;
  return row?.status;
}

/** What a report covered. Datapoints and decisions are append-only: equal state, equal report. */
export interface DataState {
  datapointCount: number;
  datapointMaxSeq: number;
  decisionCount: number;
  decisionMaxSeq: number;
}

/** The project's data as of this snapshot, from the row the writing statements keep (O(1)). */
export async function readDataState(sql: Db, projectId: string): Promise<DataState> {
  const [s] = await sql<DataState[]>`
    select datapoints::int as "datapointCount", datapoint_max_seq::float8 as "datapointMaxSeq",
           decisions::int as "decisionCount", decision_max_seq::float8 as "decisionMaxSeq"
    from project_data_state where project_id = ${projectId}`;
  return s ?? { datapointCount: 0, datapointMaxSeq: 0, decisionCount: 0, decisionMaxSeq: 0 };
}

export interface StoredReport {
  reportId: string;
  projectId: string;
  attestationRoot: string;
  kid: string;
  issuedAt: Date;
  payloadJcs: string;
  jws: string;
  decisionCount: number;
  /** Leaves per stored chunk root; null while the report has none (stored before chunks were). */
  chunkLeaves: number | null;
  /** The C2SP checkpoint of its results tree, a signed note; null on reports stored before checkpoints were. */
  checkpoint: string | null;
}

const REPORT_COLUMNS = (sql: Db) => sql`
  report_id as "reportId", project_id as "projectId", attestation_root as "attestationRoot", kid, issued_at as
  "issuedAt",
  payload_jcs as "payloadJcs", jws, decision_count::int as "decisionCount", chunk_leaves as "chunkLeaves", checkpoint`;

/**
 * A report whose key was not marked compromised: only such a report is answered for a data state
 * (or an attestation root); one signed by a compromised key is issued again by the current key.
 */
const signedByTrustedKey = (sql: Db) => sql`not exists (
  select 1 from signing_keys k where k.kid = proof_reports.kid and k.compromised_at is not null)`;

/** The latest report of the project that covered exactly this spec and data state, by a key not compromised. */
export async function findReportForState(
  tx: TxSql,
  projectId: string,
  specId: string,
  state: DataState,
): Promise<StoredReport | undefined> {
  const [same] = await tx<StoredReport[]>`
    select ${REPORT_COLUMNS(tx)} from proof_reports
    where project_id = ${projectId} and spec_id = ${specId} and datapoint_count = ${state.datapointCount}
      and datapoint_max_seq = ${state.datapointMaxSeq} and decision_count = ${state.decisionCount} and decision_max_seq
      = ${state.decisionMaxSeq} and ${signedByTrustedKey(tx)}
    order by created_at desc limit 1`;
  return same;
}

export async function findReportByRoot(
  tx: TxSql,
  projectId: string,
  attestationRoot: string,
): Promise<StoredReport | undefined> {
  const [row] = await tx<
    StoredReport[]
  >`select ${REPORT_COLUMNS(tx)} from proof_reports where project_id = ${projectId} and attestation_root =
  ${attestationRoot} and ${signedByTrustedKey(tx)} order by created_at desc limit 1`;
  return row;
}

/**
 * The project's manifest leaves (datapoints in ingestion order, gold items left out: they never
 * reach consensus), the first `limit` or all, in batches.
 */
export function streamDatapointLeaves(tx: TxSql, projectId: string, limit: number | null = null) {
  return tx<{ datapointId: string; checksum: string }[]>`
    select id as "datapointId", encode(checksum, 'hex') as checksum from datapoints where project_id =
    ${projectId} and gold_rating is null order by seq ${limit === null ? tx`` : tx`limit ${limit}`}`.cursor(BATCH);
}

/** The project's latest stored report (the one with the largest trees: reports only append). */
export async function latestReport(sql: Db, projectId: string): Promise<StoredReport | undefined> {
  const [row] = await sql<StoredReport[]>`
    select ${REPORT_COLUMNS(sql)} from proof_reports where project_id = ${projectId} order by created_at desc limit 1`;
  return row;
}

/** Stores a checkpoint on a report stored before checkpoints were; the first writer wins. Returns the stored one. */
export async function storeReportCheckpoint(
  sql: Db,
  projectId: string,
  reportId: string,
  checkpoint: string,
): Promise<string> {
  await sql`update proof_reports set checkpoint = ${checkpoint}
    where report_id = ${reportId} and project_id = ${projectId} and checkpoint is null`;
  const [row] = await sql<{ checkpoint: string }[]>`
    select checkpoint from proof_reports where report_id = ${reportId} and project_id = ${projectId}`;
  return row.checkpoint;
}

/** A results leaf's row with its decision's seq (the key chunks are found by). */
export type DecisionRow = ResultRow & { seq: number };

/**
 * The output column `seq` is a float8 (a JS number); the queries below order by the table's
 * `consensus_decisions.seq`, by its qualified name: `order by seq` would name the float8 output
 * column, which no index provides, and sort every decision of the project (a parallel seq scan
 * and a sort, 40 ms per inclusion proof at 300,000 decisions instead of 1 ms).
 */
const DECISION_COLUMNS = (sql: Db) => sql`
  datapoint_id as "datapointId", id as "consensusDecisionId", quality_rating_mean as "qualityRatingMean",
  quality_rating_median as "qualityRatingMedian", consensus_strength as "consensusStrength", seq::float8 as seq`;

/** The project's results leaves (decisions in finalization order), the first `limit` or all, in batches. */
export function streamDecisions(tx: TxSql, projectId: string, limit: number | null) {
  return tx<DecisionRow[]>`
    select ${DECISION_COLUMNS(tx)}
    from consensus_decisions where project_id = ${projectId} order by consensus_decisions.seq
      ${limit === null ? tx`` : tx`limit ${limit}`}`.cursor(BATCH);
}

/** One chunk of results leaves: `limit` decisions from seq `firstSeq` on, in order (the (project_id, seq) index). */
export function decisionsFrom(tx: TxSql, projectId: string, firstSeq: number, limit: number): Promise<DecisionRow[]> {
  return tx<DecisionRow[]>`
    select ${DECISION_COLUMNS(tx)}
    from consensus_decisions where project_id = ${projectId} and seq >= ${firstSeq} order by consensus_decisions.seq
    limit ${limit}`;
}

/**
 * Every vote of the project's decided datapoints, grouped by datapoint, with the weight it carried
 * in the decision: what the report's statistics and the votes export are computed from.
 */
export function streamDecidedVotes(tx: TxSql, projectId: string) {
  return tx<StatisticsVoteRow[]>`
    select v.datapoint_id as "datapointId", v.voter, v.class_id as "classId", v.synthetic, v.rating,
      coalesce(v.decision_weight, v.weight) as weight, v.created_at as "createdAt"
    from votes v join consensus_decisions d on d.datapoint_id = v.datapoint_id and d.project_id = ${projectId}
    where v.project_id = ${projectId}
    order by v.datapoint_id, v.created_at, v.id`.cursor(BATCH);
}

/** A decision of a format 2 report with one of its votes: one row per vote, in vote order. */
export interface DecisionVoteRow extends DecisionRow {
  contested: boolean;
  escalations: number;
  voter: string;
  classId: string | null;
  synthetic: boolean;
  rating: number;
  /** The weight the vote carried in the decision. */
  weight: number;
  votedAt: Date;
  /** `sha256:<hex>` of an AI vote's provenance configuration; null otherwise. */
  aiConfig: string | null;
}

const DECISION_VOTE_COLUMNS = (sql: Db) => sql`
  d.datapoint_id as "datapointId", d.id as "consensusDecisionId", d.quality_rating_mean as "qualityRatingMean",
  d.quality_rating_median as "qualityRatingMedian", d.consensus_strength as "consensusStrength", d.contested,
  d.escalations, d.seq::float8 as seq, v.voter, v.class_id as "classId", v.synthetic, v.rating,
  coalesce(v.decision_weight, v.weight) as weight, v.created_at as "votedAt",
  case when v.ai_config is null then null else 'sha256:' || v.ai_config end as "aiConfig"`;

/**
 * The votes tree's leaves with their decisions: decisions in finalization order, each one's votes
 * by (time, id), the first `limit` decisions or all. A decided datapoint takes no more votes
 * (src/lifecycle/votes.ts), so the order only ever grows at its end.
 */
export function streamDecisionVotes(tx: TxSql, projectId: string, limit: number | null) {
  const upTo =
    limit === null
      ? tx``
      : tx`and d.seq <= (select c.seq from consensus_decisions c where c.project_id = ${projectId}
          order by c.seq offset ${Math.max(limit - 1, 0)} limit 1)`;
  return tx<DecisionVoteRow[]>`
    select ${DECISION_VOTE_COLUMNS(tx)}
    from consensus_decisions d left join votes v on v.datapoint_id = d.datapoint_id and v.project_id = d.project_id
    where d.project_id = ${projectId} ${limit === 0 ? tx`and false` : upTo}
    order by d.seq, v.created_at, v.id`.cursor(BATCH);
}

/** Leaves of one chunk of the votes tree: `limit` votes from the one at `offset` among decision `firstSeq`'s. */
export function votesFrom(
  tx: TxSql,
  projectId: string,
  firstSeq: number,
  offset: number,
  limit: number,
): Promise<DecisionVoteRow[]> {
  // Every decision has a vote, so `limit` votes from there span at most limit + 1 decisions: only
  // those are joined and sorted (not every later decision's votes).
  return tx<DecisionVoteRow[]>`
    select ${DECISION_VOTE_COLUMNS(tx)}
    from (select * from consensus_decisions where project_id = ${projectId} and seq >= ${firstSeq}
          order by consensus_decisions.seq limit ${limit + 1}) d
      join votes v on v.datapoint_id = d.datapoint_id and v.project_id = d.project_id
    order by d.seq, v.created_at, v.id offset ${offset} limit ${limit}`;
}

/** A decision of a format 2 report with how many votes it has (its results leaf names them). */
export type DecisionCountRow = DecisionRow & { contested: boolean; escalations: number; voteCount: number };

/** One chunk of format 2 results leaves: `limit` decisions from seq `firstSeq` on, with their vote counts. */
export function decisionsWithVotesFrom(
  tx: TxSql,
  projectId: string,
  firstSeq: number,
  limit: number,
): Promise<DecisionCountRow[]> {
  return tx<DecisionCountRow[]>`
    select ${DECISION_COLUMNS(tx)}, contested, escalations,
      (select count(*)::int from votes v where v.datapoint_id = consensus_decisions.datapoint_id
        and v.project_id = consensus_decisions.project_id) as "voteCount"
    from consensus_decisions where project_id = ${projectId} and seq >= ${firstSeq} order by consensus_decisions.seq
    limit ${limit}`;
}

/** A stored chunk of the votes tree: where its first vote is (decision seq, position among its votes). */
export interface VoteChunk {
  firstSeq: number;
  firstOffset: number;
  root: Buffer;
}

export function reportVoteChunks(tx: TxSql, projectId: string, reportId: string): Promise<VoteChunk[]> {
  return tx<VoteChunk[]>`
    select c.first_seq::float8 as "firstSeq", c.first_offset as "firstOffset", c.root
    from proof_report_vote_chunks c join proof_reports r on r.report_id = c.report_id
    where c.report_id = ${reportId} and r.project_id = ${projectId}
    order by c.chunk_no`;
}

/** Stores a format 2 report's votes-tree chunk roots, in the transaction that stores the report. */
export async function storeVoteChunks(
  tx: TxSql,
  reportId: string,
  chunks: VoteChunk[],
  /** Stored again after the results chunks were lost: the old rows go first. */
  replace = false,
): Promise<void> {
  if (replace) await tx`delete from proof_report_vote_chunks where report_id = ${reportId}`;
  if (chunks.length === 0) return;
  await tx`
    insert into proof_report_vote_chunks (report_id, chunk_no, first_seq, first_offset, root)
    select ${reportId}, (t.n - 1)::int, t.first_seq, t.first_offset, decode(t.root, 'hex')
    from unnest(${chunks.map((c) => String(c.firstSeq))}::bigint[], ${chunks.map((c) => c.firstOffset)}::int[],
    ${chunks.map((c) => c.root.toString('hex'))}::text[]) with ordinality as t(first_seq, first_offset, root, n)`;
}

/** The seq of the datapoint's decision in the project, or undefined (no decision, or another project's). */
export async function decisionSeq(tx: TxSql, projectId: string, datapointId: string): Promise<number | undefined> {
  const [row] = await tx<{ seq: number }[]>`
    select seq::float8 as seq from consensus_decisions where datapoint_id = ${datapointId} and project_id =
    ${projectId}`;
  return row?.seq;
}

/**
 * The report's chunk roots in order, with the seq of each chunk's first decision and (format 2)
 * the votes-tree index of that decision's first vote (empty when it has none).
 */
export function reportChunks(
  tx: TxSql,
  projectId: string,
  reportId: string,
): Promise<(Chunk<number> & { firstVote: number | null })[]> {
  return tx<(Chunk<number> & { firstVote: number | null })[]>`
    select c.first_seq::float8 as "firstKey", c.root, c.first_vote::float8 as "firstVote"
    from proof_report_chunks c join proof_reports r on r.report_id = c.report_id
    where c.report_id = ${reportId} and r.project_id = ${projectId}
    order by c.chunk_no`;
}

/**
 * Stores the report's chunk roots (in the transaction that stores the report, or later for a
 * report stored before chunks were). Only the first writer stores them: the update takes the
 * report's row lock, and a second one finds `chunk_leaves` set and stores nothing. Returns
 * whether this call stored them.
 */
export async function storeReportChunks(
  tx: TxSql,
  projectId: string,
  reportId: string,
  chunkLeaves: number,
  chunks: Chunk<number>[],
  /** Format 2: per chunk, the votes-tree index of its first decision's first vote. */
  firstVotes: number[] | null = null,
): Promise<boolean> {
  const claimed = await tx`
    update proof_reports set chunk_leaves = ${chunkLeaves}
    where report_id = ${reportId} and project_id = ${projectId} and chunk_leaves is null returning 1`;
  if (claimed.length === 0) return false;
  await tx`
    insert into proof_report_chunks (report_id, chunk_no, first_seq, root, first_vote)
    select ${reportId}, (t.n - 1)::int, t.first_seq, decode(t.root, 'hex'), t.first_vote
    from unnest(${chunks.map((c) => String(c.firstKey))}::bigint[],
    ${chunks.map((c) => c.root.toString('hex'))}::text[],
    ${chunks.map((_, i) => (firstVotes ? String(firstVotes[i]) : null))}::bigint[])
      with ordinality as t(first_seq, root, first_vote, n)`;
  return true;
}

/** One report at a time per project: two concurrent first requests must not both sign. */
export async function lockProjectForReport(tx: TxSql, projectId: string): Promise<void> {
  await tx`select id from projects where id = ${projectId} for no key update`;
}

/**
 * The next report number of the organization for the UTC day. The counter row stays locked until
 * commit: concurrent reports of the organization queue here, and a rollback gives the number
 * back, so ids have no gaps and no duplicates.
 */
export async function nextReportNumber(tx: TxSql, orgId: string, day: string): Promise<number> {
  const [counter] = await tx<{ last_seq: number }[]>`
    insert into report_counters (org_id, day, last_seq) values (${orgId}, ${day}, 1)
    on conflict (org_id, day) do update set last_seq = report_counters.last_seq + 1
    returning last_seq`;
  return counter.last_seq;
}

export async function insertReport(
  tx: TxSql,
  r: {
    reportId: string;
    orgId: string;
    projectId: string;
    attestationRoot: string;
    kid: string;
    issuedAt: Date;
    payloadJcs: string;
    jws: string;
    checkpoint: string;
    specId: string;
    state: DataState;
  },
): Promise<StoredReport> {
  const [row] = await tx<StoredReport[]>`
    insert into proof_reports (report_id, org_id, project_id, attestation_root, kid, issued_at, payload_jcs, jws,
      checkpoint, spec_id, datapoint_count, datapoint_max_seq, decision_count, decision_max_seq)
    values (${r.reportId}, ${r.orgId}, ${r.projectId}, ${r.attestationRoot}, ${r.kid}, ${r.issuedAt}, ${r.payloadJcs},
    ${r.jws}, ${r.checkpoint}, ${r.specId},
      ${r.state.datapointCount}, ${r.state.datapointMaxSeq}, ${r.state.decisionCount}, ${r.state.decisionMaxSeq})
    returning ${REPORT_COLUMNS(tx)}`;
  return row;
}

/**
 * The position of the datapoint's decision in the project's finalization order, or undefined.
 * Counts every earlier decision (O(n)): only for a report without stored chunk roots.
 */
export async function decisionIndex(tx: TxSql, projectId: string, datapointId: string): Promise<number | undefined> {
  const [pos] = await tx<{ index: number }[]>`
    select (select count(*)::int from consensus_decisions c2 where c2.project_id = c.project_id and c2.seq < c.seq) as
    index
    from consensus_decisions c where c.datapoint_id = ${datapointId} and c.project_id = ${projectId}`;
  return pos?.index;
}

/** A stored report by its id (what a finished Proof Report build names). */
export async function findReportById(sql: Db, projectId: string, reportId: string): Promise<StoredReport | undefined> {
  const [row] = await sql<
    StoredReport[]
  >`select ${REPORT_COLUMNS(sql)} from proof_reports where report_id = ${reportId} and project_id = ${projectId}`;
  return row;
}
