// The validation API against real Postgres, S3 (ingest), SMTP (sign-in) and the job worker (Auto
// Consensus): my projects, claims (exclusive, expiring, never a datapoint I rated or hold),
// weighted votes through the consensus engine, releases, and every refusal with its code.
import { DEFAULT_MAX_LIVE_CLAIMS } from '../../src/config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../helpers/app.ts';
import { expectEnvelope } from '../helpers/contract.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { ingest } from '../helpers/uploads.ts';
import * as fx from '../helpers/fixtures.ts';
import { jobsDrained, until } from '../helpers/wait.ts';
import { jobKey } from '../../src/jobs/tasks.ts';
import { latentQuality } from '../../src/domain/synthetic.ts';
import { recordVote } from '../helpers/votes.ts';
import { validSpec } from '../fixtures/specs.ts';
import { createProject, inviteWithSql, signIn, startMailingApp, acceptAllInvites } from './helpers.ts';

let app: TestApp;
let sink: SmtpSink;
let close = async () => {};
beforeAll(async () => ({ app, sink, close } = await startMailingApp()));
afterAll(() => close());

let n = 0;
/** A validator invited to the projects (org A unless said otherwise), signed in through the email link. */
async function validator(
  projects: { projectId: string; orgId?: string; classId?: string }[],
): Promise<{ token: string; userId: string }> {
  const email = `validator-${++n}@example.com`;
  for (const p of projects) await inviteWithSql(app, p.orgId ?? app.orgA.id, p.projectId, email, p.classId ?? null);
  const s = await signIn(app, sink, email);
  await acceptAllInvites(app, s.sessionToken);
  return { token: s.sessionToken, userId: s.userId };
}

const csv = (rows: number, salt: string) =>
  'id,question,answer\n' +
  Array.from({ length: rows }, (_, i) => `${i + 1},${salt} question ${i + 1},answer ${i + 1}`).join('\n') +
  '\n';

/** A project with `rows` ingested datapoints and `perDatapoint` validators each. */
async function projectWithData(name: string, rows: number, perDatapoint = 3): Promise<string> {
  const spec = validSpec();
  spec.validation.validatorsPerDatapoint = perDatapoint;
  const projectId = await createProject(app, name, spec);
  const { status } = await ingest(app, projectId, { 'data.csv': csv(rows, name) });
  expect(status.run.status).toBe('ok');
  return projectId;
}

const claim = (token: string, projectId: string) => call(app, 'claimSlot', { key: token, params: { projectId } });
const vote = (token: string, slotId: string, body: object) =>
  call(app, 'submitVote', { key: token, params: { slotId }, body });

describe('my projects', () => {
  it('lists assigned projects, paused flagged, archived and unassigned hidden', async () => {
    const live = await createProject(app, 'Live');
    const paused = await createProject(app, 'Paused');
    const archived = await createProject(app, 'Archived');
    const notMine = await createProject(app, 'Not mine');
    const otherOrg = await createProject(app, 'Org B project', undefined, app.orgB.originatorKey);
    const v = await validator([
      { projectId: live, classId: 'senior' },
      { projectId: paused },
      { projectId: archived },
      { projectId: otherOrg, orgId: app.orgB.id },
    ]);
    await call(app, 'updateProject', { params: { projectId: paused }, body: { paused: true } });
    await call(app, 'updateProject', { params: { projectId: archived }, body: { archived: true } });
    const res = await call(app, 'listMyProjects', { key: v.token });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((p: any) => [p.projectId, p]));
    expect([...byId.keys()].sort()).toEqual([live, paused, otherOrg].sort());
    expect(byId.has(notMine)).toBe(false);
    expect(byId.get(live)).toMatchObject({
      name: 'Live',
      paused: false,
      classId: 'senior',
      instructions: validSpec().validation.instructions,
    });
    expect(byId.get(paused)).toMatchObject({ paused: true, classId: null });
  });

  it(
    "counts open slots from the datapoints' counters and the takeable slot rows: a live claim is not open, a " +
      'released or lapsed one is',
    async () => {
      const projectId = await projectWithData('Open slots', 2, 2);
      const v = await validator([{ projectId }]);
      const w = await validator([{ projectId }]);
      const openSlots = async () =>
        (await call(app, 'listMyProjects', { key: v.token })).body.data.find((p: any) => p.projectId === projectId)!
          .openSlots;
      // Nothing claimed yet: every slot is still a counter on its datapoint, no row.
      expect(await openSlots()).toBe(4);
      const cv = await claim(v.token, projectId);
      const cw = await claim(w.token, projectId);
      expect(await openSlots()).toBe(2);
      // Released: an open row, counted beside the counters.
      expect((await call(app, 'releaseClaim', { key: v.token, params: { slotId: cv.body.slotId } })).status).toBe(204);
      expect(await openSlots()).toBe(3);
      // A claim that ran out counts as open.
      await fx.expireClaim(app.sql, cw.body.slotId);
      expect(await openSlots()).toBe(4);
    },
  );
});

