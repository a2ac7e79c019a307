// Building, signing and storing Proof Reports. Leaves stream from the database through cursors
// (O(log n) memory whatever the project size) inside one repeatable-read snapshot, so the
// digests, the counts and the readiness check all see the same data. A request answers with the
// stored report of the current data state at once; a cold build runs in a job
// (src/services/report-artifacts.ts, src/jobs/build-report.ts). The statements are
// src/db/proof-reports.ts; the hashing and the payload are src/domain/proof.ts.
import type { Sql } from '../db/client.ts';
import * as db from '../db/proof-reports.ts';
import { ApiError, errors } from '../errors.ts';
import { BeingPrepared, failureOf, prepareArtifact, type PrepareOptions } from './report-artifacts.ts';
import { canonicalJson } from '../domain/canonical-json.ts';
import { createHash } from 'node:crypto';
import { leafHash, MerkleRootBuilder, MerkleTree } from '../domain/merkle.ts';
import {
  ChunkKeys,
  ChunkRecorder,
  PROOF_CHUNK_LEAVES,
  chunkCount,
  chunkOfKey,
  chunkSize,
  chunkedInclusionProof,
  chunkedInclusionProofs,
  type Chunk,
} from '../domain/proof-chunks.ts';
import { signPayload, type SigningKey } from '../domain/signing.ts';
import { checkpointOrigin, checkpointText, signNote } from '../domain/signed-note.ts';
import { projectRaterModel } from '../domain/rater-model.ts';
import { aiFigures, signedAiStatistics, type AiFigures } from './ai-calibration.ts';
import { pseudonymOf, StatisticsBuilder, seedOfResults } from '../domain/statistics.ts';
import { goldFigures, signedGoldFigures, type GoldPair } from '../domain/gold.ts';
import { goldVotes } from '../db/validator-quality.ts';
import {
  ExtendsPrevious,
  PAYLOAD_SCHEMA,
  ReportAccumulator,
  parsePrefixed,
  type Digests,
  StreamingAuditPath,
  attestationRootOf,
  canonicalTime,
  hex,
  leafFormatOf,
  prefixed,
  reportId,
  resultsLeaf,
  resultsLeafV2,
  voteLeaf,
  type ProofPayload,
  type VoteLeaf,
} from '../domain/proof.ts';

export type { StoredReport } from '../db/proof-reports.ts';

/** What a report needs besides its project: the signing key (null when none is configured) and the issuer URL. */
export interface ReportSigning {
  signer: SigningKey | null;
  /** PUBLIC_BASE_URL without a trailing slash. */
  issuer: string;
}

/** A vote row's leaf, the voter under the project's pseudonym (one HMAC per validator, not per vote). */
export function voteLeafMaker(pseudonymKey: string): (r: db.DecisionVoteRow) => VoteLeaf {
  const pseudonyms = new Map<string, string>();
  return (r) => {
    let validator = pseudonyms.get(r.voter);
    if (validator === undefined) {
      validator = pseudonymOf(pseudonymKey, r.voter);
      pseudonyms.set(r.voter, validator);
    }
    return {
      datapointId: r.datapointId,
      validator,
      classId: r.classId,
      weight: r.weight,
      rating: r.rating,
      votedAt: r.votedAt,
      synthetic: r.synthetic,
      // Votes on gold items are in no decision, so no committed vote is one.
      gold: false,
      aiConfig: r.aiConfig,
    };
  };
}

/**
 * The rows of db.streamDecisionVotes (one per vote, a decision's votes together) as decisions
 * with their votes; a decision without votes (none in the service; a fixture's) has a row with a
 * null voter and no votes.
 */
export async function* decisionsWithVotes(
  batches: AsyncIterable<db.DecisionVoteRow[]>,
  signal?: AbortSignal,
): AsyncIterable<{ decision: db.DecisionVoteRow; votes: db.DecisionVoteRow[] }> {
  let current: { decision: db.DecisionVoteRow; votes: db.DecisionVoteRow[] } | null = null;
  for await (const rows of batches) {
    signal?.throwIfAborted();
    for (const r of rows) {
      if (current && current.decision.consensusDecisionId !== r.consensusDecisionId) {
        yield current;
        current = null;
      }
      current ??= { decision: r, votes: [] };
      if (r.voter !== null) current.votes.push(r);
    }
  }
  if (current) yield current;
}

