// Browser tests drive Debian's Chromium (/usr/bin/chromium, `apt-get install chromium`; .ci/run
// installs it) through playwright-core: Playwright's own browser download cannot be reached from
// these machines. Without Chromium the browser tests are skipped with the reason, except in CI
// (CI=true), where they run and fail: a CI run must never pass without them.
//
// Every page is checked the same way: no console error and no failed request (a CSP violation
// or a script error shows up as one), an axe-core accessibility audit with no violations, and a
// screenshot at desktop and phone width under test-artifacts/screenshots/ (git-ignored).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ci = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const missing = existsSync(CHROMIUM)
  ? null
  : `Chromium is not installed at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;

/** True when the browser tests must be skipped: no Chromium, outside CI. */
export const skipBrowserTests = missing !== null && !ci;
if (skipBrowserTests) console.warn(`browser tests SKIPPED: ${missing}`);

/** A browser suite's title, naming the reason when it is skipped (test/verdict/allowed-skips.ts matches it). */
export const browserSuite = (title: string): string => (skipBrowserTests ? `${title} — SKIPPED: ${missing}` : title);

const SCREENSHOTS = join(process.cwd(), 'test-artifacts', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  if (missing) throw new Error(`${missing}; CI=true, so the browser tests must run`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // As root Chromium needs --no-sandbox; the rest keeps it from reaching out to the network
    // (the tests talk to loopback only).
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
      '--metrics-recording-only',
      '--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication',
    ],
  });
}

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and failed requests seen so far. */
  problems: string[];
}

export async function openPage(browser: Browser, options: { phone?: boolean } = {}): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: options.phone ? PHONE : DESKTOP,
    deviceScaleFactor: 1,
    isMobile: options.phone === true,
    hasTouch: options.phone === true,
  });
  const page = await context.newPage();
  return { page, context, problems: watch(page) };
}

/** Another tab in the same browser context (a link opened from an email), watched the same way. */
export async function newTab(w: WatchedPage): Promise<WatchedPage> {
  const page = await w.context.newPage();
  return { page, context: w.context, problems: watch(page) };
}

/** Console errors, page errors and failed requests of a page, collected as they happen. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium logs every 4xx answer as an error; the API's refusals (409 no_claimable_slot...)
    // are answers the app handles and the tests check on screen. Anything else counts.
    if (
      m.text().startsWith('Failed to load resource') &&
      new URL(m.location().url || 'http://x/').pathname.startsWith('/validator/v1/')
    )
      return;
    problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  return problems;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is now; returns the violations. */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') does not apply.
  await page.evaluate(axeSource);
  const result = await page.evaluate<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ` +
      `'best-practice'] } })`,
  );
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * The checks every page gets: accessible (axe), no console error or failed request, and a
 * screenshot named `<name>-<desktop|phone>.png` (of the whole page, or of the viewport).
 */
export async function checkPage(w: WatchedPage, name: string, options: { viewport?: boolean } = {}): Promise<void> {
  expect(await axeViolations(w.page), `${name}: accessibility violations`).toEqual([]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const width = w.page.viewportSize()?.width ?? 0;
  // A full-page screenshot draws a sticky element where the viewport's scroll left it; the
  // viewport alone (`viewport: true`) is what the person sees.
  await w.page.screenshot({
    path: join(SCREENSHOTS, `${name}-${width <= PHONE.width ? 'phone' : 'desktop'}.png`),
    fullPage: !options.viewport,
  });
  expect(w.problems, `${name}: console errors or failed requests`).toEqual([]);
}
