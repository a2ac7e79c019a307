// Reliability-weighted consensus (`consensus.method: reliability`) against the real vote path:
// the rater model is estimated from the decided votes, a noisy validator's later votes weigh
// less, the weight each vote carried is recorded with it and the decision recomputes from those
// weights exactly; a class-weighted project records none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { ingest } from '../helpers/uploads.ts';
import { recordVote } from '../helpers/votes.ts';
import * as fx from '../helpers/fixtures.ts';
import { consensusFigures } from '../../src/domain/consensus.ts';
import { Xoshiro256StarStar } from '../../src/domain/prng.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
});
afterAll(async () => {
  await app?.close();
});

async function project(n: number, consensus: Record<string, unknown>): Promise<{ projectId: string; ids: string[] }> {
  const created = await call(app, 'createProject', {
    body: {
      name: 'Reliability',
      spec: {
        version: '1.0.0',
        dataset: { format: 'jsonl' },
        validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' },
        consensus,
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const projectId = created.body.projectId;
  const lines = Array.from({ length: n }, (_, i) => JSON.stringify({ n: i, nonce: Math.random() })).join('\n');
  const { status } = await ingest(app, projectId, { 'd.jsonl': lines });
  expect(status.run.status).toBe('ok');
  return { projectId, ids: (await fx.datapoints(app.sql, projectId)).map((r) => r.id) };
}

const vote = (datapointId: string, voter: string, rating: number) =>
  recordVote(app.sql, { datapointId, voter, userId: null, synthetic: false, rating, weight: 1, classId: null });

/** Three validators per datapoint: two careful ones and a spammer. */
async function rate(ids: string[], seed: bigint): Promise<void> {
  const g = new Xoshiro256StarStar(seed);
  for (const id of ids) {
    const truth = 20 + 60 * g.nextDouble();
    await vote(id, 'careful-1', Math.round(truth + (g.nextDouble() - 0.5) * 6));
    await vote(id, 'careful-2', Math.round(truth + (g.nextDouble() - 0.5) * 6));
    await vote(id, 'spammer', Math.round(100 * g.nextDouble()));
  }
}

const weightsOf = (projectId: string) => fx.voteWeights(app.sql, projectId);

describe('consensus.method: reliability', () => {
  it('compiles with its parameters (in the config digest) and the median tie rule', async () => {
    const { projectId } = await project(1, { method: 'reliability' });
    const [spec] = await app.sql<{ compiled: { consensus: unknown } }[]>`
      select compiled from project_specs where project_id = ${projectId}`;
    expect(spec!.compiled.consensus).toEqual({
      minStrength: 0.7,
      escalationStep: 1,
      maxEscalations: 2,
      method: 'reliability',
      medianTie: 'midpoint',
      reliability: { inconsistencyFloor: 2, priorVotes: 3, maxPrecision: 4 },
    });
  });

  it("weighs a spammer's votes down once the model has data, and records every decision's weights", async () => {
    const { projectId, ids } = await project(60, { method: 'reliability', minStrength: 0, maxEscalations: 0 });
    await rate(ids, 5n);
    const votes = await weightsOf(projectId);
    expect(votes.every((v) => v.decision_weight !== null)).toBe(true);
    // The first decisions had no estimates (every weight 1); the last ones weigh the spammer down.
    const last = votes.slice(-3);
    const spam = last.find((v) => v.voter === 'spammer')!.decision_weight!;
    const careful = last.find((v) => v.voter === 'careful-1')!.decision_weight!;
    expect(votes[0]!.decision_weight).toBe(1);
    expect(spam).toBeLessThan(careful / 4);
    // Each decision recomputes exactly from (rating, recorded weight).
    const decisions = await fx.decisions(app.sql, projectId);
    expect(decisions).toHaveLength(60);
    for (const d of decisions) {
      const of = votes.filter((v) => v.datapoint_id === d.datapoint_id);
      const f = consensusFigures(of.map((v) => ({ rating: v.rating, weight: v.decision_weight! })));
      expect([f.mean, f.median, f.strength]).toEqual([
        d.quality_rating_mean,
        d.quality_rating_median,
        d.consensus_strength,
      ]);
    }
    const [est] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from rater_estimates where project_id = ${projectId}`;
    expect(est!.n).toBe(3);
    // The running count of decided votes is the count of the votes of decided datapoints, and the
    // last estimate was made where the rule (10% growth and at least 20 since the last one) puts it
    // when each decision adds its 3 votes.
    const [state] = await app.sql<{ decided_votes: string; votes_at_estimate: string }[]>`
      select decided_votes, votes_at_estimate from rater_model_state where project_id = ${projectId}`;
    expect(Number(state!.decided_votes)).toBe(180);
    expect(await fx.decidedVoteCount(app.sql, projectId)).toBe(180);
    let at = 0;
    for (let n = 3; n <= 180; n += 3) if (n >= Math.max(at * 1.1, at + 20)) at = n;
    expect(Number(state!.votes_at_estimate)).toBe(at);
  });

  it('leaves a class-weighted project exactly as before: no recorded weights, no estimates', async () => {
    const { projectId, ids } = await project(10, { minStrength: 0, maxEscalations: 0 });
    await rate(ids, 5n);
    expect((await weightsOf(projectId)).every((v) => v.decision_weight === null)).toBe(true);
    const [est] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from rater_estimates where project_id = ${projectId}`;
    expect(est!.n).toBe(0);
  });
});