/** 503 unless a key is configured and is active in signing_keys (a retired key signs nothing new). */
async function requireSigner(sql: Sql, signer: SigningKey | null): Promise<SigningKey> {
  if (!signer) throw new ApiError('proof_report_signing_unavailable');
  if ((await db.signingKeyStatus(sql, signer.kid)) !== 'active') {
    throw new ApiError(
      'proof_report_signing_unavailable',
      'The configured signing key is not active; an operator must activate a signing key.',
    );
  }
  return signer;
}

const drained = (state: db.DataState): boolean =>
  state.datapointCount > 0 && state.decisionCount >= state.datapointCount;

/**
 * What a request answers with: the stored report of the project's current data state, at once;
 * otherwise the report is built by a job, watched for `waitMs`, and until it is ready the answer
 * is `proof_report_not_ready` saying it is being prepared (BeingPrepared, with Retry-After).
 * Checks in the order docs/decisions.md fixes: project, signing, readiness (not drained keeps its
 * own message and no Retry-After).
 */
export async function requestProofReport(
  sql: Sql,
  orgId: string,
  projectId: string,
  request: ReportSigning & PrepareOptions,
): Promise<db.StoredReport> {
  const project = await db.findReportProject(sql, orgId, projectId);
  if (!project) throw errors.projectNotFound(projectId);
  await requireSigner(sql, request.signer);
  if (!project.spec_id) throw new ApiError('proof_report_not_ready');
  const specId = project.spec_id;
  const found = await sql.begin('isolation level repeatable read read only', async (tx) => {
    const state = await db.readDataState(tx, project.id);
    if (!drained(state)) throw new ApiError('proof_report_not_ready');
    return { state, stored: await db.findReportForState(tx, project.id, specId, state) };
  });
  if (found.stored) return found.stored;
  const row = await prepareArtifact(
    sql,
    {
      orgId: project.org_id,
      projectId: project.id,
      format: 'proof_report',
      state: found.state,
      variant: '',
      issuer: request.issuer,
    },
    request,
  );
  if (row.status === 'failed') throw failureOf(row);
  const report =
    row.status === 'ready' && row.reportId ? await db.findReportById(sql, project.id, row.reportId) : undefined;
  if (!report) throw new BeingPrepared('proof_report_not_ready', 'The Proof Report');
  return report;
}

/**
 * Builds (or finds) the Proof Report of a project whose every datapoint is terminal: the job's
 * work, and an export's attestation. Checks in the order docs/decisions.md fixes: project,
 * signing, readiness. A stored report is returned when nothing changed since it was signed, or
 * when the recomputed attestationRoot equals a stored one. `signal` stops it between batches.
 */
