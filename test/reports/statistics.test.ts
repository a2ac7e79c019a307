// The signed statistics of a Proof Report: alpha over the decided datapoints' votes with its
// bootstrap, recomputed here from the database rows (Krippendorff 2011's matrix as the votes),
// validators under pseudonyms only, and reports without statistics still verifying.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import * as fx from '../helpers/fixtures.ts';
import vectors from '../fixtures/quality-vectors.json' with { type: 'json' };
import { generateSigningKeyPem, loadSigningKey, signPayload } from '../../src/domain/signing.ts';
import { canonicalBytes, canonicalJson } from '../../src/domain/canonical-json.ts';
import { alphaFigures } from '../../src/domain/reliability.ts';
import { signedAlpha } from '../../src/domain/statistics.ts';
import { verifyReport } from '../../src/cli/verify.ts';

const pem = generateSigningKeyPem();
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: { taskSets: ['reports'] }, config: { signingKey: pem } });
});
afterAll(async () => {
  await app?.close();
});

const jwks = async () => JSON.stringify((await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body);

/** A project whose 12 datapoints carry Krippendorff's 2011 matrix as votes (raters as voters). */
async function krippendorffProject(): Promise<{ projectId: string; ids: string[]; voters: string[] }> {
  const projectId = await createProject(app);
  const ids = await addDatapoints(app.sql, projectId, 12);
  const voters = vectors.krippendorff_2011.raters.map((_, i) => `00000000-0000-4000-8000-00000000000${i + 1}`);
  const rows = vectors.krippendorff_2011.raters.flatMap((ratings, r) =>
    ratings.flatMap((rating, u) =>
      rating === null ? [] : [{ datapointId: ids[u]!, voter: voters[r]!, rating: rating * 20 }],
    ),
  );
  await fx.insertVotes(app.sql, projectId, rows);
  await finalize(app.sql, projectId, ids);
  return { projectId, ids, voters };
}

describe('statistics in the Proof Report payload', () => {
  it('carries interval alpha with its bootstrap, recomputable from the votes', async () => {
    const { projectId, ids, voters } = await krippendorffProject();
    const res = await call(app, 'getProofReport', { params: { projectId } });
    expect(res.status).toBe(200);
    const p = res.body.payload;
    const a = p.statistics!.alpha;
    // Alpha is scale-free: ratings x20 leave 951/1120.
    expect(Number(a.value)).toBeCloseTo(951 / 1120, 12);
    expect(a).toMatchObject({
      metric: 'interval',
      pairableValues: 40,
      pairableUnits: 11,
      draws: 1000,
      prng: 'xoshiro256**/splitmix64',
      seed: (p.digests as Record<string, string>).results!.slice(7, 23),
    });
    expect(Number(a.ci95![0])).toBeLessThan(Number(a.value));
    expect(Number(a.ci95![1])).toBeGreaterThan(Number(a.value));
    expect(Object.keys(a.pAlphaBelow as object)).toEqual(['0.667', '0.800']);

    // Recomputed from the rows with the seed in the payload: the same JSON, bit for bit.
    const votes = await fx.votes(app.sql, { projectId });
    expect(votes).toHaveLength(41);
    const byDatapoint = await fx.voteRatings(app.sql, projectId);
    const units = ids.map((id) => byDatapoint.filter((v) => v.datapoint_id === id).map((v) => v.rating));
    expect(canonicalJson(signedAlpha(alphaFigures(units, BigInt(`0x${a.seed}`))))).toBe(canonicalJson(a));

    // Validators under pseudonyms only, with the rater model's figures.
    const vs = p.statistics!.validators;
    expect(vs).toHaveLength(4);
    for (const v of vs) {
      expect(v.pseudonym).toMatch(/^v-[0-9a-f]{12}$/);
      expect(v.weightCarried).toBe('1');
    }
    expect(vs.map((v: { votes: number }) => v.votes).sort()).toEqual([10, 11, 11, 9].sort());
    const text = JSON.stringify(p);
    for (const voter of voters) expect(text).not.toContain(voter);
    expect(p.statistics!.raterModel).toEqual({
      method: 'alternating-projection',
      inconsistencyFloor: '2',
      priorVotes: '3',
      maxPrecision: '4',
    });
    expect(p.statistics!.alphaByType.human.value).toBeNull();
    // The agreement matrix: every pair of the four raters shares datapoints in the 2011 matrix.
    expect(p.statistics!.agreement).toHaveLength(6);
    const pseudonymSet = new Set(vs.map((v: { pseudonym: string }) => v.pseudonym));
    for (const pair of p.statistics!.agreement) {
      expect(pseudonymSet.has(pair.a) && pseudonymSet.has(pair.b) && pair.a < pair.b).toBe(true);
      expect(pair.datapoints).toBeGreaterThan(0);
    }

    await expect(verifyReport(JSON.stringify(res.body), await jwks())).resolves.toContain(res.body.reportId);
  });

  it('gives a validator the same pseudonym in every report of a project, another in another project', async () => {
    const one = await krippendorffProject();
    const two = await krippendorffProject();
    const pseudonyms = async (projectId: string) =>
      (await call(app, 'getProofReport', { params: { projectId } })).body.payload
        .statistics!.validators.map((v: { pseudonym: string }) => v.pseudonym)
        .sort();
    const a = await pseudonyms(one.projectId);
    expect(await pseudonyms(one.projectId)).toEqual(a);
    const b = await pseudonyms(two.projectId);
    expect(b.filter((x: string) => a.includes(x))).toEqual([]);
  });

  it('a report signed without statistics (as before them) verifies; one with them removed does not', async () => {
    const { projectId } = await krippendorffProject();
    const res = await call(app, 'getProofReport', { params: { projectId } });
    const { statistics: _s, ...bare } = res.body.payload;
    const jws = await signPayload(await loadSigningKey(pem), canonicalBytes(bare));
    const old = { ...res.body, payload: bare, jws };
    await expect(verifyReport(JSON.stringify(old), await jwks())).resolves.toContain(res.body.reportId);
    const tampered = { ...res.body, payload: bare };
    await expect(verifyReport(JSON.stringify(tampered), await jwks())).rejects.toThrow();
  });

  it('exports every vote under the same pseudonyms, and alpha recomputes from the export alone', async () => {
    const { projectId, voters } = await krippendorffProject();
    const report = (await call(app, 'getProofReport', { params: { projectId } })).body;
    const csv = await votesCsv(projectId);
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    expect(header).toBe('datapoint_id,validator,class_id,synthetic,decided,gold,weight,rating,voted_at');
    expect(lines).toHaveLength(41);
    const rows = lines.map((l) => l.split(','));
    const pseudonyms = new Set(rows.map((r) => r[1]));
    expect([...pseudonyms].sort()).toEqual(
      report.payload.statistics!.validators.map((v: { pseudonym: string }) => v.pseudonym).sort(),
    );
    for (const voter of voters) expect(csv).not.toContain(voter);
    const units = new Map<string, number[]>();
    for (const r of rows.filter((r) => r[4] === 'true')) units.set(r[0]!, [...(units.get(r[0]!) ?? []), Number(r[7])]);
    const a = report.payload.statistics!.alpha;
    expect(canonicalJson(signedAlpha(alphaFigures([...units.values()], BigInt(`0x${a.seed}`))))).toBe(canonicalJson(a));
  });
});

/** Downloads the project's votes export. */
async function votesCsv(projectId: string): Promise<string> {
  const res = await call(app, 'getReportExport', { params: { projectId }, query: { format: 'votes_csv' } });
  expect(res.status, app.logs.filter((l) => l.includes('"error"')).join('\n')).toBe(200);
  expect(res.body.filename).toMatch(/^assay-votes-/);
  return (await fetch(res.body.url)).text();
}
