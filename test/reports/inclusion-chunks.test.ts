// Inclusion proofs from the report's stored chunk roots (docs/decisions.md, "Inclusion proofs in
// O(C + n/C)"): on a project of 2,500 decisions (three chunks, the last partial) whose seqs
// interleave with another project's, proofs of first, middle and last-chunk datapoints verify
// against the signed results digest and equal what the full stream of the tree gives; only the
// datapoint's chunk is read; edited data is an internal error as before; and a report stored
// without chunk roots is proven by the full stream once, which stores them.
// Real server, worker, Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { createProject } from '../helpers/reports.ts';
import * as fx from '../helpers/fixtures.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';
import { verifyReport } from '../../src/cli/verify.ts';
import { leafHash, verifyInclusion } from '../../src/domain/merkle.ts';
import { PROOF_CHUNK_LEAVES } from '../../src/domain/proof-chunks.ts';
import { findReportById, type StoredReport } from '../../src/db/proof-reports.ts';
import { buildInclusionProof, streamInclusionProof } from '../../src/services/proof-reports.ts';
import type { Sql } from '../../src/db/client.ts';

const C = PROOF_CHUNK_LEAVES;
const N = 2500; // chunks of 1024, 1024 and 452

let app: TestApp;
let projectId: string;
/** Datapoint ids in finalization order (leaf order). */
let leafOrder: string[];
let otherProjectIds: string[];
let report: any;
let stored: StoredReport;
let jwks: string;
beforeAll(async () => {
  app = await startTestApp({
    worker: { taskSets: ['reports'] },
    config: { signingKey: generateSigningKeyPem(), reportWaitSeconds: 30 },
  });
  projectId = await createProject(app);
  const other = await createProject(app);
  [, otherProjectIds] = await fx.finalizedInBulk(app.sql, [projectId, other], N);
  leafOrder = (await fx.decisions(app.sql, projectId)).map((d) => d.datapoint_id);
  const res = await call(app, 'getProofReport', { params: { projectId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  report = res.body;
  stored = (await findReportById(app.sql, projectId, report.reportId))!;
  jwks = JSON.stringify((await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

interface ChunkRow {
  chunk_no: number;
  first_seq: string;
  root: Buffer;
}
const chunkRows = (sql: Sql, reportId: string) =>
  sql<
    ChunkRow[]
  >`select chunk_no, first_seq::text, root from proof_report_chunks where report_id = ${reportId} order by chunk_no`;
const chunkLeavesOf = async (sql: Sql, reportId: string) =>
  (
    await sql<{ chunk_leaves: number | null }[]>`select chunk_leaves from proof_reports where report_id = ${reportId}`
  )[0]!.chunk_leaves;
/** Makes the report look as one stored before chunk roots were. */
async function forgetChunks(sql: Sql, reportId: string): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`delete from proof_report_chunks where report_id = ${reportId}`;
    await tx`update proof_reports set chunk_leaves = null where report_id = ${reportId}`;
  });
}

const proofOf = (datapointId: string) =>
  call(app, 'getDatapointInclusionProof', { params: { projectId, datapointId } });

// First and last leaf of each chunk, a few inside, the middle of the tree, the last partial chunk.
const INDEXES = [0, 1, 511, C - 1, C, C + 1, 1250, 2 * C - 1, 2 * C, 2 * C + 1, 2 * C + 226, N - 1];

describe('inclusion proofs from chunk roots', () => {
  it('stores the chunk roots and first seqs with the report', async () => {
    const rows = await chunkRows(app.sql, report.reportId);
    expect(await chunkLeavesOf(app.sql, report.reportId)).toBe(C);
    expect(rows.map((r) => r.chunk_no)).toEqual([0, 1, 2]);
    const decisions = await fx.decisions(app.sql, projectId);
    // Seqs are global: the other project's decisions sit between this one's.
    expect(Number(decisions[1]!.seq) - Number(decisions[0]!.seq)).toBe(2);
    expect(rows.map((r) => r.first_seq)).toEqual([decisions[0]!.seq, decisions[C]!.seq, decisions[2 * C]!.seq]);
    for (const r of rows) expect(r.root).toHaveLength(32);
  });

  it(
    'proves first, middle and last-chunk datapoints: verified against the signed digest, equal to the full ' + 'stream',
    async () => {
      for (const index of INDEXES) {
        const id = leafOrder[index]!;
        const res = await proofOf(id);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const proof = res.body;
        expect(proof).toMatchObject({
          reportId: report.reportId,
          attestationRoot: report.attestationRoot,
          tree: 'results',
          datapointId: id,
          leafIndex: index,
          treeSize: N,
          treeRoot: report.payload.digests.results,
        });
        const streamed = await streamInclusionProof(app.sql, stored, id);
        expect(proof).toEqual({
          reportId: report.reportId,
          attestationRoot: report.attestationRoot,
          tree: 'results',
          ...streamed.proof,
        });
        const ok = verifyInclusion(
          leafHash(Buffer.from(proof.leaf)),
          proof.leafIndex,
          proof.treeSize,
          proof.auditPath.map((h: string) => Buffer.from(h, 'hex')),
          Buffer.from(proof.treeRoot.slice(7), 'hex'),
        );
        expect(ok, `leaf ${index}`).toBe(true);
        await expect(verifyReport(JSON.stringify(report), jwks, JSON.stringify(proof))).resolves.toContain(
          `included at ${index} of ${N}`,
        );
      }
    },
  );

  it('records while streaming the same chunk roots the build stored', async () => {
    const { chunks } = await streamInclusionProof(app.sql, stored, leafOrder[0]!);
    const rows = await chunkRows(app.sql, report.reportId);
    expect(chunks.map((c) => [String(c.firstKey), c.root.toString('hex')])).toEqual(
      rows.map((r) => [r.first_seq, r.root.toString('hex')]),
    );
  });

  it('refuses a datapoint of another project, and one decided after the report', async () => {
    const res = await proofOf(otherProjectIds[0]!);
    expect([res.status, res.body.error.code]).toEqual([404, 'datapoint_not_found']);
    // A decision the report does not cover, on a project of its own (a request would build a
    // newer report): asked of the older report, as a proof of the last chunk.
    const small = await createProject(app);
    const [ids] = await fx.finalizedInBulk(app.sql, [small], C + 3);
    const smallReport = (await call(app, 'getProofReport', { params: { projectId: small } })).body;
    const older = (await findReportById(app.sql, small, smallReport.reportId))!;
    const late = await fx.addDatapoints(app.sql, small, 1);
    await fx.finalize(app.sql, small, late);
    await expect(buildInclusionProof(app.sql, older, late[0]!)).rejects.toMatchObject({ code: 'datapoint_not_found' });
    await expect(streamInclusionProof(app.sql, older, late[0]!)).rejects.toMatchObject({ code: 'datapoint_not_found' });
    // And the older report still proves its own leaves, the last one included.
    const lastId = (await fx.decisions(app.sql, small))[C + 2]!.datapoint_id;
    expect(ids).toContain(lastId);
    const last = await buildInclusionProof(app.sql, older, lastId);
    expect([last.leafIndex, last.treeSize]).toEqual([C + 2, C + 3]);
  });

  it("reads only the datapoint's chunk; an edited decision or chunk root is an internal error", async () => {
    // A decision in the last chunk edited behind the service's back: proofs in that chunk fail
    // (its recomputed root differs), proofs in other chunks still hold (they never read it),
    // and the full stream fails for every datapoint.
    const edited = leafOrder[2 * C + 3]!;
    const old = await fx.editDecisionMean(app.sql, edited, 12.5);
    try {
      await expect(buildInclusionProof(app.sql, stored, leafOrder[2 * C]!)).rejects.toThrow(
        /no longer matches its digest/,
      );
      await expect(buildInclusionProof(app.sql, stored, leafOrder[5]!)).resolves.toMatchObject({ leafIndex: 5 });
      await expect(streamInclusionProof(app.sql, stored, leafOrder[5]!)).rejects.toThrow(
        /no longer matches its digest/,
      );
    } finally {
      await fx.editDecisionMean(app.sql, edited, old);
    }
    // A stored chunk root edited: a proof in that chunk, and one in another (the fold no longer
    // gives the signed digest), are internal errors.
    const [row] = await chunkRows(app.sql, report.reportId);
    await app.sql`update proof_report_chunks set root = ${Buffer.alloc(32, 7)} where report_id = ${report.reportId} and
      chunk_no = 0`;
    try {
      for (const index of [3, C + 3]) {
        await expect(buildInclusionProof(app.sql, stored, leafOrder[index]!)).rejects.toThrow(
          /no longer matches its digest/,
        );
      }
      const res = await proofOf(leafOrder[C + 3]!);
      expect([res.status, res.body.error.code]).toEqual([500, 'internal_error']);
      expect(JSON.stringify(res.body)).not.toMatch(/digest|PR-/);
    } finally {
      await app.sql`update proof_report_chunks set root = ${row!.root} where report_id = ${report.reportId} and
        chunk_no = 0`;
    }
    expect((await proofOf(leafOrder[C + 3]!)).status).toBe(200);
  });
});

describe('reports stored before chunk roots', () => {
  it('are proven by the full stream once, which stores their chunk roots; later proofs read one chunk', async () => {
    const before = await chunkRows(app.sql, report.reportId);
    const expected = await Promise.all([0, 1300, N - 1].map(async (i) => (await proofOf(leafOrder[i]!)).body));
    await forgetChunks(app.sql, report.reportId);
    expect(await chunkRows(app.sql, report.reportId)).toEqual([]);
    // Two first proofs at once: both answered, the chunk roots stored once.
    const first = await Promise.all([proofOf(leafOrder[0]!), proofOf(leafOrder[1300]!)]);
    expect(first.map((r) => r.body)).toEqual(expected.slice(0, 2));
    expect(await chunkLeavesOf(app.sql, report.reportId)).toBe(C);
    expect(await chunkRows(app.sql, report.reportId)).toEqual(before);
    expect((await proofOf(leafOrder[N - 1]!)).body).toEqual(expected[2]);
  });

  it('keep the refusals of the full stream', async () => {
    await forgetChunks(app.sql, report.reportId);
    const res = await proofOf(otherProjectIds[1]!);
    expect([res.status, res.body.error.code]).toEqual([404, 'datapoint_not_found']);
    expect(await chunkLeavesOf(app.sql, report.reportId)).toBeNull();
    const fresh = (await findReportById(app.sql, projectId, report.reportId))!;
    expect(fresh.chunkLeaves).toBeNull();
    await expect(buildInclusionProof(app.sql, fresh, leafOrder[7]!)).resolves.toMatchObject({
      leafIndex: 7,
      treeSize: N,
    });
    expect(await chunkLeavesOf(app.sql, report.reportId)).toBe(C);
  });
});