export async function getOrCreateProofReport(
  sql: Sql,
  orgId: string,
  projectId: string,
  signing: ReportSigning,
  signal?: AbortSignal,
): Promise<db.StoredReport> {
  const project = await db.findReportProject(sql, orgId, projectId);
  if (!project) throw errors.projectNotFound(projectId);
  const signer = await requireSigner(sql, signing.signer);
  const notReady = () => new ApiError('proof_report_not_ready');
  if (!project.spec_id) throw notReady();
  const specId = project.spec_id;

  type Computed =
    | { stored: db.StoredReport }
    | {
        state: db.DataState;
        acc: ReportAccumulator;
        chunks: Chunk<number>[];
        firstVotes: number[];
        voteChunks: db.VoteChunk[];
        votes: StatisticsBuilder;
        gold: Map<string, GoldPair[]>;
        ai: AiFigures;
      };
  const computed: Computed = await sql.begin('isolation level repeatable read read only', async (tx) => {
    const state = await db.readDataState(tx, project.id);
    if (!drained(state)) throw notReady();
    // Fast path: the latest report covered exactly this data (no re-hashing).
    const same = await db.findReportForState(tx, project.id, specId, state);
    if (same) return { stored: same };
    const acc = new ReportAccumulator();
    // Each report extends the previous one (docs/decisions.md, "Reports only append").
    const previous = await db.latestReport(tx, project.id);
    const previousPayload = previous ? (JSON.parse(previous.payloadJcs) as ProofPayload) : null;
    const extending = new ExtendsPrevious(
      previous && previousPayload
        ? { reportId: previous.reportId, digests: previousPayload.digests, format: leafFormatOf(previousPayload) }
        : null,
    );
    for await (const rows of db.streamDatapointLeaves(tx, project.id)) {
      signal?.throwIfAborted();
      for (const r of rows) {
        acc.addDatapoint(r);
        extending.afterDatapoint(acc);
      }
    }
    // Both trees' chunk roots, stored with the report: inclusion proofs read one chunk of each.
    // The trees' builders keep the roots; these are the chunks' first keys.
    const chunks = new ChunkKeys<number>(PROOF_CHUNK_LEAVES);
    const firstVotes: number[] = [];
    const voteChunks = new ChunkKeys<{ seq: number; offset: number }>(PROOF_CHUNK_LEAVES);
    // The votes the statistics are computed from: the committed ones, in the same snapshot, taken
    // in one pass a datapoint at a time (StatisticsBuilder: typed columns, not a row object per vote).
    const votes = new StatisticsBuilder(project.spec_classes);
    const leafOf = voteLeafMaker(project.pseudonym_key);
    for await (const { decision, votes: rows } of decisionsWithVotes(
      db.streamDecisionVotes(tx, project.id, null),
      signal,
    )) {
      if (acc.results.size % PROOF_CHUNK_LEAVES === 0) firstVotes.push(acc.votes.size);
      chunks.leaf(acc.results.size, decision.seq);
      for (let i = 0; i < rows.length; i++) voteChunks.leaf(acc.votes.size + i, { seq: decision.seq, offset: i });
      acc.addDecision(decision, rows.map(leafOf));
      extending.afterResult(acc);
      for (const r of rows) votes.add(r);
    }
    const failure = extending.failure();
    // Only an edit of the database behind the service gets here (the rows' triggers keep the
    // order): refusing is the one answer that keeps every signed report a prefix of the next.
    if (failure) throw new Error(`refusing to sign a Proof Report of project ${project.id}: ${failure}`);
    // Gold votes score validators (statistics.validators[].gold) and are in no decision.
    const gold = new Map<string, GoldPair[]>();
    for (const g of await goldVotes(tx, project.id)) {
      const list = gold.get(g.user_id);
      if (list) list.push(g);
      else gold.set(g.user_id, [g]);
    }
    const voteChunkList = voteChunks
      .chunks(acc.votes)
      .map((c) => ({ firstSeq: c.firstKey.seq, firstOffset: c.firstKey.offset, root: c.root }));
    // The AI configurations and their calibration, committed with the votes that refer to them.
    const ai = await aiFigures(tx, project.id, project.spec_calibration);
    return { state, acc, chunks: chunks.chunks(acc.results), firstVotes, voteChunks: voteChunkList, votes, gold, ai };
  });
  if ('stored' in computed) return computed.stored;

  const { state, acc, chunks, firstVotes, voteChunks, votes, gold, ai } = computed;
  const digests = acc.digests(project.spec_sha256!);
  const statistics = votes.finish({
    seed: seedOfResults(digests.results),
    pseudonymKey: project.pseudonym_key,
    // The project's rater-model parameters, as its quality cards and (reliability method) its consensus use them.
    raterModel: projectRaterModel(project.spec_consensus),
    // Only when the project has gold votes: other projects' payloads are unchanged.
    ...(gold.size ? { gold: (voter: string) => signedGoldFigures(goldFigures(gold.get(voter) ?? [])) } : {}),
  });
  // Only when the project has an AI configuration: other projects' payloads are unchanged.
  if (ai.configurations.length) statistics.ai = signedAiStatistics(ai);
  const attestationRoot = prefixed(attestationRootOf(digests));
  return sql.begin(async (tx) => {
    await db.lockProjectForReport(tx, project.id);
    const existing = await db.findReportByRoot(tx, project.id, attestationRoot);
    if (existing) return existing;
    const issued = new Date();
    const seq = await db.nextReportNumber(tx, project.org_id, issued.toISOString().slice(0, 10));
    const headlines = acc.headlines();
    const payload: ProofPayload = {
      schema: PAYLOAD_SCHEMA,
      reportId: reportId(issued, project.org_code, seq),
      issuedAt: canonicalTime(issued),
      issuer: signing.issuer,
      orgId: project.org_id,
      orgCode: project.org_code,
      projectId: project.id,
      specId,
      specVersion: project.spec_version!,
      signingKeyId: signer.kid,
      qualityRating: headlines.qualityRating,
      consensusStrength: headlines.consensusStrength,
      coverage: { datapointsFinalized: state.decisionCount, datapointsTotal: state.datapointCount, partial: false },
      testContaminated: project.auto_consensus_used,
      digests,
      attestationRoot,
      statistics,
    };
    const payloadJcs = canonicalJson(payload);
    const jws = await signPayload(signer, Buffer.from(payloadJcs, 'utf8'));
    const checkpoint = signCheckpoint(signer, signing.issuer, project.id, digests);
    const report = await db.insertReport(tx, {
      reportId: payload.reportId,
      orgId: project.org_id,
      projectId: project.id,
      attestationRoot,
      kid: signer.kid,
      issuedAt: issued,
      payloadJcs,
      jws,
      checkpoint,
      specId,
      state,
    });
    await db.storeReportChunks(tx, project.id, report.reportId, PROOF_CHUNK_LEAVES, chunks, firstVotes);
    await db.storeVoteChunks(tx, report.reportId, voteChunks);
    return { ...report, chunkLeaves: PROOF_CHUNK_LEAVES };
  });
}

