// AI validators in the originator's web pages: the roster row of an AI validator shows its served
// model and whether its configuration is in shadow or active; the AI configurations table lists
// each configuration with its calibration (the developer API's figures); the agreement matrix
// lists every pair of validators with its shared datapoints; at desktop and phone width, free of
// accessibility violations.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';
import {
  browserSuite,
  checkPage,
  launchBrowser,
  openPage,
  skipBrowserTests,
  type WatchedPage,
} from '../helpers/browser.ts';

const classes = [
  { id: 'reviewer', label: 'Reviewer', type: 'human', rewardCents: 0, stakeWei: '0', consensusWeight: 1, model: null },
  { id: 'judge', label: 'Judge', type: 'ai', rewardCents: 0, stakeWei: '0', consensusWeight: 1, model: 'judge-1' },
];

const provenance = (template: string) => ({
  model: 'judge-1-2026-01',
  provider: 'openai',
  promptTemplateSha256: createHash('sha256').update(template).digest('hex'),
  promptSha256: 'b'.repeat(64),
  outputSha256: 'c'.repeat(64),
  sampling: { temperature: 0, seed: 7 },
  scoring: 'parsed_integer' as const,
});

describe.skipIf(skipBrowserTests)(browserSuite('AI validators in the browser'), () => {
  let app: TestApp;
  let browser: Browser;
  let projectId: string;
  let token: string;
  const ownerEmail = () => `owner-${app.orgA.code.toLowerCase()}@example.com`;

  beforeAll(async () => {
    app = await startTestApp({ worker: false });
    const created = await call(app, 'createProject', {
      body: {
        name: 'Judged answers',
        spec: {
          version: '1.0.0',
          dataset: { format: 'jsonl' },
          validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
          consensus: { minStrength: 0, maxEscalations: 0 },
          calibration: { minItems: 10, minConcordance: 0.5 },
          validators: { classes },
        },
      },
    });
    expect(created.status).toBe(201);
    projectId = created.body.projectId;
    await fx.addDatapoints(app.sql, projectId, 12, { slotsPerDatapoint: 2 });
    const people = [];
    for (const classId of ['judge', 'reviewer', 'reviewer']) {
      const m = await fx.member(app, app.orgA.id, { validator: true });
      const a = await call(app, 'assignValidator', {
        params: { validatorId: m.id },
        body: { projects: [{ id: projectId, classId, evidenceNote: classId }] },
      });
      expect(a.status).toBe(200);
      people.push((await fx.signInDirect(app, m.email)).sessionToken);
    }
    const rate = async (key: string, rating: number, prov?: ReturnType<typeof provenance>) => {
      const c = await call(app, 'claimSlot', { key, params: { projectId } });
      expect(c.status).toBe(201);
      const body = prov ? { rating, provenance: prov } : { rating };
      expect((await call(app, 'submitVote', { key, params: { slotId: c.body.slotId }, body })).status).toBe(200);
    };
    // Ten datapoints calibrate the first configuration; the eleventh is rated by a new template.
    for (let i = 0; i < 11; i++) {
      await rate(people[0]!, 13 + 7 * i, provenance(i < 10 ? 'Rate it.' : 'Rate it, strictly.'));
      await rate(people[1]!, 8 + 7 * i);
      await rate(people[2]!, 12 + 7 * i);
    }
    token = (await fx.signInDirect(app, ownerEmail())).sessionToken;
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function projectPage(phone: boolean): Promise<WatchedPage> {
    const w = await openPage(browser, { phone });
    await w.page.goto(`${app.url}/app/sign-in`);
    await w.page.evaluate(
      `localStorage.setItem('assay.session', ${JSON.stringify(token)}); ` +
        `localStorage.setItem('assay.email', ${JSON.stringify(ownerEmail())})`,
    );
    await w.page.goto(`${app.url}/app/org/projects/${projectId}`);
    await w.page.locator('#ai-configurations').waitFor();
    return w;
  }

  it("shows each AI configuration's state and calibration as the developer API does", async () => {
    const w = await projectPage(false);
    const api = (await call(app, 'listValidatorQuality', { params: { projectId } })).body;
    const rows = await w.page
      .locator('#ai-configurations tbody tr')
      .evaluateAll((trs) =>
        trs.map((r) =>
          Array.from(
            (r as unknown as { children: ArrayLike<{ textContent: string | null }> }).children,
            (c) => c.textContent ?? '',
          ),
        ),
      );
    expect(rows.map((r) => [r[1], r[4]])).toEqual(
      api.aiConfigurations.map((c) => [
        c.configurationHash.slice(0, 12),
        c.state === 'active' ? 'AI: active' : 'AI: shadow',
      ]),
    );
    expect(api.aiConfigurations.map((c) => c.state)).toEqual(['active', 'shadow']);
    const first = api.aiConfigurations[0]!.calibration;
    expect(rows[0]![7]).toBe(
      `${first.concordance!.toFixed(3)} [${first.ci95![0]!.toFixed(3)}, ${first.ci95![1]!.toFixed(3)}]`,
    );
    // The judge's roster row: its served model and the state of its latest configuration.
    const judgeRow = w.page.locator('#validator-quality tbody tr', { hasText: 'judge' });
    expect(await judgeRow.locator('td.class').textContent()).toContain('AI: shadow');
    expect(await judgeRow.locator('td.class').textContent()).toContain('judge-1-2026-01');
    await checkPage(w, 'ai-validators');
    await w.context.close();
  });

  it('shows the agreement matrix of the developer API: every pair with its shared datapoints', async () => {
    const w = await projectPage(false);
    const api = (await call(app, 'listValidatorQuality', { params: { projectId } })).body;
    // Three validators, each pair sharing decided datapoints: three pairs, the judge in two.
    expect(api.agreement).toHaveLength(3);
    const names = new Map(api.data.map((c) => [c.validatorId, `${c.email}${c.ai ? ' (AI)' : ''}`]));
    const rows = await w.page
      .locator('#agreement-matrix tbody tr')
      .evaluateAll((trs) =>
        trs.map((r) =>
          Array.from(
            (r as unknown as { children: ArrayLike<{ textContent: string | null }> }).children,
            (c) => c.textContent ?? '',
          ),
        ),
      );
    expect(rows).toEqual(
      api.agreement.map((p) => [
        names.get(p.a),
        names.get(p.b),
        String(p.datapoints),
        p.meanAbsoluteDifference.toFixed(1),
        `${(100 * p.within10).toFixed(0)}%`,
      ]),
    );
    expect(rows.filter((r) => r.some((c) => c.endsWith('(AI)')))).toHaveLength(2);
    await w.page
      .locator('.table-wrap:has(#agreement-matrix)')
      .screenshot({ path: 'test-artifacts/screenshots/agreement-desktop.png' });
    await checkPage(w, 'ai-validators');
    await w.context.close();
  });

  it('works at phone width', async () => {
    const w = await projectPage(true);
    await w.page
      .locator('.table-wrap:has(#agreement-matrix)')
      .screenshot({ path: 'test-artifacts/screenshots/agreement-phone.png' });
    await checkPage(w, 'ai-validators');
    await w.context.close();
  });
});
