// The vote entry point and finalization against a real database, and the consensus endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { ingest } from '../helpers/uploads.ts';
import type { VoteInput } from '../../src/lifecycle/votes.ts';
import { recordVote } from '../helpers/votes.ts';
import * as fx from '../helpers/fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
});
afterAll(async () => {
  await app?.close();
});

/** A project with `n` datapoints; returns the project id and the datapoint ids in order. */
async function datapoints(
  n: number,
  consensus = { minStrength: 0.7, escalationStep: 1, maxEscalations: 1 },
  key?: string,
): Promise<{ projectId: string; ids: string[] }> {
  const created = await call(app, 'createProject', {
    key,
    body: {
      name: 'Votes',
      spec: {
        version: '1.0.0',
        dataset: { format: 'jsonl' },
        validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' },
        consensus,
      },
    },
  });
  const projectId = created.body.projectId;
  const lines = Array.from({ length: n }, (_, i) => JSON.stringify({ n: i, nonce: Math.random() })).join('\n');
  const { status } = await ingest(app, projectId, { 'd.jsonl': lines }, {}, key);
  expect(status.run.status).toBe('ok');
  return { projectId, ids: (await fx.datapoints(app.sql, projectId)).map((r) => r.id) };
}

const vote = (datapointId: string, voter: string, rating: number, extra: Partial<VoteInput> = {}) =>
  recordVote(app.sql, {
    datapointId,
    voter,
    userId: null,
    synthetic: false,
    rating,
    weight: 1,
    classId: null,
    ...extra,
  });

describe('finalization', () => {
  it('becomes terminal when the required votes agree, with the hand-computed figures', async () => {
    const {
      ids: [dp],
    } = await datapoints(1);
    expect(await vote(dp, 'a', 78)).toEqual({ kind: 'recorded', votes: 1, required: 3 });
    await vote(dp, 'b', 82);
    const before = await call(app, 'getDatapointConsensus', { params: { datapointId: dp } });
    expect(before.status).toBe(409);
    expect(before.body.error.code).toBe('consensus_not_finalized');
    const done = await vote(dp, 'c', 80);
    expect(done).toMatchObject({ kind: 'terminal', contested: false });
    const res = await call(app, 'getDatapointConsensus', { params: { datapointId: dp } });
    expect(res.status).toBe(200);
    expect(res.body.consensusDecisionId).toBe((done as { decisionId: string }).decisionId);
    expect(res.body.qualityRatingMean).toBeCloseTo(80, 12);
    expect(res.body.qualityRatingMedian).toBe(80);
    expect(res.body.consensusStrength).toBeCloseTo(1 - 4 / 3 / 50, 12);
    expect(await fx.slotStates(app.sql, dp)).toEqual({ submitted: 3 });
    const listed = await call(app, 'listDatapoints', {
      params: { projectId: res.body.projectId },
      query: { status: 'terminal' },
    });
    expect(listed.body.data!.map((d: { id: string }) => d.id)).toEqual([dp]);
  });

  it('weights votes by class and escalates a disagreement, then ends contested at the last escalation', async () => {
    const {
      ids: [dp],
    } = await datapoints(1);
    await vote(dp, 'a', 0);
    await vote(dp, 'b', 100);
    expect(await vote(dp, 'c', 50)).toEqual({ kind: 'escalated', addedSlots: 1, escalations: 1 });
    expect((await fx.slotStates(app.sql, dp)).open).toBe(1);
    // A senior (weight 2) at 50: ratings 0, 50 (x1), 50 (x2), 100 -> median 50, deviation 100/5 = 20,
    // strength 0.6 < 0.7 with no escalation left (maxEscalations 1): terminal and contested.
    expect(await vote(dp, 'd', 50, { weight: 2, classId: 'senior' })).toMatchObject({
      kind: 'terminal',
      contested: true,
    });
    const res = await call(app, 'getDatapointConsensus', { params: { datapointId: dp } });
    expect(res.body.qualityRatingMean).toBeCloseTo(250 / 5, 12);
    expect(res.body.consensusStrength).toBeCloseTo(1 - 20 / 50, 12);
    expect((await fx.decisionOf(app.sql, dp)).decision).toMatchObject({
      contested: true,
      vote_count: 4,
      escalations: 1,
    });
    const stored = (await fx.votes(app.sql, { datapointIds: [dp] })).find((v) => v.voter === 'd');
    expect(stored).toMatchObject({ weight: 2, class_id: 'senior' });
  });

  it('is contested after the last escalation', async () => {
    const {
      ids: [dp],
    } = await datapoints(1, { minStrength: 0.9, escalationStep: 1, maxEscalations: 1 });
    for (const [voter, r] of [
      ['a', 0],
      ['b', 100],
      ['c', 50],
      ['d', 100],
    ] as const)
      await vote(dp, voter, r);
    expect((await fx.decisionOf(app.sql, dp)).decision?.contested).toBe(true);
  });

  it('finalizes exactly once when the last votes arrive concurrently', async () => {
    const { ids } = await datapoints(5);
    for (const dp of ids) {
      await Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((voter, i) => vote(dp, voter, 70 + i)));
    }
    for (const dp of ids) {
      expect({
        n: (await fx.decisionOf(app.sql, dp)).rows,
        votes: (await fx.votes(app.sql, { datapointIds: [dp] })).length,
      }).toEqual({ n: 1, votes: 3 });
    }
  });
});

