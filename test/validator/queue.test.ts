// The rating queue, against real Postgres: a reload resumes the live claim instead of taking a
// new one; skips stick for the validator who skipped (offered again only on request), under
// concurrent claims too; a claim is extended once; the latest vote is replaced within its window
// until it counted toward a terminal decision, also when the deciding votes arrive at the same
// moment; and the Proof Report of a project with replaced votes verifies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectEnvelope } from '../helpers/contract.ts';
import * as fx from '../helpers/fixtures.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';
import { verifyReport } from '../../src/cli/verify.ts';
import { minimalSpec } from '../fixtures/specs.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: { taskSets: ['reports'] }, config: { signingKey: generateSigningKeyPem() } });
}, 120_000);
afterAll(() => app?.close());

/** A project of `rows` datapoints needing `perDatapoint` votes each, and `raters` assigned, signed-in validators. */
async function setup(rows: number, perDatapoint: number, raters: number) {
  // A spec without validator classes: the class-alpha statistics of Proof Reports are not this file's subject.
  const spec = minimalSpec() as { validation: Record<string, unknown> };
  const projectId = await fx.project(app, {
    spec: { ...spec, validation: { ...spec.validation, validatorsPerDatapoint: perDatapoint } },
  });
  const datapointIds = await fx.addDatapoints(app.sql, projectId, rows, { slotsPerDatapoint: perDatapoint });
  const tokens: string[] = [];
  for (let i = 0; i < raters; i++) {
    const m = await fx.member(app, app.orgA.id, { validator: true });
    await fx.assign(app, m.id, projectId);
    tokens.push((await fx.signInDirect(app, m.email)).sessionToken);
  }
  return { projectId, datapointIds, tokens };
}

const claim = (key: string, projectId: string, includeSkipped = false) =>
  call(app, 'claimSlot', { key, params: { projectId }, query: includeSkipped ? { includeSkipped } : {} });
const vote = (key: string, slotId: string, rating: number) =>
  call(app, 'submitVote', { key, params: { slotId }, body: { rating } });
const myProject = async (key: string, projectId: string) =>
  (await call(app, 'listMyProjects', { key })).body.data.find((p: { projectId: string }) => p.projectId === projectId);

describe('resume', () => {
  it('a reload finds the live claim instead of taking a new one', async () => {
    const { projectId, tokens } = await setup(5, 1, 1);
    const key = tokens[0]!;
    expect((await call(app, 'listMyClaims', { key, params: { projectId } })).body.data).toEqual([]);
    const c = await claim(key, projectId);
    expect(c.status).toBe(201);
    // Five reloads: each asks for the live claims first and resumes the one held.
    for (let i = 0; i < 5; i++) {
      const mine = await call(app, 'listMyClaims', { key, params: { projectId } });
      expect(mine.status).toBe(200);
      // The same claim; only the seconds left have run down.
      const { remainingSeconds, ...held } = mine.body.data[0];
      const { remainingSeconds: granted, ...claimed } = c.body;
      expect(mine.body.data).toHaveLength(1);
      expect(held).toEqual(claimed);
      expect(remainingSeconds).toBeLessThanOrEqual(granted);
    }
    const m = await myProject(key, projectId);
    expect({ left: m!.leftForYou, skipped: m!.skippedByYou }).toEqual({ left: 5, skipped: 0 });
    // Released (as leaving the page does), nothing is held.
    expect((await call(app, 'releaseClaim', { key, params: { slotId: c.body.slotId } })).status).toBe(204);
    expect((await call(app, 'listMyClaims', { key, params: { projectId } })).body.data).toEqual([]);
  });

  it('live claims listed while claims, releases, votes and an extension race: always the ones held', async () => {
    const { projectId, tokens } = await setup(10, 1, 1);
    const key = tokens[0]!;
    const [kept, released, voted] = await Promise.all([0, 1, 2].map(() => claim(key, projectId)));
    const slots = (r: { body: { data: { slotId: string }[] } }) => r.body.data.map((c) => c.slotId).sort();
    const list = () => call(app, 'listMyClaims', { key, params: { projectId } });
    const results = await Promise.all([
      list(),
      call(app, 'releaseClaim', { key, params: { slotId: released!.body.slotId } }),
      list(),
      vote(key, voted!.body.slotId, 55),
      list(),
      call(app, 'extendClaim', { key, params: { slotId: kept!.body.slotId } }),
      claim(key, projectId),
      list(),
    ]);
    const [l1, rel, l2, v, l3, ext, fresh, l4] = results;
    expect([rel.status, v.status, ext.status, fresh.status]).toEqual([204, 200, 200, 201]);
    const involved = [kept, released, voted, fresh].map((c) => c!.body.slotId);
    // Every list taken mid-race holds only claims of this validator, and always the one being kept.
    for (const l of [l1, l2, l3, l4]) {
      expect(l.status).toBe(200);
      for (const id of slots(l)) expect(involved).toContain(id);
      expect(slots(l)).toContain(kept!.body.slotId);
    }
    // Settled, a reload resumes exactly the kept claim (with its extension) and the new one.
    const settled = await list();
    expect(slots(settled)).toEqual([kept!.body.slotId, fresh.body.slotId].sort());
    const keptNow = settled.body.data.find((c: { slotId: string }) => c.slotId === kept!.body.slotId);
    expect(keptNow?.expiresAt).toBe(ext.body.expiresAt); // resumed with its extension
  });

  it('another organization or an unassigned project is not found', async () => {
    const { projectId } = await setup(1, 1, 0);
    const { tokens } = await setup(1, 1, 1);
    expectEnvelope(
      await call(app, 'listMyClaims', { key: tokens[0], params: { projectId } }),
      'project_not_found',
      404,
    );
    expectEnvelope(await call(app, 'listMyVotes', { key: tokens[0], params: { projectId } }), 'project_not_found', 404);
  });
});

