// The rating queue in a real browser (desktop 1366x768 and phone 390x844): two skips never
// bounce between the same datapoints; five reloads hold at most one claim and never lock the
// rater out; a vote sent offline says so and is retried; the last vote is changed from the "recent"
// list; a claim is kept once; signing out releases the claim held. Each state is screenshotted and
// audited with axe-core, in the dark theme too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, type TestApp } from '../helpers/app.ts';
import { ingest } from '../helpers/uploads.ts';
import { createProject, startMailingApp } from '../validator/helpers.ts';
import {
  browserSuite,
  checkPage,
  launchBrowser,
  openPage,
  skipBrowserTests,
  type WatchedPage,
} from '../helpers/browser.ts';
import * as fx from '../helpers/fixtures.ts';

describe.skipIf(skipBrowserTests)(browserSuite('the rating queue in the browser'), () => {
  let app: TestApp;
  let close = async () => {};
  let browser: Browser;

  beforeAll(async () => {
    ({ app, close } = await startMailingApp());
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  /** A project of `rows` CSV rows, one vote each, and a signed-in rater's page on its rate view. */
  async function rater(rows: number, options: { phone?: boolean; perDatapoint?: number } = {}) {
    const projectId = await createProject(app, `Queue ${Math.random().toString(36).slice(2, 8)}`, {
      version: '1.0.0',
      dataset: { format: 'csv', idField: 'id' },
      validation: { validatorsPerDatapoint: options.perDatapoint ?? 1, instructions: 'Rate **correctness**.' },
    });
    const csv =
      `id,question,answer\n` +
      `${Array.from({ length: rows }, (_, i) => `${i + 1},Question ${i + 1}?,Answer ${i + 1}`).join('\n')}\n`;
    expect((await ingest(app, projectId, { 'q.csv': csv })).status.run.status).toBe('ok');
    const m = await fx.member(app, app.orgA.id, { validator: true });
    await fx.assign(app, m.id, projectId);
    const { sessionToken } = await fx.signInDirect(app, m.email);
    const w = await openPage(browser, options);
    await w.page.goto(`${app.url}/app/sign-in`);
    await w.page.evaluate(
      ([t, e]) => {
        localStorage.setItem('assay.session', t);
        localStorage.setItem('assay.email', e);
      },
      [sessionToken, m.email],
    );
    await w.page.goto(`${app.url}/app/projects/${projectId}/rate`);
    await w.page.locator('table.record').waitFor();
    return { projectId, token: sessionToken, email: m.email, w };
  }

  const shownId = (w: WatchedPage) =>
    w.page
      .locator('table.record tr', { has: w.page.locator('th', { hasText: /^id$/ }) })
      .locator('td')
      .textContent();
  const claims = async (token: string, projectId: string) =>
    (await call(app, 'listMyClaims', { key: token, params: { projectId } })).body.data.map(
      (c: { slotId: string; claimedAt: string; datapointId: string }) => [c.slotId, c.claimedAt, c.datapointId],
    );
  const held = async (token: string, projectId: string) => (await claims(token, projectId)).length;

  for (const phone of [false, true]) {
    const width = phone ? 'phone' : 'desktop';

    it(`${width}: two skips never bounce, and skipped datapoints come back only when asked for`, async () => {
      const { w } = await rater(3, { phone });
      const seen = [await shownId(w)];
      for (let i = 0; i < 2; i++) {
        await w.page.getByRole('button', { name: 'Skip', exact: true }).click();
        await w.page.getByRole('status').filter({ hasText: 'Skipped' }).waitFor();
        await expect.poll(() => shownId(w)).not.toBe(seen[seen.length - 1]);
        seen.push(await shownId(w));
      }
      expect(new Set(seen).size).toBe(3);
      await w.page.locator('#rating').fill('50');
      await w.page.getByRole('button', { name: 'Submit rating' }).click();
      await w.page.getByRole('heading', { name: 'Nothing left for you to rate' }).waitFor();
      await checkPage(w, `queue-nothing-left`);
      await w.page.getByRole('button', { name: 'Show the 2 datapoints I skipped' }).click();
      await w.page.locator('table.record').waitFor();
      expect(seen.slice(0, 2)).toContain(await shownId(w));
      await w.context.close();
    });

    it(`${width}: five reloads resume the claim held, never take another and never lock the rater out`, async () => {
      const { w, token, email, projectId } = await rater(20, { phone });
      // The datapoint is in view on load, below the heading and the timer.
      expect(await w.page.locator('section.datapoint').isVisible()).toBe(true);
      const box = await w.page.locator('section.datapoint h2').boundingBox();
      expect(box!.y).toBeLessThan(w.page.viewportSize()!.height);
      await checkPage(w, 'queue-rate');
      const first = await claims(token, projectId);
      const id = await shownId(w);
      expect(first).toHaveLength(1);
      for (let i = 0; i < 5; i++) {
        await w.page.reload();
        await w.page.locator('table.record').waitFor();
        // The same claim (slot and claim time), the same datapoint: resumed, not released and taken again.
        expect(await claims(token, projectId)).toEqual(first);
        expect(await shownId(w)).toBe(id);
      }
      // A rated datapoint is not shown again on a reload.
      await w.page.locator('#rating').fill('40');
      await w.page.getByRole('button', { name: 'Submit rating' }).click();
      await expect.poll(() => shownId(w)).not.toBe(id);
      const next = await shownId(w);
      await w.page.reload();
      await w.page.locator('table.record').waitFor();
      expect(await shownId(w)).toBe(next);
      expect(await claims(token, projectId)).toHaveLength(1);
      // Leaving for My projects releases the claim; the browser's back button returns to rating
      // with one claim held; leaving again and "Start rating" holds one again.
      const toMyProjects = async () => {
        await w.page.getByRole('link', { name: 'My projects' }).click();
        await w.page.getByRole('heading', { name: 'My projects' }).waitFor();
        await expect.poll(() => held(token, projectId)).toBe(0);
      };
      await toMyProjects();
      await w.page.goBack();
      await w.page.locator('table.record').waitFor();
      expect(await held(token, projectId)).toBe(1);
      await toMyProjects();
      await w.page
        .getByRole('link', { name: /^Start rating/ })
        .first()
        .click();
      await w.page.locator('table.record').waitFor();
      expect(await held(token, projectId)).toBe(1);
      expect(await shownId(w)).not.toBe(id);
      await checkPage(w, 'queue-resumed');
      // Signing out releases it; signed in again, a deep link to the rating page holds one claim.
      await w.page.getByRole('button', { name: 'Sign out' }).click();
      await w.page.getByText('You are signed out.').waitFor();
      const again = await fx.signInDirect(app, email);
      expect(await held(again.sessionToken, projectId)).toBe(0);
      await w.page.evaluate((t) => localStorage.setItem('assay.session', t), again.sessionToken);
      await w.page.goto(`${app.url}/app/projects/${projectId}/rate`);
      await w.page.locator('table.record').waitFor();
      expect(await held(again.sessionToken, projectId)).toBe(1);
      expect(await shownId(w)).not.toBe(id);
      await w.context.close();
    });

    it(`${width}: a vote sent offline says so, keeps the rating, and is retried`, async () => {
      const { w, projectId } = await rater(2, { phone });
      const id = await shownId(w);
      await w.page.locator('#rating').fill('64');
      await w.context.setOffline(true);
      await w.page.getByRole('button', { name: 'Submit rating' }).click();
      const alert = w.page.locator('.failure');
      await alert.getByText('Rating 64 was not recorded.').waitFor();
      expect(await alert.textContent()).toContain('could not be reached');
      expect(await w.page.locator('#rating').inputValue()).toBe('64');
      expect(await shownId(w)).toBe(id);
      w.problems.length = 0; // the offline request itself is the failure under test
      await w.context.setOffline(false);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await w.page.getByRole('status').filter({ hasText: 'Rating 64 recorded' }).waitFor();
      const list = await call(app, 'listDatapoints', { params: { projectId }, query: { limit: 10 } });
      const votes = await fx.votes(app.sql, { projectId });
      expect(votes.map((v) => v.rating)).toEqual([64]);
      expect(list.status).toBe(200);
      await w.context.close();
    });

    it(`${width}: the last vote is changed from the recent list; a claim is kept once`, async () => {
      // Two votes per datapoint: the first vote does not decide it, so it may be changed.
      const { w, projectId } = await rater(3, { phone, perDatapoint: 2 });
      await w.page.locator('#rating').fill('8');
      await w.page.getByRole('button', { name: 'Submit rating' }).click();
      await w.page.getByRole('status').filter({ hasText: 'Rating 8 recorded' }).waitFor();
      const recent = w.page.locator('section.recent');
      await recent.getByLabel('Change this rating to').fill('85');
      await recent.getByRole('button', { name: 'Change' }).click();
      await w.page.getByRole('status').filter({ hasText: 'Changed your rating from 8 to 85' }).waitFor();
      expect((await fx.votes(app.sql, { projectId })).map((v) => v.rating)).toEqual([85]);
      await checkPage(w, 'queue-changed');

      await w.page.getByRole('button', { name: 'Keep it 10 more minutes' }).click();
      await w.page.getByRole('status').filter({ hasText: 'Kept for 10 more minutes' }).waitFor();
      expect(await w.page.getByRole('button', { name: 'Keep it 10 more minutes' }).isVisible()).toBe(false);
      expect(await w.page.locator('.timer').textContent()).toMatch(/(10:00|9:\d\d) more/);
      await w.context.close();
    });
  }

  it('signing out releases the claim held; shortcuts can be switched off; the dark theme is clean', async () => {
    const { w, token, projectId } = await rater(2);
    await w.page.emulateMedia({ colorScheme: 'dark' });
    await checkPage(w, 'queue-dark');
    // Shortcuts off: a digit typed outside the field does nothing, S does not skip.
    await w.page.getByLabel('Single-key shortcuts').uncheck();
    await w.page.locator('h1').focus();
    await w.page.keyboard.press('7');
    await w.page.keyboard.press('s');
    expect(await w.page.locator('#rating').inputValue()).toBe('');
    expect(await w.page.getByRole('status').textContent()).not.toContain('Skipped');
    expect(await held(token, projectId)).toBe(1);
    await w.page.getByRole('button', { name: 'Sign out' }).click();
    await w.page.getByText('You are signed out.').waitFor();
    // The claim went back to the pool before the session ended: the project is fully claimable.
    const m = await fx.member(app, app.orgA.id, { validator: true });
    await fx.assign(app, m.id, projectId);
    const s = await fx.signInDirect(app, m.email);
    const claims = [
      await call(app, 'claimSlot', { key: s.sessionToken, params: { projectId } }),
      await call(app, 'claimSlot', { key: s.sessionToken, params: { projectId } }),
    ];
    expect(claims.map((c) => c.status)).toEqual([201, 201]);
    await w.context.close();
  });
});
