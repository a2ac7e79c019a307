// The agreement matrix between a project's validators (docs/quality.md, "Agreement matrix"): a
// small project rated by two people, an AI validator and Auto Consensus's synthetic voter, through
// the vote lifecycle; the list's `agreement` and the `agreement_csv` export (REST and the
// originator's route) against the pairs computed here by hand from the same ratings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { recordVote } from '../helpers/votes.ts';
import { validSpec } from '../fixtures/specs.ts';
import * as fx from '../helpers/fixtures.ts';
import { until } from '../helpers/wait.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';
import { pseudonymOf } from '../../src/domain/statistics.ts';

let app: TestApp;
beforeAll(async () => {
  // A signing key and a reports worker: the list's pairs are also checked against the signed report's.
  app = await startTestApp({ worker: true, config: { signingKey: generateSigningKeyPem() } });
});
afterAll(async () => {
  await app?.close();
});

/** A project deciding at three votes (minStrength 0), two people and an AI validator of class `gpt`. */
async function votersProject() {
  const spec: any = validSpec();
  spec.consensus = { minStrength: 0, escalationStep: 1, maxEscalations: 0 };
  const projectId = await fx.project(app, { spec });
  const a = await fx.member(app, app.orgA.id, { validator: true });
  const b = await fx.member(app, app.orgA.id, { validator: true });
  const ai = await fx.aiValidator(app, projectId);
  return { projectId, a, b, ai };
}

/** Each [datapoint, voter, rating] through the vote lifecycle; `synthetic` names the synthetic voter, if any. */
async function record(ratings: [string, string, number][], aiId: string, synthetic?: string): Promise<void> {
  for (const [datapointId, voter, rating] of ratings)
    await recordVote(app.sql, {
      datapointId,
      voter,
      userId: voter === synthetic ? null : voter,
      synthetic: voter === synthetic,
      rating,
      weight: 1,
      classId: voter === aiId ? 'gpt' : null,
    });
}

