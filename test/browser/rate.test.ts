// The validator's journey in a real browser (Chromium through playwright-core), against a real
// server, worker, Postgres, S3 and SMTP sink: an originator invites a colleague, the invitation
// email's link opens the web app, which signs in by POST; the colleague rates three datapoints
// with the keyboard alone and the votes are the consensus the developer API reports; a skip
// releases the claim; a lapsed claim and a paused project say so.
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
  openPage,
  skipBrowserTests,
  type WatchedPage,
} from '../helpers/browser.ts';
import { appSignInUrl } from './helpers.ts';
import * as fx from '../helpers/fixtures.ts';

const spec = (instructions: string) => ({
  version: '1.0.0',
  dataset: { format: 'csv', idField: 'id' },
  validation: { validatorsPerDatapoint: 1, instructions },
});

describe.skipIf(skipBrowserTests)(browserSuite('rating in the browser'), () => {
  let app: TestApp;
  let sink: SmtpSink;
  let close = async () => {};
  let browser: Browser;
  let w: WatchedPage;
  let projectId: string;
  let otherProjectId: string;
  const datapointOfRow = new Map<string, string>();

  beforeAll(async () => {
    ({ app, sink, close } = await startMailingApp());
    browser = await launchBrowser();
    projectId = await createProject(
      app,
      'Support answers',
      spec(
        'Rate **correctness**: 100 when the answer is fully right, 0 when it is wrong.\n\n- Ignore tone\n- Check ' +
          'numbers',
      ),
    );
    const csv =
      'id,question,answer\n1,What is 2+2?,4\n2,Capital of France?,Paris\n3,Largest planet?,Jupiter\n4,Boiling point ' +
      'of water at sea level?,100 °C\n5,Author of Hamlet?,Shakespeare\n';
    const { status } = await ingest(app, projectId, { 'answers.csv': csv });
    expect(status.run.status).toBe('ok');
    const list = await call(app, 'listDatapoints', { params: { projectId }, query: { limit: 100 } });
    for (const d of list.body.data!) datapointOfRow.set(String(d.sourceRow), d.id);
    otherProjectId = await createProject(app, 'Paused survey', spec('Rate it.'));
    await ingest(app, otherProjectId, { 'survey.csv': 'id,text\n1,hello\n' });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  /** The CSV id of the datapoint on screen (the record table's `id` row). */
  const rowOn = async (p: WatchedPage) =>
    (await p.page
      .locator('table.record tr', { has: p.page.locator('th', { hasText: /^id$/ }) })
      .locator('td')
      .textContent())!;
  const shownRow = () => rowOn(w);
  const sessionToken = () => w.page.evaluate<string | null>(`localStorage.getItem('assay.session')`);

  it('the invitation link opens the app, which signs in by POST and lists my projects', async () => {
    const invite = await call(app, 'createInvite', { params: { projectId }, body: { email: 'rater@example.com' } });
    expect(invite.status).toBe(200);
    const mail = await sink.waitFor((m) => m.to.includes('rater@example.com'));
    w = await openPage(browser);
    const requests: string[] = [];
    w.page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
    // A second invitation, to a project that will be paused, waits to be accepted in the app.
    expect(
      (await call(app, 'createInvite', { params: { projectId: otherProjectId }, body: { email: 'rater@example.com' } }))
        .status,
    ).toBe(200);
    await w.page.goto(appSignInUrl(mail.text, app.url));
    // The page takes the token out of the address bar, names the account the link signs in as
    // (asked without using the link) and waits for the person: loading it (as a mail scanner's
    // browser would) redeems nothing.
    const confirm = w.page.getByRole('button', { name: 'Sign in as rater@example.com' });
    await confirm.waitFor();
    expect(w.page.url()).toBe(`${app.url}/app/sign-in`);
    expect(requests.filter((r) => r.includes('/validator/v1/'))).toEqual(['POST /validator/v1/sign-in-links/inspect']);
    expect(await w.page.evaluate(`document.activeElement?.textContent`)).toBe('Sign in as rater@example.com');
    await checkPage(w, 'sign-in-link');
    await w.page.keyboard.press('Enter');
    await w.page.getByRole('heading', { name: 'My projects' }).waitFor();
    // Redeemed by POST, never by a GET.
    expect(requests).toContain('POST /validator/v1/sessions');
    expect(requests.filter((r) => r.startsWith('GET /validator/v1/sign-in'))).toEqual([]);
    expect(w.page.url()).toBe(`${app.url}/app/`);
    expect(await w.page.getByRole('status').first().textContent()).toContain('Signed in as rater@example.com');
    await w.page.getByRole('button', { name: 'Accept the invitation to Paused survey' }).click();
    await w.page.getByRole('status').filter({ hasText: 'You joined Paused survey.' }).waitFor();

    // The paused project is flagged; archived ones are hidden.
    const me = await call(app, 'listValidators', { query: { email: 'rater@example.com' } });
    const userId = me.body.validator!.userId as string;
    const archivedId = await createProject(app, 'Old archived project', spec('Rate it.'));
    expect(
      (
        await call(app, 'assignValidator', {
          params: { validatorId: userId },
          body: { projects: [{ id: archivedId }] },
        })
      ).status,
    ).toBe(200);
    await call(app, 'updateProject', { params: { projectId: otherProjectId }, body: { paused: true } });
    await call(app, 'updateProject', { params: { projectId: archivedId }, body: { archived: true } });
    await w.page.reload();
    const cards = w.page.locator('li.project');
    await expect.poll(() => cards.count()).toBe(2);
    const paused = cards.filter({ hasText: 'Paused survey' });
    expect(await paused.locator('.badge').textContent()).toBe('Paused');
    expect(await paused.getByRole('link').count()).toBe(0);
    const active = cards.filter({ hasText: 'Support answers' });
    expect(await active.locator('dd').allTextContents()).toEqual(['0', '0', '5']);
    expect(await w.page.getByText('Old archived project').count()).toBe(0);
    await checkPage(w, 'my-projects');
  });

  it('rates three datapoints with the keyboard alone; the votes are the consensus the API reports', async () => {
    // Tab to the project's "Start rating" link and press Enter: no mouse anywhere.
    await w.page.keyboard.press('Tab'); // skip link
    let focused = '';
    for (let i = 0; i < 12 && !focused.startsWith('Start rating Support answers'); i++) {
      await w.page.keyboard.press('Tab');
      focused = await w.page.evaluate<string>(
        `document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''`,
      );
    }
    expect(focused).toBe('Start rating Support answers');
    await w.page.keyboard.press('Enter');
    await w.page.locator('table.record').waitFor();
    // The record is shown as written: the CSV header's order, not jsonb's (shortest key first).
    expect(await w.page.locator('table.record th').allTextContents()).toEqual(['id', 'question', 'answer']);
    // The instructions are Markdown, rendered.
    expect(await w.page.locator('.instructions strong').textContent()).toBe('correctness');
    expect(await w.page.locator('.instructions li').count()).toBe(2);
    expect(await w.page.locator('.timer').textContent()).toMatch(/Reserved for you for (10:00|9:\d\d) more/);
    // The rating field has focus: typing goes straight in.
    expect(await w.page.evaluate(`document.activeElement?.id`)).toBe('rating');
    await checkPage(w, 'rate');

    const rated = new Map<string, number>();
    const rate = async (keys: string[], expected: number) => {
      const row = await shownRow();
      for (const k of keys) await w.page.keyboard.press(k);
      expect(await w.page.locator('#rating').inputValue()).toBe(String(expected));
      await w.page.keyboard.press('Enter');
      await w.page
        .getByRole('status')
        .filter({ hasText: `Rating ${expected} recorded` })
        .waitFor();
      await expect.poll(shownRow).not.toBe(row);
      rated.set(row, expected);
    };
    await rate(['8', '5'], 85); // digits
    await rate(['4', '0', 'ArrowUp', 'ArrowUp'], 42); // digits, then arrows
    await rate(['ArrowUp', 'Shift+ArrowUp', 'Shift+ArrowUp', 'ArrowDown'], 69); // arrows alone start at 50
    expect(await w.page.locator('.progress').textContent()).toBe('Rated today: 3 · overall: 3 · left for you: 2');

    for (const [row, rating] of rated) {
      const c = await call(app, 'getDatapointConsensus', { params: { datapointId: datapointOfRow.get(row)! } });
      expect(c.status).toBe(200);
      expect(c.body).toMatchObject({ qualityRatingMean: rating, qualityRatingMedian: rating, consensusStrength: 1 });
    }
  });

  it('S skips: the next datapoint is loaded, the skipped claim is released, and it is not offered again', async () => {
    const skippedRow = await shownRow();
    // Inside the rating field S is not a shortcut.
    await w.page.keyboard.press('s');
    expect(await w.page.getByRole('status').textContent()).not.toContain('Skipped');
    await w.page.locator('h1').focus();
    await w.page.keyboard.press('s');
    await w.page.getByRole('status').filter({ hasText: 'Skipped' }).waitFor();
    const nextRow = await shownRow();
    expect(nextRow).not.toBe(skippedRow);
    // Released, and sticky for this person: three rated, one held on screen, the skipped one not
    // offered again; asked for skipped datapoints, they get it (it was released).
    const token = await sessionToken();
    const none = await call(app, 'claimSlot', { key: token, params: { projectId } });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('no_claimable_slot');
    const again = await call(app, 'claimSlot', { key: token, params: { projectId }, query: { includeSkipped: true } });
    expect(again.status).toBe(201);
    expect(again.body.datapointId).toBe(datapointOfRow.get(skippedRow));
    expect((await call(app, 'releaseClaim', { key: token, params: { slotId: again.body.slotId } })).status).toBe(204);
  });

  it('a lapsed claim says so and nothing is recorded; a paused project says so', async () => {
    const row = await shownRow();
    // The claim runs out (as ten minutes would do) while the page still shows it.
    await fx.expireClaimsOn(app.sql, datapointOfRow.get(row)!);
    await w.page.keyboard.type('70');
    await w.page.keyboard.press('Enter');
    const alert = w.page.getByRole('alert').filter({ hasText: 'Your claim lapsed' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('was not recorded');
    expect(
      (await call(app, 'getDatapointConsensus', { params: { datapointId: datapointOfRow.get(row)! } })).body.error.code,
    ).toBe('consensus_not_finalized');
    await checkPage(w, 'rate-lapsed');

    await call(app, 'updateProject', { params: { projectId }, body: { paused: true } });
    // The focused "Rate the next datapoint" button, by keyboard.
    expect(await w.page.evaluate(`document.activeElement?.textContent`)).toBe('Rate the next datapoint');
    await w.page.keyboard.press('Enter');
    await w.page.getByRole('heading', { name: 'This project is paused' }).waitFor();
    await checkPage(w, 'rate-paused');
    await call(app, 'updateProject', { params: { projectId }, body: { paused: false } });
  });

  it('works at phone width', async () => {
    const token = await sessionToken();
    const phone = await openPage(browser, { phone: true });
    await phone.page.goto(`${app.url}/app/sign-in`);
    await phone.page.evaluate(
      `localStorage.setItem('assay.session', ` +
        `${JSON.stringify(token)}); localStorage.setItem('assay.email', 'rater@example.com')`,
    );
    await phone.page.goto(`${app.url}/app/`);
    await phone.page.getByRole('heading', { name: 'Support answers' }).waitFor();
    await checkPage(phone, 'my-projects');
    await phone.page.getByRole('link', { name: 'Start rating Support answers' }).tap();
    await phone.page.locator('table.record').waitFor();
    // Touch alone: the slider sets the rating, the button submits.
    const row = await rowOn(phone);
    await phone.page.locator('.slider').fill('77');
    expect(await phone.page.locator('#rating').inputValue()).toBe('77');
    await checkPage(phone, 'rate');
    await phone.page.getByRole('button', { name: 'Submit rating' }).tap();
    await phone.page.getByRole('status').filter({ hasText: 'Rating 77 recorded' }).waitFor();
    const c = await call(app, 'getDatapointConsensus', { params: { datapointId: datapointOfRow.get(row!)! } });
    expect(c.body.qualityRatingMean).toBe(77);
    await phone.context.close();
  });

  it('counts the claim down and says when it ran out, before any vote', async () => {
    // A datapoint of its own (the phone test's page still holds the last one's claim).
    expect(
      (await ingest(app, projectId, { 'more.csv': 'id,question,answer\n6,Speed of light?,299792 km/s\n' })).status.run
        .status,
    ).toBe('ok');
    const token = await sessionToken();
    const p = await openPage(browser);
    await p.page.clock.install(); // the page's own clock, moved forward below
    await p.page.goto(`${app.url}/app/sign-in`);
    await p.page.evaluate(
      `localStorage.setItem('assay.session', ` +
        `${JSON.stringify(token)}); localStorage.setItem('assay.email', 'rater@example.com')`,
    );
    await p.page.goto(`${app.url}/app/projects/${projectId}/rate`);
    await p.page.locator('table.record').waitFor();
    await p.page.clock.fastForward('09:05');
    await p.page
      .locator('.timer.warn')
      .filter({ hasText: /0:[45]\d more — rate it soon/ })
      .waitFor();
    await p.page.clock.fastForward('01:00');
    const alert = p.page.getByRole('alert').filter({ hasText: 'Your claim lapsed' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('nothing was recorded');
    // The form is out of reach; the way on has focus.
    expect(await p.page.locator('form.rate').getAttribute('inert')).toBe('');
    expect(await p.page.evaluate(`document.activeElement?.textContent`)).toBe('Rate the next datapoint');
    await p.context.close();
  });

  it('an archived project says so, during a claim and when opened', async () => {
    expect(
      (await ingest(app, projectId, { 'last.csv': 'id,question,answer\n7,Chemical symbol of gold?,Au\n' })).status.run
        .status,
    ).toBe('ok');
    await w.page.goto(`${app.url}/app/projects/${projectId}/rate`);
    await w.page.locator('table.record').waitFor();
    await call(app, 'updateProject', { params: { projectId }, body: { archived: true } });
    try {
      await w.page.keyboard.type('60');
      await w.page.keyboard.press('Enter');
      await w.page.getByRole('heading', { name: 'This project is closed' }).waitFor();
      await checkPage(w, 'rate-archived');
      await w.page.goto(`${app.url}/app/projects/${projectId}/rate`);
      await w.page.getByRole('heading', { name: 'Project not available' }).waitFor();
      expect(await w.page.getByRole('alert').textContent()).toContain('archived by its owner');
    } finally {
      await call(app, 'updateProject', { params: { projectId }, body: { archived: false } });
    }
  });

  it('signs out: the session is revoked and the app asks to sign in again', async () => {
    const token = await sessionToken();
    await w.page.goto(`${app.url}/app/`);
    await w.page.getByRole('button', { name: 'Sign out' }).click();
    await w.page.getByText('You are signed out.').waitFor();
    expect(await sessionToken()).toBeNull();
    expect((await call(app, 'listMyProjects', { key: token })).status).toBe(401);
    await checkPage(w, 'sign-in');
    // The "email me a link" form sends a new link to a known address.
    await w.page.getByLabel('Email address').fill('rater@example.com');
    await w.page.keyboard.press('Enter');
    await w.page.getByRole('status').filter({ hasText: 'on its way' }).waitFor();
    await sink.waitFor((m) => m.to.includes('rater@example.com') && m.subject.includes('sign-in link'));
    await checkPage(w, 'email-link-sent');
  });
});
