// A project's Proof Reports as a transparency log: RFC 9162 consistency proofs from an earlier
// report to a later one, and each report's C2SP checkpoint. Every report's manifest and results
// trees are prefixes of the next report's (docs/decisions.md, "Reports only append"), so a proof
// is built from the later report's leaves streamed once in order (O(log n) memory), and both
// roots it passes through are checked against the two signed digests before it is served. The
// statements are src/db/proof-reports.ts; the hashing src/domain/merkle.ts.
import type { Sql } from '../db/client.ts';
import * as db from '../db/proof-reports.ts';
import { ApiError, errors } from '../errors.ts';
import { leafHash, StreamingConsistencyProof, type Hash } from '../domain/merkle.ts';
import {
  hex,
  leafFormatOf,
  manifestLeaf,
  prefixed,
  resultsLeaf,
  ReportAccumulator,
  type Digests,
  type ProofPayload,
} from '../domain/proof.ts';
import type { SigningKey } from '../domain/signing.ts';
import { decisionsWithVotes, signCheckpoint, voteLeafMaker } from './proof-reports.ts';

const digestsOf = (r: db.StoredReport): Digests => (JSON.parse(r.payloadJcs) as ProofPayload).digests;
const issuedAtOf = (r: db.StoredReport): string => (JSON.parse(r.payloadJcs) as ProofPayload).issuedAt;

interface TreeConsistency {
  fromSize: number;
  toSize: number;
  fromRoot: string;
  toRoot: string;
  proof: string[];
}

export interface ConsistencyProofData {
  projectId: string;
  from: { reportId: string; attestationRoot: string; issuedAt: string };
  to: { reportId: string; attestationRoot: string; issuedAt: string };
  manifest: TreeConsistency;
  results: TreeConsistency;
  votes?: TreeConsistency;
}

async function projectOf(sql: Sql, orgId: string, projectId: string) {
  const project = await db.findReportProject(sql, orgId, projectId);
  if (!project) throw errors.projectNotFound(projectId);
  return project;
}

async function reportOf(sql: Sql, projectId: string, reportId: string, param: string): Promise<db.StoredReport> {
  const report = await db.findReportById(sql, projectId, reportId);
  if (!report) throw new ApiError('proof_report_not_found', `No Proof Report ${reportId} in this project.`, param);
  return report;
}

/** Folds one tree's leaves into the proof and checks both roots against what was signed. */
async function treeProof(
  leaves: AsyncIterable<Hash[]>,
  from: { size: number; root: string },
  to: { size: number; root: string },
  what: string,
): Promise<TreeConsistency> {
  const stream = new StreamingConsistencyProof(from.size, to.size);
  for await (const batch of leaves) for (const h of batch) stream.add(h);
  let r: ReturnType<StreamingConsistencyProof['result']>;
  try {
    r = stream.result();
  } catch {
    throw new Error(`the ${what} tree no longer has the ${to.size} leaves its report signed`);
  }
  // Stored leaves never change (the rows' triggers), so this holds unless the database was edited.
  if (prefixed(r.fromRoot) !== from.root || prefixed(r.toRoot) !== to.root)
    throw new Error(`the ${what} tree no longer hashes to the signed digests`);
  return { fromSize: from.size, toSize: to.size, fromRoot: from.root, toRoot: to.root, proof: r.proof.map(hex) };
}

async function* hashed<T>(rows: AsyncIterable<T[]>, leaf: (row: T) => Buffer): AsyncIterable<Hash[]> {
  for await (const batch of rows) yield batch.map((r) => leafHash(leaf(r)));
}

/**
 * The consistency proofs from report `fromId` to report `toId` (default: the latest stored) of
 * the project: both trees, in one repeatable-read snapshot.
 */
