// Gold items through the real service (Postgres, S3 ingest, SMTP sign-in, the job worker, a real
// webhook receiver): an originator marks datapoints gold over REST and MCP; validators are served
// them mixed into their claims with the same shapes as any other claim; gold votes are in no
// consensus; a validator rating gold badly is paused after the minimum (refused on claim and vote,
// `validator.paused` delivered), and the originator lifts the pause. Under concurrency: parallel
// bad gold votes of one validator write exactly one pause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../helpers/app.ts';
import { connectMcp, toolErrorCode } from '../helpers/mcp.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { ingest } from '../helpers/uploads.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';
import { until } from '../helpers/wait.ts';
import { validSpec } from '../fixtures/specs.ts';
import { pseudonymOf } from '../../src/domain/statistics.ts';
import { acceptAllInvites, createProject, inviteWithSql, signIn, startMailingApp } from './helpers.ts';
import * as fx from '../helpers/fixtures.ts';

let app: TestApp;
let sink: SmtpSink;
let receiver: Receiver;
let close = async () => {};
beforeAll(async () => {
  ({ app, sink, close } = await startMailingApp({ signingKey: true }));
  receiver = await startReceiver();
  const res = await call(app, 'createWebhookEndpoint', {
    body: { url: receiver.url, eventTypes: ['validator.paused'] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  receiver.secret = res.body.secret;
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await close();
});

let n = 0;
async function validator(projectId: string): Promise<{ token: string; userId: string }> {
  const email = `gold-validator-${++n}@example.com`;
  await inviteWithSql(app, app.orgA.id, projectId, email);
  const s = await signIn(app, sink, email);
  await acceptAllInvites(app, s.sessionToken);
  return { token: s.sessionToken, userId: s.userId };
}

const gold = { rate: 1, minVotes: 3, maxMeanAbsoluteError: 10, confidence: 0.95 };

/** A project of `rows` datapoints (2 validators each), the first `goldRows` marked gold with 80. */
async function project(name: string, rows: number, goldRows: number, settings: object = gold) {
  const spec: any = validSpec();
  spec.validation.validatorsPerDatapoint = 2;
  const { consensus, ...goldSettings } = settings as { consensus?: object };
  spec.gold = goldSettings;
  if (consensus) spec.consensus = { ...spec.consensus, ...consensus };
  // No classes: every validator votes with weight 1.
  delete spec.validators;
  const projectId = await createProject(app, name, spec);
  const lines = Array.from({ length: rows }, (_, i) => `${i + 1},${name} q${i + 1},a${i + 1}`);
  const csv = `id,question,answer\n${lines.join('\n')}\n`;
  const { status } = await ingest(app, projectId, { 'data.csv': csv });
  expect(status.run.status).toBe('ok');
  const ids = (await fx.datapoints(app.sql, projectId)).map((r) => r.id);
  const goldIds = ids.slice(0, goldRows);
  if (goldRows) {
    const res = await call(app, 'setGoldItems', {
      params: { projectId },
      body: { items: goldIds.map((datapointId) => ({ datapointId, expectedRating: 80 })) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { projectId, ids, goldIds, normalIds: ids.slice(goldRows) };
}

const claim = (token: string, projectId: string) => call(app, 'claimSlot', { key: token, params: { projectId } });
const vote = (token: string, slotId: string, rating: number) =>
  call(app, 'submitVote', { key: token, params: { slotId }, body: { rating } });

/** The shape of a JSON value: its keys and the type of each, recursively. */
function shape(v: unknown): unknown {
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.map(shape);
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, shape(x)]));
  return typeof v;
}

describe('marking gold items', () => {
  it('sets and lists gold items; refuses rated, unknown and other-project datapoints with the item named', async () => {
    const { projectId, ids, goldIds } = await project('Marking', 4, 1);
    const list = await call(app, 'listGoldItems', { params: { projectId } });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        datapointId: goldIds[0],
        expectedRating: 80,
        goldVotes: 0,
        meanAbsoluteError: null,
        createdAt: expect.any(String),
      },
    ]);
    // A new expected rating for a gold item is allowed; listed twice, the last rating counts.
    const again = await call(app, 'setGoldItems', {
      params: { projectId },
      body: {
        items: [
          { datapointId: goldIds[0], expectedRating: 10 },
          { datapointId: goldIds[0], expectedRating: 75 },
        ],
      },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.map((g: any) => g.expectedRating)).toEqual([75, 75]);

    // A datapoint with a vote that counts toward consensus cannot become gold.
    const v = await validator(projectId);
    // Rate 1: the gold item first (scored against 75), then an ordinary datapoint.
    const g = await claim(v.token, projectId);
    expect(g.body.datapointId).toBe(goldIds[0]);
    expect((await vote(v.token, g.body.slotId, 60)).status).toBe(200);
    const scored = await call(app, 'listGoldItems', { params: { projectId } });
    expect(scored.body.data![0]).toMatchObject({ goldVotes: 1, meanAbsoluteError: 15 });
    const c = await claim(v.token, projectId);
    expect(c.status).toBe(201);
    expect(goldIds).not.toContain(c.body.datapointId);
    expect((await vote(v.token, c.body.slotId, 50)).status).toBe(200);
    const rated = await call(app, 'setGoldItems', {
      params: { projectId },
      body: {
        items: [
          { datapointId: ids[3], expectedRating: 5 },
          { datapointId: c.body.datapointId, expectedRating: 5 },
        ],
      },
    });
    expect(rated.status).toBe(409);
    expect(rated.body.error).toMatchObject({ code: 'datapoint_has_votes', param: 'items[1].datapointId' });
    // All or nothing: the first item was not marked either.
    expect(await fx.goldRating(app.sql, ids[3]!)).toBeNull();

    const other = await project('Other', 1, 0);
    const unknown = await call(app, 'setGoldItems', {
      params: { projectId },
      body: { items: [{ datapointId: other.ids[0], expectedRating: 5 }] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'datapoint_not_found', param: 'items[0].datapointId' });
    const otherOrg = await call(app, 'setGoldItems', {
      key: app.orgB.originatorKey,
      params: { projectId },
      body: { items: [{ datapointId: goldIds[0], expectedRating: 5 }] },
    });
    expect(otherOrg.status).toBe(404);
    expect(otherOrg.body.error.code).toBe('project_not_found');
  });

  it("at ingest: the spec's goldField marks gold items and leaves every record's content", async () => {
    const spec: any = validSpec();
    spec.dataset.goldField = 'expected';
    const projectId = await createProject(app, 'Gold at ingest', spec);
    const csv = 'id,question,answer,expected\n1,q1,a1,\n2,q2,a2,85\n3,q3,a3, 12.5 \n';
    const { status } = await ingest(app, projectId, { 'data.csv': csv });
    expect(status.run.status, JSON.stringify(status.run)).toBe('ok');
    const rows = await fx.goldState(app.sql, projectId);
    expect(rows.map((r) => r.gold_rating)).toEqual([null, 85, 12.5]);
    expect(rows.map((r) => r.slots_open)).toEqual([3, 0, 0]);
    for (const r of rows) expect(Object.keys(r.content).sort()).toEqual(['answer', 'id', 'question']);
    const list = await call(app, 'listGoldItems', { params: { projectId } });
    expect(list.body.data!.map((g: any) => g.expectedRating).sort()).toEqual([12.5, 85]);
    expect((await fx.keptDataState(app.sql, projectId))!.datapoints).toBe(1);

    const bad = await createProject(app, 'Bad gold', spec);
    const failed = await ingest(app, bad, { 'data.csv': 'id,question,answer,expected\n1,q,a,high\n' });
    expect(failed.status.run.status).toBe('failed');
    expect(failed.status.run.errorMessage).toMatch(
      /data\.csv line 2: record 1 has `expected` .*not a rating from 0 to 100/,
    );
  });

  it('over MCP: set_gold_items and list_gold_items return what REST returns', async () => {
    const { projectId, ids } = await project('Over MCP', 3, 0);
    const mcp = await connectMcp(app, app.orgA.originatorKey);
    try {
      const set = await mcp.tool('set_gold_items', { projectId, items: [{ datapointId: ids[1], expectedRating: 42 }] });
      expect(toolErrorCode(set)).toBeNull();
      expect(set.structuredContent.data[0]).toMatchObject({ datapointId: ids[1], expectedRating: 42, goldVotes: 0 });
      const listed = await mcp.tool('list_gold_items', { projectId });
      const rest = await call(app, 'listGoldItems', { params: { projectId } });
      expect(listed.structuredContent).toEqual(rest.body);
      const refused = await mcp.tool('set_gold_items', {
        projectId,
        items: [{ datapointId: ids[0], expectedRating: 101 }],
      });
      expect(toolErrorCode(refused)).toBe('request_body_invalid');
    } finally {
      await mcp.close();
    }
  });
});

describe('serving gold items', () => {
  it('a gold claim and an ordinary claim have identical shapes, and so do their vote receipts', async () => {
    const { projectId, goldIds, normalIds } = await project('Shapes', 3, 1);
    const v = await validator(projectId);
    // Rate 1: the first claim is the gold item (ordinary work is left), the next an ordinary one.
    const first = await claim(v.token, projectId);
    const second = await claim(v.token, projectId);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.body.datapointId).toBe(goldIds[0]);
    expect(normalIds).toContain(second.body.datapointId);
    expect(shape(first.body)).toEqual(shape(second.body));
    expect(Object.keys(first.body.content as object)).toEqual(Object.keys(second.body.content as object));
    const r1 = await vote(v.token, first.body.slotId, 80);
    const r2 = await vote(v.token, second.body.slotId, 80);
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    expect(shape(r1.body)).toEqual(shape(r2.body));
    // The first vote of a 2-validator datapoint is `recorded`, exactly like the gold vote's receipt.
    expect(r1.body.outcome).toBe('recorded');
    expect(r2.body.outcome).toBe('recorded');
    // The validator's project listing counts no open slot for the gold item.
    const mine = await call(app, 'listMyProjects', { key: v.token });
    const p = mine.body.data.find((x: any) => x.projectId === projectId);
    expect(p!.openSlots).toBe(2 * normalIds.length - 1);
  });

  it('a gold item is never the only thing left to claim', async () => {
    const { projectId, ids } = await project('Only gold', 2, 0);
    const v = await validator(projectId);
    const first = await claim(v.token, projectId);
    expect(first.body.datapointId).toBe(ids[0]);
    expect((await vote(v.token, first.body.slotId, 80)).status).toBe(200);
    // The other datapoint becomes gold: the validator has no ordinary work left, only gold.
    const marked = await call(app, 'setGoldItems', {
      params: { projectId },
      body: { items: [{ datapointId: ids[1], expectedRating: 80 }] },
    });
    expect(marked.status).toBe(200);
    const none = await claim(v.token, projectId);
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('no_claimable_slot');
    // A validator with ordinary work left is served it (rate 1), once.
    const w = await validator(projectId);
    const g = await claim(w.token, projectId);
    expect(g.body.datapointId).toBe(ids[1]);
    const o = await claim(w.token, projectId);
    expect(o.body.datapointId).toBe(ids[0]);
  });

  it("serves gold at the spec's rate: never at rate 0, about half the claims at 0.5", async () => {
    // Rate 0: three gold items and three ordinary ones; only the ordinary ones are ever claimed.
    const none = await project('Rate 0', 6, 3, { ...gold, rate: 0 });
    const v = await validator(none.projectId);
    const served: string[] = [];
    for (let i = 0; i < 10; i++) {
      const c = await claim(v.token, none.projectId);
      if (c.status === 409) {
        expect(c.body.error.code).toBe('no_claimable_slot');
        break;
      }
      served.push(c.body.datapointId);
      expect((await vote(v.token, c.body.slotId, 80)).status).toBe(200);
    }
    expect(served.sort()).toEqual([...none.normalIds].sort());

    // Rate 0.5: 60 gold items and 60 ordinary ones, 60 claims, so neither kind runs out. Each
    // claim is gold with probability 1/2 (a CSPRNG draw): outside 12..48 of 60 has probability
    // about 1e-6. Votes of 80 on gold (the expected rating) keep the validator unpaused.
    const half = await project('Rate 0.5', 120, 60, { ...gold, rate: 0.5 });
    const w = await validator(half.projectId);
    let golden = 0;
    for (let i = 0; i < 60; i++) {
      const c = await claim(w.token, half.projectId);
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      if (half.goldIds.includes(c.body.datapointId)) golden++;
      expect((await vote(w.token, c.body.slotId, 80)).status).toBe(200);
    }
    expect(golden).toBeGreaterThanOrEqual(12);
    expect(golden).toBeLessThanOrEqual(48);
  }, 60_000);

  it('a skipped gold item sticks like any skipped datapoint', async () => {
    const { projectId, goldIds } = await project('Skipped gold', 3, 1);
    const v = await validator(projectId);
    const g = await claim(v.token, projectId);
    expect(g.body.datapointId).toBe(goldIds[0]);
    const skipped = await call(app, 'skipClaim', { key: v.token, params: { slotId: g.body.slotId }, body: {} });
    expect(skipped.status, JSON.stringify(skipped.body)).toBeLessThan(300);
    // Rate 1, yet the skipped gold item is not offered again: the two ordinary datapoints come.
    const next = [await claim(v.token, projectId), await claim(v.token, projectId)];
    expect(next.map((c) => c.body.datapointId)).not.toContain(goldIds[0]);
  });

  it('gold votes enter no consensus: gold items never decide, reports leave them out', async () => {
    const { projectId, goldIds, normalIds } = await project('No consensus', 3, 1);
    const vs = [await validator(projectId), await validator(projectId)];
    for (const v of vs) {
      for (;;) {
        const c = await claim(v.token, projectId);
        if (c.status === 409) break;
        expect(c.status).toBe(201);
        expect((await vote(v.token, c.body.slotId, c.body.datapointId === goldIds[0] ? 20 : 70)).status).toBe(200);
      }
    }
    const decided = await fx.decisions(app.sql, projectId);
    expect(decided.map((d) => d.datapoint_id).sort()).toEqual([...normalIds].sort());
    for (const d of decided) expect(d).toMatchObject({ vote_count: 2, quality_rating_mean: 70 });
    expect((await fx.datapoint(app.sql, goldIds[0]!))!.finalized_at).toBeNull();
    expect(await fx.votes(app.sql, { datapointIds: [goldIds[0]!] })).toHaveLength(2);
    // The project is drained: the export's coverage counts the datapoints that can reach consensus.
    expect(await fx.keptDataState(app.sql, projectId)).toMatchObject({ datapoints: 2, decisions: 2 });
    const cards = await call(app, 'listValidatorQuality', { params: { projectId } });
    // The signed Proof Report: gold items are not in it, the gold figures are, under pseudonyms,
    // and the rater model's figures and the weight carried equal the cards'.
    const report = await until(
      () => call(app, 'getProofReport', { params: { projectId } }),
      (r) => r.status === 200,
    );
    const payload = report.body.payload;
    expect(payload.coverage).toMatchObject({ datapointsFinalized: 2, datapointsTotal: 2 });
    expect(payload.digests).toMatchObject({ manifestLeaves: 2, resultsLeaves: 2 });
    const [{ key }] = await app.sql`select pseudonym_key::text as key from projects where id = ${projectId}`;
    for (const v of vs) {
      const card = cards.body.data.find((c: any) => c.validatorId === v.userId);
      expect(card).toMatchObject({
        votes: 3,
        consensusVotes: 2,
        gold: { count: 1, meanAbsoluteError: 60, bias: -60, ccc: null },
        weightCarried: expect.any(Number),
      });
      expect(card!.agreement).toEqual({ datapoints: 2, meanAbsoluteDifference: 0, ccc: null });
      const signed = payload.statistics!.validators.find((x: any) => x.pseudonym === pseudonymOf(key, v.userId));
      expect(signed).toMatchObject({ votes: 2, gold: { count: 1, meanAbsoluteError: '60', bias: '-60', ccc: null } });
      expect(Number(signed!.bias)).toBe(card!.raterModel!.bias);
      expect(Number(signed!.inconsistency)).toBe(card!.raterModel!.inconsistency);
      expect(Number(signed!.weightCarried)).toBe(card!.weightCarried);
    }
  });
});

describe('validator quality cards', () => {
  it("fit the rater model with the project's parameters, as its signed statistics do", async () => {
    // A floor of 10 points on inconsistency: two validators who rate within 2 points of each
    // other sit on it. With the defaults (floor 2) their inconsistency would be about 1-2.
    const { projectId } = await project('Own parameters', 3, 0, {
      ...gold,
      consensus: { method: 'reliability', reliability: { inconsistencyFloor: 10, priorVotes: 0 } },
    });
    const vs = [await validator(projectId), await validator(projectId)];
    for (const [i, v] of vs.entries())
      for (;;) {
        const c = await claim(v.token, projectId);
        if (c.status === 409) break;
        expect((await vote(v.token, c.body.slotId, 70 + 2 * i)).status).toBe(200);
      }
    expect(await fx.decisions(app.sql, projectId)).toHaveLength(3);
    const cards = (await call(app, 'listValidatorQuality', { params: { projectId } })).body.data;
    const report = await until(
      () => call(app, 'getProofReport', { params: { projectId } }),
      (r) => r.status === 200,
    );
    const statistics = report.body.payload.statistics!;
    expect(statistics.raterModel).toMatchObject({ inconsistencyFloor: '10', priorVotes: '0' });
    const [{ key }] = await app.sql`select pseudonym_key::text as key from projects where id = ${projectId}`;
    for (const v of vs) {
      const card = cards.find((c: any) => c.validatorId === v.userId)!;
      const signed = statistics.validators.find((x: any) => x.pseudonym === pseudonymOf(key, v.userId))!;
      expect(card.raterModel).toEqual({
        bias: Number(signed.bias),
        inconsistency: Number(signed.inconsistency),
        precision: Number(signed.precision),
      });
      expect(card.raterModel!.inconsistency).toBe(10);
    }
  });
});

describe('the cards as a file', () => {
  it('exports every card as CSV and JSON over REST and MCP, the figures of the list', async () => {
    const { projectId, goldIds } = await project('Cards file', 3, 1);
    const vs = [await validator(projectId), await validator(projectId)];
    for (const [i, v] of vs.entries())
      for (;;) {
        const c = await claim(v.token, projectId);
        if (c.status === 409) break;
        expect(
          (await vote(v.token, c.body.slotId, c.body.datapointId === goldIds[0] ? 20 + i : 70 + 3 * i)).status,
        ).toBe(200);
      }
    const cards = (await call(app, 'listValidatorQuality', { params: { projectId } })).body.data;
    expect(cards).toHaveLength(2);
    const csv = await call(app, 'exportValidatorQuality', { params: { projectId }, query: { format: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.body).toMatchObject({
      format: 'csv',
      contentType: 'text/csv',
      filename: expect.stringMatching(new RegExp(`^assay-validator-quality-${projectId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`)),
    });
    const [head, ...lines] = csv.body.content.split('\r\n').filter((l: string) => l !== '');
    const columns = head!.split(',');
    expect(columns).toEqual([
      'validator_id',
      'email',
      'class_id',
      'paused',
      'paused_at',
      'votes',
      'consensus_votes',
      'gold_votes',
      'gold_mae',
      'gold_bias',
      'gold_ccc',
      'agreement_datapoints',
      'agreement_mad',
      'agreement_ccc',
      'model_bias',
      'model_inconsistency',
      'model_precision',
      'weight_carried',
    ]);
    expect(lines).toHaveLength(cards.length);
    for (const [k, c] of cards.entries()) {
      const row = Object.fromEntries(lines[k]!.split(',').map((x: string, j: number) => [columns[j], x]));
      expect(row).toMatchObject({
        validator_id: c.validatorId,
        email: c.email,
        class_id: '',
        paused: 'false',
        votes: String(c.votes),
        consensus_votes: '2',
        gold_votes: '1',
        gold_mae: String(c.gold.meanAbsoluteError),
        gold_bias: String(c.gold.bias),
        agreement_mad: String(c.agreement.meanAbsoluteDifference),
        model_inconsistency: String(c.raterModel!.inconsistency),
        weight_carried: String(c.weightCarried),
      });
    }
    const json = await call(app, 'exportValidatorQuality', { params: { projectId }, query: { format: 'json' } });
    expect(json.body.contentType).toBe('application/json');
    expect(JSON.parse(json.body.content)).toMatchObject({ projectId, cards });
    const mcp = await connectMcp(app, app.orgA.originatorKey);
    try {
      const r = await mcp.tool('export_validator_quality', { projectId, format: 'csv' });
      expect(toolErrorCode(r)).toBeNull();
      expect((r.structuredContent as { content: string }).content).toBe(csv.body.content);
    } finally {
      await mcp.close();
    }
    const bad = await call(app, 'exportValidatorQuality', {
      params: { projectId },
      query: { format: 'xlsx' as 'csv' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('format');
  });
});

describe('the pause rule', () => {
  it('pauses a bad gold rater after the minimum; refused on claim and vote; the originator lifts it', async () => {
    const { projectId, goldIds } = await project('Pause', 8, 5);
    const v = await validator(projectId);
    const careful = await validator(projectId);
    // Two bad gold votes: below the minimum of three, still working.
    for (let i = 0; i < 2; i++) {
      const c = await claim(v.token, projectId);
      expect(goldIds).toContain(c.body.datapointId);
      expect((await vote(v.token, c.body.slotId, 10)).status).toBe(200);
    }
    const held = await claim(v.token, projectId);
    const third = await claim(v.token, projectId);
    expect(goldIds).toContain(third.body.datapointId);
    const card = async () =>
      (await call(app, 'listValidatorQuality', { params: { projectId } })).body.data.find(
        (c: any) => c.validatorId === v.userId,
      );
    expect((await card())!.paused).toBe(false);
    // The third: errors 70, 70, 70 -> the bound is 70, above 10.
    expect((await vote(v.token, third.body.slotId, 10)).status).toBe(200);

    const refusedClaim = await claim(v.token, projectId);
    expect(refusedClaim.status).toBe(409);
    expect(refusedClaim.body.error.code).toBe('validator_paused');
    expect(refusedClaim.body.error.message).toMatch(/originator can lift/);
    const refusedVote = await vote(v.token, held.body.slotId, 10);
    expect(refusedVote.status).toBe(409);
    expect(refusedVote.body.error.code).toBe('validator_paused');
    // Another validator of the project works on.
    expect((await claim(careful.token, projectId)).status).toBe(201);

    const paused = await card();
    expect(paused).toMatchObject({
      paused: true,
      pause: { reason: 'gold_error', goldVotes: 3, meanAbsoluteError: 70, lowerBound: 70, threshold: 10 },
      gold: { count: 3, meanAbsoluteError: 70, bias: -70 },
    });
    const standing = await call(app, 'getMyStanding', { key: v.token, params: { projectId } });
    expect(standing.status).toBe(200);
    expect(standing.body).toMatchObject({ projectId, votes: 3, paused: true, pause: paused!.pause });
    expect(standing.body).not.toHaveProperty('gold');

    const delivered = await until(
      () => receiver.received.filter((r) => JSON.parse(r.body).data.validatorId === v.userId),
      (list) => list.length > 0,
    );
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.verifyError).toBeNull();
    expect(JSON.parse(delivered[0]!.body)).toEqual({
      type: 'validator.paused',
      timestamp: paused!.pause!.pausedAt,
      data: { projectId, validatorId: v.userId, ...paused!.pause },
    });

    // The originator lifts it over MCP; the validator claims again and the rule starts over.
    const mcp = await connectMcp(app, app.orgA.originatorKey);
    try {
      const lifted = await mcp.tool('resume_validator', { projectId, validatorId: v.userId });
      expect(toolErrorCode(lifted)).toBeNull();
      expect(lifted.structuredContent).toMatchObject({ validatorId: v.userId, paused: false, pause: null });
      const unknown = await mcp.tool('resume_validator', { projectId, validatorId: app.orgB.originatorUserId });
      expect(toolErrorCode(unknown)).toBe('validator_not_found');
    } finally {
      await mcp.close();
    }
    const again = await claim(v.token, projectId);
    expect(again.status).toBe(201);
    expect((await vote(v.token, again.body.slotId, 10)).status).toBe(200);
    // One bad gold vote since the lift is below the minimum: still working.
    expect((await card())!.paused).toBe(false);
    expect((await call(app, 'resumeValidator', { params: { projectId, validatorId: v.userId } })).status).toBe(200);
  });

  it('a changed vote is held against the rule as a new one is', async () => {
    const { projectId, goldIds } = await project('Change', 6, 4);
    const v = await validator(projectId);
    const ratings = [10, 10, 80];
    let last = '';
    for (const rating of ratings) {
      const c = await claim(v.token, projectId);
      expect(goldIds).toContain(c.body.datapointId);
      expect((await vote(v.token, c.body.slotId, rating)).status).toBe(200);
      last = c.body.slotId;
    }
    // Errors 70, 70, 0: the bound is far below 10, working on.
    const card = async () =>
      (await call(app, 'listValidatorQuality', { params: { projectId } })).body.data.find(
        (c: any) => c.validatorId === v.userId,
      );
    expect((await card())!.paused).toBe(false);
    // The good third vote changed to 10 within the window: errors 70, 70, 70, paused.
    const changed = await call(app, 'changeVote', { key: v.token, params: { slotId: last }, body: { rating: 10 } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await card()).toMatchObject({
      paused: true,
      pause: { reason: 'gold_error', goldVotes: 3, meanAbsoluteError: 70, lowerBound: 70, threshold: 10 },
    });
    const refused = await claim(v.token, projectId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('validator_paused');
    // Paused, it cannot change the vote back either (still its latest, still within the window):
    // refused with the claim's code and message, and the rating stays.
    const back = await call(app, 'changeVote', { key: v.token, params: { slotId: last }, body: { rating: 80 } });
    expect(back.status, JSON.stringify(back.body)).toBe(409);
    expect(back.body.error.code).toBe('validator_paused');
    expect(back.body.error.message).toBe(refused.body.error.message);
    expect(await fx.slotVoteRating(app.sql, last)).toBe(10);
    const events = await app.sql`select id from webhook_events
        where type = 'validator.paused' and body::jsonb -> 'data' ->> 'validatorId' = ${v.userId}`;
    expect(events).toHaveLength(1);
  });

  it('parallel gold claims get distinct items; parallel bad gold votes write one pause and one event', async () => {
    const { projectId, goldIds } = await project('Parallel', 6, 4);
    const v = await validator(projectId);
    // Four claims at once: rate 1 and ordinary work left, so each is served a gold item, never the
    // same one twice.
    const responses = await Promise.all(Array.from({ length: 4 }, () => claim(v.token, projectId)));
    const claims = responses.map((r) => r.body);
    expect(claims.map((c) => c.datapointId).sort()).toEqual([...goldIds].sort());
    const results = await Promise.all(claims.map((c) => vote(v.token, c.slotId, 0)));
    const accepted = results.filter((r) => r.status === 200).length;
    for (const r of results) if (r.status !== 200) expect(r.body.error.code).toBe('validator_paused');
    // The rule sees every committed gold vote of the validator: the pause comes with the third.
    expect(accepted).toBeGreaterThanOrEqual(3);
    const pauses =
      await app.sql`select gold_votes from validator_pauses where project_id = ${projectId} and user_id = ${v.userId}`;
    expect(pauses).toHaveLength(1);
    expect(pauses[0]!.gold_votes).toBeGreaterThanOrEqual(3);
    const events = await app.sql`select id from webhook_events
        where type = 'validator.paused' and body::jsonb -> 'data' ->> 'projectId' = ${projectId}`;
    expect(events).toHaveLength(1);
  });
});
