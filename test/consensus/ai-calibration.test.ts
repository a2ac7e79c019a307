// AI validators through the real vote path (docs/quality.md, "AI validators"): an AI class's vote
// must carry provenance whose model matches the class's; its configuration counts with weight 0
// (shadow) until it passes calibration against the people's votes, so shadow votes change no
// decision; once it passes, its votes count and the decisions made before stay as they were; a
// changed prompt template is a new configuration, in shadow again. The quality cards and the
// signed Proof Report list every configuration, committed by hash.
import { spawnSync } from 'node:child_process';
import { createHash, sign } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { ingest } from '../helpers/uploads.ts';
import * as fx from '../helpers/fixtures.ts';
import { canonicalJson } from '../../src/domain/canonical-json.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';
import { runVerify } from '../../src/cli/verify.ts';

// The Python verifier runs where python3 with its packages is at hand (as test/cli/verify-routes.test.ts).
const python = ['.venv/verify/bin/python', 'python3'].find(
  (p) =>
    (p.includes('/') ? existsSync(p) : true) &&
    spawnSync(p, ['-c', 'import cryptography, rfc8785'], { encoding: 'utf8' }).status === 0,
);
if (!python) console.warn('SKIP the Python verifier on AI configurations: no python3 with cryptography and rfc8785');
const signingKey = generateSigningKeyPem();

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true, config: { signingKey } });
});
afterAll(async () => {
  await app?.close();
});

const classes = [
  { id: 'reviewer', label: 'Reviewer', type: 'human', rewardCents: 0, stakeWei: '0', consensusWeight: 1, model: null },
  { id: 'judge', label: 'Judge', type: 'ai', rewardCents: 0, stakeWei: '0', consensusWeight: 1, model: 'judge-1' },
];

const provenance = (template: string, model = 'judge-1-2026-01') => ({
  model,
  provider: 'vllm@127.0.0.1',
  promptTemplateSha256: createHash('sha256').update(template).digest('hex'),
  promptSha256: 'b'.repeat(64),
  outputSha256: 'c'.repeat(64),
  sampling: { temperature: 0.2, topP: 0.95, maxTokens: 16, seed: 7 },
  scoring: 'logprob_expectation' as const,
});

interface Person {
  id: string;
  token: string;
}

async function person(projectId: string, classId: string): Promise<Person> {
  const m = await fx.member(app, app.orgA.id, { validator: true });
  const a = await call(app, 'assignValidator', {
    params: { validatorId: m.id },
    body: { projects: [{ id: projectId, classId, evidenceNote: classId }] },
  });
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  return { id: m.id, token: (await fx.signInDirect(app, m.email)).sessionToken };
}

async function claim(p: Person, projectId: string): Promise<{ slotId: string; datapointId: string }> {
  const c = await call(app, 'claimSlot', { key: p.token, params: { projectId } });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  return { slotId: c.body.slotId, datapointId: c.body.datapointId };
}

async function rate(p: Person, projectId: string, rating: number, prov?: ReturnType<typeof provenance>) {
  const { slotId, datapointId } = await claim(p, projectId);
  const v = await call(app, 'submitVote', {
    key: p.token,
    params: { slotId },
    body: prov ? { rating, provenance: prov } : { rating },
  });
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  return { datapointId, receipt: v.body };
}

