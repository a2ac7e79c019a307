// The originator in a real browser: signs in with the emailed link (a browser session, no API
// key), finds the organization's project and sees its charts with the numbers of the votes cast;
// downloads the signed Proof Report, reads how to verify it, and opens the HTML export.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, type TestApp } from '../helpers/app.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { startMailingApp } from '../validator/helpers.ts';
import { seedRatedProject, type RatedProject } from '../validator/originator-seed.ts';
import { RATING_BIN_LABELS, STRENGTH_BIN_LABELS } from '../../src/domain/distributions.ts';
import {
  browserSuite,
  checkPage,
  launchBrowser,
  openPage,
  skipBrowserTests,
  type WatchedPage,
} from '../helpers/browser.ts';
import { appSignInUrl } from './helpers.ts';
import { until } from '../helpers/wait.ts';

describe.skipIf(skipBrowserTests)(browserSuite('the originator in the browser'), () => {
  let app: TestApp;
  let sink: SmtpSink;
  let close = async () => {};
  let browser: Browser;
  let w: WatchedPage;
  let seeded: RatedProject;
  let ownerEmail: string;

  beforeAll(async () => {
    // Reports answer "being prepared" at once until their job has produced them: the page must
    // say so and ask again after Retry-After (docs/decisions.md, "Reports produced by a job").
    ({ app, sink, close } = await startMailingApp({ signingKey: true, reportWaitSeconds: 0 }));
    seeded = await seedRatedProject(app, sink);
    browser = await launchBrowser();
    ownerEmail = `owner-${app.orgA.code.toLowerCase()}@example.com`;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  /** The figures table under a chart, as [label, ...cells] rows. */
  const figures = async (p: WatchedPage, chartId: string) =>
    p.page
      .locator(`#${chartId} table.data tbody tr`)
      .evaluateAll((rows) =>
        rows.map((r) =>
          Array.from(
            (r as unknown as { children: ArrayLike<{ textContent: string | null }> }).children,
            (c) => c.textContent ?? '',
          ),
        ),
      );

  it("signs in with an emailed link and finds the organization's project", async () => {
    w = await openPage(browser);
    await w.page.goto(`${app.url}/app/sign-in`);
    await w.page.getByLabel('Email address').fill(ownerEmail);
    await w.page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await w.page.getByRole('status').filter({ hasText: 'on its way' }).waitFor();
    const mail = await sink.waitFor((m) => m.to.includes(ownerEmail) && m.subject.includes('sign-in link'));
    await w.page.goto(appSignInUrl(mail.text, app.url));
    await w.page.getByRole('button', { name: 'Sign in' }).click();
    await w.page.getByRole('heading', { name: 'My projects' }).waitFor();
    await w.page.getByRole('link', { name: 'Organization' }).click();
    await w.page.getByRole('heading', { name: 'Organization projects' }).waitFor();
    const card = w.page.locator('li.org-project', { hasText: 'Support answers QA' });
    await card.waitFor(); // the heading shows before the list arrives
    expect(await card.locator('dd').allTextContents()).toEqual(['6 / 6 (100%)', '1 (17%)', 'Off']);
    await checkPage(w, 'org-projects');
    await card.getByRole('link', { name: 'Support answers QA' }).click();
    await w.page.locator('#chart-rating svg').waitFor();
  });

  it('shows the charts with the numbers of the votes cast', async () => {
    const e = seeded.expected;
    expect(await w.page.locator('#coverage').textContent()).toBe('6 / 6 (100%)');
    expect(await w.page.locator('#contested').textContent()).toBe(`${e.contested} (17%)`);
    expect(await figures(w, 'chart-rating')).toEqual(
      RATING_BIN_LABELS.map((l, i) => [l, String(e.ratingHistogram[i])]),
    );
    expect(await figures(w, 'chart-strength')).toEqual(
      STRENGTH_BIN_LABELS.map((l, i) => [l, String(e.strengthHistogram[i])]),
    );
    expect((await figures(w, 'chart-classes')).map((r) => [r[0], Number(r[1]), Number(r[2])])).toEqual(
      e.classAgreement,
    );
    expect((await figures(w, 'chart-validators')).map((r) => [r[0], Number(r[1]), Number(r[2])])).toEqual(
      e.validatorAgreement,
    );
    expect((await figures(w, 'chart-progress')).at(-1)![1]).toBe('6');
    // The pictures carry the same numbers: one bar per bin, the count on top of each non-empty one.
    expect(await w.page.locator('#chart-rating svg rect').count()).toBe(10);
    expect(await w.page.locator('#chart-rating svg desc').textContent()).toContain(
      `${RATING_BIN_LABELS[9]}: ${e.ratingHistogram[9]}`,
    );
    expect(await w.page.locator('#chart-classes svg').textContent()).toContain(
      `${Math.round((100 * e.classAgreement[0]![2]) / 6)}%`,
    );
    expect(await w.page.locator('table.list tbody tr').first().textContent()).toContain('ok');
    await checkPage(w, 'org-project');
  });

  it("shows each validator's quality card with the developer API's figures", async () => {
    const table = w.page.locator('#validator-quality');
    await table.waitFor();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((r) =>
          Array.from(
            (r as unknown as { children: ArrayLike<{ textContent: string | null }> }).children,
            (c) => c.textContent ?? '',
          ),
        ),
      );
    const cards = (await call(app, 'listValidatorQuality', { params: { projectId: seeded.projectId } })).body.data;
    expect(rows.map((r) => r[0]).sort()).toEqual(seeded.raters.map((r) => r.email).sort());
    expect(cards).toHaveLength(rows.length);
    for (const c of cards) {
      const r = rows.find((x) => x[0] === c.email)!;
      expect(r[1]).toBe('Active');
      expect(r[3]).toBe(String(c.votes));
      expect(r[4]).toBe('0');
      expect(r[8]).toBe(`${c.agreement.meanAbsoluteDifference!.toFixed(1)} (${c.agreement.datapoints})`);
      expect(r[10]).toBe(c.raterModel!.inconsistency.toFixed(1));
    }
    await checkPage(w, 'org-project-validators');
  });

  it('downloads the cards (CSV, JSON) and the agreement matrix, the files the developer API exports', async () => {
    const buttons = {
      csv: 'Download the cards (CSV)',
      json: 'Download the cards (JSON)',
      agreement_csv: 'Download the agreement matrix (CSV)',
    };
    for (const format of ['csv', 'json', 'agreement_csv'] as const) {
      const [download] = await Promise.all([
        w.page.waitForEvent('download'),
        w.page.getByRole('button', { name: buttons[format] }).click(),
      ]);
      const text = readFileSync((await download.path())!, 'utf8');
      const api = await call(app, 'exportValidatorQuality', {
        params: { projectId: seeded.projectId },
        query: { format },
      });
      expect(api.status).toBe(200);
      expect(download.suggestedFilename()).toBe(api.body.filename);
      if (format !== 'json') expect(text).toBe(api.body.content);
      else expect(JSON.parse(text).cards).toEqual(JSON.parse(api.body.content).cards);
    }
  });

  /** A live pause of the validator on the seeded project, as the gold rule writes one (test/validator/gold.test.ts). */
  const pause = (userId: string) => app.sql`
    insert into validator_pauses (id, org_id, project_id, user_id, reason, gold_votes, mean_absolute_error,
      lower_bound, threshold)
    values (gen_random_uuid(), ${app.orgA.id}, ${seeded.projectId}, ${userId}, 'gold_error', 10, 42.5, 31.25, 15)`;

  /** Lifts a paused validator's pause with the control in its row, on a page showing the project. */
  async function liftInBrowser(p: WatchedPage, rater: { email: string; userId: string }, screenshot: string) {
    await pause(rater.userId);
    await p.page.reload();
    const tr = p.page.locator(`#validator-quality tr[data-validator="${rater.userId}"]`);
    await tr.waitFor();
    const status = tr.locator('td.status');
    expect(await status.locator('.badge').textContent()).toBe('Paused');
    expect(await status.locator('.why').textContent()).toBe('gold MAE 42.5 (at least 31.3) > 15');
    await tr.scrollIntoViewIfNeeded();
    await checkPage(p, screenshot);
    await p.page.getByRole('button', { name: `Lift the pause of ${rater.email}` }).click();
    await p.page
      .locator('#validator-quality-status')
      .filter({ hasText: `The pause of ${rater.email} is lifted` })
      .waitFor();
    expect(await status.textContent()).toBe('Active');
    const cards = (await call(app, 'listValidatorQuality', { params: { projectId: seeded.projectId } })).body.data;
    expect(cards.find((c: any) => c.validatorId === rater.userId)).toMatchObject({ paused: false, pause: null });
    const [row] = await app.sql`select lifted_at, lifted_by from validator_pauses
      where project_id = ${seeded.projectId} and user_id = ${rater.userId} order by paused_at desc limit 1`;
    expect(row!.lifted_at).not.toBeNull();
    // Lifted by the signed-in originator, as the developer API's lift records its caller.
    const [owner] = await app.sql`select id from users where email = ${ownerEmail}`;
    expect(row!.lifted_by).toBe(owner!.id);
    await checkPage(p, `${screenshot}-lifted`);
  }

  it("lifts a paused validator's pause from its quality card", async () => {
    await liftInBrowser(w, seeded.raters[0]!, 'org-project-validator-paused');
  });

  it("downloads the signed Proof Report, which equals the developer API's", async () => {
    const [download] = await Promise.all([
      w.page.waitForEvent('download'),
      w.page.getByRole('status').filter({ hasText: 'being built and signed' }).waitFor(),
      w.page.getByRole('button', { name: 'Download the signed Proof Report' }).click(),
    ]);
    const saved = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    const viaKey = await call(app, 'getProofReport', { params: { projectId: seeded.projectId } });
    expect(saved).toEqual(viaKey.body);
    expect(download.suggestedFilename()).toBe(`${viaKey.body.reportId}.json`);
    await w.page.getByRole('status').filter({ hasText: viaKey.body.reportId }).waitFor();
  });

  it("shows the project's alpha with its interval, as the signed Proof Report carries it", async () => {
    await w.page.getByRole('button', { name: 'Show alpha with its 95% interval' }).click();
    await w.page.locator('#alpha-value').waitFor();
    const report = await until(
      () => call(app, 'getProofReport', { params: { projectId: seeded.projectId } }),
      (r) => r.status === 200,
    );
    const a = report.body.payload.statistics!.alpha;
    const three = (x: string) => Number(x).toFixed(3);
    expect(await w.page.locator('#alpha-value').textContent()).toBe(three(a.value!));
    expect(await w.page.locator('#alpha-ci').textContent()).toBe(`${three(a.ci95![0])} – ${three(a.ci95![1])}`);
    expect(await w.page.locator('#alpha-p800').textContent()).toBe(
      `${(100 * Number(a.pAlphaBelow!['0.800'])).toFixed(1)}%`,
    );
    const groups = await w.page.locator('#alpha-groups tbody th').allTextContents();
    expect(groups).toEqual([
      ...report.body.payload.statistics!.alphaByClass.map(
        (c: any) => `Class ${c.classId} (${c.type === 'ai' ? 'AI' : 'human'})`,
      ),
      'Human classes',
      'AI classes',
    ]);
    await w.page.locator('#reliability-title').scrollIntoViewIfNeeded();
    await checkPage(w, 'org-project-reliability');
  });

  it('explains how to verify it, with both scripts in full', async () => {
    await w.page.getByRole('link', { name: 'How to verify it' }).click();
    await w.page.getByRole('heading', { name: /^Verify the Proof Report/ }).waitFor();
    expect(await w.page.locator('pre.code code').allTextContents()).toEqual(
      expect.arrayContaining([
        readFileSync('verify/verify_report.py', 'utf8'),
        readFileSync('verify/verify_report.sh', 'utf8'),
      ]),
    );
    expect(await w.page.getByRole('link', { name: 'Download jwks.json' }).getAttribute('href')).toBe(
      `${app.url}/.well-known/jwks.json`,
    );
    await checkPage(w, 'verify');
    await w.page.goBack();
    await w.page.locator('#chart-rating svg').waitFor();
  });

  it('downloads the HTML export: a styled, self-contained document with the charts', async () => {
    const [download] = await Promise.all([
      w.page.waitForEvent('download'),
      w.page.getByRole('status').filter({ hasText: 'a large project takes a while' }).waitFor(),
      w.page.getByRole('button', { name: /Readable report \(HTML\)/ }).click(),
    ]);
    const html = readFileSync((await download.path())!, 'utf8');
    expect(download.suggestedFilename()).toMatch(/^assay-report-.*\.html$/);
    const doc = await openPage(browser);
    const requests: string[] = [];
    doc.page.on('request', (r) => requests.push(r.url()));
    await doc.page.setContent(html);
    expect(requests).toEqual([]); // nothing loaded from anywhere
    expect(await doc.page.locator('svg[role="img"]').count()).toBe(2);
    expect(await doc.page.getByRole('heading', { name: 'How to verify' }).count()).toBe(1);
    await checkPage(doc, 'export-html');
    await doc.context.close();
  });

  it('shows the headline result, filters the datapoints, opens one with its votes, pauses the project', async () => {
    // The previous test's download is cut off by this navigation (a download, not a page request).
    await w.page.goto(`${app.url}/app/org/projects/${seeded.projectId}`);
    w.problems.length = 0;
    const result = w.page.locator('section.result-card');
    await result.waitFor();
    // The figures a Proof Report states, computed here from the developer API's consensus.
    const list = await call(app, 'listDatapoints', { params: { projectId: seeded.projectId }, query: { limit: 100 } });
    const decisions = await Promise.all(
      list.body.data!.map(
        async (d: { id: string }) =>
          (await call(app, 'getDatapointConsensus', { params: { datapointId: d.id } })).body as {
            qualityRatingMean: number;
            consensusStrength: number;
          },
      ),
    );
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const quality = Math.round(mean(decisions.map((d) => d.qualityRatingMean)));
    const strength = Math.round(100 * mean(decisions.map((d) => d.consensusStrength)));
    expect(await result.textContent()).toContain(
      `Quality rating ${quality} / 100 · consensus strength ${strength} / 100`,
    );
    expect(await w.page.locator('h1 .badge').textContent()).toBe('Finished');
    await w.page.getByRole('link', { name: 'Datapoints, votes and decisions' }).click();
    await w.page.locator('table.datapoints').waitFor();
    expect(await w.page.locator('table.datapoints tbody tr').count()).toBe(6);
    await checkPage(w, 'org-datapoints');
    // Filter: contested only, by keyboard-reachable form controls; the filter is kept in the address.
    await w.page.getByLabel('Contested', { exact: true }).selectOption('true');
    await w.page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => w.page.locator('table.datapoints tbody tr').count()).toBe(seeded.expected.contested);
    expect(new URL(w.page.url()).searchParams.get('contested')).toBe('true');
    await w.page.locator('table.datapoints tbody a').first().click();
    await w.page.getByRole('heading', { name: /^Datapoint / }).waitFor();
    expect(await w.page.locator('table.votes tbody tr').count()).toBeGreaterThanOrEqual(2);
    // Each vote names its validator by the report's pseudonym too: one per validator.
    const voteRows = await w.page
      .locator('table.votes tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent ?? '')));
    for (const r of voteRows) expect(r[1]).toMatch(/^v-[0-9a-f]{12}$/);
    expect(new Set(voteRows.map((r) => r[1])).size).toBe(new Set(voteRows.map((r) => r[0])).size);
    expect(await w.page.locator('section', { hasText: 'Decision' }).first().textContent()).toContain('ContestedYes');
    await checkPage(w, 'org-datapoint');
    // Controls: pause, then resume, through the session.
    await w.page.goto(`${app.url}/app/org/projects/${seeded.projectId}`);
    await w.page.getByRole('button', { name: 'Pause rating' }).click();
    await w.page.getByText('The project is paused: nothing can be claimed or rated.').waitFor();
    expect(await w.page.locator('h1 .badge').textContent()).toBe('Paused');
    expect((await call(app, 'getProject', { params: { projectId: seeded.projectId } })).body.paused).toBe(true);
    await w.page.getByRole('button', { name: 'Resume rating' }).click();
    await w.page.getByText('The project is resumed.').waitFor();
    await checkPage(w, 'org-project-controls');
  });

  it('invites a validator with a class from the browser, and cancels an invite', async () => {
    await w.page.goto(`${app.url}/app/org/projects/${seeded.projectId}`);
    const invites = w.page.locator('section', { has: w.page.getByRole('heading', { name: 'Invite validators' }) });
    await invites.getByText('No pending or cancelled invites.').waitFor();
    // A class needs its evidence: said, and nothing is sent.
    await invites.getByLabel('Email address').fill('browser-invitee@example.com');
    await invites.getByLabel('Validator class').selectOption('senior');
    await invites.getByRole('button', { name: 'Invite', exact: true }).click();
    await invites.getByText('Say why this person belongs to the class.').waitFor();
    await invites.getByLabel(/^Evidence for the class/).fill('Reviewed support answers for two years.');
    await invites.getByRole('button', { name: 'Invite', exact: true }).click();
    await invites.getByText('browser-invitee@example.com is invited; the email is on its way.').waitFor();
    const mail = await sink.waitFor((m) => m.to.includes('browser-invitee@example.com'));
    expect(mail.subject).toBe('Invitation to validate "Support answers QA" on Assay');
    expect(mail.text).toContain(`${ownerEmail} has invited you`);
    // The developer API sees the same invite, made by the signed-in originator, with its class.
    const listed = await call(app, 'listProjectInvites', { params: { projectId: seeded.projectId } });
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        email: 'browser-invitee@example.com',
        status: 'pending',
        invitedByEmail: ownerEmail,
        activeClassIds: ['senior'],
      }),
    ]);
    // Without the email: invited, nothing mailed; then cancelled from its row.
    await invites.getByLabel('Email address').fill('quiet-invitee@example.com');
    await invites.getByLabel('Validator class').selectOption('');
    await invites.getByLabel('Send the invitation email now').uncheck();
    await invites.getByRole('button', { name: 'Invite', exact: true }).click();
    await invites.getByText('quiet-invitee@example.com is invited.').waitFor();
    await invites.getByRole('button', { name: 'Cancel the invite of quiet-invitee@example.com' }).click();
    await invites.getByText('The invite of quiet-invitee@example.com is cancelled.').waitFor();
    await invites
      .locator('li', { hasText: 'quiet-invitee@example.com' })
      .getByText(/cancelled/)
      .waitFor();
    const after = await call(app, 'listProjectInvites', { params: { projectId: seeded.projectId } });
    expect(after.body.data?.map((i) => [i.email, i.status, i.emailSentAt === null])).toEqual([
      ['quiet-invitee@example.com', 'cancelled', true],
      ['browser-invitee@example.com', 'pending', false],
    ]);
    await checkPage(w, 'org-project-invites');
  });

  it('searches the organization projects by name', async () => {
    await w.page.goto(`${app.url}/app/org`);
    await w.page.getByLabel('Search projects by name').fill('support answers');
    await w.page.keyboard.press('Enter');
    await w.page.getByRole('status').filter({ hasText: 'for “support answers”' }).waitFor();
    expect(await w.page.locator('li.org-project').count()).toBe(1);
    await w.page.getByLabel('Search projects by name').fill('no such project');
    await w.page.keyboard.press('Enter');
    await w.page.getByText('No project’s name contains “no such project”.').waitFor();
  });

  it('works at phone width', async () => {
    const token = await w.page.evaluate<string | null>(`localStorage.getItem('assay.session')`);
    const phone = await openPage(browser, { phone: true });
    await phone.page.goto(`${app.url}/app/sign-in`);
    await phone.page.evaluate(
      `localStorage.setItem('assay.session', ` +
        `${JSON.stringify(token)}); localStorage.setItem('assay.email', ${JSON.stringify(ownerEmail)})`,
    );
    await phone.page.goto(`${app.url}/app/org`);
    await phone.page.locator('li.org-project').first().waitFor();
    await checkPage(phone, 'org-projects');
    await phone.page.goto(`${app.url}/app/org/projects/${seeded.projectId}`);
    await phone.page.locator('#chart-progress svg').waitFor();
    expect(await figures(phone, 'chart-rating')).toEqual(
      RATING_BIN_LABELS.map((l, i) => [l, String(seeded.expected.ratingHistogram[i])]),
    );
    await checkPage(phone, 'org-project');
    await liftInBrowser(phone, seeded.raters[1]!, 'org-project-validator-paused');
    await phone.page.getByRole('button', { name: 'Show alpha with its 95% interval' }).click();
    await phone.page.locator('#alpha-value').waitFor();
    await phone.page.locator('#reliability-title').scrollIntoViewIfNeeded();
    await checkPage(phone, 'org-project-reliability');
    await phone.page.goto(`${app.url}/app/org/projects/${seeded.projectId}/datapoints`);
    await phone.page.locator('table.datapoints').waitFor();
    await checkPage(phone, 'org-datapoints');
    await phone.page.locator('table.datapoints tbody a').first().click();
    await phone.page.locator('table.votes').waitFor();
    await checkPage(phone, 'org-datapoint');
    await phone.page.goto(`${app.url}/app/org/projects/${seeded.projectId}/verify`);
    await phone.page.locator('pre.code').first().waitFor();
    await checkPage(phone, 'verify');
    await phone.context.close();
    // The export document at phone width too, in a blank page of its own.
    const e = await call(app, 'getReportExport', {
      params: { projectId: seeded.projectId },
      query: { format: 'verifiable_html' },
    });
    const doc = await openPage(browser, { phone: true });
    await doc.page.setContent(await (await fetch(e.body.url)).text());
    await checkPage(doc, 'export-html');
    await doc.context.close();
  });
});