/**
 * The report's C2SP checkpoint: its results tree (size and root) under the origin naming the
 * deployment and the project, in a signed note by the report's key, the key name being the origin.
 */
export function signCheckpoint(signer: SigningKey, issuer: string, projectId: string, digests: Digests): string {
  const origin = checkpointOrigin(issuer, projectId);
  const text = checkpointText({
    origin,
    size: digests.resultsLeaves,
    root: parsePrefixed(digests.results, 'digests.results'),
  });
  return signNote(text, origin, signer.privateKey);
}

/** The inclusion proofs of a datapoint's votes (reports of format 2). */
interface VotesProofData {
  treeRoot: string;
  treeSize: number;
  first: number;
  count: number;
  leaves: { leaf: string; leafIndex: number; auditPath: string[] }[];
}

export interface InclusionProofData {
  datapointId: string;
  leaf: string;
  leafIndex: number;
  treeSize: number;
  auditPath: string[];
  treeRoot: string;
  votes?: VotesProofData;
}

const notInReport = (datapointId: string) => errors.datapointNotFound(datapointId, "this project's report");
// Decisions never change, so this holds unless the database was edited behind the service.
const treeMismatch = (report: db.StoredReport) =>
  new Error(`results tree of ${report.reportId} no longer matches its digest`);

/**
 * Trees over a report's stored chunk roots, by the SHA-256 of the roots: a report's roots never
 * change, and its proofs would otherwise hash the same n/C roots again each time (2,930 node hashes
 * for the votes tree at 1,000,000 datapoints). Keyed by content, so roots read differently (an
 * edited row) are a tree of their own, and the proof's checks against the signed roots hold as
 * before. A few reports' trees: O(n/C) hashes each.
 */
const chunkRootTrees = new Map<string, MerkleTree>();
const CHUNK_ROOT_TREES = 16;
function chunkRootsTree(roots: readonly Buffer[]): MerkleTree {
  const key = createHash('sha256').update(Buffer.concat(roots)).digest('hex');
  let tree = chunkRootTrees.get(key);
  if (tree) {
    chunkRootTrees.delete(key);
  } else {
    tree = new MerkleTree(roots);
    if (chunkRootTrees.size >= CHUNK_ROOT_TREES) chunkRootTrees.delete(chunkRootTrees.keys().next().value!);
  }
  chunkRootTrees.set(key, tree);
  return tree;
}

/**
 * The inclusion proof of a results leaf from its chunk and the stored chunk roots, checked against
 * the chunk's stored root and the signed results root: any disagreement is a tree that changed.
 */
