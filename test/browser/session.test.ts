// A session that ends while the app is open (expired, revoked, signed out in another tab) sends
// the person to sign-in from every page, whether the page is loading or a button's action finds
// out; signing in again returns them to the page they were on (a deep link survives).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, type TestApp } from '../helpers/app.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { ingest } from '../helpers/uploads.ts';
import { acceptAllInvites, createProject, signIn, startMailingApp } from '../validator/helpers.ts';
import { browserSuite, checkPage, launchBrowser, openPage, skipBrowserTests } from '../helpers/browser.ts';
import { appSignInUrl } from './helpers.ts';

describe.skipIf(skipBrowserTests)(browserSuite('an ended session in the browser'), () => {
  let app: TestApp;
  let sink: SmtpSink;
  let close = async () => {};
  let browser: Browser;
  let projectId: string;
  let email: string;

  beforeAll(async () => {
    ({ app, sink, close } = await startMailingApp());
    browser = await launchBrowser();
    email = `owner-${app.orgA.code.toLowerCase()}@example.com`;
    projectId = await createProject(app, 'Session project', {
      version: '1.0.0',
      dataset: { format: 'csv', idField: 'id' },
      validation: { validatorsPerDatapoint: 1, instructions: 'Rate it.' },
    });
    const { status } = await ingest(app, projectId, { 'a.csv': 'id,text\n1,hello\n2,world\n' });
    expect(status.run.status).toBe('ok');
    // The organization's originator is also invited to rate, so every page is theirs to open.
    expect((await call(app, 'createInvite', { params: { projectId }, body: { email } })).status).toBe(200);
    const first = await signIn(app, sink, email);
    await acceptAllInvites(app, first.sessionToken);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  /** A session of the person that is then signed out on the server. */
  const endedSession = async (): Promise<string> => {
    const s = await signIn(app, sink, email);
    expect((await call(app, 'deleteValidatorSession', { key: s.sessionToken })).status).toBe(204);
    return s.sessionToken;
  };

  const pages = () => [
    '/app/',
    `/app/projects/${projectId}/rate`,
    '/app/org',
    `/app/org/projects/${projectId}`,
    `/app/org/projects/${projectId}/verify`,
  ];

  it('every page, loaded with an ended session, sends the person to sign-in', async () => {
    const token = await endedSession();
    for (const path of pages()) {
      const w = await openPage(browser);
      await w.page.goto(`${app.url}/app/sign-in`);
      await w.page.evaluate(
        ([t, e]) => {
          localStorage.setItem('assay.session', t);
          localStorage.setItem('assay.email', e);
        },
        [token, email],
      );
      await w.page.goto(app.url + path);
      await w.page.getByText('Your session has ended. Sign in again').waitFor();
      expect(new URL(w.page.url()).pathname, path).toBe('/app/sign-in');
      expect(await w.page.evaluate(`localStorage.getItem('assay.session')`)).toBeNull();
      if (path === '/app/') await checkPage(w, 'session-ended');
      await w.context.close();
    }
  });

  it(
    "a button's action that finds the session ended sends the person to sign-in, and signing in returns " + 'them',
    async () => {
      const w = await openPage(browser);
      const s = await signIn(app, sink, email);
      await w.page.goto(`${app.url}/app/sign-in`);
      await w.page.evaluate(
        ([t, e]) => {
          localStorage.setItem('assay.session', t);
          localStorage.setItem('assay.email', e);
        },
        [s.sessionToken, email],
      );
      const deepLink = `/app/org/projects/${projectId}`;
      await w.page.goto(app.url + deepLink);
      const exportButton = w.page.locator('ul.exports button[data-format="csv"]');
      await exportButton.waitFor();
      // Signed out elsewhere while the page is open.
      expect((await call(app, 'deleteValidatorSession', { key: s.sessionToken })).status).toBe(204);
      await exportButton.click();
      await w.page.getByText('Your session has ended. Sign in again').waitFor();
      expect(new URL(w.page.url()).pathname).toBe('/app/sign-in');

      // Signing in again (the emailed link, in the same browser) returns to the page left.
      const before = sink.messages.length;
      await w.page.getByLabel('Email address').fill(email);
      await w.page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await w.page.getByRole('status').filter({ hasText: 'on its way' }).waitFor();
      const mail = await sink.waitFor((m) => m.to.includes(email) && sink.messages.indexOf(m) >= before);
      await w.page.goto(appSignInUrl(mail.text, app.url));
      await w.page.getByRole('button', { name: 'Sign in' }).click();
      await w.page.locator('ul.exports button[data-format="csv"]').waitFor();
      expect(new URL(w.page.url()).pathname).toBe(deepLink);
      await w.context.close();
    },
  );
});