async function project(
  n: number,
  calibration: object = { minItems: 10, minConcordance: 0.5 },
  validatorsPerDatapoint = 2,
): Promise<string> {
  const created = await call(app, 'createProject', {
    body: {
      name: 'AI calibration',
      spec: {
        version: '1.0.0',
        dataset: { format: 'jsonl' },
        validation: { validatorsPerDatapoint, instructions: 'Rate.' },
        consensus: { minStrength: 0, maxEscalations: 0 },
        calibration,
        validators: { classes },
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const projectId = created.body.projectId;
  const lines = Array.from({ length: n }, (_, i) => JSON.stringify({ n: i, nonce: Math.random() })).join('\n');
  const { status } = await ingest(app, projectId, { 'd.jsonl': lines });
  expect(status.run.status).toBe('ok');
  return projectId;
}

describe('provenance of AI votes', () => {
  it('is required from an AI class, its model must match the declared one, and a person may not send it', async () => {
    const projectId = await project(2);
    const judge = await person(projectId, 'judge');
    const human = await person(projectId, 'reviewer');
    const { slotId } = await claim(judge, projectId);
    const without = await call(app, 'submitVote', { key: judge.token, params: { slotId }, body: { rating: 50 } });
    expect(without.status).toBe(400);
    expect(without.body.error).toMatchObject({ code: 'provenance_required', param: 'provenance' });
    // `judge-10` is another model, not a refinement of `judge-1`.
    const mismatch = await call(app, 'submitVote', {
      key: judge.token,
      params: { slotId },
      body: { rating: 50, provenance: provenance('t', 'judge-10') },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatchObject({ code: 'provenance_model_mismatch', param: 'provenance.model' });
    const h = await claim(human, projectId);
    const personWith = await call(app, 'submitVote', {
      key: human.token,
      params: { slotId: h.slotId },
      body: { rating: 50, provenance: provenance('t') },
    });
    expect(personWith.status).toBe(400);
    expect(personWith.body.error).toMatchObject({ code: 'provenance_not_accepted', param: 'provenance' });
    // Nothing was recorded by the refusals; a refined model name is accepted.
    expect(await fx.votes(app.sql, { projectId })).toEqual([]);
    const ok = await call(app, 'submitVote', {
      key: judge.token,
      params: { slotId },
      body: { rating: 50, provenance: provenance('t', 'judge-1:latest') },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ shadow: true, configurationHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});

describe('weight earned by calibration', () => {
  it('keeps shadow votes out of every decision until the configuration passes; a new template restarts', async () => {
    // AI votes may carry at most a quarter of a decision's weight.
    const projectId = await project(12, { minItems: 10, minConcordance: 0.5, maxAiShare: 0.25 });
    const judge = await person(projectId, 'judge');
    const h1 = await person(projectId, 'reviewer');
    const h2 = await person(projectId, 'reviewer');
    const p1 = provenance('Rate {content} 0-100.');
    const truth = (i: number) => 10 + 7 * i;

    // Ten datapoints: the judge rates first (3 points high), then two people. In shadow the judge's
    // vote gives its slot back, so both people still rate, and the decision is theirs alone.
    let hash1 = '';
    for (let i = 0; i < 10; i++) {
      const a = await rate(judge, projectId, truth(i) + 3, p1);
      expect(a.receipt.shadow).toBe(true);
      hash1 = a.receipt.configurationHash!;
      const first = await rate(h1, projectId, truth(i) - 2);
      const second = await rate(h2, projectId, truth(i) + 2);
      expect([first.datapointId, second.datapointId]).toEqual([a.datapointId, a.datapointId]);
      expect(second.receipt.outcome).toBe('terminal');
      const [d] = (await fx.decisions(app.sql, projectId)).filter((x) => x.datapoint_id === a.datapointId);
      expect(d!.quality_rating_mean).toBe(truth(i));
      expect(d!.vote_count).toBe(2);
    }
    const before = await fx.decisions(app.sql, projectId);
    // The originator's view of a decided datapoint shows the shadow vote with weight 0.
    const owner = await fx.signInDirect(app, `owner-${app.orgA.code.toLowerCase()}@example.com`);
    const detail = await call(app, 'getOriginatorDatapoint', {
      key: owner.sessionToken,
      params: { projectId, datapointId: before[0]!.datapoint_id },
    });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.votes.map((v) => v.weight)).toEqual([0, 1, 1]);
    // Every shadow vote carried weight 0 in its decision.
    const judgeWeights = (await fx.voteWeights(app.sql, projectId)).filter((v) => v.voter === judge.id);
    expect(judgeWeights.map((v) => v.decision_weight)).toEqual(Array(10).fill(0));

    // The tenth decision was the tenth calibration item: the configuration is active now, and its
    // vote counts (the first two votes decide), its weight capped at a quarter of the total: 1/3
    // beside the person's 1.
    const active = await rate(judge, projectId, 90, p1);
    expect(active.receipt).toMatchObject({ shadow: false, configurationHash: hash1, weight: 1 });
    const decided = await rate(h1, projectId, 80);
    expect(decided.datapointId).toBe(active.datapointId);
    expect(decided.receipt.outcome).toBe('terminal');
    const [d10] = (await fx.decisions(app.sql, projectId)).filter((x) => x.datapoint_id === active.datapointId);
    expect(d10!.quality_rating_mean).toBeCloseTo((90 / 3 + 80) / (4 / 3), 12);
    const carried = (await fx.voteWeights(app.sql, projectId)).filter((v) => v.datapoint_id === active.datapointId);
    expect(carried.map((v) => v.decision_weight)).toEqual([expect.closeTo(1 / 3, 12), 1]);
    // Decisions already made are terminal: unchanged.
    expect((await fx.decisions(app.sql, projectId)).slice(0, 10)).toEqual(before);

    // A changed prompt template is a new configuration, in shadow again.
    const p2 = provenance('Rate {content} from 0 to 100, strictly.');
    const changed = await rate(judge, projectId, 50, p2);
    expect(changed.receipt.shadow).toBe(true);
    expect(changed.receipt.configurationHash).not.toBe(hash1);
    await rate(h2, projectId, 40);
    const last = await rate(h1, projectId, 44);
    expect(last.datapointId).toBe(changed.datapointId);
    const [d11] = (await fx.decisions(app.sql, projectId)).filter((x) => x.datapoint_id === changed.datapointId);
    expect(d11!.quality_rating_mean).toBe(42);

    // The quality view: both configurations, their states and calibration; the judge's card.
    const q = await call(app, 'listValidatorQuality', { params: { projectId } });
    expect(q.status).toBe(200);
    expect(q.body.aiConfigurations.map((c) => [c.configurationHash, c.state])).toEqual([
      [hash1, 'active'],
      [changed.receipt.configurationHash, 'shadow'],
    ]);
    const cal = q.body.aiConfigurations[0]!.calibration;
    expect(cal.items).toBe(11);
    expect(cal.passed).toBe(true);
    expect(cal.ci95![0]).toBeGreaterThanOrEqual(0.5);
    expect(q.body.aiConfigurations[0]!.configuration).toEqual({
      model: 'judge-1-2026-01',
      provider: 'vllm@127.0.0.1',
      promptTemplateSha256: p1.promptTemplateSha256,
      sampling: { temperature: '0.2', topP: '0.95', maxTokens: 16, seed: 7 },
    });
    const card = q.body.data.find((c) => c.classId === 'judge')!;
    expect(card.ai).toEqual({
      declaredModel: 'judge-1',
      configurationHash: changed.receipt.configurationHash,
      servedModel: 'judge-1-2026-01',
      state: 'shadow',
    });
    expect(q.body.aiShare.datapointsWithAi).toBe(12);
    // AI weight: a quarter on one datapoint (the cap), 0 on the others.
    expect(q.body.aiShare.maxPerDatapoint).toBeCloseTo(0.25, 12);
    expect(q.body.aiShare.overall).toBeCloseTo(1 / 3 / (22 + 4 / 3), 12);
    expect(q.body.aiShare.cap).toBe(0.25);

    // The signed report commits each configuration: its hash is the SHA-256 of its JCS form.
    let report = await call(app, 'getProofReport', { params: { projectId } });
    for (let i = 0; report.status !== 200 && i < 30; i++) {
      await new Promise((r) => setTimeout(r, 500));
      report = await call(app, 'getProofReport', { params: { projectId } });
    }
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const ai = report.body.payload.statistics!.ai!;
    expect(ai.configurations.map((c) => c.configurationHash)).toEqual(
      [hash1, changed.receipt.configurationHash!].sort(),
    );
    for (const c of ai.configurations)
      expect(createHash('sha256').update(canonicalJson(c.configuration)).digest('hex')).toBe(c.configurationHash);
    expect(ai.calibration).toEqual({
      method: 'concordance',
      minItems: 10,
      minConcordance: '0.5',
      epsilon: '0.1',
      maxAiShare: '0.25',
    });

    // Both verifiers check each configuration's commitment; a report signed with a configuration
    // that does not hash to its configurationHash fails them, at the check named `ai`. So does a
    // vote leaf (in a datapoint's inclusion proof) whose configuration the report does not commit.
    const jwks = (await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body;
    const [h] = report.body.jws.split('.');
    const resigned = (edit: (p: typeof report.body.payload) => void) => {
      const payload = structuredClone(report.body.payload) as typeof report.body.payload;
      edit(payload);
      const body = Buffer.from(canonicalJson(payload)).toString('base64url');
      const sig = sign(null, Buffer.from(`${h}.${body}`), signingKey).toString('base64url');
      return { ...report.body, payload, jws: `${h}.${body}.${sig}` };
    };
    const proof = await call(app, 'getDatapointInclusionProof', {
      params: { projectId, datapointId: active.datapointId },
    });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    expect(proof.body.votes!.leaves.map((v) => JSON.parse(v.leaf).aiConfig)).toEqual([`sha256:${hash1}`, null]);
    const files = mkdtempSync(join(tmpdir(), 'assay-ai-'));
    const put = (name: string, value: unknown) => writeFileSync(join(files, name), JSON.stringify(value));
    put('report.json', report.body);
    put('jwks.json', jwks);
    put('proof.json', proof.body);
    put(
      'forged.json',
      resigned((p) => {
        p.statistics!.ai!.configurations[0]!.configuration.provider = 'someone else';
      }),
    );
    put(
      'uncommitted.json',
      resigned((p) => {
        p.statistics!.ai!.configurations = p.statistics!.ai!.configurations.filter(
          (c) => c.configurationHash !== hash1,
        );
      }),
    );
    const ts = (file: string, withProof = false) =>
      runVerify({
        report: join(files, file),
        jwks: join(files, 'jwks.json'),
        ...(withProof ? { proof: join(files, 'proof.json') } : {}),
      });
    const good = await ts('report.json', true);
    expect(good.ok, JSON.stringify(good)).toBe(true);
    // Every decision recomputes from its committed votes: shadow votes (weight 0) left out, the
    // capped AI weight as carried.
    const exp = await call(app, 'getReportExport', { params: { projectId }, query: { format: 'votes_jsonl' } });
    expect(exp.status, JSON.stringify(exp.body)).toBe(200);
    writeFileSync(join(files, 'votes.jsonl'), await (await fetch(exp.body.url)).text());
    const recomputed = await runVerify({
      report: join(files, 'report.json'),
      jwks: join(files, 'jwks.json'),
      recompute: join(files, 'votes.jsonl'),
    });
    expect(recomputed.ok, JSON.stringify(recomputed)).toBe(true);
    if (python) {
      const r = spawnSync(
        python,
        [
          'verify/verify_report.py',
          join(files, 'report.json'),
          join(files, 'jwks.json'),
          '--recompute',
          join(files, 'votes.jsonl'),
        ],
        { encoding: 'utf8' },
      );
      expect(r.status, r.stdout + r.stderr).toBe(0);
    }
    expect(await ts('forged.json')).toMatchObject({ ok: false, check: 'ai' });
    expect((await ts('uncommitted.json')).ok).toBe(true);
    expect(await ts('uncommitted.json', true)).toMatchObject({ ok: false, check: 'ai' });
    if (python) {
      const run = (file: string, withProof = false) =>
        spawnSync(
          python,
          [
            'verify/verify_report.py',
            join(files, file),
            join(files, 'jwks.json'),
            ...(withProof ? [join(files, 'proof.json')] : []),
          ],
          { encoding: 'utf8' },
        );
      const ok = run('report.json', true);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('2 AI configuration(s) committed');
      const bad = run('forged.json');
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('FAILED ai: configuration');
      const uncommitted = run('uncommitted.json', true);
      expect(uncommitted.status).toBe(1);
      expect(uncommitted.stderr).toContain('FAILED ai: vote leaf');
    }
    rmSync(files, { recursive: true, force: true });
  });
});

describe('gold items calibrate too', () => {
  it("activates a configuration on its gold votes alone, against the items' expected ratings", async () => {
    const created = await call(app, 'createProject', {
      body: {
        name: 'AI on gold',
        spec: {
          version: '1.0.0',
          dataset: { format: 'jsonl' },
          validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
          // Every claim is served a gold item while one is left (and ordinary work is too).
          gold: { rate: 1, minVotes: 1000 },
          calibration: { minItems: 10, minConcordance: 0.5 },
          validators: { classes },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const projectId = created.body.projectId;
    const lines = Array.from({ length: 12 }, (_, i) => JSON.stringify({ n: i, nonce: Math.random() })).join('\n');
    expect((await ingest(app, projectId, { 'd.jsonl': lines })).status.run.status).toBe('ok');
    const ids = (await fx.datapoints(app.sql, projectId)).map((r) => r.id);
    const expected = (i: number) => 5 + 8 * i;
    const set = await call(app, 'setGoldItems', {
      params: { projectId },
      body: { items: ids.slice(0, 10).map((datapointId, i) => ({ datapointId, expectedRating: expected(i) })) },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const judge = await person(projectId, 'judge');
    const p = provenance('Rate {content}.');
    const states: string[] = [];
    for (let k = 0; k < 10; k++) {
      const { slotId, datapointId } = await claim(judge, projectId);
      const i = ids.indexOf(datapointId);
      expect(i).toBeLessThan(10);
      const v = await call(app, 'submitVote', {
        key: judge.token,
        params: { slotId },
        body: { rating: expected(i) + 4, provenance: p },
      });
      expect(v.status, JSON.stringify(v.body)).toBe(200);
      const q = await call(app, 'listValidatorQuality', { params: { projectId } });
      states.push(q.body.aiConfigurations[0]!.state);
    }
    // Shadow until the tenth gold vote, the tenth calibration item; active from it on.
    expect(states).toEqual([...Array(9).fill('shadow'), 'active']);
    const q = await call(app, 'listValidatorQuality', { params: { projectId } });
    expect(q.body.aiConfigurations[0]!.calibration).toMatchObject({ items: 10, bias: 4, passed: true });
  });
});

describe('calibration by the alternative annotator test', () => {
  it('activates a judge that represents each person better than the person does, at minItems', async () => {
    const projectId = await project(31, { method: 'alt_test', minItems: 30, epsilon: 0.1 }, 3);
    const judge = await person(projectId, 'judge');
    const people = [await person(projectId, 'reviewer'), await person(projectId, 'reviewer')];
    people.push(await person(projectId, 'reviewer'));
    const p = provenance('Rate {content}, alt-test.');
    const states: boolean[] = [];
    for (let i = 0; i < 31; i++) {
      const truth = 20 + 2 * i;
      // The judge rates the truth; the people scatter around it by up to 15 points.
      const a = await rate(judge, projectId, truth, p);
      states.push(a.receipt.shadow);
      // An active judge's vote counts: two people complete the datapoint then.
      const raters = a.receipt.shadow ? people : people.slice(0, 2);
      for (const [k, who] of raters.entries()) await rate(who, projectId, truth + (((i * (k + 3)) % 7) - 3) * 5);
    }
    // In shadow for the first 30 datapoints; the 30th decision passed it, so the last vote counts.
    expect(states).toEqual([...Array(30).fill(true), false]);
    const q = await call(app, 'listValidatorQuality', { params: { projectId } });
    const cal = q.body.aiConfigurations[0]!.calibration;
    expect(cal).toMatchObject({ annotators: 3, passed: true });
    expect(cal.winningRate).toBeGreaterThanOrEqual(0.5);
  });
});