describe('the agreement matrix', () => {
  it('pairs every two voters over the decided datapoints they share, in the list and as agreement_csv', async () => {
    const { projectId, a, b, ai } = await votersProject();
    const S = 'synthetic:1';
    const [d1, d2, d3, d4, open] = await fx.addDatapoints(app.sql, projectId, 5, { slotsPerDatapoint: 3 });
    // Three votes decide a datapoint (minStrength 0); the last has two, is undecided and counts nowhere.
    const ratings: [string, string, number][] = [
      [d1!, a.id, 50],
      [d1!, b.id, 60],
      [d1!, ai.id, 90],
      [d2!, a.id, 20],
      [d2!, b.id, 20],
      [d2!, S, 35],
      [d3!, a.id, 70],
      [d3!, ai.id, 75],
      [d3!, S, 40],
      [d4!, b.id, 10],
      [d4!, ai.id, 30],
      [d4!, S, 12],
      [open!, a.id, 0],
      [open!, b.id, 100],
    ];
    await record(ratings, ai.id, S);
    expect((await fx.decisions(app.sql, projectId)).map((d) => d.datapoint_id).sort()).toEqual([d1, d2, d3, d4].sort());

    // By hand: for each pair, the decided datapoints both rated and |difference| on each.
    const decided = [d1, d2, d3, d4];
    const byDatapoint = new Map<string, Map<string, number>>();
    for (const [d, v, r] of ratings) {
      if (!decided.includes(d)) continue;
      if (!byDatapoint.has(d)) byDatapoint.set(d, new Map());
      byDatapoint.get(d)!.set(v, r);
    }
    const voters = [a.id, b.id, ai.id, S].sort();
    const expected = [];
    for (const [i, x] of voters.entries())
      for (const y of voters.slice(i + 1)) {
        const diffs = [...byDatapoint.values()]
          .filter((m) => m.has(x) && m.has(y))
          .map((m) => Math.abs(m.get(x)! - m.get(y)!));
        if (diffs.length === 0) continue;
        expected.push({
          a: x,
          b: y,
          datapoints: diffs.length,
          meanAbsoluteDifference: diffs.reduce((s, d) => s + d, 0) / diffs.length,
          within10: diffs.filter((d) => d <= 10).length / diffs.length,
        });
      }
    // Every pair of the four shares exactly two decided datapoints; people A and B: |50-60|, |20-20|.
    expect(expected).toHaveLength(6);
    const ab = expected.find((p) => [p.a, p.b].sort().join() === [a.id, b.id].sort().join())!;
    expect(ab).toMatchObject({ datapoints: 2, meanAbsoluteDifference: 5, within10: 1 });

    const list = await call(app, 'listValidatorQuality', { params: { projectId } });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.agreement).toEqual(expected);

    const file = await call(app, 'exportValidatorQuality', {
      params: { projectId },
      query: { format: 'agreement_csv' },
    });
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    expect(file.body.contentType).toBe('text/csv');
    expect(file.body.filename).toMatch(
      new RegExp(`^assay-validator-agreement-${projectId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const [head, ...lines] = file.body.content.split('\r\n').filter((l: string) => l !== '');
    expect(head).toBe(
      'validator_a,email_a,class_a,kind_a,validator_b,email_b,class_b,kind_b,' +
        'datapoints,mean_absolute_difference,within_10',
    );
    const people = new Map([
      [a.id, { email: a.email, classId: '', kind: 'human' }],
      [b.id, { email: b.email, classId: '', kind: 'human' }],
      [S, { email: '', classId: '', kind: 'synthetic' }],
    ]);
    const cards = list.body.data as { validatorId: string; email: string }[];
    people.set(ai.id, { email: cards.find((c) => c.validatorId === ai.id)!.email, classId: 'gpt', kind: 'ai' });
    expect(lines).toEqual(
      expected.map((p) => {
        const x = people.get(p.a)!;
        const y = people.get(p.b)!;
        return [
          p.a,
          x.email,
          x.classId,
          x.kind,
          p.b,
          y.email,
          y.classId,
          y.kind,
          p.datapoints,
          p.meanAbsoluteDifference,
          p.within10,
        ].join(',');
      }),
    );
  });

  it('gives the same pairs as the signed report, which names them by pseudonym', async () => {
    const { projectId, a, b, ai } = await votersProject();
    // Every datapoint decided (a report is signed once all are terminal), pairs sharing 1 to 3 of them.
    const [d1, d2, d3] = await fx.addDatapoints(app.sql, projectId, 3, { slotsPerDatapoint: 3 });
    const ratings: [string, string, number][] = [
      [d1!, a.id, 50],
      [d1!, b.id, 61],
      [d1!, ai.id, 90],
      [d2!, a.id, 20],
      [d2!, b.id, 27],
      [d2!, ai.id, 33],
      [d3!, a.id, 70],
      [d3!, ai.id, 75],
      [d3!, b.id, 99],
    ];
    await record(ratings, ai.id);
    const list = await call(app, 'listValidatorQuality', { params: { projectId } });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.agreement).toHaveLength(3);
    const report = await until(
      () => call(app, 'getProofReport', { params: { projectId } }),
      (r) => r.status === 200,
    );
    const [{ key }] = await app.sql`select pseudonym_key::text as key from projects where id = ${projectId}`;
    const byPair = (x: string, y: string) => [x, y].sort().join();
    const fromList = (list.body.agreement as Record<string, any>[])
      .map((p) => ({
        pair: byPair(pseudonymOf(key, p.a), pseudonymOf(key, p.b)),
        datapoints: p.datapoints,
        meanAbsoluteDifference: p.meanAbsoluteDifference,
        within10: p.within10,
      }))
      .sort((x, y) => (x.pair < y.pair ? -1 : 1));
    const signed = (report.body.payload.statistics!.agreement as Record<string, any>[])
      .map((p) => ({
        pair: byPair(p.a, p.b),
        datapoints: p.datapoints,
        meanAbsoluteDifference: Number(p.meanAbsoluteDifference),
        within10: Number(p.within10),
      }))
      .sort((x, y) => (x.pair < y.pair ? -1 : 1));
    expect(signed).toEqual(fromList);
    // a and b: |50-61|, |20-27|, |70-99|: mean 47/3, within 10 on one of three.
    const ab = fromList.find((p) => p.pair === byPair(pseudonymOf(key, a.id), pseudonymOf(key, b.id)))!;
    expect(ab).toEqual({ pair: ab.pair, datapoints: 3, meanAbsoluteDifference: 47 / 3, within10: 1 / 3 });
  }, 120_000);
});