function resultsLeafProof(
  report: db.StoredReport,
  at: {
    size: number;
    chunkLeaves: number;
    chunks: { root: Buffer }[];
    chunkNo: number;
    leaves: Buffer[];
    position: number;
  },
  signedRoot: string,
): ReturnType<typeof chunkedInclusionProof> {
  let proof: ReturnType<typeof chunkedInclusionProof>;
  try {
    const chunkRoots = at.chunks.map((c) => c.root);
    const p = chunkedInclusionProofs({
      size: at.size,
      chunkLeaves: at.chunkLeaves,
      chunkRoots,
      chunkNo: at.chunkNo,
      leaves: at.leaves.map(leafHash),
      positions: [at.position],
      chunkRootsTree: chunkRootsTree(chunkRoots),
    });
    proof = { ...p.proofs[0]!, chunkRoot: p.chunkRoot, root: p.root };
  } catch (err) {
    if (err instanceof RangeError) throw treeMismatch(report);
    throw err;
  }
  if (!proof.chunkRoot.equals(at.chunks[at.chunkNo]!.root) || prefixed(proof.root) !== signedRoot)
    throw treeMismatch(report);
  return proof;
}
const signedResults = (report: db.StoredReport): string =>
  (JSON.parse(report.payloadJcs) as ProofPayload).digests.results;
const votesMismatch = (report: db.StoredReport) =>
  new Error(`votes tree of ${report.reportId} no longer matches its digest`);

/**
 * The audit path of a datapoint's results leaf in the tree of `report`, in O(C + n/C): the
 * datapoint's decision is found by its seq, its chunk among the report's stored chunk roots, and
 * only that chunk's decisions are read and hashed (src/domain/proof-chunks.ts). The recomputed
 * chunk root must equal the stored one, and the root folded from the chunk roots the signed
 * results digest. A report stored before chunk roots were has none: its first proof streams the
 * whole tree once, as before, and stores them.
 */
export async function buildInclusionProof(
  sql: Sql,
  report: db.StoredReport,
  datapointId: string,
): Promise<InclusionProofData> {
  const payload = JSON.parse(report.payloadJcs) as ProofPayload;
  // Format 2 reports store both trees' chunk roots when they are built.
  if (leafFormatOf(payload) === 2) {
    if (report.chunkLeaves !== null) return inclusionProofV2(sql, report, payload, datapointId);
    // Chunk roots lost (never the case for a report built with them): the full stream, once.
    const streamed = await streamInclusionProofV2(sql, report, payload, datapointId);
    await sql.begin(async (tx) => {
      if (
        await db.storeReportChunks(
          tx,
          report.projectId,
          report.reportId,
          PROOF_CHUNK_LEAVES,
          streamed.chunks,
          streamed.firstVotes,
        )
      )
        await db.storeVoteChunks(tx, report.reportId, streamed.voteChunks, true);
    });
    return streamed.proof;
  }
  if (report.chunkLeaves === null) {
    const { proof, chunks } = await streamInclusionProof(sql, report, datapointId);
    await sql.begin((tx) => db.storeReportChunks(tx, report.projectId, report.reportId, PROOF_CHUNK_LEAVES, chunks));
    return proof;
  }
  const chunkLeaves = report.chunkLeaves;
  const size = report.decisionCount;
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const seq = await db.decisionSeq(tx, report.projectId, datapointId);
    if (seq === undefined) throw notInReport(datapointId);
    const chunks = await db.reportChunks(tx, report.projectId, report.reportId);
    if (chunks.length !== chunkCount(size, chunkLeaves)) throw treeMismatch(report);
    const chunkNo = chunkOfKey(
      chunks.map((c) => c.firstKey),
      seq,
    );
    // Below the first chunk: decided after the report was built, with an earlier seq.
    if (chunkNo < 0) throw notInReport(datapointId);
    const rows = await db.decisionsFrom(
      tx,
      report.projectId,
      chunks[chunkNo]!.firstKey,
      chunkSize(size, chunkLeaves, chunkNo),
    );
    const position = rows.findIndex((r) => r.seq === seq);
    if (position < 0) {
      // Past the report's last decision: not in the report. Inside a chunk's range but not among
      // its decisions: the decisions changed.
      if (rows.length > 0 && seq > rows[rows.length - 1]!.seq) throw notInReport(datapointId);
      throw treeMismatch(report);
    }
    const leaves = rows.map((r) => resultsLeaf(r));
    const proof = resultsLeafProof(
      report,
      { size, chunkLeaves, chunks, chunkNo, leaves, position },
      signedResults(report),
    );
    const treeRoot = prefixed(proof.root);
    return {
      datapointId,
      leaf: leaves[position]!.toString('utf8'),
      leafIndex: proof.leafIndex,
      treeSize: size,
      auditPath: proof.path.map(hex),
      treeRoot,
    };
  });
}

