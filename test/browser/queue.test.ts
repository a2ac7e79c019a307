// The rating queue in a real browser (desktop 1366x768 and phone 390x844): two skips never
// bounce between the same datapoints; five reloads hold at most one claim and never lock the
// rater out; a vote sent offline says so and is retried; the last vote is changed from the "recent"
// list; a claim is kept once; signing out releases the claim held. Each state is screenshotted and
// audited with axe-core, in the dark theme too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, type TestApp } from '../helpers/app.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { ingest } from '../helpers/uploads.ts';
import { createProject, startMailingApp } from '../validator/helpers.ts';
import {
  browserSuite,
  checkPage,
  launchBrowser,
  newTab,
  openPage,
  skipBrowserTests,
  type WatchedPage,
} from '../helpers/browser.ts';
import * as fx from '../helpers/fixtures.ts';
import { appSignInUrl } from './helpers.ts';

describe.skipIf(skipBrowserTests)(browserSuite('the rating queue in the browser'), () => {
  let app: TestApp;
  let sink: SmtpSink;
  let close = async () => {};
  let browser: Browser;

  beforeAll(async () => {
    ({ app, sink, close } = await startMailingApp());
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  /** A project of `rows` CSV rows, one vote each, and a signed-in rater's page on its rate view. */
  async function rater(rows: number, options: { phone?: boolean; perDatapoint?: number; answer?: string } = {}) {
    const name = `Queue ${Math.random().toString(36).slice(2, 8)}`;
    const projectId = await createProject(app, name, {
      version: '1.0.0',
      dataset: { format: 'csv', idField: 'id' },
      validation: { validatorsPerDatapoint: options.perDatapoint ?? 1, instructions: 'Rate **correctness**.' },
    });
    const answer = options.answer ?? 'Answer';
    const lines = Array.from({ length: rows }, (_, i) => `${i + 1},Question ${i + 1}?,${answer} ${i + 1}`);
    const csv = `id,question,answer\n${lines.join('\n')}\n`;
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
    return { projectId, name, token: sessionToken, email: m.email, w };
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
      const { w, name } = await rater(3, { phone });
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
      // My projects counts what is left for this person (0, two skipped) and offers no "Start rating".
      await w.page.getByRole('link', { name: 'My projects', exact: true }).click();
      const card = w.page.locator('li', { hasText: name });
      await card.getByText('Nothing is left for you but 2 you skipped.').waitFor();
      expect(
        await card
          .locator('div', { has: w.page.locator('dt', { hasText: 'Left for you' }) })
          .locator('dd')
          .textContent(),
      ).toBe('0');
      expect(await card.getByRole('link', { name: /^Start rating/ }).count()).toBe(0);
      await checkPage(w, 'queue-my-projects-nothing-left');
      await card.getByRole('link', { name: `Open the project ${name} to review skipped datapoints` }).click();
      await w.page.getByRole('heading', { name: 'Nothing left for you to rate' }).waitFor();
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

      // An extension the server fails (503) is said with a retry, which keeps the claim.
      await w.page.route('**/validator/v1/claims/*/extend', (r) =>
        r.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { type: 'api_error', code: 'service_unavailable', message: 'The service is unavailable.' },
            requestId: 'req_test',
          }),
        }),
      );
      await w.page.getByRole('button', { name: 'Keep it 10 more minutes' }).click();
      const alert = w.page.locator('.failure');
      await alert.getByText('The claim could not be extended.').waitFor();
      await w.page.unroute('**/validator/v1/claims/*/extend');
      await alert.getByRole('button', { name: 'Try again' }).click();
      await w.page.getByRole('status').filter({ hasText: 'Kept for 10 more minutes' }).waitFor();
      expect(await w.page.getByRole('button', { name: 'Keep it 10 more minutes' }).isVisible()).toBe(false);
      expect(await w.page.locator('.timer').textContent()).toMatch(/(10:00|9:\d\d) more/);
      await w.context.close();
    });
  }

  for (const phone of [false, true]) {
    const width = phone ? 'phone' : 'desktop';

    it(`${width}: the claim's time, the status line and the datapoint stay in view, none under another`, async () => {
      // A datapoint several screens long, as a long answer makes it.
      const { w } = await rater(3, { phone, answer: 'A long answer. '.repeat(300) });
      /** Each element's box in the viewport, and whether its centre shows the element itself (nothing over it). */
      const seen = (selector: string) =>
        w.page.evaluate<{ inView: boolean; uncovered: boolean }>(`(() => {
          const e = document.querySelector(${JSON.stringify(selector)});
          const b = e.getBoundingClientRect();
          const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
          const inView = b.top >= 0 && b.bottom <= window.innerHeight && b.height > 0;
          return { inView, uncovered: hit !== null && e.contains(hit) };
        })()`);
      const toEnd = () => w.page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
      const all = async () => ({
        timer: await seen('.timer'),
        status: await seen('p.status'),
        heading: await seen('#dp-title'),
      });
      const shown = { inView: true, uncovered: true };
      // On load: the datapoint's heading sits just below the sticky top, not under it.
      await w.page.getByRole('status').filter({ hasText: 'A datapoint is loaded.' }).waitFor();
      await expect.poll(all).toEqual({ timer: shown, status: shown, heading: shown });
      expect(await w.page.evaluate<number>('window.scrollY')).toBeGreaterThan(0); // the page did scroll to it
      await checkPage(w, 'queue-long-load', { viewport: true });
      // Scrolled to the end of the long datapoint: the time and the status line are still in view.
      await toEnd();
      await expect.poll(async () => [await seen('.timer'), await seen('p.status')]).toEqual([shown, shown]);
      expect((await seen('#dp-title')).inView).toBe(false);
      await checkPage(w, 'queue-long-scrolled', { viewport: true });
      // A vote sent from there: "recorded" is seen, and the next datapoint's heading is in view, uncovered.
      await w.page.locator('#rating').fill('40');
      await w.page.getByRole('button', { name: 'Submit rating' }).click();
      await w.page.getByRole('status').filter({ hasText: 'Rating 40 recorded' }).waitFor();
      await expect.poll(all).toEqual({ timer: shown, status: shown, heading: shown });
      await checkPage(w, 'queue-long-voted', { viewport: true });
      // A failure is in view too: offline, scrolled to the end, the alert and its retry show at the top.
      await toEnd();
      await w.page.locator('#rating').fill('41');
      await w.context.setOffline(true);
      await w.page.getByRole('button', { name: 'Submit rating' }).click();
      await w.page.locator('.failure').getByText('Rating 41 was not recorded.').waitFor();
      await expect.poll(() => seen('.failure')).toEqual(shown);
      w.problems.length = 0; // the offline request itself is the failure under test
      await checkPage(w, 'queue-long-failed', { viewport: true });
      await w.context.setOffline(false);
      await w.context.close();
    });
  }

  for (const phone of [false, true]) {
    const width = phone ? 'phone' : 'desktop';

    it(`${width}: signed out, a deep link asks for sign-in; the emailed link lands on it with one claim`, async () => {
      const { w, email, projectId } = await rater(4, { phone });
      const deepLink = `/app/projects/${projectId}/rate`;
      const first = await shownId(w);
      await w.page.getByRole('button', { name: 'Sign out' }).click();
      await w.page.getByText('You are signed out.').waitFor();
      expect(await w.page.evaluate<string | null>(`localStorage.getItem('assay.session')`)).toBeNull();
      // The deep link, opened signed out, goes to sign-in.
      await w.page.goto(app.url + deepLink);
      await w.page.getByRole('button', { name: 'Email me a sign-in link' }).waitFor();
      expect(new URL(w.page.url()).pathname).toBe('/app/sign-in');
      await checkPage(w, 'queue-deep-link-sign-in');
      // Sign in as a person does: ask for the link, open it from the email (a new tab), confirm.
      const before = sink.messages.length;
      await w.page.getByLabel('Email address').fill(email);
      await w.page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await w.page.getByRole('status').filter({ hasText: 'on its way' }).waitFor();
      const mail = await sink.waitFor((m) => m.to.includes(email) && sink.messages.indexOf(m) >= before);
      const t = await newTab(w);
      const tab = t.page;
      await tab.goto(appSignInUrl(mail.text, app.url));
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.locator('table.record').waitFor();
      expect(new URL(tab.url()).pathname).toBe(deepLink);
      // The new session holds exactly one claim, and the page shows its datapoint.
      const token = await tab.evaluate<string | null>(`localStorage.getItem('assay.session')`);
      expect(token).not.toBeNull();
      expect(await held(token!, projectId)).toBe(1);
      const [[, , datapointId]] = await claims(token!, projectId);
      const row = (await fx.datapoints(app.sql, projectId)).find((d) => d.id === datapointId);
      expect(await shownId(t)).toBe(String(row?.content.id));
      expect(first).toMatch(/^\d+$/);
      await checkPage(t, 'queue-deep-link-landed');
      await w.context.close();
    });
  }

  for (const phone of [false, true]) {
    const width = phone ? 'phone' : 'desktop';
    const envelope = (code: string, message: string) =>
      JSON.stringify({ error: { type: 'api_error', code, message }, requestId: 'req_test' });

    it(`${width}: a skip with a reason that fails (500) is said and retried; the owner reads the reason`, async () => {
      const { w, token, projectId } = await rater(3, { phone });
      const [[, , skippedId]] = await claims(token, projectId);
      await w.page.route('**/validator/v1/claims/*/skip', (r) =>
        r.fulfill({
          status: 500,
          contentType: 'application/json',
          body: envelope('internal_error', 'Internal server error.'),
        }),
      );
      await w.page.getByText('Skip with a reason').click();
      await w.page.getByLabel(/^Why you skip/).fill('I do not read Finnish');
      await w.page.getByRole('button', { name: 'Skip', exact: true }).click();
      const alert = w.page.locator('.failure');
      await alert.getByText('The skip did not go through.').waitFor();
      expect(await alert.textContent()).toContain('Internal server error.');
      expect(await held(token, projectId)).toBe(1); // nothing was skipped
      await checkPage(w, 'queue-skip-failed', { viewport: true });
      await w.page.unroute('**/validator/v1/claims/*/skip');
      await alert.getByRole('button', { name: 'Try again' }).click();
      await w.page.getByRole('status').filter({ hasText: 'Skipped' }).waitFor();
      expect(await alert.isVisible()).toBe(false);
      // The project's owner opens the skipped datapoint and reads the reason.
      const owner = await fx.signInDirect(app, `owner-${app.orgA.code.toLowerCase()}@example.com`);
      const o = await openPage(browser, { phone });
      await o.page.goto(`${app.url}/app/sign-in`);
      await o.page.evaluate(`localStorage.setItem('assay.session', ${JSON.stringify(owner.sessionToken)})`);
      await o.page.goto(`${app.url}/app/org/projects/${projectId}/datapoints/${skippedId}`);
      await o.page.getByRole('heading', { name: /^Datapoint / }).waitFor();
      await o.page.getByText('I do not read Finnish').waitFor();
      await checkPage(o, 'org-datapoint-skip-reason');
      await o.context.close();
      await w.context.close();
    });

    it(`${width}: busy while a vote is in flight (digits typed are dropped); a 429 is said and retried`, async () => {
      const { w, projectId } = await rater(3, { phone });
      let release = () => {};
      const inFlight = new Promise<void>((r) => {
        release = r;
      });
      await w.page.route('**/validator/v1/claims/*/vote', async (r) => {
        await inFlight;
        await r.continue();
      });
      await w.page.locator('#rating').fill('70');
      await w.page.getByRole('button', { name: 'Submit rating' }).click();
      const form = w.page.locator('form[aria-busy="true"]');
      await form.waitFor();
      expect(await w.page.getByRole('button', { name: 'Submit rating' }).isDisabled()).toBe(true);
      expect(await w.page.getByRole('button', { name: 'Skip', exact: true }).isDisabled()).toBe(true);
      expect(await w.page.locator('#rating').evaluate((e) => (e as { readOnly: boolean }).readOnly)).toBe(true);
      await w.page.locator('#rating').focus();
      await w.page.keyboard.type('5');
      expect(await w.page.locator('#rating').inputValue()).toBe('70');
      await checkPage(w, 'queue-busy', { viewport: true });
      release();
      await w.page.getByRole('status').filter({ hasText: 'Rating 70 recorded' }).waitFor();
      expect(await w.page.locator('form[aria-busy="true"]').count()).toBe(0);
      await w.page.unroute('**/validator/v1/claims/*/vote');
      // Too many requests: said with the wait the server asked for, and sent again on "Try again".
      await w.page.route('**/validator/v1/claims/*/vote', (r) =>
        r.fulfill({
          status: 429,
          headers: { 'Retry-After': '3' },
          contentType: 'application/json',
          body: envelope('rate_limited', 'Too many requests.'),
        }),
      );
      await w.page.locator('#rating').fill('30');
      await w.page.getByRole('button', { name: 'Submit rating' }).click();
      const alert = w.page.locator('.failure');
      await alert.getByText('Rating 30 was not recorded.').waitFor();
      expect(await alert.textContent()).toContain('Too many requests; wait 3 seconds.');
      expect(await w.page.locator('#rating').inputValue()).toBe('30');
      await w.page.unroute('**/validator/v1/claims/*/vote');
      await alert.getByRole('button', { name: 'Try again' }).click();
      await w.page.getByRole('status').filter({ hasText: 'Rating 30 recorded' }).waitFor();
      expect((await fx.votes(app.sql, { projectId })).map((v) => v.rating)).toEqual([70, 30]);
      await w.context.close();
    });
  }

  it('signing out releases the claim held; shortcuts can be switched off; the dark theme is clean', async () => {
    const { w, token, projectId } = await rater(2);
    await w.page.emulateMedia({ colorScheme: 'dark' });
    await checkPage(w, 'queue-dark');
    // The dark theme at phone width too, with the recent list and the sticky top showing.
    const phone = await rater(2, { phone: true });
    await phone.w.page.emulateMedia({ colorScheme: 'dark' });
    await phone.w.page.locator('#rating').fill('45');
    await phone.w.page.getByRole('button', { name: 'Submit rating' }).click();
    await phone.w.page.getByRole('status').filter({ hasText: 'Rating 45 recorded' }).waitFor();
    await checkPage(phone.w, 'queue-dark');
    await phone.w.context.close();
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
