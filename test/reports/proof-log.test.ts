// A project's Proof Reports as a transparency log: consistency proofs from any earlier report to a
// later one (REST and MCP), each report's C2SP checkpoint, and the guards that make a report that
// does not extend the previous one impossible: the rows refuse out-of-order inserts and changed
// leaves, and the service refuses to sign trees whose prefix is not the previous report's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { connectMcp } from '../helpers/mcp.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import * as fx from '../helpers/fixtures.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';
import { verifyConsistency } from '../../src/domain/merkle.ts';
import { parsePrefixed } from '../../src/domain/proof.ts';
import { openNote, parseCheckpoint } from '../../src/domain/signed-note.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    worker: true,
    config: { signingKey: generateSigningKeyPem(), publicBaseUrl: 'https://assay.example.test' },
  });
});
afterAll(async () => {
  await app?.close();
});

type Report = { reportId: string; payload: any; checkpoint?: string };

async function report(projectId: string): Promise<Report> {
  const res = await call(app, 'getProofReport', { params: { projectId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Grows the project by `n` finalized datapoints. */
async function grow(projectId: string, n: number): Promise<void> {
  const ids = await addDatapoints(app.sql, projectId, n, (i) => ({ id: `${Date.now()}-${i}`, text: `more ${i}` }));
  await finalize(app.sql, projectId, ids);
}

function verifies(t: any, from: Report, to: Report, tree: 'manifest' | 'results'): boolean {
  const a = from.payload.digests;
  const b = to.payload.digests;
  return verifyConsistency(
    a[`${tree}Leaves`],
    b[`${tree}Leaves`],
    t.proof.map((h: string) => Buffer.from(h, 'hex')),
    parsePrefixed(a[tree], tree),
    parsePrefixed(b[tree], tree),
  );
}

describe('consistency proofs', () => {
  let projectId: string;
  const reports: Report[] = [];
  beforeAll(async () => {
    projectId = await createProject(app);
    await grow(projectId, 3);
    reports.push(await report(projectId));
    await grow(projectId, 2);
    reports.push(await report(projectId));
    await grow(projectId, 6);
    reports.push(await report(projectId));
  });

  it('prove every earlier report a prefix of every later one, in both trees', async () => {
    expect(reports.map((r) => r.payload.digests.resultsLeaves)).toEqual([3, 5, 11]);
    for (let i = 0; i < 3; i++)
      for (let j = i; j < 3; j++) {
        const res = await call(app, 'getProofReportConsistency', {
          params: { projectId },
          query: { from: reports[i].reportId, to: reports[j].reportId },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.from.reportId).toBe(reports[i].reportId);
        expect(res.body.to.reportId).toBe(reports[j].reportId);
        for (const tree of ['manifest', 'results'] as const) {
          expect(res.body[tree].fromRoot).toBe(reports[i].payload.digests[tree]);
          expect(res.body[tree].toRoot).toBe(reports[j].payload.digests[tree]);
          expect(verifies(res.body[tree], reports[i], reports[j], tree)).toBe(true);
          if (i === j) expect(res.body[tree].proof).toEqual([]);
        }
      }
  });

  it('default to the latest report, and refuse a proof backwards or to another project', async () => {
    const latest = await call(app, 'getProofReportConsistency', {
      params: { projectId },
      query: { from: reports[0].reportId },
    });
    expect(latest.body.to.reportId).toBe(reports[2].reportId);

    const back = await call(app, 'getProofReportConsistency', {
      params: { projectId },
      query: { from: reports[2].reportId, to: reports[0].reportId },
    });
    expect(back.status).toBe(400);
    expect(back.body.error).toMatchObject({ code: 'parameter_invalid', param: 'from' });

    // Reordered reports: the later report's proof does not verify as if it came first.
    const fwd = latest.body.results;
    expect(verifies(fwd, reports[2], reports[0], 'results')).toBe(false);

    // Another project of the same organization: its reports are not this project's.
    const other = await createProject(app);
    await grow(other, 3);
    const otherReport = await report(other);
    const cross = await call(app, 'getProofReportConsistency', {
      params: { projectId },
      query: { from: otherReport.reportId },
    });
    expect(cross.status).toBe(404);
    expect(cross.body.error).toMatchObject({ code: 'proof_report_not_found', param: 'from' });
    // A proof of this project does not link the other project's report to this one's, although
    // the sizes fit (3 leaves each).
    expect(verifies(fwd, otherReport, reports[2], 'results')).toBe(false);
    expect(verifies(latest.body.manifest, otherReport, reports[2], 'manifest')).toBe(false);
  });

  it('is an MCP tool', async () => {
    const s = await connectMcp(app, app.orgA.originatorKey);
    try {
      const r = await s.tool('get_proof_report_consistency', {
        projectId,
        from: reports[1].reportId,
        to: reports[2].reportId,
      });
      const body = JSON.parse((r as any).content[0].text);
      expect(verifies(body.results, reports[1], reports[2], 'results')).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('checkpoints: the latest by default, each report by id, opened with the served verifier key', async () => {
    const latest = await call(app, 'getProofReportCheckpoint', { params: { projectId } });
    expect(latest.status, JSON.stringify(latest.body)).toBe(200);
    expect(latest.body.reportId).toBe(reports[2].reportId);
    for (const r of reports) {
      const res = await call(app, 'getProofReportCheckpoint', {
        params: { projectId },
        query: { reportId: r.reportId },
      });
      expect(res.status).toBe(200);
      expect(res.body.note).toBe(r.checkpoint);
      expect(res.body.origin).toBe(`assay.example.test/projects/${projectId}`);
      expect(res.body.verifierKey.startsWith(`${res.body.origin}+`)).toBe(true);
      const c = parseCheckpoint(openNote(res.body.note, res.body.verifierKey));
      expect(c.size).toBe(r.payload.digests.resultsLeaves);
      expect(`sha256:${c.root.toString('hex')}`).toBe(r.payload.digests.results);
      expect(res.body).toMatchObject({ treeSize: c.size, rootHash: c.root.toString('base64'), tree: 'results' });
    }
  });
});

describe('a report that does not extend the previous one cannot exist', () => {
  it('the rows refuse a decision inserted before signed leaves, and changed leaves', async () => {
    const projectId = await createProject(app);
    await grow(projectId, 3);
    const first = await report(projectId);
    const [late] = await addDatapoints(app.sql, projectId, 1);
    const lo = (await fx.decisions(app.sql, projectId))[0]!.seq;
    const edits = fx.signedRowEditsRaw;
    await expect(edits.decisionBefore(app.sql, late!, projectId, lo)).rejects.toThrow(
      /before leaves its Proof Reports signed/,
    );
    await expect(edits.decisionMean(app.sql, projectId)).rejects.toThrow(/never change/);
    await expect(edits.checksum(app.sql, projectId)).rejects.toThrow(/never change/);
    // A signed manifest leaf cannot turn into a gold item (which the manifest leaves out).
    await expect(edits.goldRating(app.sql, projectId, late!)).rejects.toThrow(/cannot become gold/);
    await expect(edits.decisionSeq(app.sql, projectId)).rejects.toThrow(/never change/);
    // Columns no leaf is hashed from still change; the report is untouched.
    await fx.clearOpenSlots(app.sql, projectId);
    await finalize(app.sql, projectId, [late!]);
    const second = await report(projectId);
    const proof = await call(app, 'getProofReportConsistency', {
      params: { projectId },
      query: { from: first.reportId, to: second.reportId },
    });
    expect(verifies(proof.body.results, first, second, 'results')).toBe(true);
  });

  it('the service signs no report whose trees do not start with the previous report', async () => {
    const projectId = await createProject(app);
    await grow(projectId, 4);
    const first = await report(projectId);
    // An edit behind the service's back, with the row guards off: a signed leaf changes.
    const id = (await fx.decisions(app.sql, projectId))[0]!.datapoint_id;
    await fx.editDecisionMean(app.sql, id, 1);
    await grow(projectId, 1);
    const refused = await call(app, 'getProofReport', { params: { projectId } });
    expect(refused.status).toBe(500);
    const [{ n }] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from proof_reports where project_id = ${projectId}`;
    expect(n).toBe(1);
    expect(app.logs.some((l) => l.includes('no longer hash to') && l.includes(first.reportId))).toBe(true);
    // Nor is a proof served from the report whose leaves changed.
    const proof = await call(app, 'getProofReportConsistency', {
      params: { projectId },
      query: { from: first.reportId },
    });
    expect(proof.status).toBe(500);
  });
});
