// The originator's data view in a real browser, at desktop (1366x768) and phone (390x844) width:
// the organization's projects a page at a time ("Show more projects"); a project's datapoints a
// page at a time ("Next page") and filtered by status, consensus rating range and validator, each
// filter's rows equal to what the API answers for the same filter; the Archive and Auto Consensus
// controls, whose changes the developer API sees. Every state is audited with axe-core and
// screenshotted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';
import { minimalSpec } from '../fixtures/specs.ts';
import { browserSuite, checkPage, launchBrowser, openPage, skipBrowserTests } from '../helpers/browser.ts';

describe.skipIf(skipBrowserTests)(browserSuite("the originator's data view in the browser"), () => {
  let app: TestApp;
  let browser: Browser;
  let projectId: string;
  let ownerToken: string;
  const tag = `Paged${Math.random().toString(36).slice(2, 8)}`;
  const datapoints = 30;

  beforeAll(async () => {
    // No worker: Auto Consensus switched on here fills nothing, so the figures stay the votes cast.
    app = await startTestApp();
    browser = await launchBrowser();
    // 26 projects whose names share the tag: one more than a page of the organization's list.
    for (let i = 0; i < 26; i++) await fx.project(app, { name: `${tag} ${String(i).padStart(2, '0')}` });
    const spec = minimalSpec() as { validation: Record<string, unknown> };
    projectId = await fx.project(app, { name: `${tag} rated`, spec });
    await fx.addDatapoints(app.sql, projectId, datapoints, { slotsPerDatapoint: 2 });
    const raters: string[] = [];
    for (let i = 0; i < 2; i++) {
      const m = await fx.member(app, app.orgA.id, { validator: true });
      await fx.assign(app, m.id, projectId);
      raters.push((await fx.signInDirect(app, m.email)).sessionToken);
    }
    const [a, b] = raters as [string, string];
    const rate = async (key: string, rating: number) => {
      const c = await call(app, 'claimSlot', { key, params: { projectId } });
      expect(c.status).toBe(201);
      expect((await call(app, 'submitVote', { key, params: { slotId: c.body.slotId }, body: { rating } })).status).toBe(
        200,
      );
    };
    // Twelve decided by both (ratings 10 to 87, the two a point apart), three more voted on by A alone.
    for (let i = 0; i < 12; i++) {
      await rate(a, 10 + 7 * i);
      await rate(b, 11 + 7 * i);
    }
    for (let i = 0; i < 3; i++) await rate(a, 50);
    ownerToken = (await fx.signInDirect(app, `owner-${app.orgA.code.toLowerCase()}@example.com`)).sessionToken;
  }, 400_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const signedIn = async (phone: boolean) => {
    const w = await openPage(browser, { phone });
    await w.page.goto(`${app.url}/app/sign-in`);
    await w.page.evaluate(`localStorage.setItem('assay.session', ${JSON.stringify(ownerToken)})`);
    return w;
  };
  /** The datapoint ids the API lists for a filter, every page. */
  const listed = async (query: Record<string, string | number | boolean>) => {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const r = await call(app, 'listOriginatorDatapoints', {
        key: ownerToken,
        params: { projectId },
        query: { limit: 100, ...query, ...(cursor ? { cursor } : {}) },
      });
      expect(r.status).toBe(200);
      ids.push(...r.body.data.map((d: { id: string }) => d.id));
      if (!r.body.hasMore) break;
      cursor = r.body.nextCursor!;
    }
    return ids;
  };

  for (const phone of [false, true]) {
    const width = phone ? 'phone' : 'desktop';

    it(`${width}: the organization's projects, a page at a time`, async () => {
      const w = await signedIn(phone);
      await w.page.goto(`${app.url}/app/org?q=${tag}`);
      await w.page.getByRole('status').filter({ hasText: '25 projects shown; more follow' }).waitFor();
      expect(await w.page.locator('li.org-project').count()).toBe(25);
      await w.page.getByRole('button', { name: 'Show more projects' }).click();
      await w.page.getByRole('status').filter({ hasText: '27 projects shown for' }).waitFor();
      const names = await w.page.locator('li.org-project h2 a').allTextContents();
      expect(new Set(names).size).toBe(27);
      expect(await w.page.getByRole('button', { name: 'Show more projects' }).isVisible()).toBe(false);
      await checkPage(w, 'data-view-org-paged');
      await w.context.close();
    });

    it(`${width}: datapoints a page at a time, filtered by status, rating range and validator`, async () => {
      const w = await signedIn(phone);
      const rows = () => w.page.locator('table.datapoints tbody tr');
      const shownIds = async () =>
        (await w.page.locator('table.datapoints tbody a').evaluateAll((as) => as.map((x) => x.getAttribute('href'))))
          .map((href) => href!.split('/').pop()!)
          .sort();
      await w.page.goto(`${app.url}/app/org/projects/${projectId}/datapoints`);
      await w.page.locator('table.datapoints').waitFor();
      expect(await rows().count()).toBe(25);
      const firstPage = await shownIds();
      await w.page.getByRole('link', { name: 'Next page' }).click();
      await expect.poll(() => rows().count()).toBe(datapoints - 25);
      const secondPage = await shownIds();
      expect(new Set([...firstPage, ...secondPage]).size).toBe(datapoints);
      expect([...firstPage, ...secondPage].sort()).toEqual((await listed({})).sort());
      await checkPage(w, 'data-view-datapoints-page-2');

      const apply = async () => {
        await w.page.getByRole('button', { name: 'Apply filters' }).click();
        await w.page.locator('table.datapoints').waitFor();
      };
      // Status: the pending ones (never decided: 18 of 30).
      await w.page.goto(`${app.url}/app/org/projects/${projectId}/datapoints`);
      await w.page.getByLabel('Status').selectOption('pending');
      await apply();
      const pending = (await listed({ status: 'pending' })).sort();
      expect(pending).toHaveLength(datapoints - 12);
      await expect.poll(shownIds).toEqual(pending);
      expect(new URL(w.page.url()).searchParams.get('status')).toBe('pending');
      // Rating range: decided from 50 to 80.
      await w.page.getByLabel('Status').selectOption('');
      await w.page.getByLabel('Consensus rating from').fill('50');
      await w.page.getByLabel('Consensus rating up to').fill('80');
      await apply();
      const ranged = (await listed({ minRating: 50, maxRating: 80 })).sort();
      expect(ranged.length).toBeGreaterThan(0);
      expect(ranged.length).toBeLessThan(12);
      await expect.poll(shownIds).toEqual(ranged);
      await checkPage(w, 'data-view-datapoints-range');
      // Validator: the one who voted on fifteen.
      await w.page.getByRole('link', { name: 'Clear' }).click();
      await w.page.locator('table.datapoints').waitFor();
      const voter = w.page.getByLabel('Voted on by');
      const keys = await voter.locator('option').evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? ''));
      const counts = await Promise.all(
        keys.filter(Boolean).map(async (k) => [k, await listed({ validator: k })] as const),
      );
      const [key, ids] = counts.find(([, ids]) => ids.length === 15)!;
      await voter.selectOption(key);
      await apply();
      await expect.poll(shownIds).toEqual([...ids].sort());
      await checkPage(w, 'data-view-datapoints-validator');
      await w.context.close();
    });
  }

  it('desktop and phone: Archive and Auto Consensus from the project page, as the developer API sees', async () => {
    for (const phone of [false, true]) {
      const w = await signedIn(phone);
      const project = async () => (await call(app, 'getProject', { params: { projectId } })).body;
      await w.page.goto(`${app.url}/app/org/projects/${projectId}`);
      await w.page.getByRole('button', { name: 'Turn Auto Consensus on' }).click();
      await w.page.getByText('Auto Consensus is on: synthetic votes fill the open validations').waitFor();
      expect((await project()).autoConsensus).toBe(true);
      await w.page.getByRole('button', { name: 'Turn Auto Consensus off' }).click();
      await w.page.getByText('Auto Consensus is off.').waitFor();
      expect((await project()).autoConsensus).toBe(false);
      await w.page.getByRole('button', { name: 'Archive', exact: true }).click();
      await w.page.getByText('The project is archived.').waitFor();
      expect((await project()).archived).toBe(true);
      await checkPage(w, 'data-view-archived');
      await w.page.getByRole('button', { name: 'Unarchive' }).click();
      await w.page.getByText('The project is unarchived.').waitFor();
      expect((await project()).archived).toBe(false);
      await w.context.close();
    }
  });
});
