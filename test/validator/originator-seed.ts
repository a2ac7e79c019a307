// A project rated by two people through the validator API, with the figures its charts must
// show computed here independently: from the ratings cast and the consensus the developer API
// reports for each datapoint (never from the code under test).
import { expect } from 'vitest';
import { call, type TestApp } from '../helpers/app.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { ingest } from '../helpers/uploads.ts';
import { createProject } from './helpers.ts';
import { AGREEMENT_POINTS, ratingBin, strengthBin } from '../../src/domain/distributions.ts';

const MIN_STRENGTH = 0.8;

/** Ratings by CSV id: [senior reviewer (weight 2), rater without a class (weight 1)]. */
const RATINGS: Record<string, [number, number]> = {
  1: [95, 92],
  2: [80, 60],
  3: [50, 55],
  4: [20, 70],
  5: [100, 100],
  6: [35, 10],
};

export interface RatedProject {
  projectId: string;
  raters: { email: string; token: string; userId: string }[];
  expected: {
    total: number;
    finalized: number;
    contested: number;
    ratingHistogram: number[];
    strengthHistogram: number[];
    /** [label, votes, agreeing] */
    classAgreement: [string, number, number][];
    validatorAgreement: [string, number, number][];
  };
}

/** Invites the address to the project; the invitation email's link is redeemed by POST. */
async function acceptInvitation(app: TestApp, sink: SmtpSink, projectId: string, email: string, classId?: string) {
  const invite = await call(app, 'createInvite', {
    params: { projectId },
    body: classId ? { email, classId, evidenceNote: 'Reviewer exam passed' } : { email },
  });
  expect(invite.status, JSON.stringify(invite.body)).toBe(200);
  const mail = await sink.waitFor((m) => m.to.includes(email));
  const token = /[#?]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  const session = await call(app, 'createValidatorSession', { key: null, body: { token } });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  return { email, token: session.body.sessionToken as string, userId: session.body.userId as string };
}

export async function seedRatedProject(
  app: TestApp,
  sink: SmtpSink,
  name = 'Support answers QA',
): Promise<RatedProject> {
  const projectId = await createProject(app, name, {
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: 2, instructions: 'Rate correctness 0-100.' },
    consensus: { minStrength: MIN_STRENGTH, escalationStep: 1, maxEscalations: 0 },
    validators: {
      classes: [
        {
          id: 'senior',
          label: 'Senior reviewer',
          type: 'human',
          rewardCents: 50,
          stakeWei: '0',
          consensusWeight: 2,
          model: null,
        },
      ],
    },
  });
  const csv =
    'id,question,answer\n' +
    Object.keys(RATINGS)
      .map((id) => `${id},Question ${id}?,Answer ${id}`)
      .join('\n') +
    '\n';
  expect((await ingest(app, projectId, { 'qa.csv': csv })).status.run.status).toBe('ok');
  const raters = [
    await acceptInvitation(app, sink, projectId, `senior-${projectId.slice(0, 8)}@example.com`, 'senior'),
    await acceptInvitation(app, sink, projectId, `rater-${projectId.slice(0, 8)}@example.com`),
  ];
  const datapointOf = new Map<string, string>();
  for (const [i, r] of raters.entries()) {
    for (let n = 0; n < Object.keys(RATINGS).length; n++) {
      const claim = await call(app, 'claimSlot', { key: r.token, params: { projectId } });
      expect(claim.status, JSON.stringify(claim.body)).toBe(201);
      const id = (claim.body.content as { id: string }).id;
      datapointOf.set(id, claim.body.datapointId);
      const vote = await call(app, 'submitVote', {
        key: r.token,
        params: { slotId: claim.body.slotId },
        body: { rating: RATINGS[id]![i] },
      });
      expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    }
  }

  const ratingHistogram = Array<number>(10).fill(0);
  const strengthHistogram = Array<number>(10).fill(0);
  let contested = 0;
  const agree = [0, 0];
  for (const [id, datapointId] of datapointOf) {
    const c = await call(app, 'getDatapointConsensus', { params: { datapointId } });
    expect(c.status).toBe(200);
    ratingHistogram[ratingBin(c.body.qualityRatingMean)]!++;
    strengthHistogram[strengthBin(c.body.consensusStrength)]!++;
    if (c.body.consensusStrength < MIN_STRENGTH) contested++;
    RATINGS[id]!.forEach((rating, i) => {
      if (Math.abs(rating - c.body.qualityRatingMean) <= AGREEMENT_POINTS) agree[i]!++;
    });
  }
  const n = Object.keys(RATINGS).length;
  // The ratings are chosen so every figure is non-trivial: one contested datapoint, and the two
  // raters agree with the consensus a different number of times.
  expect([contested, agree[0], agree[1]]).toEqual([1, 5, 3]);
  const byVoter = raters
    .map((r, i) => [r.email, n, agree[i]!, r.userId] as const)
    .sort((a, b) => (a[3] < b[3] ? -1 : 1));
  return {
    projectId,
    raters,
    expected: {
      total: n,
      finalized: n,
      contested,
      ratingHistogram,
      strengthHistogram,
      classAgreement: [
        ['Senior reviewer', n, agree[0]!],
        ['No class', n, agree[1]!],
      ],
      validatorAgreement: byVoter.map(([email, votes, agreeing]) => [email, votes, agreeing]),
    },
  };
}
