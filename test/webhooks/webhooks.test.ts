// Webhook endpoints and Standard Webhooks delivery, against a real receiver that verifies every
// message with the standardwebhooks package. Retries run on a shortened schedule (worker option).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { ingest } from '../helpers/uploads.ts';
import { startReceiver, until, type Receiver } from '../helpers/webhook-receiver.ts';
import { jobsDrained } from '../helpers/wait.ts';
import { jobKey, queueName } from '../../src/jobs/tasks.ts';
import * as fx from '../helpers/fixtures.ts';

/**
 * The deterministic end of a project's deliveries to an endpoint: Auto Consensus is done with
 * the project (its decisions and their events are written, in the job's transactions), and no
 * delivery of those events to the endpoint will still be attempted. "Nothing more is sent"
 * is asserted after this, never after a fixed sleep.
 */
async function settled(projectId: string, endpointId: string): Promise<void> {
  await jobsDrained(app.sql, { key: jobKey('auto_consensus', { projectId })! });
  // An endpoint's deliveries run in its own job queue.
  await jobsDrained(app.sql, { queueName: queueName('deliver_webhook', endpointId)! });
}

const RETRY_MS = [300, 300, 300];
let app: TestApp;
const receivers: Receiver[] = [];
beforeAll(async () => {
  app = await startTestApp({ worker: { webhookRetryDelaysMs: RETRY_MS } });
});
afterEach(async () => {
  // Every endpoint of the organization receives every event: each test starts with none. What a
  // test set going (Auto Consensus, deliveries and their short retries) ends first, so the
  // delete never races a delivery being recorded (a deadlock under load otherwise).
  await jobsDrained(app.sql, { task: 'auto_consensus' });
  await jobsDrained(app.sql, { task: 'deliver_webhook' });
  await app.sql`delete from webhook_endpoints`;
  for (const r of receivers.splice(0)) await r.close();
});
afterAll(async () => {
  await app?.close();
});

const EVENT = 'datapoint.consensus_reached';
async function register(url: string, key = app.orgA.originatorKey) {
  const res = await call(app, 'createWebhookEndpoint', { key, body: { url, eventTypes: [EVENT] } });
  expect(res.status).toBe(201);
  return res.body as { webhookEndpointId: string; secret: string; status: string };
}
async function receiver(answer?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const r = await startReceiver(answer);
  receivers.push(r);
  const endpoint = await register(r.url);
  r.secret = endpoint.secret;
  (r as Receiver & { endpointId: string }).endpointId = endpoint.webhookEndpointId;
  return r;
}
const endpointOf = (r: Receiver) => (r as Receiver & { endpointId: string }).endpointId;

let n = 0;
/** A project with Auto Consensus `tight` and `rows` datapoints: each reaches terminal consensus. */
async function finalizeRows(rows: number): Promise<string> {
  const spec = {
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
  };
  const { projectId } = (await call(app, 'createProject', { body: { name: `Hooks ${++n}`, spec } })).body;
  await call(app, 'updateProject', {
    params: { projectId },
    body: { autoConsensus: true, autoConsensusSpread: 'tight' },
  });
  const csv = 'id,text\n' + Array.from({ length: rows }, (_, i) => `${i + 1},hook ${n} row ${i + 1}`).join('\n') + '\n';
  await ingest(app, projectId, { 'h.csv': csv });
  return projectId;
}
const attempts = async (endpointId: string) =>
  (await call(app, 'listWebhookAttempts', { params: { webhookEndpointId: endpointId }, query: { limit: 100 } })).body
    .data as any[];

