// A validator's own standing in the browser (docs/quality.md, "Validator quality cards"): on My
// projects each project shows the figures of `getMyStanding` (votes, leave-one-out agreement, a
// pause with the figures the gold rule saw), the same as the originator's card for that validator
// where they overlap, and no gold figure. A validator paused by the gold rule sees why on My
// projects and when the rating page's claim is refused; one with no votes yet is told so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, type TestApp } from '../helpers/app.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { ingest } from '../helpers/uploads.ts';
import * as fx from '../helpers/fixtures.ts';
import { validSpec } from '../fixtures/specs.ts';
import { acceptAllInvites, createProject, inviteWithSql, signIn, startMailingApp } from '../validator/helpers.ts';
import { browserSuite, checkPage, launchBrowser, openPage, skipBrowserTests } from '../helpers/browser.ts';

interface Rater {
  email: string;
  token: string;
  userId: string;
}

describe.skipIf(skipBrowserTests)(browserSuite("a validator's own standing in the browser"), () => {
  let app: TestApp;
  let sink: SmtpSink;
  let close = async () => {};
  let browser: Browser;
  let projectId: string;
  let goldIds: string[];
  const raters: Record<'careful' | 'other' | 'bad' | 'idle', Rater> = {} as never;

  const claim = (r: Rater) => call(app, 'claimSlot', { key: r.token, params: { projectId } });
  const vote = (r: Rater, slotId: string, rating: number) =>
    call(app, 'submitVote', { key: r.token, params: { slotId }, body: { rating } });

  beforeAll(async () => {
    ({ app, sink, close } = await startMailingApp());
    // Six datapoints, two votes each, no classes; the first three are gold items expecting 80,
    // served on every claim while there are any (rate 1), and three bad gold votes pause.
    const spec: any = validSpec();
    spec.validation.validatorsPerDatapoint = 2;
    spec.consensus = { minStrength: 0.7, escalationStep: 1, maxEscalations: 0 };
    spec.gold = { rate: 1, minVotes: 3, maxMeanAbsoluteError: 10, confidence: 0.95 };
    delete spec.validators;
    projectId = await createProject(app, 'Standing survey', spec);
    const lines = Array.from({ length: 6 }, (_, i) => `${i + 1},Question ${i + 1},Answer ${i + 1}`);
    const { status } = await ingest(app, projectId, { 'data.csv': `id,question,answer\n${lines.join('\n')}\n` });
    expect(status.run.status).toBe('ok');
    const ids = (await fx.datapoints(app.sql, projectId)).map((r) => r.id);
    goldIds = ids.slice(0, 3);
    const normalIds = ids.slice(3);
    const marked = await call(app, 'setGoldItems', {
      params: { projectId },
      body: { items: goldIds.map((datapointId) => ({ datapointId, expectedRating: 80 })) },
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    for (const who of ['careful', 'other', 'bad', 'idle'] as const) {
      const email = `standing-${who}@example.com`;
      await inviteWithSql(app, app.orgA.id, projectId, email);
      const s = await signIn(app, sink, email);
      await acceptAllInvites(app, s.sessionToken);
      raters[who] = { email, token: s.sessionToken, userId: s.userId };
    }
    // The bad rater first (gold is never the only thing left to claim): 10 on gold items, until paused.
    for (let i = 0; i < 10; i++) {
      const c = await claim(raters.bad);
      if (c.status === 409) {
        expect(c.body.error.code).toBe('validator_paused');
        break;
      }
      expect((await vote(raters.bad, c.body.slotId, goldIds.includes(c.body.datapointId) ? 10 : 50)).status).toBe(200);
    }
    // Two careful raters: near 80 on gold items, close to each other on the rest, until nothing is left.
    const ratings = { careful: [70, 40, 90], other: [66, 45, 88] };
    for (const who of ['careful', 'other'] as const)
      for (let i = 0, g = 0; i < 10; i++) {
        const c = await claim(raters[who]);
        if (c.status === 409) {
          expect(c.body.error.code).toBe('no_claimable_slot');
          break;
        }
        const rating = goldIds.includes(c.body.datapointId)
          ? 78 + 2 * g++
          : ratings[who][normalIds.indexOf(c.body.datapointId)]!;
        expect((await vote(raters[who], c.body.slotId, rating)).status).toBe(200);
      }
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  /** A page signed in as the rater (the session token in localStorage, as signing in leaves it). */
  async function signedIn(r: Rater, phone = false) {
    const w = await openPage(browser, { phone });
    await w.page.goto(`${app.url}/app/sign-in`);
    await w.page.evaluate(
      `localStorage.setItem('assay.session', ${JSON.stringify(r.token)}); ` +
        `localStorage.setItem('assay.email', ${JSON.stringify(r.email)})`,
    );
    await w.page.goto(`${app.url}/app/`);
    return w;
  }

  /** The standing table on the project's card, as {figure: shown text}. */
  async function shown(w: Awaited<ReturnType<typeof signedIn>>): Promise<Record<string, string>> {
    const table = w.page.locator(`.standing[data-project="${projectId}"] table.standing`);
    await table.waitFor();
    const rows = await table
      .locator('tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [
          tr.getAttribute('data-figure') ?? '',
          (tr as unknown as { querySelector(s: string): { textContent: string | null } }).querySelector('td')!
            .textContent ?? '',
        ]),
      );
    return Object.fromEntries(rows);
  }

  /** The API's standing of the rater, and the figures the page must show for it. */
  async function standing(r: Rater) {
    const res = await call(app, 'getMyStanding', { key: r.token, params: { projectId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body;
    const a = s.agreement;
    return {
      s,
      expected: {
        votes: s.votes.toLocaleString('en'),
        'agreement-datapoints': a.datapoints.toLocaleString('en'),
        'agreement-mad': a.meanAbsoluteDifference === null ? '–' : `${a.meanAbsoluteDifference.toFixed(1)} points`,
        'agreement-ccc': a.ccc === null ? '–' : a.ccc.toFixed(3),
        status: s.paused ? 'Paused' : 'Active',
      },
    };
  }

  const card = async (r: Rater) =>
    (await call(app, 'listValidatorQuality', { params: { projectId } })).body.data.find(
      (c: any) => c.validatorId === r.userId,
    )!;

  it("shows a validator with gold votes the API's standing, the originator's card where they overlap", async () => {
    const { s, expected } = await standing(raters.careful);
    const c = await card(raters.careful);
    // The rater has gold votes and agreement over decided datapoints, with a concordance.
    expect(c.gold.count).toBe(3);
    expect(s).toMatchObject({ votes: 6, paused: false, pause: null });
    expect(s.agreement.datapoints).toBe(3);
    expect(s.agreement.ccc).not.toBeNull();
    expect({ votes: c.votes, agreement: c.agreement, paused: c.paused, pause: c.pause }).toEqual({
      votes: s.votes,
      agreement: s.agreement,
      paused: s.paused,
      pause: s.pause,
    });

    const w = await signedIn(raters.careful);
    expect(await shown(w)).toEqual(expected);
    const section = w.page.locator(`.standing[data-project="${projectId}"]`);
    // No gold figure: the page says why instead.
    expect(await section.textContent()).toContain('Your figures on gold items are not shown while you work');
    expect((await section.locator('th').allTextContents()).filter((t) => /gold/i.test(t))).toEqual([]);
    expect(await w.page.getByRole('table', { name: 'Your standing' }).count()).toBe(1);
    // Nothing is left to rate: no "Start rating" link.
    expect(await w.page.getByRole('link', { name: 'Start rating Standing survey' }).count()).toBe(0);
    await w.page.getByRole('button', { name: 'Refresh your standing on Standing survey' }).click();
    await section.getByRole('status').filter({ hasText: 'Your standing on Standing survey is up to date.' }).waitFor();
    expect(await shown(w)).toEqual(expected);
    await checkPage(w, 'my-projects-standing');
    await w.context.close();
  }, 60_000);

  it('shows a paused validator the pause with its figures, on My projects and on the rating page', async () => {
    const { s, expected } = await standing(raters.bad);
    expect(s).toMatchObject({
      votes: 3,
      paused: true,
      pause: { reason: 'gold_error', goldVotes: 3, meanAbsoluteError: 70, lowerBound: 70, threshold: 10 },
    });
    const c = await card(raters.bad);
    expect({ votes: c.votes, agreement: c.agreement, pause: c.pause }).toEqual({
      votes: s.votes,
      agreement: s.agreement,
      pause: s.pause,
    });
    const why =
      'over your 3 ratings of them your mean distance from that rating was 70.0 points, confidently at least 70.0, ' +
      'above the project’s limit of 10. The project’s owner can lift the pause; ratings you submitted are kept.';
    for (const phone of [false, true]) {
      const w = await signedIn(raters.bad, phone);
      expect(await shown(w)).toEqual(expected);
      const notice = w.page.locator(`.standing[data-project="${projectId}"] .paused-notice`);
      expect(await notice.textContent()).toContain(why);
      expect(await notice.textContent()).toContain(`Since ${s.pause!.pausedAt.slice(0, 16).replace('T', ' ')} UTC`);
      expect(await w.page.getByText('You are paused on this project: see your standing below.').count()).toBe(1);
      expect(await w.page.getByRole('link', { name: 'Start rating Standing survey' }).count()).toBe(0);
      await checkPage(w, 'my-projects-standing-paused');

      // The rating page's claim is refused with validator_paused: it says what the pause means.
      await w.page.goto(`${app.url}/app/projects/${projectId}/rate`);
      await w.page.getByRole('heading', { name: 'You are paused on this project' }).waitFor();
      expect(await w.page.locator('section.stop').textContent()).toContain(why);
      await checkPage(w, 'rate-validator-paused');
      await w.context.close();
    }
  }, 60_000);

  it('tells a validator with no votes yet, at phone width', async () => {
    const { s, expected } = await standing(raters.idle);
    expect(s).toMatchObject({ votes: 0, paused: false, agreement: { datapoints: 0 } });
    const w = await signedIn(raters.idle, true);
    expect(await shown(w)).toEqual(expected);
    await w.page.getByText('You have not rated anything on this project yet.').waitFor();
    await checkPage(w, 'my-projects-standing-new');
    await w.context.close();
  }, 60_000);
});
