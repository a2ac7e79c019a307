// Datapoint content rendered for people, in a real browser: JSON as a tree, Markdown sanitized
// (no script of a datapoint ever runs), and file_collection files from a presigned GET with
// images inline.
import { deflateSync, crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, type TestApp } from '../helpers/app.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { ingest } from '../helpers/uploads.ts';
import { addMember, createUser } from '../../src/admin/admin.ts';
import { createProject, signIn, startMailingApp } from '../validator/helpers.ts';
import {
  browserSuite,
  checkPage,
  launchBrowser,
  openPage,
  skipBrowserTests,
  type WatchedPage,
} from '../helpers/browser.ts';

const spec = (dataset: object, instructions = 'Rate it.') => ({
  version: '1.0.0',
  dataset,
  validation: { validatorsPerDatapoint: 1, instructions },
});

/** A w x h PNG filled with one colour (RGB). */
function png(w: number, h: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.skipIf(skipBrowserTests)(browserSuite('content in the browser'), () => {
  let app: TestApp;
  let sink: SmtpSink;
  let close = async () => {};
  let browser: Browser;
  let w: WatchedPage;
  const projects: Record<string, string> = {};

  beforeAll(async () => {
    ({ app, sink, close } = await startMailingApp());
    browser = await launchBrowser();
    projects.json = await createProject(app, 'Nested records', spec({ format: 'jsonl' }));
    await ingest(app, projects.json, {
      'r.jsonl':
        JSON.stringify({
          id: 7,
          title: 'A nested record',
          meta: { tags: ['alpha', 'beta'], score: 3.5, ok: true, none: null },
        }) + '\n',
    });
    projects.md = await createProject(
      app,
      'Handbook sections',
      spec({ format: 'markdown_split', headingLevel: 2 }, 'Does the section **explain** the step?'),
    );
    const hostile = [
      '## Resetting a password',
      'Open **Settings** and press *Reset*. See [the guide](https://example.com/guide).',
      '',
      '<script>window.__pwned = "script"</script>',
      '<img src="x" onerror="window.__pwned = \'onerror\'">',
      "[a trap](javascript:window.__pwned='link')",
      '<form action="https://evil.example"><button>Win</button></form>',
      '',
      '| step | what |',
      '|---|---|',
      '| 1 | open settings |',
      '',
    ].join('\n');
    await ingest(app, projects.md, { 'handbook.md': hostile });
    // A CSV whose answer column the spec marks as Markdown; the question stays plain text.
    projects.csvMd = await createProject(
      app,
      'Support answers with Markdown',
      spec({ format: 'csv', idField: 'id', markdownFields: ['answer'] }),
    );
    await ingest(app, projects.csvMd, {
      'answers.csv':
        'id,question,answer\n' +
        'q1,How do I **reset** it?,' +
        '"Open **Settings**, then:\n\n1. press *Reset*\n2. <img src=x onerror=""window.__pwned=1"">"\n',
    });
    // Integer-like column names, which a JavaScript object would list first ("10", "2023", name).
    projects.years = await createProject(app, 'Sales by year', spec({ format: 'csv', idField: 'name' }));
    await ingest(app, projects.years, { 'years.csv': 'name,2023,10,note\nWidget,120,7,steady\n' });
    projects.files = await createProject(app, 'Product photos', spec({ format: 'file_collection' }));
    await ingest(app, projects.files, { 'photos/red-square.png': png(64, 48, [200, 30, 40]) });

    const email = 'reader@example.com';
    const user = await createUser(app.sql, { email, subject: 'test|reader' });
    await addMember(app.sql, { orgId: app.orgA.id, userId: user.id, validator: true });
    const assigned = await call(app, 'assignValidator', {
      params: { validatorId: user.id },
      body: { projects: Object.values(projects).map((id) => ({ id })) },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const session = await signIn(app, sink, email);
    w = await openPage(browser);
    await w.page.goto(`${app.url}/app/sign-in`);
    await w.page.evaluate(
      `localStorage.setItem('assay.session', ` +
        `${JSON.stringify(session.sessionToken)}); localStorage.setItem('assay.email', ${JSON.stringify(email)})`,
    );
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  const rate = (projectId: string) => w.page.goto(`${app.url}/app/projects/${projectId}/rate`);

  it('shows JSON as a readable tree, keys in the order the source wrote them at every depth', async () => {
    await rate(projects.json!);
    const tree = w.page.locator('.datapoint .tree');
    await tree.waitFor();
    // Not jsonb's order (ok, none, tags, score inside meta), nor sorted: as written.
    expect(await tree.locator('.key').allTextContents()).toEqual([
      'id',
      'title',
      'meta',
      'tags',
      'score',
      'ok',
      'none',
    ]);
    expect(
      await tree
        .locator('li', { has: w.page.locator('.key', { hasText: /^meta$/ }) })
        .locator('.key')
        .count(),
    ).toBe(5); // meta and its four
    expect(await tree.locator('ol.json li').allTextContents()).toEqual(['alpha', 'beta']);
    expect(await tree.textContent()).toContain('title: A nested record');
    await checkPage(w, 'content-json');
    // At phone width too (the held claim is resumed there), in the same order.
    const token = await w.page.evaluate<string | null>(`localStorage.getItem('assay.session')`);
    const phone = await openPage(browser, { phone: true });
    await phone.page.goto(`${app.url}/app/sign-in`);
    await phone.page.evaluate(`localStorage.setItem('assay.session', ${JSON.stringify(token)})`);
    await phone.page.goto(`${app.url}/app/projects/${projects.json}/rate`);
    await phone.page.locator('.datapoint .tree .key').first().waitFor();
    expect(await phone.page.locator('.datapoint .tree .key').allTextContents()).toEqual(
      await tree.locator('.key').allTextContents(),
    );
    await checkPage(phone, 'content-json');
    await phone.context.close();
  });

  it("shows CSV columns in the header's order, integer-like names included, at both widths", async () => {
    const token = await w.page.evaluate<string | null>(`localStorage.getItem('assay.session')`);
    for (const phone of [false, true]) {
      const p = await openPage(browser, { phone });
      await p.page.goto(`${app.url}/app/sign-in`);
      await p.page.evaluate(`localStorage.setItem('assay.session', ${JSON.stringify(token)})`);
      await p.page.goto(`${app.url}/app/projects/${projects.years}/rate`);
      await p.page.locator('table.record').waitFor();
      expect(await p.page.locator('table.record th').allTextContents()).toEqual(['name', '2023', '10', 'note']);
      expect(await p.page.locator('table.record td').allTextContents()).toEqual(['Widget', '120', '7', 'steady']);
      await checkPage(p, 'content-csv-years', { viewport: true });
      await p.context.close();
    }
  });

  it(
    'renders Markdown sanitized: formatting and tables stay, raw HTML shows as text, javascript: links ' + 'go',
    async () => {
      await rate(projects.md!);
      const section = w.page.locator('.datapoint .md-section');
      await section.waitFor();
      expect(await section.locator('h3').textContent()).toBe('Resetting a password');
      expect(await section.locator('strong').first().textContent()).toBe('Settings');
      expect(await section.locator('table td').allTextContents()).toEqual(['1', 'open settings']);
      const guide = section.getByRole('link', { name: 'the guide' });
      expect(await guide.getAttribute('href')).toBe('https://example.com/guide');
      expect(await guide.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await section.locator('script, form, button, img, [onerror]').count()).toBe(0);
      // What the datapoint says is shown as written, markup included.
      expect(await section.textContent()).toContain('<script>window.__pwned = "script"</script>');
      expect(await section.textContent()).toContain('<form action="https://evil.example">');
      const trap = section.getByText('a trap');
      expect(
        await trap.evaluate((el) => (el as unknown as { getAttribute(n: string): string | null }).getAttribute('href')),
      ).toBeNull();
      expect(await w.page.evaluate(`window.__pwned ?? null`)).toBeNull();
      expect(await w.page.locator('.instructions strong').textContent()).toBe('explain');
      await checkPage(w, 'content-markdown');
    },
  );

  it('renders the fields the spec marks as Markdown, and only those, sanitized', async () => {
    await rate(projects.csvMd!);
    const table = w.page.locator('.datapoint table.record');
    await table.waitFor();
    expect(await table.locator('th').allTextContents()).toEqual(['id', 'question', 'answer']);
    const cell = (name: string) => table.locator('tr', { has: w.page.locator('th', { hasText: name }) }).locator('td');
    // The marked field: emphasis and a list; raw HTML shown as the text it is, never parsed.
    expect(await cell('answer').locator('strong').textContent()).toBe('Settings');
    expect(await cell('answer').locator('ol li').count()).toBe(2);
    expect(await cell('answer').locator('img, [onerror]').count()).toBe(0);
    expect(await cell('answer').textContent()).toContain('<img src=x onerror="window.__pwned=1">');
    // An unmarked field is text as written: its asterisks stay.
    expect(await cell('question').textContent()).toBe('How do I **reset** it?');
    expect(await cell('question').locator('strong').count()).toBe(0);
    expect(await w.page.evaluate(`window.__pwned ?? null`)).toBeNull();
    await checkPage(w, 'content-csv-markdown');
    // At phone width too (the held claim is resumed there).
    const token = await w.page.evaluate<string | null>(`localStorage.getItem('assay.session')`);
    const phone = await openPage(browser, { phone: true });
    await phone.page.goto(`${app.url}/app/sign-in`);
    await phone.page.evaluate(`localStorage.setItem('assay.session', ${JSON.stringify(token)})`);
    await phone.page.goto(`${app.url}/app/projects/${projects.csvMd}/rate`);
    await phone.page.locator('.datapoint .field-md strong').waitFor();
    await checkPage(phone, 'content-csv-markdown');
    await phone.context.close();
  });

  it('shows a file_collection image inline from a short-lived presigned GET', async () => {
    await rate(projects.files!);
    const img = w.page.locator('.datapoint figure.file img');
    await img.waitFor();
    const src = (await img.getAttribute('src'))!;
    const url = new URL(src);
    expect(url.origin).not.toBe(new URL(app.url).origin); // straight from object storage
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    await expect.poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBe(64);
    expect(await img.getAttribute('alt')).toBe('The file photos/red-square.png');
    expect(await w.page.locator('figure.file figcaption').textContent()).toContain('photos/red-square.png');
    await checkPage(w, 'content-image');
  });
});
