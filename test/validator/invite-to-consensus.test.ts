// The whole people flow with real parts: an originator invites a colleague through the REST API
// with a pre-staged class, the SMTP sink receives the invitation, the test follows the link in it
// (as a browser would), and the signed-in validator claims, rates, and sees the datapoint reach
// consensus together with Auto Consensus votes, weighted by the pre-staged class.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, type TestApp } from '../helpers/app.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { ingest } from '../helpers/uploads.ts';
import * as fx from '../helpers/fixtures.ts';
import { until } from '../helpers/wait.ts';
import { validSpec } from '../fixtures/specs.ts';
import { createProject, startMailingApp } from './helpers.ts';

let app: TestApp;
let sink: SmtpSink;
let close = async () => {};
beforeAll(async () => ({ app, sink, close } = await startMailingApp()));
afterAll(() => close());

it('invite -> email -> follow the link -> claim -> rate -> weighted consensus with synthetic votes', async () => {
  const spec = validSpec();
  spec.validation.validatorsPerDatapoint = 3;
  const projectId = await createProject(app, 'Invited raters', spec);
  const { status } = await ingest(app, projectId, { 'data.csv': 'id,question,answer\n1,Capital of France?,Paris\n' });
  expect(status.run.status).toBe('ok');

  const invite = await call(app, 'createInvite', {
    params: { projectId },
    body: { email: 'Colleague@Example.com', classId: 'senior', evidenceNote: 'Ten years of support QA' },
  });
  expect(invite.status).toBe(200);
  expect(invite.body).toMatchObject({ email: 'colleague@example.com', status: 'pending', activeClassIds: ['senior'] });

  const mail = await sink.waitFor((m) => m.to.includes('colleague@example.com'));
  expect(mail.subject).toContain('Invited raters');
  const link = /(http:\/\/\S+\/app\/sign-in#token=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  // The link opens the sign-in page with the token in the fragment, which a browser never sends;
  // the page redeems it by POST (what the page does is done here).
  const token = new URLSearchParams(new URL(link!).hash.slice(1)).get('token')!;
  const followed = await call(app, 'createValidatorSession', { key: null, body: { token } });
  expect(followed.status).toBe(201);
  expect(followed.headers.get('cache-control')).toBe('no-store');
  expect(followed.headers.get('referrer-policy')).toBe('no-referrer');
  const session = followed.body as { sessionToken: string; userId: string; acceptedInvites: number };
  expect(session.acceptedInvites).toBe(1);
  // Single use: the same link again is refused.
  const again = await call(app, 'createValidatorSession', { key: null, body: { token } });
  expect(again.status).toBe(400);
  expect(again.body.error.code).toBe('sign_in_link_invalid');

  const invites = await call(app, 'listProjectInvites', { params: { projectId } });
  expect(invites.body.data ?? []).toEqual([]); // accepted invitees are listed under /validators
  const lookup = await call(app, 'listValidators', { query: { email: 'colleague@example.com' } });
  expect(lookup.status).toBe(200);
  expect(lookup.body.validator).toMatchObject({
    userId: session.userId,
    email: 'colleague@example.com',
    isValidator: true,
  });

  const claim = await call(app, 'claimSlot', { key: session.sessionToken, params: { projectId } });
  expect(claim.status).toBe(201);
  await call(app, 'updateProject', {
    params: { projectId },
    body: { autoConsensus: true, autoConsensusSpread: 'tight' },
  });
  await until(
    () => fx.counts(app.sql, projectId),
    (x) => x.votes >= 2,
  );
  const voted = await call(app, 'submitVote', {
    key: session.sessionToken,
    params: { slotId: claim.body.slotId },
    body: { rating: 40, comment: 'Correct but terse.' },
  });
  expect(voted.status).toBe(200);
  expect(voted.body).toMatchObject({ weight: 2, classId: 'senior', outcome: 'terminal' });

  const consensus = await call(app, 'getDatapointConsensus', { params: { datapointId: claim.body.datapointId } });
  expect(consensus.status).toBe(200);
  const votes = await fx.votes(app.sql, { datapointIds: [claim.body.datapointId] });
  expect(votes.filter((v) => v.synthetic)).toHaveLength(2);
  const mean = votes.reduce((s, v) => s + v.rating * v.weight, 0) / votes.reduce((s, v) => s + v.weight, 0);
  expect(consensus.body.qualityRatingMean).toBeCloseTo(mean, 9);
});
