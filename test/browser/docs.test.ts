// The API reference page at /docs in a real browser, under its Content-Security-Policy: the
// reference renders (an operation of each document is listed) and nothing is refused (a CSP
// violation is a console error, which checkPage fails on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { browserSuite, launchBrowser, openPage, skipBrowserTests } from '../helpers/browser.ts';

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  if (skipBrowserTests) return;
  app = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe.skipIf(skipBrowserTests)(browserSuite('API reference page'), () => {
  it('renders under a CSP that allows no inline script and no other origin', async () => {
    const res = await fetch(`${app.url}/docs`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(await res.text()).not.toMatch(/<script>[^<]|<script type="text\/javascript">/);
    const w = await openPage(browser);
    try {
      await w.page.goto(`${app.url}/docs`);
      const shown = await w.page
        .getByText('Check the API key')
        .first()
        .waitFor({ timeout: 30_000 })
        .then(() => true)
        .catch(() => false);
      expect(w.problems).toEqual([]);
      expect(shown, ((await w.page.locator('body').textContent()) ?? '').slice(0, 2000)).toBe(true);
    } finally {
      await w.context.close();
    }
  }, 90_000);
});