describe('claims', () => {
  it(
    'returns the datapoint content and instructions; never a datapoint I hold or rated; then nothing ' + 'left',
    async () => {
      const projectId = await projectWithData('Claims', 2, 3);
      const v = await validator([{ projectId }]);
      const first = await claim(v.token, projectId);
      expect(first.status).toBe(201);
      const found = await fx.datapoint(app.sql, first.body.datapointId);
      expect(found?.project_id).toBe(projectId);
      const stored = { content: found!.content, source_row: found!.source_row };
      expect(first.body.content).toEqual(stored!.content);
      const row = String(stored!.source_row);
      expect(first.body.content).toEqual({ id: row, question: `Claims question ${row}`, answer: `answer ${row}` });
      expect(first.body.instructions).toBe(validSpec().validation.instructions);
      expect(Date.parse(first.body.expiresAt) - Date.parse(first.body.claimedAt)).toBe(10 * 60_000);
      // The next claim is of the other datapoint, though this one has two more open slots.
      const second = await claim(v.token, projectId);
      expect(second.body.datapointId).not.toBe(first.body.datapointId);
      expectEnvelope(await claim(v.token, projectId), 'no_claimable_slot', 409);
      // After rating the first, it is still never offered again.
      expect((await vote(v.token, first.body.slotId, { rating: 80 })).status).toBe(200);
      expectEnvelope(await claim(v.token, projectId), 'no_claimable_slot', 409);
      // Another validator gets the remaining slots.
      const w = await validator([{ projectId }]);
      expect((await claim(w.token, projectId)).status).toBe(201);
    },
  );

  it('two validators claiming at once never get the same slot', async () => {
    const projectId = await projectWithData('Concurrent', 5, 1);
    const vs = await Promise.all(Array.from({ length: 8 }, () => validator([{ projectId }])));
    const results = await Promise.all(vs.map((v) => claim(v.token, projectId)));
    const won = results.filter((r) => r.status === 201).map((r) => r.body.slotId);
    expect(won.length).toBe(5);
    expect(new Set(won).size).toBe(5);
    for (const r of results.filter((x) => x.status !== 201)) expectEnvelope(r, 'no_claimable_slot', 409);
    const { claimedSlots: claimed } = await fx.counts(app.sql, projectId);
    expect(claimed).toBe(5);
  });

  it(
    'validators claiming the slots of one datapoint at once take each slot exactly once, and none is left ' +
      'unclaimed',
    async () => {
      const projectId = await projectWithData('One datapoint three slots', 1, 3);
      const vs = await Promise.all(Array.from({ length: 8 }, () => validator([{ projectId }])));
      const results = await Promise.all(vs.map((v) => claim(v.token, projectId)));
      const won = results.filter((r) => r.status === 201);
      expect(won.length).toBe(3);
      expect(new Set(won.map((r) => r.body.slotId)).size).toBe(3);
      for (const r of results.filter((x) => x.status !== 201)) expectEnvelope(r, 'no_claimable_slot', 409);
      expect(await fx.slotStates(app.sql, won[0]!.body.datapointId)).toEqual({ claimed: 3 });
    },
  );

  it('a claim waits for a datapoint held by a vote in flight rather than say there is nothing to claim', async () => {
    const projectId = await projectWithData('Held datapoint', 1, 2);
    const v = await validator([{ projectId }]);
    const [dp] = await fx.datapoints(app.sql, projectId);
    const held = await fx.holdDatapoint(app.sql, dp!.id);
    let answered = false;
    const claimed = claim(v.token, projectId).finally(() => (answered = true));
    try {
      // The claim is blocked on the row lock, not answered.
      await until(
        () =>
          app.sql<
            { n: number }[]
          >`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type =
          'Lock'`,
        (r) => r[0]!.n > 0 || answered,
      );
      expect(answered).toBe(false);
    } finally {
      await held.release();
    }
    const res = await claimed;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.datapointId).toBe(dp!.id);
  });

  it(
    "paused and archived projects refuse claims; unassigned and other organizations' projects are not " + 'found',
    async () => {
      const projectId = await projectWithData('Refusals', 1, 2);
      const v = await validator([{ projectId }]);
      await call(app, 'updateProject', { params: { projectId }, body: { paused: true } });
      expectEnvelope(await claim(v.token, projectId), 'project_paused', 409);
      await call(app, 'updateProject', { params: { projectId }, body: { paused: false, archived: true } });
      expectEnvelope(await claim(v.token, projectId), 'project_archived', 409);

      const unassigned = await projectWithData('Unassigned', 1, 1);
      const notFound = await claim(v.token, unassigned);
      expectEnvelope(notFound, 'project_not_found', 404);
      expect(notFound.body.error.param).toBe('projectId');
      const orgB = await createProject(app, 'Org B', undefined, app.orgB.originatorKey);
      expectEnvelope(await claim(v.token, orgB), 'project_not_found', 404);
      expectEnvelope(await claim(v.token, '00000000-0000-4000-8000-000000000000'), 'project_not_found', 404);
      expectEnvelope(await claim(v.token, 'not-a-uuid'), 'parameter_invalid', 400);
      // Unassigning takes the project away.
      const other = await projectWithData('Unassign', 1, 1);
      const u = await validator([{ projectId: other }]);
      expect(
        (await call(app, 'unassignValidator', { params: { validatorId: u.userId }, body: { projectIds: [other] } }))
          .status,
      ).toBe(200);
      expectEnvelope(await claim(u.token, other), 'project_not_found', 404);
    },
  );

  it('an expired claim is refused at vote time and can be claimed again, by anyone', async () => {
    const projectId = await projectWithData('Expiry', 1, 1);
    const v = await validator([{ projectId }]);
    const w = await validator([{ projectId }]);
    const c = await claim(v.token, projectId);
    expectEnvelope(await claim(w.token, projectId), 'no_claimable_slot', 409);
    await fx.expireClaim(app.sql, c.body.slotId);
    expectEnvelope(await vote(v.token, c.body.slotId, { rating: 50 }), 'claim_expired', 409);
    const taken = await claim(w.token, projectId);
    expect(taken.body.slotId).toBe(c.body.slotId);
    // Now it is someone else's claim.
    expectEnvelope(await vote(v.token, c.body.slotId, { rating: 50 }), 'claim_not_found', 404);
    expectEnvelope(
      await call(app, 'releaseClaim', { key: v.token, params: { slotId: c.body.slotId } }),
      'claim_not_found',
      404,
    );
    expect((await vote(w.token, c.body.slotId, { rating: 50 })).status).toBe(200);
    expect((await fx.counts(app.sql, projectId)).votes).toBe(1);
  });

  it(
    'a validator holds at most the configured number of live claims on a project; a vote, a release or a lapse ' +
      'frees one',
    async () => {
      const max = DEFAULT_MAX_LIVE_CLAIMS;
      const projectId = await projectWithData('Claim cap', max + 3, 1);
      const other = await projectWithData('Claim cap elsewhere', 1, 1);
      const v = await validator([{ projectId }, { projectId: other }]);
      const held: string[] = [];
      for (let i = 0; i < max; i++) {
        const c = await claim(v.token, projectId);
        expect(c.status, JSON.stringify(c.body)).toBe(201);
        held.push(c.body.slotId);
      }
      expectEnvelope(await claim(v.token, projectId), 'claim_limit_reached', 409);
      // Per project: another project's work is still open to the same validator.
      expect((await claim(v.token, other)).status).toBe(201);
      // Each way a claim ends frees room for one more.
      expect((await vote(v.token, held[0]!, { rating: 70 })).status).toBe(200);
      expect((await claim(v.token, projectId)).status).toBe(201);
      expectEnvelope(await claim(v.token, projectId), 'claim_limit_reached', 409);
      expect((await call(app, 'releaseClaim', { key: v.token, params: { slotId: held[1]! } })).status).toBe(204);
      expect((await claim(v.token, projectId)).status).toBe(201);
      await fx.expireClaim(app.sql, held[2]!);
      expect((await claim(v.token, projectId)).status).toBe(201);
      expectEnvelope(await claim(v.token, projectId), 'claim_limit_reached', 409);
      // Concurrent claims of one validator cannot pass the cap together.
      const plenty = await projectWithData('Claim cap concurrent', max + 5, 1);
      const w = await validator([{ projectId: plenty }]);
      const results = await Promise.all(Array.from({ length: max + 3 }, () => claim(w.token, plenty)));
      expect(results.map((r) => r.status).sort()).toEqual([...Array(max).fill(201), ...Array(3).fill(409)]);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('claim_limit_reached');
    },
  );

  it('releasing returns the slot to open', async () => {
    const projectId = await projectWithData('Release', 1, 1);
    const v = await validator([{ projectId }]);
    const w = await validator([{ projectId }]);
    const c = await claim(v.token, projectId);
    expect((await call(app, 'releaseClaim', { key: v.token, params: { slotId: c.body.slotId } })).status).toBe(204);
    expectEnvelope(
      await call(app, 'releaseClaim', { key: v.token, params: { slotId: c.body.slotId } }),
      'claim_not_found',
      404,
    );
    expectEnvelope(await vote(v.token, c.body.slotId, { rating: 10 }), 'claim_not_found', 404);
    expect((await claim(w.token, projectId)).body.slotId).toBe(c.body.slotId);
  });
});