describe('webhook endpoints', () => {
  it('shows the secret once, lists and gets without it, and stores it sealed', async () => {
    const created = await register('https://hooks.example.org/assay');
    expect(created).toMatchObject({
      url: 'https://hooks.example.org/assay',
      eventTypes: [EVENT],
      status: 'enabled',
      disabledReason: null,
      description: null,
    });
    expect(created.secret).toMatch(/^whsec_/);
    const got = await call(app, 'getWebhookEndpoint', { params: { webhookEndpointId: created.webhookEndpointId } });
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty('secret');
    const [row] = await app.sql`select secret_sealed from webhook_endpoints where id = ${created.webhookEndpointId}`;
    expect(Buffer.from(row.secret_sealed).includes(Buffer.from(created.secret.slice(6), 'base64'))).toBe(false);
    expect(Buffer.from(row.secret_sealed).toString('latin1')).not.toContain(created.secret);
    expect(app.logs.join('\n')).not.toContain(created.secret);
  });

  it('pages newest first with a cursor', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await register(`https://hooks.example.org/${i}`)).webhookEndpointId);
    const first = await call(app, 'listWebhookEndpoints', { query: { limit: 2 } });
    expect(first.body.data!.map((e: any) => e.webhookEndpointId)).toEqual([ids[2], ids[1]]);
    expect(first.body.hasMore).toBe(true);
    for (const e of first.body.data!) expect(e).not.toHaveProperty('secret');
    const second = await call(app, 'listWebhookEndpoints', { query: { limit: 2, cursor: first.body.nextCursor! } });
    expect(second.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(second.body.data!.map((e: any) => e.webhookEndpointId)).toEqual([ids[0]]);
  });

  it.each([
    ['a malformed URL', { url: 'not a url at all', eventTypes: [EVENT] }, 'url'],
    ['a URL that is not http(s)', { url: 'ftp://hooks.example.org/x', eventTypes: [EVENT] }, 'url'],
    ['a javascript: URL', { url: 'javascript:alert(1)//', eventTypes: [EVENT] }, 'url'],
    [
      'an unknown event type',
      { url: 'https://hooks.example.org/x', eventTypes: ['datapoint.created'] },
      'eventTypes[0]',
    ],
    ['no event type', { url: 'https://hooks.example.org/x', eventTypes: [] }, 'eventTypes'],
    ['an unknown field', { url: 'https://hooks.example.org/x', eventTypes: [EVENT], secret: 'whsec_mine' }, 'secret'],
    // The contract's URL grammar: what URL parsing (WHATWG, as fetch) accepts among `uri`s.
    ['an IPv4 address out of range', { url: 'http://203.0.113.256/x', eventTypes: [EVENT] }, 'url'],
    ['a port above 65535', { url: 'https://hooks.example.org:65536/x', eventTypes: [EVENT] }, 'url'],
    ['a numeric last label', { url: 'https://hooks.example.1/x', eventTypes: [EVENT] }, 'url'],
    ['an empty host', { url: 'https:///hooks/x', eventTypes: [EVENT] }, 'url'],
    ['credentials', { url: 'https://user:pass@hooks.example.org/a', eventTypes: [EVENT] }, 'url'],
  ])('refuses %s with request_body_invalid and writes nothing', async (_, body, param) => {
    const res = await call(app, 'createWebhookEndpoint', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'request_body_invalid', param });
    expect((await app.sql`select count(*)::int as n from webhook_endpoints`)[0].n).toBe(0);
  });

  it.each([
    // (The tests allow loopback receivers only, and their DNS stub resolves example.org names to 127.0.0.1.)
    'http://127.0.0.1:9/assay',
    'http://[::1]:9/assay',
    'https://hooks.example.org/a?b=c#d',
    'HTTPS://HOOKS.EXAMPLE.ORG/x',
    'https://under_score.example.org/x',
    'https://hooks.example.org:/x',
  ])('accepts %s, as the contract says', async (url) => {
    const created = await register(url);
    expect(created).toMatchObject({ url, status: 'enabled' });
  });

  it('refuses a URL that points at the service itself', async () => {
    for (const url of [`${app.url}/developer/v1/ping`, app.url.replace('127.0.0.1', 'localhost') + '/mcp']) {
      const res = await call(app, 'createWebhookEndpoint', { body: { url, eventTypes: [EVENT] } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'request_body_invalid', param: 'url' });
      expect(res.body.error.message).toMatch(/itself/);
    }
    expect((await app.sql`select count(*)::int as n from webhook_endpoints`)[0].n).toBe(0);
  });

  it('hides endpoints of other organizations and needs an originator key', async () => {
    const { webhookEndpointId } = await register('https://hooks.example.org/a');
    const key = app.orgB.originatorKey;
    const params = { webhookEndpointId };
    for (const op of [
      'getWebhookEndpoint',
      'deleteWebhookEndpoint',
      'rotateWebhookEndpointSecret',
      'listWebhookAttempts',
    ] as const) {
      const res = await call(app, op, { key, params });
      expect(res.status, op).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'webhook_endpoint_not_found', param: 'webhookEndpointId' });
    }
    expect((await call(app, 'listWebhookEndpoints', { key })).body.data).toEqual([]);
    const member = await call(app, 'listWebhookEndpoints', { key: app.orgA.memberKey });
    expect(member.status).toBe(403);
    expect(member.body.error.code).toBe('not_org_originator');
    // Still there, untouched.
    expect((await call(app, 'getWebhookEndpoint', { params })).body.status).toBe('enabled');
  });

  it('deletes once, then answers not found', async () => {
    const { webhookEndpointId } = await register('https://hooks.example.org/d');
    const del = await call(app, 'deleteWebhookEndpoint', { params: { webhookEndpointId } });
    expect(del.body).toEqual({ webhookEndpointId, deleted: true });
    expect((await call(app, 'getWebhookEndpoint', { params: { webhookEndpointId } })).body.error).toMatchObject({
      code: 'webhook_endpoint_not_found',
    });
    expect((await call(app, 'deleteWebhookEndpoint', { params: { webhookEndpointId } })).body.error).toMatchObject({
      code: 'webhook_endpoint_not_found',
    });
  });

  it('is managed from MCP with the same results', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${app.orgA.originatorKey}` } },
    });
    const client = new Client({ name: 'assay-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const created = (await client.callTool({
        name: 'create_webhook_endpoint',
        arguments: { url: 'https://hooks.example.org/mcp', eventTypes: [EVENT], description: 'from MCP' },
      })) as any;
      expect(created.isError).toBeFalsy();
      expect(created.structuredContent).toMatchObject({ description: 'from MCP', status: 'enabled' });
      const id = created.structuredContent.webhookEndpointId;
      const listed = (await client.callTool({ name: 'list_webhook_endpoints', arguments: {} })) as any;
      expect(listed.structuredContent.data.map((e: any) => e.webhookEndpointId)).toEqual([id]);
      const rotated = (await client.callTool({
        name: 'rotate_webhook_endpoint_secret',
        arguments: { webhookEndpointId: id },
      })) as any;
      expect(rotated.structuredContent.secret).not.toBe(created.structuredContent.secret);
      const bad = (await client.callTool({
        name: 'create_webhook_endpoint',
        arguments: { url: 'ftp://x.example/y', eventTypes: [EVENT] },
      })) as any;
      expect(bad.isError).toBe(true);
      expect(bad.content[0].text).toContain('requestBodyInvalid');
      const gone = (await client.callTool({
        name: 'delete_webhook_endpoint',
        arguments: { webhookEndpointId: id },
      })) as any;
      expect(gone.structuredContent).toEqual({ webhookEndpointId: id, deleted: true });
      const missing = (await client.callTool({
        name: 'list_webhook_attempts',
        arguments: { webhookEndpointId: id },
      })) as any;
      expect(missing.isError).toBe(true);
      expect(missing.content[0].text).toContain('webhookEndpointNotFound');
    } finally {
      await client.close();
    }
  });
});

describe('webhook delivery', () => {
  it('sends one signed datapoint.consensus_reached per terminal decision, with the six fields', async () => {
    const r = await receiver();
    const projectId = await finalizeRows(4);
    await until(
      () => r.received.length,
      (x) => x >= 4,
    );
    expect(r.received.map((m) => m.verifyError)).toEqual([null, null, null, null]);
    expect(new Set(r.received.map((m) => m.id)).size).toBe(4);
    for (const m of r.received) {
      const body = JSON.parse(m.body);
      expect(body.type).toBe(EVENT);
      expect(Date.parse(body.timestamp)).not.toBeNaN();
      expect(Object.keys(body.data).sort()).toEqual([
        'consensusDecisionId',
        'consensusStrength',
        'datapointId',
        'projectId',
        'qualityRatingMean',
        'qualityRatingMedian',
      ]);
      expect(body.data.projectId).toBe(projectId);
      const consensus = await call(app, 'getDatapointConsensus', { params: { datapointId: body.data.datapointId } });
      // (Every JSON body names its schema in `$schema`, which the operation's type leaves out.)
      const { $schema: _, ...fields } = consensus.body as typeof consensus.body & { $schema?: string };
      expect(body.data).toEqual(fields);
    }
    const list = await attempts(endpointOf(r));
    expect(list).toHaveLength(4);
    for (const a of list)
      expect(a).toMatchObject({
        outcome: 'succeeded',
        httpStatus: 204,
        attemptNumber: 1,
        error: null,
        nextAttemptAt: null,
        eventType: EVENT,
      });
  });

  it('retries a failing receiver with the same webhook-id until it succeeds, recording every attempt', async () => {
    const r = await receiver((k) => (k <= 2 ? 500 : 200));
    const projectId = await finalizeRows(1);
    await until(
      () => r.received.length,
      (x) => x >= 3,
    );
    expect(r.received.map((m) => m.status)).toEqual([500, 500, 200]);
    expect(new Set(r.received.map((m) => m.id)).size).toBe(1);
    expect(r.received.every((m) => m.verifyError === null)).toBe(true);
    const list = await until(
      () => attempts(endpointOf(r)),
      (l) => l.length === 3,
    );
    expect(list.map((a) => [a.attemptNumber, a.outcome, a.httpStatus])).toEqual([
      [3, 'succeeded', 200],
      [2, 'failed', 500],
      [1, 'failed', 500],
    ]);
    expect(new Set(list.map((a) => a.webhookId))).toEqual(new Set([r.received[0].id]));
    expect(list[2].nextAttemptAt).not.toBeNull();
    expect(list[2].error).toContain('500');
    // Nothing more is sent after the success.
    await settled(projectId, endpointOf(r));
    expect(r.received).toHaveLength(3);
    // The success (recorded in the batched statement) reset the endpoint's two failures in a row.
    const [endpoint] = await app.sql`select consecutive_failures from webhook_endpoints where id = ${endpointOf(r)}`;
    expect(endpoint!.consecutive_failures).toBe(0);
  });

  it('gives up after the last scheduled attempt', async () => {
    const r = await receiver(() => 503);
    const projectId = await finalizeRows(1);
    const list = await until(
      () => attempts(endpointOf(r)),
      (l) => l.length === RETRY_MS.length + 1,
    );
    expect(list[0]).toMatchObject({ attemptNumber: RETRY_MS.length + 1, outcome: 'failed', nextAttemptAt: null });
    await settled(projectId, endpointOf(r));
    expect(r.received).toHaveLength(RETRY_MS.length + 1);
    expect(
      (await app.sql`select status from webhook_deliveries where endpoint_id = ${endpointOf(r)}`).map((d) => d.status),
    ).toEqual(['failed']);
  });

  it('records a receiver that does not answer', async () => {
    const closed = await startReceiver();
    await closed.close();
    const endpoint = await register(closed.url);
    await finalizeRows(1);
    const [first] = await until(
      () => attempts(endpoint.webhookEndpointId),
      (l) => l.length >= 1,
    );
    expect(first).toMatchObject({ outcome: 'failed', httpStatus: null, error: 'Delivery failed.' });
  });

  it('disables the endpoint on 410 Gone; rotating the secret does not enable it again', async () => {
    const r = await receiver(() => 410);
    await finalizeRows(1);
    const ep = await until(
      async () => (await call(app, 'getWebhookEndpoint', { params: { webhookEndpointId: endpointOf(r) } })).body,
      (e) => e.status === 'disabled',
    );
    expect(ep.disabledReason).toMatch(/410/);
    const second = await finalizeRows(1);
    await settled(second, endpointOf(r));
    expect(r.received).toHaveLength(1);
    expect(await attempts(endpointOf(r))).toHaveLength(1);
    const rotated = await call(app, 'rotateWebhookEndpointSecret', { params: { webhookEndpointId: endpointOf(r) } });
    expect(rotated.body).toMatchObject({ status: 'disabled', disabledReason: ep.disabledReason });
    const third = await finalizeRows(1);
    await settled(third, endpointOf(r));
    expect(r.received).toHaveLength(1);
  });

  it('signs with the new and the previous secret after a rotation', async () => {
    const r = await receiver();
    const old = r.secret;
    const rotated = await call(app, 'rotateWebhookEndpointSecret', { params: { webhookEndpointId: endpointOf(r) } });
    r.secret = rotated.body.secret;
    await finalizeRows(1);
    const [m] = await until(
      () => r.received,
      (x) => x.length >= 1,
    );
    expect(m.verifyError).toBeNull();
    expect(m.signature.split(' ')).toHaveLength(2);
    const headers = { 'webhook-id': m.id, 'webhook-timestamp': m.timestamp, 'webhook-signature': m.signature };
    expect(() => new Webhook(old).verify(m.body, headers)).not.toThrow();
    // Once the overlap is over, only the new secret signs.
    await app.sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id =
      ${endpointOf(r)}`;
    await finalizeRows(1);
    const later = await until(
      () => r.received,
      (x) => x.length >= 2,
    );
    expect(later[1].signature.split(' ')).toHaveLength(1);
    expect(later[1].verifyError).toBeNull();
    expect(() =>
      new Webhook(old).verify(later[1].body, {
        'webhook-id': later[1].id,
        'webhook-timestamp': later[1].timestamp,
        'webhook-signature': later[1].signature,
      }),
    ).toThrow();
  });

  it('writes no event when no endpoint subscribes', async () => {
    const events = async () => (await app.sql`select count(*)::int as n from webhook_events`)[0].n;
    const before = await events();
    const projectId = await finalizeRows(2);
    await until(
      async () => (await fx.counts(app.sql, projectId)).decisions,
      (x) => x === 2,
    );
    expect(await events()).toBe(before);
  });
});
