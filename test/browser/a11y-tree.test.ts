// The keyboard-only and screen-reader-label pass, made repeatable: Chromium's accessibility tree
// (the DevTools protocol's Accessibility.getFullAXTree, what assistive technology is given) of
// the rating page and the originator pages. Every control a person can reach has a name, the
// newly loaded datapoint is announced through a polite live region, and Tab alone walks the
// controls in reading order. This is not a screen reader run (none is installed here); it checks
// what a screen reader would be handed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, type TestApp } from '../helpers/app.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { signIn, startMailingApp } from '../validator/helpers.ts';
import { seedRatedProject, type RatedProject } from '../validator/originator-seed.ts';
import { ingest } from '../helpers/uploads.ts';
import { createProject } from '../validator/helpers.ts';
import * as fx from '../helpers/fixtures.ts';
import {
  browserSuite,
  checkPage,
  launchBrowser,
  openPage,
  skipBrowserTests,
  type WatchedPage,
} from '../helpers/browser.ts';

interface AxNode {
  id: string;
  role: string;
  name: string;
  props: Record<string, unknown>;
  children: string[];
}

/** The page's accessibility tree as Chromium hands it to assistive technology, ignored nodes left out. */
async function axTree(page: Page): Promise<Map<string, AxNode>> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: {
        nodeId: string;
        ignored: boolean;
        role?: { value: string };
        name?: { value: string };
        properties?: { name: string; value: { value: unknown } }[];
        childIds?: string[];
      }[];
    };
    return new Map(
      nodes
        .filter((n) => !n.ignored)
        .map((n) => [
          n.nodeId,
          {
            id: n.nodeId,
            role: n.role?.value ?? '',
            name: (n.name?.value ?? '').trim(),
            props: Object.fromEntries((n.properties ?? []).map((p) => [p.name, p.value.value])),
            children: n.childIds ?? [],
          },
        ]),
    );
  } finally {
    await cdp.detach();
  }
}

/** Roles a person operates; each must have a name. */
const CONTROLS = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'combobox',
  'listbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'menuitem',
  'DisclosureTriangle',
]);

/** The controls of the tree as "role: name", and those that have no name. */
async function controls(page: Page): Promise<{ named: string[]; unnamed: string[] }> {
  const tree = await axTree(page);
  const all = [...tree.values()].filter(
    (n) => CONTROLS.has(n.role) || (n.props.focusable === true && n.role !== 'main'),
  );
  return {
    named: all.filter((n) => n.name).map((n) => `${n.role}: ${n.name}`),
    unnamed: all.filter((n) => !n.name).map((n) => n.role),
  };
}

/** The text under a node of the tree. */
function textOf(tree: Map<string, AxNode>, id: string): string {
  const n = tree.get(id);
  if (!n) return '';
  return n.role === 'StaticText' ? n.name : n.children.map((c) => textOf(tree, c)).join('');
}

/** The control that has focus, as "role: name" from the accessibility tree; null when none (the page itself). */
async function focused(page: Page): Promise<string | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = (await cdp.send('Runtime.evaluate', {
      expression: 'document.activeElement === document.body ? null : document.activeElement',
    })) as { result: { objectId?: string } };
    if (!result.objectId) return null;
    const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', {
      objectId: result.objectId,
      fetchRelatives: false,
    })) as { nodes: { role?: { value: string }; name?: { value: string } }[] };
    const n = nodes[0];
    return `${n?.role?.value ?? '?'}: ${(n?.name?.value ?? '').trim()}`;
  } finally {
    await cdp.detach();
  }
}

/**
 * The controls Tab alone reaches from the top of the page, in order, as "role: name": until
 * focus leaves the page or comes back to the first one (at most `max`).
 */
async function tabOrder(page: Page, max = 40): Promise<string[]> {
  await page.evaluate("document.body.tabIndex = -1; document.body.focus(); document.body.removeAttribute('tabindex')");
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f === null || f === seen[0]) break;
    seen.push(f);
  }
  return seen;
}

/** Whether `want` appears in `list` in this order (other entries may come between). */
const inOrder = (list: string[], want: string[]): boolean => {
  let at = 0;
  for (const item of list) if (item === want[at]) at++;
  return at === want.length;
};

