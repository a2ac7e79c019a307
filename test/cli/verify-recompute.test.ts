// Recomputing a Proof Report from its committed votes (docs/verifying.md, "Recomputing every
// figure"): votes recorded through the vote lifecycle (escalations and contested decisions
// included), the report of format 2, its votes_jsonl export; `assay verify --recompute` and
// verify/verify_report.py --recompute (an independent implementation) both recompute every
// datapoint's figures, the headlines and the alphas, and both name the datapoint when one vote's
// rating, weight, order or class is changed, a vote dropped or one added. The inclusion proof of
// one datapoint carries its votes, which fold to digests.votes and recompute its figures. A report
// of format 1 (built before votes were committed) still verifies by all three routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { addDatapoints } from '../helpers/reports.ts';
import { recordVote } from '../helpers/votes.ts';
import { generateSigningKeyPem, loadSigningKey, signPayload } from '../../src/domain/signing.ts';
import { Xoshiro256StarStar } from '../../src/domain/prng.ts';
import { runVerify, runVerifyConsistency } from '../../src/cli/verify.ts';
import { canonicalJson } from '../../src/domain/canonical-json.ts';
import { attestationRootOf, prefixed, resultsLeaf } from '../../src/domain/proof.ts';
import { leafHash, merkleRoot } from '../../src/domain/merkle.ts';

const python = ['.venv/verify/bin/python', 'python3'].find(
  (p) =>
    (p.includes('/') ? existsSync(p) : true) &&
    spawnSync(p, ['-c', 'import cryptography, rfc8785'], { encoding: 'utf8' }).status === 0,
);
if (!python) console.warn('SKIP Python recompute: no python3 with cryptography and rfc8785');