describe('skips stick', () => {
  it('two skips never bounce: a skipped datapoint comes back only when asked for, after everything else', async () => {
    const { projectId, datapointIds, tokens } = await setup(3, 1, 1);
    const key = tokens[0]!;
    const skipped: string[] = [];
    for (let i = 0; i < 2; i++) {
      const c = await claim(key, projectId);
      expect(skipped).not.toContain(c.body.datapointId);
      skipped.push(c.body.datapointId);
      const reason = i === 0 ? { reason: 'I do not read this language' } : undefined;
      expect((await call(app, 'skipClaim', { key, params: { slotId: c.body.slotId }, body: reason })).status).toBe(204);
    }
    const third = await claim(key, projectId);
    expect(third.status).toBe(201);
    expect(skipped).not.toContain(third.body.datapointId);
    expect((await vote(key, third.body.slotId, 70)).status).toBe(200);
    expect(await myProject(key, projectId)).toMatchObject({ leftForYou: 0, skippedByYou: 2 });
    expectEnvelope(await claim(key, projectId), 'no_claimable_slot', 409);
    // Asked for, the skipped ones come back.
    const again = await claim(key, projectId, true);
    expect(again.status).toBe(201);
    expect(skipped).toContain(again.body.datapointId);
    // The reason is kept for the originator; the datapoint stays open to everyone else.
    const [row] = await app.sql<{ reason: string | null }[]>`
      select reason from claim_skips where datapoint_id = ${skipped[0]!}`;
    expect(row?.reason).toBe('I do not read this language');
    expect(datapointIds).toContain(skipped[0]);
  });

  it('concurrent claims never hand a validator the datapoints they are skipping', async () => {
    const { projectId, tokens } = await setup(12, 1, 2);
    const [a, b] = tokens as [string, string];
    const held = await Promise.all([0, 1, 2].map(() => claim(a, projectId)));
    const heldIds = held.map((c) => c.body.datapointId);
    expect(new Set(heldIds).size).toBe(3);
    // Skips of all three race with three new claims of the same validator and claims of another.
    const results = await Promise.all([
      ...held.map((c) => call(app, 'skipClaim', { key: a, params: { slotId: c.body.slotId } })),
      claim(a, projectId),
      claim(a, projectId),
      claim(a, projectId),
      claim(b, projectId),
      claim(b, projectId),
    ]);
    const [s1, s2, s3, ...rest] = results;
    const claims = rest as Awaited<ReturnType<typeof claim>>[];
    expect([s1.status, s2.status, s3.status]).toEqual([204, 204, 204]);
    const mine = claims.slice(0, 3).map((c) => c.body.datapointId);
    expect(claims.every((c) => c.status === 201)).toBe(true);
    for (const id of mine) expect(heldIds).not.toContain(id);
    // No two claims share a datapoint slot (one validation each).
    const all = claims.map((c) => c.body.datapointId);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('extend', () => {
  it('extends a live claim once, to a full claim length from now', async () => {
    const { projectId, tokens } = await setup(1, 1, 1);
    const key = tokens[0]!;
    const c = await claim(key, projectId);
    const e = await call(app, 'extendClaim', { key, params: { slotId: c.body.slotId } });
    expect(e.status).toBe(200);
    expect(e.body.remainingSeconds).toBe(600);
    expect(Date.parse(e.body.expiresAt)).toBeGreaterThanOrEqual(Date.parse(c.body.expiresAt));
    expectEnvelope(
      await call(app, 'extendClaim', { key, params: { slotId: c.body.slotId } }),
      'claim_already_extended',
      409,
    );
    const other = await setup(1, 1, 1);
    const o = await claim(other.tokens[0]!, other.projectId);
    await fx.expireClaim(app.sql, o.body.slotId);
    expectEnvelope(
      await call(app, 'extendClaim', { key: other.tokens[0], params: { slotId: o.body.slotId } }),
      'claim_expired',
      409,
    );
    expectEnvelope(await call(app, 'extendClaim', { key, params: { slotId: o.body.slotId } }), 'claim_not_found', 404);
  });
});

describe('undo', () => {
  it('replaces the latest vote within the window, records the change, and lists recent votes', async () => {
    const { projectId, tokens } = await setup(3, 2, 1);
    const key = tokens[0]!;
    const c1 = await claim(key, projectId);
    expect((await vote(key, c1.body.slotId, 8)).status).toBe(200);
    const listed = await call(app, 'listMyVotes', { key, params: { projectId } });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ slotId: c1.body.slotId, rating: 8, changedAt: null });
    expect(listed.body.data[0].changeableUntil).not.toBeNull();
    const changed = await call(app, 'changeVote', { key, params: { slotId: c1.body.slotId }, body: { rating: 85 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ rating: 85, previousRating: 8, datapointId: c1.body.datapointId });
    const votes = await fx.votes(app.sql, { datapointIds: [c1.body.datapointId] });
    expect(votes.map((v) => v.rating)).toEqual([85]);
    const [log] = await fx.voteChanges(app.sql, c1.body.datapointId);
    expect(log).toEqual({ old_rating: 8, new_rating: 85 });
    // A later vote makes the first one final for undo.
    const c2 = await claim(key, projectId);
    expect((await vote(key, c2.body.slotId, 60)).status).toBe(200);
    expectEnvelope(
      await call(app, 'changeVote', { key, params: { slotId: c1.body.slotId }, body: { rating: 80 } }),
      'vote_not_changeable',
      409,
    );
    const after = (await call(app, 'listMyVotes', { key, params: { projectId } })).body.data;
    expect(after.map((v: { rating: number }) => v.rating)).toEqual([60, 85]);
    expect(after[1].changedAt).not.toBeNull();
    expect(after[1].changeableUntil).toBeNull();
    // Past the window.
    await fx.backdateVote(app.sql, c2.body.slotId, 3);
    expectEnvelope(
      await call(app, 'changeVote', { key, params: { slotId: c2.body.slotId }, body: { rating: 61 } }),
      'vote_not_changeable',
      409,
    );
  });

  it('a change racing the deciding votes: the decision is always computed from the stored ratings', async () => {
    const rounds = 6;
    const { projectId, tokens } = await setup(rounds, 3, 3);
    const [a, b, c] = tokens as [string, string, string];
    const outcomes: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const ca = await claim(a, projectId);
      expect((await vote(a, ca.body.slotId, 60)).status).toBe(200);
      const datapointId = ca.body.datapointId;
      const cb = await claim(b, projectId);
      const cc = await claim(c, projectId);
      expect([cb.body.datapointId, cc.body.datapointId]).toEqual([datapointId, datapointId]);
      const [change, vb, vc] = await Promise.all([
        call(app, 'changeVote', { key: a, params: { slotId: ca.body.slotId }, body: { rating: 70 } }),
        vote(b, cb.body.slotId, 70),
        vote(c, cc.body.slotId, 70),
      ]);
      expect([vb.status, vc.status]).toEqual([200, 200]);
      const stored = await fx.votes(app.sql, { datapointIds: [datapointId] });
      if (change.status === 200) {
        outcomes.push('changed');
        expect(stored.map((v) => v.rating)).toEqual([70, 70, 70]);
      } else {
        outcomes.push('final');
        expectEnvelope(change, 'datapoint_finalized', 409);
        expect(stored.map((v) => v.rating).sort()).toEqual([60, 70, 70]);
      }
      const decision = await call(app, 'getDatapointConsensus', { params: { datapointId } });
      expect(decision.status).toBe(200);
      const mean = stored.reduce((s, v) => s + v.rating * v.weight, 0) / stored.reduce((s, v) => s + v.weight, 0);
      expect(decision.body.qualityRatingMean).toBeCloseTo(mean, 9);
    }
    expect(outcomes).toHaveLength(rounds);
  });

  it('the Proof Report of a project whose votes were replaced before they counted verifies', async () => {
    const { projectId, tokens } = await setup(2, 2, 2);
    const [a, b] = tokens as [string, string];
    for (let i = 0; i < 2; i++) {
      const ca = await claim(a, projectId);
      expect((await vote(a, ca.body.slotId, 7)).status).toBe(200);
      expect(
        (await call(app, 'changeVote', { key: a, params: { slotId: ca.body.slotId }, body: { rating: 75 } })).status,
      ).toBe(200);
      const cb = await claim(b, projectId);
      expect(cb.body.datapointId).toBe(ca.body.datapointId);
      expect((await vote(b, cb.body.slotId, 80)).status).toBe(200);
    }
    const report = await call(app, 'getProofReport', { params: { projectId } });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const keys = (await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body;
    await expect(verifyReport(JSON.stringify(report.body), JSON.stringify(keys))).resolves.toContain(
      report.body.reportId,
    );
    // The report's figures are those of the replaced ratings (75 and 80 with equal weights).
    expect(report.body.qualityRating).toBe(78);
    // The originator's datapoint page names each vote's validator by the pseudonym the signed
    // report's committed vote leaves give it (the votes export is exactly those leaves).
    const exp = await call(app, 'getReportExport', { params: { projectId }, query: { format: 'votes_jsonl' } });
    expect(exp.status, JSON.stringify(exp.body)).toBe(200);
    const leaves = (await (await fetch(exp.body.url)).text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { datapointId?: string; validator?: string; rating?: string })
      // The config and results leaves come first; a vote leaf names its validator.
      .filter((l) => l.validator !== undefined);
    const { sessionToken: key } = await fx.signInDirect(app, `owner-${app.orgA.code.toLowerCase()}@example.com`);
    const datapoints = [...new Set(leaves.map((l) => l.datapointId))];
    expect(datapoints).toHaveLength(2);
    const pseudonyms = new Set<string>();
    for (const datapointId of datapoints) {
      const detail = await call(app, 'getOriginatorDatapoint', {
        key,
        params: { projectId, datapointId: datapointId! },
      });
      expect(detail.status).toBe(200);
      const shown = detail.body.votes.map((v) => [v.pseudonym, String(v.rating)]).sort();
      const committed = leaves
        .filter((l) => l.datapointId === datapointId)
        .map((l) => [l.validator, l.rating])
        .sort();
      expect(shown).toEqual(committed);
      for (const v of detail.body.votes) pseudonyms.add(v.pseudonym);
    }
    // One pseudonym per validator, none of them an identity.
    expect(pseudonyms.size).toBe(2);
    for (const p of pseudonyms) expect(p).toMatch(/^v-[0-9a-f]{12}$/);
  });
});

describe('the originator data view', () => {
  const owner = () => fx.signInDirect(app, `owner-${app.orgA.code.toLowerCase()}@example.com`);

  it('filters datapoints, opens one with its votes, changes and skip reasons, and controls the project', async () => {
    const { projectId, tokens } = await setup(4, 2, 2);
    const [a, b] = tokens as [string, string];
    // A and B rate three datapoints (A fixes a typo once); A skips the last one with a reason.
    const ratings: Record<string, number> = {};
    for (let i = 0; i < 3; i++) {
      const ca = await claim(a, projectId);
      expect((await vote(a, ca.body.slotId, 9)).status).toBe(200);
      if (i === 0) await call(app, 'changeVote', { key: a, params: { slotId: ca.body.slotId }, body: { rating: 90 } });
      const cb = await claim(b, projectId);
      expect(cb.body.datapointId).toBe(ca.body.datapointId);
      const rating = i === 0 ? 90 : 9;
      expect((await vote(b, cb.body.slotId, rating)).status).toBe(200);
      ratings[ca.body.datapointId] = rating;
    }
    const skipped = await claim(a, projectId);
    await call(app, 'skipClaim', {
      key: a,
      params: { slotId: skipped.body.slotId },
      body: { reason: 'Not my language' },
    });
    const { sessionToken: key } = await owner();
    const list = (query: object) =>
      call(app, 'listOriginatorDatapoints', { key, params: { projectId }, query: { limit: 2, ...query } });
    const all = await list({});
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.hasMore).toBe(true);
    const rest = await list({ cursor: all.body.nextCursor });
    expect(rest.body.data).toHaveLength(2);
    expect(rest.body.hasMore).toBe(false);
    expect((await list({ status: 'pending' })).body.data.map((d: { id: string }) => d.id)).toEqual([
      skipped.body.datapointId,
    ]);
    const high = await list({ minRating: 50, limit: 10 });
    expect(high.body.data.map((d) => d.qualityRatingMean)).toEqual([90]);
    expect((await list({ maxRating: 50, limit: 10 })).body.data).toHaveLength(2);
    expect((await list({ contested: true, limit: 10 })).body.data).toEqual([]);
    // By validator (the agreement figures' key, the vote's voter): A's three, not the one A skipped.
    const [firstVote] = await fx.votes(app.sql, { projectId });
    const byA = (await list({ validator: firstVote!.voter, limit: 10 })).body.data.map((d: { id: string }) => d.id);
    expect(byA.sort()).toEqual(Object.keys(ratings).sort());
    expect((await list({ validator: 'no-such-validator', limit: 10 })).body.data).toEqual([]);

    const top = high.body.data[0];
    const detail = await call(app, 'getOriginatorDatapoint', { key, params: { projectId, datapointId: top.id } });
    expect(detail.status).toBe(200);
    expect(detail.body.votes.map((v: { rating: number; changed: boolean }) => [v.rating, v.changed])).toEqual([
      [90, true],
      [90, false],
    ]);
    expect(detail.body.decision!.qualityRatingMean).toBe(90);
    const skippedDetail = await call(app, 'getOriginatorDatapoint', {
      key,
      params: { projectId, datapointId: skipped.body.datapointId },
    });
    expect(skippedDetail.body.skips.map((k) => k.reason)).toEqual(['Not my language']);
    expect(skippedDetail.body.decision).toBeNull();

    // Controls: pause through the session, as the developer API would.
    const paused = await call(app, 'updateOriginatorProject', { key, params: { projectId }, body: { paused: true } });
    expect(paused.status).toBe(200);
    expect(paused.body.paused).toBe(true);
    expectEnvelope(await claim(b, projectId), 'project_paused', 409);
    const update = (body: object) => call(app, 'updateOriginatorProject', { key, params: { projectId }, body });
    expect((await update({ paused: false })).body.paused).toBe(false);
    // Auto Consensus on and off, as the developer API sees it.
    expect((await update({ autoConsensus: true })).body.autoConsensus).toBe(true);
    expect((await call(app, 'getProject', { params: { projectId } })).body.autoConsensus).toBe(true);
    expect((await update({ autoConsensus: false })).body.autoConsensus).toBe(false);
    // Archived: nothing can be claimed; unarchived, claims work again.
    expect((await update({ archived: true })).body.archived).toBe(true);
    expectEnvelope(await claim(b, projectId), 'project_archived', 409);
    expect((await update({ archived: false })).body.archived).toBe(false);
    expect((await claim(b, projectId)).status).toBe(201);
    // A validator is not an originator: not found.
    expectEnvelope(
      await call(app, 'listOriginatorDatapoints', { key: a, params: { projectId } }),
      'project_not_found',
      404,
    );
  });

  it('lists the organization projects a page at a time and by name', async () => {
    const name = `Searchable ${Math.random().toString(36).slice(2, 8)}`;
    for (let i = 0; i < 3; i++) await fx.project(app, { name: `${name} ${i}` });
    const { sessionToken: key } = await owner();
    const first = await call(app, 'listOriginatorProjects', { key, query: { q: name.toUpperCase(), limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.body.data.map((p: { project: { name: string } }) => p.project.name)).toEqual([
      `${name} 2`,
      `${name} 1`,
    ]);
    const second = await call(app, 'listOriginatorProjects', {
      key,
      query: { q: name, limit: 2, cursor: first.body.nextCursor! },
    });
    expect(second.body.data.map((p: { project: { name: string } }) => p.project.name)).toEqual([`${name} 0`]);
    expect(second.body.hasMore).toBe(false);
    expect((await call(app, 'listOriginatorProjects', { key, query: { q: '%' } })).body.data).toEqual([]);
  });
});