describe('votes', () => {
  it('bad input writes nothing: rating out of range, unknown field, missing rating', async () => {
    const projectId = await projectWithData('Bad votes', 1, 1);
    const v = await validator([{ projectId }]);
    const c = await claim(v.token, projectId);
    for (const body of [{ rating: 101 }, { rating: -1 }, { rating: 'high' }, { rating: 5, extra: true }, {}]) {
      expectEnvelope(await vote(v.token, c.body.slotId, body), 'request_body_invalid', 400);
    }
    expect((await fx.counts(app.sql, projectId)).votes).toBe(0);
    expect((await fx.slot(app.sql, c.body.slotId))!.status).toBe('claimed');
  });

  it('a vote while the project is paused is refused; a second vote on the slot is refused', async () => {
    const projectId = await projectWithData('Paused vote', 1, 2);
    const v = await validator([{ projectId }]);
    const c = await claim(v.token, projectId);
    await call(app, 'updateProject', { params: { projectId }, body: { paused: true } });
    expectEnvelope(await vote(v.token, c.body.slotId, { rating: 40 }), 'project_paused', 409);
    await call(app, 'updateProject', { params: { projectId }, body: { paused: false } });
    expect((await vote(v.token, c.body.slotId, { rating: 40, comment: 'fine' })).status).toBe(200);
    expectEnvelope(await vote(v.token, c.body.slotId, { rating: 40 }), 'already_voted', 409);
    const [row, ...none] = await fx.votes(app.sql, { projectId });
    expect(none).toEqual([]);
    expect({
      rating: row!.rating,
      weight: row!.weight,
      class_id: row!.class_id,
      comment: row!.comment,
      synthetic: row!.synthetic,
      voter: row!.voter,
    }).toEqual({ rating: 40, weight: 1, class_id: null, comment: 'fine', synthetic: false, voter: v.userId });
  });

  it(
    'a vote on an archived project is refused; a claim whose datapoint was decided meanwhile has ' + 'expired',
    async () => {
      const archived = await projectWithData('Archived vote', 1, 2);
      const v = await validator([{ projectId: archived }]);
      const c = await claim(v.token, archived);
      await call(app, 'updateProject', { params: { projectId: archived }, body: { archived: true } });
      expectEnvelope(await vote(v.token, c.body.slotId, { rating: 40 }), 'project_archived', 409);

      const decided = await projectWithData('Decided meanwhile', 1, 2);
      const w = await validator([{ projectId: decided }]);
      const held = await claim(w.token, decided);
      // Two other votes complete the datapoint while the claim is still live.
      for (const voter of ['x', 'y'])
        await recordVote(app.sql, {
          datapointId: held.body.datapointId,
          voter,
          userId: null,
          synthetic: false,
          rating: 70,
          weight: 1,
          classId: null,
        });
      const late = await vote(w.token, held.body.slotId, { rating: 70 });
      expectEnvelope(late, 'datapoint_finalized', 409);
      expect(late.body.error.message).toMatch(/reached terminal consensus/);
      expect(await fx.votes(app.sql, { datapointIds: [held.body.datapointId] })).toHaveLength(2);
    },
  );

  it(
    'a class-weighted human vote reaches consensus together with Auto Consensus votes, which never fill a live ' +
      'claim',
    async () => {
      const projectId = await projectWithData('Weighted', 1, 3);
      const v = await validator([{ projectId, classId: 'senior' }]);
      const c = await claim(v.token, projectId);
      // Auto Consensus fills the two open slots and leaves the claimed one to the person.
      await call(app, 'updateProject', {
        params: { projectId },
        body: { autoConsensus: true, autoConsensusSpread: 'tight' },
      });
      await until(
        () => fx.counts(app.sql, projectId),
        (x) => x.votes >= 2,
        20_000,
      );
      // Auto Consensus has finished with the project (its job left the queue) without taking the
      // claimed slot; it must not have.
      await jobsDrained(app.sql, { key: jobKey('auto_consensus', { projectId })! });
      expect(await fx.slot(app.sql, c.body.slotId)).toEqual({ status: 'claimed', claimed_by: v.userId });
      expectEnvelope(
        await call(app, 'getDatapointConsensus', { params: { datapointId: c.body.datapointId } }),
        'consensus_not_finalized',
        409,
      );

      const { checksum } = (await fx.datapoint(app.sql, c.body.datapointId))!;
      const quality = latentQuality(checksum);
      const rating = quality >= 90 ? quality - 10 : quality + 10;
      const res = await vote(v.token, c.body.slotId, { rating });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        slotId: c.body.slotId,
        datapointId: c.body.datapointId,
        weight: 2,
        classId: 'senior',
        outcome: 'terminal',
        shadow: false,
        configurationHash: null,
      });
      const consensus = await call(app, 'getDatapointConsensus', { params: { datapointId: c.body.datapointId } });
      expect(consensus.status).toBe(200);
      // Weighted mean: two synthetic votes of weight 1 at the latent quality, one of weight 2.
      expect(consensus.body.qualityRatingMean).toBeCloseTo((2 * quality + 2 * rating) / 4, 9);
      const votes = (await fx.votes(app.sql, { datapointIds: [c.body.datapointId] }))
        .map(({ synthetic, weight, class_id }) => ({ synthetic, weight, class_id }))
        .sort((x, y) => Number(x.synthetic) - Number(y.synthetic));
      expect(votes).toEqual([
        { synthetic: false, weight: 2, class_id: 'senior' },
        { synthetic: true, weight: 1, class_id: null },
        { synthetic: true, weight: 1, class_id: null },
      ]);
      // Other organizations cannot see it.
      expectEnvelope(
        await call(app, 'getDatapointConsensus', {
          key: app.orgB.originatorKey,
          params: { datapointId: c.body.datapointId },
        }),
        'datapoint_not_found',
        404,
      );
    },
  );

  it('Auto Consensus fills a slot whose claim ran out', async () => {
    const projectId = await projectWithData('Lapsed', 1, 2);
    const v = await validator([{ projectId }]);
    const c = await claim(v.token, projectId);
    await fx.expireClaim(app.sql, c.body.slotId);
    await call(app, 'updateProject', {
      params: { projectId },
      body: { autoConsensus: true, autoConsensusSpread: 'tight' },
    });
    await until(
      () => fx.datapoint(app.sql, c.body.datapointId),
      (d) => d?.finalized_at != null,
      20_000,
    );
    expect((await fx.votes(app.sql, { datapointIds: [c.body.datapointId] })).filter((x) => x.synthetic)).toHaveLength(
      2,
    );
    expectEnvelope(await vote(v.token, c.body.slotId, { rating: 50 }), 'datapoint_finalized', 409);
  });
});
