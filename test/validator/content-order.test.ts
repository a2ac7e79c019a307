// The datapoint as written, at every depth: a JSON dataset whose objects' keys are not in jsonb's
// order (shortest first) comes back in the source's order from ingest through the validator API
// (a claim, the originator's datapoint and list) to the exports (json and csv), while the
// checksum stays the content's (the same content with its keys in another order is a duplicate).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../helpers/app.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { ingest } from '../helpers/uploads.ts';
import * as fx from '../helpers/fixtures.ts';
import { addMember, createUser } from '../../src/admin/admin.ts';
import { contentChecksum } from '../../src/domain/content-encoding.ts';
import { csvCell } from '../../src/domain/export-formats.ts';
import { orderContent, orderedJson } from '../../src/domain/key-order.ts';
import { createProject, signIn, startMailingApp } from './helpers.ts';

// Nested keys out of jsonb's order at several depths, inside an array too; the second record's
// own top-level order differs from the project's field order (title, meta, id: the first's).
const ROWS = [
  '{"title":"Deep","meta":{"zeta":1,"alpha":{"yy":1,"x":[{"bb":1,"a":2}]},"mid":true},"id":"r1"}',
  '{"id":"r2","title":"Second","meta":{"long key":1,"k":{"c":null,"b":[],"a":{}}}}',
];
const spec = (format: string) => ({
  version: '1.0.0',
  dataset: { format },
  validation: { validatorsPerDatapoint: 1, instructions: 'Rate it.' },
});

let app: TestApp;
let sink: SmtpSink;
let close = async () => {};
let projectId: string;
let rater: string;
let owner: string;
const claims: { datapointId: string; written: string }[] = [];