describe('decided votes are frozen', () => {
  it('refuses an update or delete of a vote that counted toward a decision; the project still deletes', async () => {
    const { projectId, ids } = await datapoints(2);
    const [decided, open] = ids as [string, string];
    await vote(decided, 'a', 78);
    await vote(decided, 'b', 82);
    expect(await vote(decided, 'c', 80)).toMatchObject({ kind: 'terminal' });
    await vote(open, 'a', 40);
    // The vote of a datapoint without a decision may still change (what changeVote relies on).
    await fx.setVoteRating(app.sql, open, 'a', 41);
    expect((await fx.votes(app.sql, { datapointIds: [open] })).map((v) => v.rating)).toEqual([41]);
    await expect(fx.setVoteRating(app.sql, decided, 'b', 10)).rejects.toThrow(
      /counted toward the terminal decision .* cannot be changed/,
    );
    await expect(fx.deleteVotes(app.sql, decided)).rejects.toThrow(
      /counted toward the terminal decision .* cannot be deleted/,
    );
    expect((await fx.votes(app.sql, { datapointIds: [decided] })).map((v) => v.rating)).toEqual([78, 82, 80]);
    await fx.deleteProject(app.sql, projectId);
    expect(await fx.projectRowsLeft(app.sql, projectId)).toBe(0);
  });
});

describe('refusals write nothing', () => {
  // The rating is checked at the boundary (the contract's schema); below it, the votes table's
  // check constraint still refuses a rating outside 0..100, and the vote's transaction writes nothing.
  it.each([[101], [-1], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses rating %d', async (rating) => {
    const {
      ids: [dp],
    } = await datapoints(1);
    await expect(vote(dp, 'a', rating)).rejects.toMatchObject({ code: '23514' });
    expect(await fx.votes(app.sql, { datapointIds: [dp] })).toEqual([]);
  });

  it(
    'refuses a second vote by the same validator, votes on paused or archived projects, and votes on terminal ' +
      'datapoints',
    async () => {
      const {
        projectId,
        ids: [dp, other],
      } = await datapoints(2);
      await vote(dp, 'a', 50);
      await expect(vote(dp, 'a', 60)).rejects.toMatchObject({ code: 'already_voted' });
      await call(app, 'updateProject', { params: { projectId }, body: { paused: true } });
      await expect(vote(other, 'a', 50)).rejects.toMatchObject({ code: 'project_paused' });
      await call(app, 'updateProject', { params: { projectId }, body: { paused: false, archived: true } });
      await expect(vote(other, 'a', 50)).rejects.toMatchObject({ code: 'project_archived' });
      await call(app, 'updateProject', { params: { projectId }, body: { archived: false } });
      await vote(dp, 'b', 50);
      await vote(dp, 'c', 50);
      await expect(vote(dp, 'd', 50)).rejects.toMatchObject({ code: 'datapoint_finalized' });
      expect(await fx.votes(app.sql, { datapointIds: [dp!, other!] })).toHaveLength(3);
    },
  );

  it('marks the project test-contaminated for good at the first synthetic vote', async () => {
    const {
      projectId,
      ids: [dp],
    } = await datapoints(1);
    await vote(dp, 'synthetic:1', 50, { synthetic: true });
    const got = await call(app, 'getProject', { params: { projectId } });
    expect(got.body.autoConsensusUsed).toBe(true);
  });
});

describe('GET /datapoints/{datapointId}/consensus', () => {
  it("reports unknown and other organizations' datapoints as not found", async () => {
    const unknown = await call(app, 'getDatapointConsensus', {
      params: { datapointId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('datapoint_not_found');
    const {
      ids: [foreign],
    } = await datapoints(1, undefined, app.orgB.originatorKey);
    const res = await call(app, 'getDatapointConsensus', { params: { datapointId: foreign } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('datapoint_not_found');
  });
});