/**
 * The audit path streamed over the whole results tree (O(n)), and the tree's chunk roots recorded
 * on the way: what a report without stored chunk roots is proven with, once.
 */
export async function streamInclusionProof(
  sql: Sql,
  report: db.StoredReport,
  datapointId: string,
): Promise<{ proof: InclusionProofData; chunks: Chunk<number>[] }> {
  const payload = JSON.parse(report.payloadJcs) as ProofPayload;
  if (leafFormatOf(payload) === 2) return streamInclusionProofV2(sql, report, payload, datapointId);
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const index = await db.decisionIndex(tx, report.projectId, datapointId);
    if (index === undefined || index >= report.decisionCount) throw notInReport(datapointId);
    const size = report.decisionCount;
    const path = new StreamingAuditPath(index, size);
    const root = new MerkleRootBuilder();
    const chunks = new ChunkRecorder<number>(PROOF_CHUNK_LEAVES);
    let leaf: Buffer | null = null;
    let i = 0;
    for await (const rows of db.streamDecisions(tx, report.projectId, size)) {
      for (const r of rows) {
        const bytes = resultsLeaf(r);
        if (i++ === index) leaf = bytes;
        const h = leafHash(bytes);
        path.add(h);
        root.add(h);
        chunks.add(h, r.seq);
      }
    }
    const treeRoot = prefixed(root.root());
    if (treeRoot !== signedResults(report)) throw treeMismatch(report);
    return {
      proof: {
        datapointId,
        leaf: leaf!.toString('utf8'),
        leafIndex: index,
        treeSize: size,
        auditPath: path.path().map(hex),
        treeRoot,
      },
      chunks: chunks.chunks(),
    };
  });
}

/**
 * A format 2 report's inclusion proof: the results leaf as buildInclusionProof finds it (its vote
 * range from the chunk's first vote index and the counts before it in the chunk), then each of
 * its votes' leaves from the stored chunks of the votes tree, O(C + n/C) per tree.
 */