export async function buildConsistencyProof(
  sql: Sql,
  orgId: string,
  projectId: string,
  fromId: string,
  toId: string | undefined,
): Promise<ConsistencyProofData> {
  const project = await projectOf(sql, orgId, projectId);
  const from = await reportOf(sql, project.id, fromId, 'from');
  const to = toId === undefined ? await db.latestReport(sql, project.id) : await reportOf(sql, project.id, toId, 'to');
  if (!to) throw new ApiError('proof_report_not_found', 'The project has no stored Proof Report.', 'to');
  const a = digestsOf(from);
  const b = digestsOf(to);
  if (a.manifestLeaves > b.manifestLeaves || a.resultsLeaves > b.resultsLeaves)
    throw new ApiError(
      'parameter_invalid',
      `Report ${from.reportId} covers more than ${to.reportId}: \`from\` must be the earlier report.`,
      'from',
    );
  const format = leafFormatOf(JSON.parse(to.payloadJcs) as ProofPayload);
  if (leafFormatOf(JSON.parse(from.payloadJcs) as ProofPayload) !== format)
    throw new ApiError(
      'parameter_invalid',
      `Reports ${from.reportId} and ${to.reportId} are of different formats (format 2 commits votes): their results ` +
        'leaves have different forms, so only reports of the same format are linked.',
      'from',
    );
  const ref = (r: db.StoredReport) => ({
    reportId: r.reportId,
    attestationRoot: r.attestationRoot,
    issuedAt: issuedAtOf(r),
  });
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const manifest = await treeProof(
      hashed(db.streamDatapointLeaves(tx, project.id, b.manifestLeaves), manifestLeaf),
      { size: a.manifestLeaves, root: a.manifest },
      { size: b.manifestLeaves, root: b.manifest },
      'manifest',
    );
    if (format === 1) {
      const results = await treeProof(
        hashed(db.streamDecisions(tx, project.id, b.resultsLeaves), resultsLeaf),
        { size: a.resultsLeaves, root: a.results },
        { size: b.resultsLeaves, root: b.results },
        'results',
      );
      return { projectId: project.id, from: ref(from), to: ref(to), manifest, results };
    }
    // Format 2: the results and votes leaves come from one stream of decisions with their votes.
    const leafOf = voteLeafMaker(project.pseudonym_key);
    const tree = (which: 'results' | 'votes') => {
      return (async function* () {
        const acc = new ReportAccumulator();
        for await (const { decision, votes } of decisionsWithVotes(
          db.streamDecisionVotes(tx, project.id, b.resultsLeaves),
        )) {
          const h = acc.addDecision(decision, votes.map(leafOf));
          yield which === 'results' ? [h.result] : h.votes;
        }
      })();
    };
    const results = await treeProof(
      tree('results'),
      { size: a.resultsLeaves, root: a.results },
      { size: b.resultsLeaves, root: b.results },
      'results',
    );
    // An empty votes tree (decisions without votes: none the service writes) is a prefix of any.
    if (!a.votesLeaves) return { projectId: project.id, from: ref(from), to: ref(to), manifest, results };
    const votes = await treeProof(
      tree('votes'),
      { size: a.votesLeaves, root: a.votes! },
      { size: b.votesLeaves!, root: b.votes! },
      'votes',
    );
    return { projectId: project.id, from: ref(from), to: ref(to), manifest, results, votes };
  });
}

/**
 * A report's checkpoint (the latest stored report's without `reportId`). A report stored before
 * checkpoints were gets one signed on first request, by its own key only: when that key is no
 * longer the configured one, `proof_report_signing_unavailable`.
 */
export async function reportCheckpoint(
  sql: Sql,
  orgId: string,
  projectId: string,
  reportId: string | undefined,
  signing: { signer: SigningKey | null },
): Promise<{ report: db.StoredReport; note: string }> {
  const project = await projectOf(sql, orgId, projectId);
  const report =
    reportId === undefined
      ? await db.latestReport(sql, project.id)
      : await reportOf(sql, project.id, reportId, 'reportId');
  if (!report) throw new ApiError('proof_report_not_ready');
  if (report.checkpoint) return { report, note: report.checkpoint };
  if (!signing.signer || signing.signer.kid !== report.kid)
    throw new ApiError(
      'proof_report_signing_unavailable',
      `Report ${report.reportId} predates checkpoints and its key ${report.kid} is no longer the signing key.`,
    );
  const note = await db.storeReportCheckpoint(
    sql,
    project.id,
    report.reportId,
    // The origin names the deployment that issued the report, as its payload says.
    signCheckpoint(
      signing.signer,
      (JSON.parse(report.payloadJcs) as ProofPayload).issuer,
      project.id,
      digestsOf(report),
    ),
  );
  return { report, note };
}