describe.skipIf(skipBrowserTests)(browserSuite('accessibility tree: names, live region, Tab order'), () => {
  let app: TestApp;
  let sink: SmtpSink;
  let close = async () => {};
  let browser: Browser;
  let seeded: RatedProject;
  let owner: string;

  beforeAll(async () => {
    ({ app, sink, close } = await startMailingApp({ signingKey: true }));
    seeded = await seedRatedProject(app, sink);
    owner = (await signIn(app, sink, `owner-${app.orgA.code.toLowerCase()}@example.com`)).sessionToken;
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  async function signedIn(token: string, email: string, phone = false): Promise<WatchedPage> {
    const w = await openPage(browser, { phone });
    await w.page.goto(`${app.url}/app/sign-in`);
    await w.page.evaluate(
      ([t, e]) => {
        localStorage.setItem('assay.session', t);
        localStorage.setItem('assay.email', e);
      },
      [token, email],
    );
    return w;
  }

  for (const phone of [false, true]) {
    const width = phone ? 'phone' : 'desktop';
    it(`${width}: the rating page names every control, announces the datapoint, tabs in reading order`, async () => {
      const projectId = await createProject(app, `Answers ${width}`, {
        version: '1.0.0',
        dataset: { format: 'csv', idField: 'id' },
        validation: { validatorsPerDatapoint: 1, instructions: 'Rate **correctness**.' },
      });
      await ingest(app, projectId, { 'q.csv': 'id,question,answer\n1,Why?,Because.\n2,How?,Like so.\n' });
      const m = await fx.member(app, app.orgA.id, { validator: true });
      await fx.assign(app, m.id, projectId);
      const w = await signedIn((await fx.signInDirect(app, m.email)).sessionToken, m.email, phone);
      await w.page.goto(`${app.url}/app/projects/${projectId}/rate`);
      await w.page.locator('table.record').waitFor();

      const { named, unnamed } = await controls(w.page);
      expect(unnamed, `controls without a name: ${unnamed.join(', ')}`).toEqual([]);
      for (const c of [
        'textbox: Your rating, 0 (worst) to 100 (best)',
        'button: Submit rating',
        'button: Skip',
        'button: Keep it 10 more minutes',
        'checkbox: Single-key shortcuts',
        'DisclosureTriangle: Skip with a reason',
        'DisclosureTriangle: Instructions',
        'link: Skip to content',
        'button: Sign out',
      ])
        expect(named, `${c} in ${JSON.stringify(named)}`).toContain(c);
      // The slider repeats the text field for the mouse: hidden from the tree, so it is not read twice.
      expect(named.some((n) => n.startsWith('slider'))).toBe(false);

      // The new datapoint is announced: a polite status region says so.
      const tree = await axTree(w.page);
      const live = [...tree.values()].filter((n) => n.props.live === 'polite' && n.role === 'status');
      expect(live.map((n) => textOf(tree, n.id))).toContain('A datapoint is loaded.');
      // And so is the next one, after a vote with the keyboard alone (the field has focus on load).
      await w.page.keyboard.type('70');
      await w.page.keyboard.press('Enter');
      await w.page.getByRole('status').filter({ hasText: 'Rating 70 recorded' }).waitFor();
      const after = await axTree(w.page);
      const said = [...after.values()]
        .filter((n) => n.props.live === 'polite' && n.role === 'status')
        .map((n) => textOf(after, n.id));
      expect(said.some((t) => t.startsWith('Rating 70 recorded'))).toBe(true);

      // Tab from the top walks the header, the claim bar, the form and the instructions in reading order.
      const order = await tabOrder(w.page);
      console.log(`rate page (${width}) Tab order: ${JSON.stringify(order)}`);
      expect(
        order.filter((f) => f.endsWith(': ')),
        'focus on a control without a name',
      ).toEqual([]);
      expect(
        inOrder(order, [
          'link: Skip to content',
          'link: Assay',
          'link: My projects',
          'button: Sign out',
          'button: Keep it 10 more minutes',
          'textbox: Your rating, 0 (worst) to 100 (best)',
          'button: Submit rating',
          'button: Skip',
          'DisclosureTriangle: Skip with a reason',
          'checkbox: Single-key shortcuts',
        ]),
        JSON.stringify(order),
      ).toBe(true);
      await checkPage(w, `a11y-rate`);
      await w.context.close();
    });
  }

  it.each([false, true])(
    'the originator pages name every control and tab in reading order (phone: %s)',
    async (phone) => {
      const email = `owner-${app.orgA.code.toLowerCase()}@example.com`;
      const w = await signedIn(owner, email, phone);
      const list = await call(app, 'listOriginatorDatapoints', {
        key: owner,
        params: { projectId: seeded.projectId },
        query: {},
      });
      const datapointId = list.body.data[0].id as string;
      const pages: [string, string, string[]][] = [
        ['a11y-org', '/app/org', ['searchbox: Search projects by name', 'link: Support answers QA']],
        [
          'a11y-org-project',
          `/app/org/projects/${seeded.projectId}`,
          [
            'button: Pause rating',
            'link: Datapoints, votes and decisions',
            'button: Download the signed Proof Report',
            'DisclosureTriangle: The figures: Consensus ratings',
          ],
        ],
        [
          'a11y-org-datapoints',
          `/app/org/projects/${seeded.projectId}/datapoints`,
          [
            'combobox: Status',
            'spinbutton: Consensus rating from',
            'spinbutton: Consensus rating up to',
            'button: Apply filters',
          ],
        ],
        ['a11y-org-datapoint', `/app/org/projects/${seeded.projectId}/datapoints/${datapointId}`, []],
      ];
      const report: Record<string, string[]> = {};
      for (const [name, path, expected] of pages) {
        await w.page.goto(`${app.url}${path}`);
        await w.page.locator('main h1').waitFor();
        await w.page.waitForLoadState('networkidle');
        const { named, unnamed } = await controls(w.page);
        expect(unnamed, `${path}: controls without a name`).toEqual([]);
        // Controls that do different things have different names (five charts' disclosures were all "The figures").
        const disclosures = named.filter((n) => n.startsWith('DisclosureTriangle'));
        expect(disclosures, `${path}: disclosures named alike`).toEqual([...new Set(disclosures)]);
        report[name] = named;
        for (const c of expected) expect(named, `${path}: ${c} in ${JSON.stringify(named)}`).toContain(c);
        const order = await tabOrder(w.page);
        report[`${name} Tab order`] = order;
        expect(
          order.filter((f) => f.endsWith(': ')),
          `${path}: focus on a control without a name`,
        ).toEqual([]);
        expect(order.slice(0, 3), `${path}: ${JSON.stringify(order)}`).toEqual([
          'link: Skip to content',
          'link: Assay',
          'link: My projects',
        ]);
        await checkPage(w, name);
      }
      if (!phone) console.log(`originator controls: ${JSON.stringify(report, null, 1)}`);
      await w.context.close();
    },
  );
});