async function inclusionProofV2(
  sql: Sql,
  report: db.StoredReport,
  payload: ProofPayload,
  datapointId: string,
): Promise<InclusionProofData> {
  const chunkLeaves = report.chunkLeaves;
  const votesSize = payload.digests.votesLeaves;
  if (chunkLeaves === null || votesSize === undefined) throw treeMismatch(report);
  const size = report.decisionCount;
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    // Independent reads, sent together (one round trip on the transaction's connection).
    const [seq, chunks, voteChunks, key] = await Promise.all([
      db.decisionSeq(tx, report.projectId, datapointId),
      db.reportChunks(tx, report.projectId, report.reportId),
      db.reportVoteChunks(tx, report.projectId, report.reportId),
      db.pseudonymKey(tx, report.projectId),
    ]);
    if (seq === undefined) throw notInReport(datapointId);
    if (chunks.length !== chunkCount(size, chunkLeaves)) throw treeMismatch(report);
    if (voteChunks.length !== chunkCount(votesSize, chunkLeaves)) throw votesMismatch(report);
    const chunkNo = chunkOfKey(
      chunks.map((c) => c.firstKey),
      seq,
    );
    if (chunkNo < 0) throw notInReport(datapointId);
    const chunk = chunks[chunkNo]!;
    if (chunk.firstVote === null) throw treeMismatch(report);
    // The votes-tree chunks the datapoint's votes can be in, known from the stored chunks' first
    // (seq, offset) alone: read beside the results chunk, not after it. Each is read by its own
    // stored start, so a chunk read here is that chunk whichever vote range the results leaf names.
    const voteRows = new Map<number, Promise<db.DecisionVoteRow[]>>();
    const readVoteChunk = (no: number) => {
      let rows = voteRows.get(no);
      if (!rows) {
        const vc = voteChunks[no]!;
        rows = db.votesFrom(tx, report.projectId, vc.firstSeq, vc.firstOffset, chunkSize(votesSize, chunkLeaves, no));
        // Awaited below when the range needs it; a guess not needed must not be an unhandled rejection.
        rows.catch(() => {});
        voteRows.set(no, rows);
      }
      return rows;
    };
    const lastVoteChunk = chunkOfKey(
      voteChunks.map((c) => c.firstSeq),
      seq,
    );
    for (let no = lastVoteChunk; no >= 0; no--) {
      readVoteChunk(no);
      // The chunk holding the datapoint's first vote (offset 0) is the last one needed.
      if (voteChunks[no]!.firstSeq < seq || voteChunks[no]!.firstOffset === 0) break;
    }
    const rows = await db.decisionsWithVotesFrom(
      tx,
      report.projectId,
      chunk.firstKey,
      chunkSize(size, chunkLeaves, chunkNo),
    );
    const position = rows.findIndex((r) => r.seq === seq);
    if (position < 0) {
      if (rows.length > 0 && seq > rows[rows.length - 1]!.seq) throw notInReport(datapointId);
      throw treeMismatch(report);
    }
    let first = chunk.firstVote;
    const ranges = rows.map((r) => {
      const range = { first, count: r.voteCount };
      first += r.voteCount;
      return range;
    });
    const leaves = rows.map((r, i) => resultsLeafV2({ ...r, votes: ranges[i]! }));
    const proof = resultsLeafProof(
      report,
      { size, chunkLeaves, chunks, chunkNo, leaves, position },
      payload.digests.results,
    );
    const treeRoot = prefixed(proof.root);

    // The votes: leaves [first, first + count) of the votes tree, in one chunk or a few; each
    // chunk's leaves are encoded and its tree hashed once, for all of the votes in it.
    const range = ranges[position]!;
    const leafOf = voteLeafMaker(key);
    const voteChunkRoots = voteChunks.map((c) => c.root);
    const voteLeaves: VotesProofData['leaves'] = [];
    for (let index = range.first; index < range.first + range.count; ) {
      const no = Math.floor(index / chunkLeaves);
      if (no >= voteChunks.length) throw votesMismatch(report);
      const end = Math.min(range.first + range.count, (no + 1) * chunkLeaves);
      const bytes = (await readVoteChunk(no)).map((v) => voteLeaf(leafOf(v)));
      const positions: number[] = [];
      for (let i = index; i < end; i++) positions.push(i - no * chunkLeaves);
      let vp: ReturnType<typeof chunkedInclusionProofs>;
      try {
        vp = chunkedInclusionProofs({
          size: votesSize,
          chunkLeaves,
          chunkRoots: voteChunkRoots,
          chunkNo: no,
          leaves: bytes.map(leafHash),
          positions,
          chunkRootsTree: chunkRootsTree(voteChunkRoots),
        });
      } catch (err) {
        if (err instanceof RangeError) throw votesMismatch(report);
        throw err;
      }
      if (!vp.chunkRoot.equals(voteChunks[no]!.root) || prefixed(vp.root) !== payload.digests.votes)
        throw votesMismatch(report);
      for (const p of vp.proofs)
        voteLeaves.push({
          leaf: bytes[p.leafIndex - no * chunkLeaves]!.toString('utf8'),
          leafIndex: p.leafIndex,
          auditPath: p.path.map(hex),
        });
      index = end;
    }
    return {
      datapointId,
      leaf: leaves[position]!.toString('utf8'),
      leafIndex: proof.leafIndex,
      treeSize: size,
      auditPath: proof.path.map(hex),
      treeRoot,
      votes: { treeRoot: payload.digests.votes!, treeSize: votesSize, ...range, leaves: voteLeaves },
    };
  });
}

/**
 * A format 2 report's inclusion proof from both trees streamed whole (O(n)), recording both
 * trees' chunk roots on the way: what a report whose chunk roots are gone is proven with, once.
 * The vote leaves of the chunks holding the datapoint's votes are kept; their paths come from
 * those chunks and the recorded chunk roots (src/domain/proof-chunks.ts).
 */