const dir = mkdtempSync(join(tmpdir(), 'assay-recompute-'));
const pem = generateSigningKeyPem();
let app: TestApp;
let projectId: string;
let report: any;
let lines: string[];
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  app = await startTestApp({ worker: { taskSets: ['reports'] }, config: { signingKey: pem } });
  const created = await call(app, 'createProject', {
    body: {
      name: 'Recompute',
      spec: {
        version: '1.0.0',
        dataset: { format: 'csv', idField: 'id' },
        validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' },
        consensus: { minStrength: 0.8, escalationStep: 1, maxEscalations: 1 },
        validators: {
          classes: [
            { id: 'reviewer', label: 'Reviewer', type: 'human', rewardCents: 1, stakeWei: '0', consensusWeight: 1 },
            {
              id: 'model',
              label: 'Model',
              type: 'ai',
              rewardCents: 1,
              stakeWei: '0',
              consensusWeight: 0.5,
              model: 'm',
            },
          ],
        },
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  projectId = created.body.projectId as string;
  const ids = await addDatapoints(app.sql, projectId, 24);
  // Votes one at a time (each its own time) until each datapoint is terminal: agreeing ones end
  // after three votes, spread ones escalate once and some end contested.
  const g = new Xoshiro256StarStar(7n);
  const voters = ['h1', 'm1', 'h2', 'm2', 'h3'];
  for (const [j, datapointId] of ids.entries()) {
    const truth = 10 + 80 * g.nextDouble();
    const spread = j % 3 === 0 ? 60 : 6;
    for (const voter of voters) {
      const human = voter.startsWith('h');
      const out = await recordVote(app.sql, {
        datapointId,
        voter,
        userId: null,
        synthetic: false,
        rating: Math.round(Math.min(100, Math.max(0, truth + (g.nextDouble() - 0.5) * spread)) * 4) / 4,
        weight: human ? 1 : 0.5,
        classId: human ? 'reviewer' : 'model',
      });
      if (out.kind === 'terminal') break;
    }
  }
  const got = await call(app, 'getProofReport', { params: { projectId } });
  expect(got.status, JSON.stringify(got.body) + app.logs.filter((l) => l.includes('"error"')).join('\n')).toBe(200);
  report = got.body;
  expect(report.schema).toBe('attestation/v2');
  writeFileSync(file('report.json'), JSON.stringify(report));
  writeFileSync(
    file('jwks.json'),
    JSON.stringify((await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body),
  );
  const exp = await call(app, 'getReportExport', { params: { projectId }, query: { format: 'votes_jsonl' } });
  expect(exp.status, JSON.stringify(exp.body) + app.logs.filter((l) => l.includes('"error"')).join('\n')).toBe(200);
  const text = await (await fetch(exp.body.url)).text();
  writeFileSync(file('votes.jsonl'), text);
  lines = text.split('\n');
}, 300_000);
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const py = (args: string[]) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile(python!, ['verify/verify_report.py', ...args], (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });

/** Both verifiers' outcome on a votes file: [TS failure or OK text, Python's output]. */
async function both(votesFile: string): Promise<{ ts: string; py: string | null }> {
  const out = await runVerify({ report: file('report.json'), jwks: file('jwks.json'), recompute: votesFile });
  const ts = out.ok ? `OK ${out.summary}` : `FAILED ${out.check}: ${out.reason}`;
  if (!python) return { ts, py: null };
  const r = await py([file('report.json'), file('jwks.json'), '--recompute', votesFile]);
  return { ts, py: r.out };
}

const parsed = (): any[] => lines.map((l) => (l === '' ? null : JSON.parse(l)));
/** Index of the results leaf of a decision with at least `n` votes (after `from`). */
function resultLine(n: number, from = 1): number {
  const p = parsed();
  for (let i = from; i < p.length; i++) if (p[i]?.votes && p[i].votes.count >= n) return i;
  throw new Error(`no decision with ${n} votes`);
}
function tampered(name: string, edit: (ls: string[]) => void): string {
  const copy = [...lines];
  edit(copy);
  writeFileSync(file(name), copy.join('\n'));
  return file(name);
}

describe('votes as committed leaves', () => {
  it('the export is the config, then each results leaf and the vote leaves it names', () => {
    const p = parsed();
    const d = report.payload.digests;
    expect(p[0].consensus).toMatchObject({ minStrength: 0.8, maxEscalations: 1 });
    const results = p.filter((x) => x?.votes);
    const votes = p.filter((x, i) => i > 0 && x && !x.votes);
    expect(results).toHaveLength(24);
    expect(votes).toHaveLength(d.votesLeaves);
    expect(
      merkleRoot(
        lines
          .slice(1)
          .filter((l, i) => l && !p[i + 1].votes)
          .map((l) => leafHash(Buffer.from(l))),
      ),
    ).toEqual(Buffer.from(d.votes.slice(7), 'hex'));
    // Escalated and contested decisions are among them (the rules the verifiers re-run).
    expect(results.some((r) => r.escalations === 1 && r.votes.count === 4)).toBe(true);
    expect(results.some((r) => r.contested)).toBe(true);
    expect(results.some((r) => !r.contested)).toBe(true);
    expect(Object.keys(votes[0]).sort()).toEqual([
      'aiConfig',
      'classId',
      'datapointId',
      'gold',
      'rating',
      'synthetic',
      'validator',
      'votedAt',
      'weight',
    ]);
    expect(votes[0].validator).toMatch(/^v-[0-9a-f]{12}$/);
  });

  it('both verifiers recompute every figure from the export', async () => {
    const r = await both(file('votes.jsonl'));
    expect(r.ts).toMatch(/^OK .*recomputed 24 datapoints from \d+ votes \(figures, headlines, alpha /);
    if (r.py !== null) expect(r.py).toMatch(/^OK .*recomputed 24 datapoints/);
  });

  const cases: [string, (ls: string[]) => number][] = [
    [
      "one vote's rating",
      (ls) => {
        const i = resultLine(3);
        const v = JSON.parse(ls[i + 2]!);
        v.rating = String(Number(v.rating) === 100 ? 99 : Number(v.rating) + 1);
        ls[i + 2] = canonicalJson(v);
        return i;
      },
    ],
    [
      "one vote's weight",
      (ls) => {
        const i = resultLine(3);
        const v = JSON.parse(ls[i + 1]!);
        v.weight = v.weight === '1' ? '2' : '1';
        ls[i + 1] = canonicalJson(v);
        return i;
      },
    ],
    [
      'the order of two votes',
      (ls) => {
        const i = resultLine(3);
        [ls[i + 1], ls[i + 2]] = [ls[i + 2]!, ls[i + 1]!];
        return i;
      },
    ],
    [
      "one vote's class",
      (ls) => {
        const i = resultLine(3);
        const v = JSON.parse(ls[i + 1]!);
        v.classId = v.classId === 'model' ? 'reviewer' : 'model';
        ls[i + 1] = canonicalJson(v);
        return i;
      },
    ],
    [
      'a dropped vote',
      (ls) => {
        const i = resultLine(3);
        ls.splice(i + 1, 1);
        return i;
      },
    ],
    [
      'an added vote',
      (ls) => {
        const i = resultLine(3);
        const n = JSON.parse(ls[i]!).votes.count;
        const v = JSON.parse(ls[i + n]!);
        v.validator = 'v-000000000000';
        ls.splice(i + n + 1, 0, canonicalJson(v));
        return i;
      },
    ],
  ];
  for (const [what, edit] of cases)
    it(`both verifiers name the datapoint after ${what} changed`, async () => {
      let at = 0;
      const path = tampered('tampered.jsonl', (ls) => {
        at = edit(ls);
      });
      const datapointId = JSON.parse(lines[at]!).datapointId;
      const r = await both(path);
      expect(r.ts).toMatch(/^FAILED recompute: /);
      expect(r.ts).toContain(`datapoint ${datapointId}`);
      if (r.py !== null) {
        expect(r.py).toMatch(/^FAILED recompute: /);
        expect(r.py).toContain(datapointId);
      }
    });

  it('both verifiers name a changed figure of a results leaf, and a changed config', async () => {
    const i = resultLine(1);
    const leaf = JSON.parse(lines[i]!);
    const r = await both(
      tampered('figure.jsonl', (ls) => {
        ls[i] = canonicalJson({ ...leaf, qualityRatingMean: String(Number(leaf.qualityRatingMean) + 0.5) });
      }),
    );
    expect(r.ts).toContain(`datapoint ${leaf.datapointId}: qualityRatingMean`);
    if (r.py !== null) expect(r.py).toContain(leaf.datapointId);
    const c = await both(
      tampered('config.jsonl', (ls) => {
        ls[0] = ls[0]!.replace('"minStrength":0.8', '"minStrength":0.5');
      }),
    );
    expect(c.ts).toMatch(/^FAILED config: /);
    if (c.py !== null) expect(c.py).toMatch(/^FAILED config: /);
  });

  it("one datapoint's inclusion proof carries its votes, which recompute its figures", async () => {
    const i = resultLine(4);
    const datapointId = JSON.parse(lines[i]!).datapointId;
    const res = await call(app, 'getDatapointInclusionProof', { params: { projectId, datapointId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const n = JSON.parse(lines[i]!).votes.count;
    expect(res.body.leaf).toBe(lines[i]);
    expect(res.body.votes!.leaves.map((l) => l.leaf)).toEqual(lines.slice(i + 1, i + 1 + n));
    writeFileSync(file('proof.json'), JSON.stringify(res.body));
    const ok = await runVerify({ report: file('report.json'), jwks: file('jwks.json'), proof: file('proof.json') });
    expect(ok).toMatchObject({ ok: true });
    expect((ok as { summary: string }).summary).toContain(`with its ${n} votes, figures recomputed`);
    // A proven vote's rating changed: it no longer folds to digests.votes.
    const bad = structuredClone(res.body);
    const v = JSON.parse(bad.votes!.leaves[0]!.leaf);
    bad.votes!.leaves[0]!.leaf = canonicalJson({ ...v, rating: '0' });
    writeFileSync(file('bad-proof.json'), JSON.stringify(bad));
    const failed = await runVerify({
      report: file('report.json'),
      jwks: file('jwks.json'),
      proof: file('bad-proof.json'),
    });
    expect(failed).toMatchObject({ ok: false, check: 'proof' });
    if (python) {
      const r = await py([file('report.json'), file('jwks.json'), file('proof.json')]);
      expect(r.out).toMatch(/^OK .*with its \d+ votes, figures recomputed/);
      const b = await py([file('report.json'), file('jwks.json'), file('bad-proof.json')]);
      expect(b.out).toMatch(/^FAILED proof: /);
    }
  });

  it('a report of format 1 (before votes were committed) still verifies by every route', async () => {
    // The same data signed as a format 1 report was: 6-decimal results leaves, three digests.
    const payload = structuredClone(report.payload);
    const p = parsed();
    const v1 = p
      .filter((x) => x?.votes)
      .map((r) =>
        resultsLeaf({
          consensusDecisionId: r.consensusDecisionId,
          datapointId: r.datapointId,
          qualityRatingMean: Number(r.qualityRatingMean),
          qualityRatingMedian: Number(r.qualityRatingMedian),
          consensusStrength: Number(r.consensusStrength),
        }),
      );
    payload.schema = 'assay.attestation/v1';
    payload.digests.results = prefixed(merkleRoot(v1.map(leafHash)));
    delete payload.digests.votes;
    delete payload.digests.votesLeaves;
    payload.attestationRoot = prefixed(attestationRootOf(payload.digests));
    const jws = await signPayload(await loadSigningKey(pem), Buffer.from(canonicalJson(payload)));
    const old = { ...report, schema: 'attestation/v1', payload, jws, attestationRoot: payload.attestationRoot };
    delete old.checkpoint;
    writeFileSync(file('v1.json'), JSON.stringify(old));
    const out = await runVerify({ report: file('v1.json'), jwks: file('jwks.json') });
    expect(out).toMatchObject({ ok: true });
    const sh = spawnSync('sh', ['verify/verify_report.sh', file('v1.json'), file('jwks.json')], { encoding: 'utf8' });
    if (sh.status !== 127) expect(sh.stdout + sh.stderr).toMatch(/^OK /);
    if (python) expect((await py([file('v1.json'), file('jwks.json')])).out).toMatch(/^OK /);
    // A format 1 report has no committed votes to recompute: said, not passed.
    const none = await runVerify({ report: file('v1.json'), jwks: file('jwks.json'), recompute: file('votes.jsonl') });
    expect(none).toMatchObject({ ok: false, check: 'recompute' });
  });

  it('a later report extends this one in all three trees; a consistency proof covers the votes', async () => {
    // Three more datapoints voted on: a second report, whose votes tree starts with the first's.
    const more = await addDatapoints(app.sql, projectId, 3);
    for (const datapointId of more)
      for (const [k, voter] of ['h1', 'm1', 'h2'].entries())
        await recordVote(app.sql, {
          datapointId,
          voter,
          userId: null,
          synthetic: false,
          rating: 50 + k,
          weight: voter.startsWith('h') ? 1 : 0.5,
          classId: voter.startsWith('h') ? 'reviewer' : 'model',
        });
    const later = (await call(app, 'getProofReport', { params: { projectId } })).body;
    expect(later.reportId).not.toBe(report.reportId);
    const d = (later.payload as { digests: { votesLeaves: number } }).digests;
    expect(d.votesLeaves).toBe(report.payload.digests.votesLeaves + 9);
    writeFileSync(file('later.json'), JSON.stringify(later));
    const res = await call(app, 'getProofReportConsistency', {
      params: { projectId },
      query: { from: report.reportId, to: later.reportId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.votes).toMatchObject({ fromSize: report.payload.digests.votesLeaves, toSize: d.votesLeaves });
    writeFileSync(file('consistency.json'), JSON.stringify(res.body));
    const args = { older: file('report.json'), newer: file('later.json'), jwks: file('jwks.json') };
    expect(await runVerifyConsistency({ ...args, proof: file('consistency.json') })).toMatchObject({ ok: true });
    // A bit flipped in the votes tree's proof: it no longer links the two.
    const bad = structuredClone(res.body);
    bad.votes!.proof[0] = bad.votes!.proof[0]!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    writeFileSync(file('bad-consistency.json'), JSON.stringify(bad));
    expect(await runVerifyConsistency({ ...args, proof: file('bad-consistency.json') })).toMatchObject({
      ok: false,
      check: 'consistency',
      reason: expect.stringContaining('votes tree'),
    });
    if (python) {
      const ok = await py(['--consistency', args.older, args.newer, args.jwks, file('consistency.json')]);
      expect(ok.out).toMatch(/^OK /);
      const no = await py(['--consistency', args.older, args.newer, args.jwks, file('bad-consistency.json')]);
      expect(no.out).toMatch(/^FAILED consistency: the votes tree/);
    }
  });
});