beforeAll(async () => {
  ({ app, sink, close } = await startMailingApp({ signingKey: true }));
  projectId = await createProject(app, 'Nested as written', spec('jsonl'));
  const run = await ingest(app, projectId, { 'nested.jsonl': `${ROWS.join('\n')}\n` });
  expect(run.status.run.status, JSON.stringify(run.status)).toBe('ok');
  const user = await createUser(app.sql, { email: 'order@example.com', subject: 'test|order' });
  await addMember(app.sql, { orgId: app.orgA.id, userId: user.id, validator: true });
  const assigned = await call(app, 'assignValidator', {
    params: { validatorId: user.id },
    body: { projects: [{ id: projectId }] },
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  rater = (await signIn(app, sink, 'order@example.com')).sessionToken;
  owner = (await signIn(app, sink, `owner-${app.orgA.code.toLowerCase()}@example.com`)).sessionToken;
}, 180_000);
afterAll(() => close());

const asWritten = (body: { content: unknown; keyOrder: string[][]; fieldOrder: string[] }) =>
  orderedJson(orderContent(body.content, body.keyOrder, body.fieldOrder));

describe('nested key order', () => {
  it('a claim carries the key order that gives back each record as written', async () => {
    for (let i = 0; i < ROWS.length; i++) {
      const c = await call(app, 'claimSlot', { key: rater, params: { projectId }, query: {} });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      expect(c.body.fieldOrder).toEqual(['title', 'meta', 'id']);
      const written = asWritten(c.body);
      expect(ROWS).toContain(written);
      // Without the recorded order the nested objects come back in another order (the test's premise).
      expect(orderedJson(orderContent(c.body.content, [], c.body.fieldOrder))).not.toBe(written);
      claims.push({ datapointId: c.body.datapointId, written });
      const v = await call(app, 'submitVote', { key: rater, params: { slotId: c.body.slotId }, body: { rating: 60 } });
      expect(v.status, JSON.stringify(v.body)).toBe(200);
    }
    expect(claims.map((c) => c.written).sort()).toEqual([...ROWS].sort());
  });

  it("the originator's datapoint and list show it as written", async () => {
    for (const c of claims) {
      const d = await call(app, 'getOriginatorDatapoint', {
        key: owner,
        params: { projectId, datapointId: c.datapointId },
      });
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      expect(asWritten(d.body)).toBe(c.written);
    }
    const list = await call(app, 'listOriginatorDatapoints', { key: owner, params: { projectId }, query: {} });
    const excerpts = list.body.data.map((d: { excerpt: string }) => d.excerpt).sort();
    expect(excerpts).toEqual([
      'Deep · {"zeta":1,"alpha":{"yy":1,"x":[{"bb":1,"a":2}]},"mid":true} · r1',
      'r2 · Second · {"long key":1,"k":{"c":null,"b":[],"a":{}}}',
    ]);
  });

  it('the json and csv exports write the content as written', async () => {
    const download = async (format: string) => {
      const res = await call(app, 'getOriginatorReportExport', {
        key: owner,
        params: { projectId },
        query: { format },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (await fetch(res.body.url)).text();
    };
    const json = await download('json');
    for (const row of ROWS) expect(json).toContain(`"content":${row}}`);
    expect(JSON.parse(json).datapoints).toHaveLength(2);
    const csv = await download('csv');
    expect(csv.split('\r\n')[0]).toMatch(/,source_id,content\.title,content\.meta,content\.id$/);
    expect(csv).toContain(`,Deep,${csvCell('{"zeta":1,"alpha":{"yy":1,"x":[{"bb":1,"a":2}]},"mid":true}')},r1\r\n`);
    expect(csv).toContain(`,Second,${csvCell('{"long key":1,"k":{"c":null,"b":[],"a":{}}}')},r2\r\n`);
  });

  it('keeps the checksum of the content: the same record with its keys in another order is a duplicate', async () => {
    const stored = await fx.storedChecksums(app.sql, projectId);
    for (const d of stored) expect(d.checksum.toString('hex')).toBe(contentChecksum(d.content));
    const reordered = '{"id":"r1","meta":{"mid":true,"alpha":{"x":[{"a":2,"bb":1}],"yy":1},"zeta":1},"title":"Deep"}';
    const again = await ingest(app, projectId, { 'again.jsonl': `${reordered}\n` }, { skipExisting: true });
    expect(again.status.run, JSON.stringify(again.status)).toMatchObject({ status: 'ok', datapointsPersisted: 0 });
  });

  it("a CSV header with integer-like names keeps the file's order: claim, stored order and CSV export", async () => {
    // A JavaScript object lists "10" and "2023" first; the header says name, 2023, 10, label.
    const yearsSpec = { ...spec('csv'), dataset: { format: 'csv', idField: 'name' } };
    const years = await createProject(app, 'Years CSV', yearsSpec);
    const run = await ingest(app, years, { 'years.csv': 'name,2023,10,label\nA,x,y,first\nB,u,v,second\n' });
    expect(run.status.run.status, JSON.stringify(run.status)).toBe('ok');
    expect(await fx.contentKeyOrders(app.sql, [years])).toEqual([null, null]);
    const user = await createUser(app.sql, { email: 'years@example.com', subject: 'test|years' });
    await addMember(app.sql, { orgId: app.orgA.id, userId: user.id, validator: true });
    const assigned = await call(app, 'assignValidator', {
      params: { validatorId: user.id },
      body: { projects: [{ id: years }] },
    });
    expect(assigned.status).toBe(200);
    const key = (await signIn(app, sink, 'years@example.com')).sessionToken;
    const c = await call(app, 'claimSlot', { key, params: { projectId: years } });
    expect(c.status).toBe(201);
    expect(c.body.fieldOrder).toEqual(['name', '2023', '10', 'label']);
    expect(asWritten(c.body)).toMatch(/^\{"name":"[AB]","2023":"[xu]","10":"[yv]","label":"(first|second)"\}$/);
    // One vote decides the datapoint, so the project has a report to export.
    expect(
      (await call(app, 'submitVote', { key, params: { slotId: c.body.slotId }, body: { rating: 60 } })).status,
    ).toBe(200);
    const res = await call(app, 'getOriginatorReportExport', {
      key: owner,
      params: { projectId: years },
      query: { format: 'csv' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const csv = await (await fetch(res.body.url)).text();
    expect(csv.split('\r\n')[0]).toMatch(/,source_id,content\.name,content\.2023,content\.10,content\.label$/);
  });

  it('records nothing for a CSV record or a content already in its default order', async () => {
    const csvProject = await createProject(app, 'Flat CSV', spec('csv'));
    await ingest(app, csvProject, { 'flat.csv': 'zeta,a,mid\n1,2,3\n4,5,6\n' });
    const flat = await createProject(app, 'Flat JSON', spec('jsonl'));
    await ingest(app, flat, { 'flat.jsonl': '{"b":{"a":1,"bb":2},"a":1}\n{"a":2,"b":{"a":3}}\n' });
    expect(await fx.contentKeyOrders(app.sql, [csvProject, flat])).toEqual([null, null, null, [['a', 'b']]]);
  });
});