async function streamInclusionProofV2(
  sql: Sql,
  report: db.StoredReport,
  payload: ProofPayload,
  datapointId: string,
): Promise<{ proof: InclusionProofData; chunks: Chunk<number>[]; firstVotes: number[]; voteChunks: db.VoteChunk[] }> {
  const leafOf = voteLeafMaker(await db.pseudonymKey(sql, report.projectId));
  const C = PROOF_CHUNK_LEAVES;
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const index = await db.decisionIndex(tx, report.projectId, datapointId);
    if (index === undefined || index >= report.decisionCount) throw notInReport(datapointId);
    const size = report.decisionCount;
    const path = new StreamingAuditPath(index, size);
    const acc = new ReportAccumulator();
    // The chunk roots come from the trees' own builders (ReportAccumulator), keyed here.
    const chunks = new ChunkKeys<number>(C);
    const firstVotes: number[] = [];
    const voteChunks = new ChunkKeys<{ seq: number; offset: number }>(C);
    let leaf: Buffer | null = null;
    let range: { first: number; count: number } | null = null;
    let voteBytes: Buffer[] = [];
    const kept = new Map<number, Buffer[]>();
    const closeVoteChunk = () => {
      const no = Math.floor((acc.votes.size - 1) / C);
      if (range && range.first < (no + 1) * C && range.first + range.count > no * C) kept.set(no, voteBytes);
      voteBytes = [];
    };
    for await (const { decision, votes } of decisionsWithVotes(db.streamDecisionVotes(tx, report.projectId, size))) {
      const i = acc.results.size;
      if (i % C === 0) firstVotes.push(acc.votes.size);
      const leaves = votes.map((v) => voteLeaf(leafOf(v)));
      if (i === index) {
        range = { first: acc.votes.size, count: votes.length };
        leaf = resultsLeafV2({ ...decision, votes: range });
      }
      chunks.leaf(i, decision.seq);
      for (let k = 0; k < votes.length; k++) voteChunks.leaf(acc.votes.size + k, { seq: decision.seq, offset: k });
      const h = acc.addDecision(decision, votes.map(leafOf));
      path.add(h.result);
      voteBytes.push(...leaves);
      // addDecision added the votes all at once; close each chunk they completed.
      while (voteBytes.length >= C) {
        const rest = voteBytes.slice(C);
        voteBytes = voteBytes.slice(0, C);
        const no = Math.floor((acc.votes.size - rest.length - 1) / C);
        if (range && range.first < (no + 1) * C && range.first + range.count > no * C) kept.set(no, voteBytes);
        voteBytes = rest;
      }
    }
    if (voteBytes.length) closeVoteChunk();
    const treeRoot = prefixed(acc.results.root());
    if (treeRoot !== payload.digests.results || acc.results.size !== size) throw treeMismatch(report);
    if (prefixed(acc.votes.root()) !== payload.digests.votes || acc.votes.size !== payload.digests.votesLeaves)
      throw votesMismatch(report);
    const voteChunkList = voteChunks
      .chunks(acc.votes)
      .map((c) => ({ firstSeq: c.firstKey.seq, firstOffset: c.firstKey.offset, root: c.root }));
    const r = range!;
    const voteLeaves: VotesProofData['leaves'] = [];
    for (let v = r.first; v < r.first + r.count; v++) {
      const no = Math.floor(v / C);
      const bytes = kept.get(no)!;
      const vp = chunkedInclusionProof({
        size: acc.votes.size,
        chunkLeaves: C,
        chunkRoots: voteChunkList.map((c) => c.root),
        chunkNo: no,
        leaves: bytes.map(leafHash),
        position: v - no * C,
      });
      voteLeaves.push({ leaf: bytes[v - no * C]!.toString('utf8'), leafIndex: v, auditPath: vp.path.map(hex) });
    }
    return {
      proof: {
        datapointId,
        leaf: leaf!.toString('utf8'),
        leafIndex: index,
        treeSize: size,
        auditPath: path.path().map(hex),
        treeRoot,
        votes: {
          treeRoot: payload.digests.votes!,
          treeSize: acc.votes.size,
          ...r,
          leaves: voteLeaves,
        },
      },
      chunks: chunks.chunks(acc.results),
      firstVotes,
      voteChunks: voteChunkList,
    };
  });
}
