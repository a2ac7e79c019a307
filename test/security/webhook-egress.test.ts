// Webhook egress with the production setting (WEBHOOK_RECEIVERS=public) against real servers:
// registration refuses every non-public address class, and delivery refuses at connect time a
// name that resolved to a public address at registration and to loopback later (DNS rebinding,
// served by a DNS stub on 127.0.0.1). The public address is never connected to: the name is
// switched to loopback before any event exists. Refused attempts show "Delivery failed.", count
// as failures and disable the endpoint after the configured number; the per-organization cap holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_DELIVERY } from '../../src/config.ts';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { ingest } from '../helpers/uploads.ts';
import { startReceiver, until, type Receiver } from '../helpers/webhook-receiver.ts';
import { startDnsStub, type DnsStub } from '../helpers/dns-stub.ts';
import { DELIVERY_FAILED } from '../../src/jobs/deliver-webhook.ts';

const EVENT = 'datapoint.consensus_reached';
const PUBLIC_IP = '93.184.216.34';
let app: TestApp;
let dns: DnsStub;
let receiver: Receiver;

beforeAll(async () => {
  dns = await startDnsStub({
    'rebind.hooks.example': [PUBLIC_IP],
    'literal-later.hooks.example': [PUBLIC_IP],
    'public.hooks.example': [PUBLIC_IP],
    'internal.hooks.example': ['10.1.2.3'],
    'metadata.hooks.example': ['169.254.169.254'],
    'loop.hooks.example': ['127.0.0.1'],
    'v6loop.hooks.example': ['::1'],
    'mixed.hooks.example': [PUBLIC_IP, '192.168.0.10'],
  });
  app = await startTestApp({
    worker: { webhookRetryDelaysMs: [200, 200, 200, 200, 200] },
    config: {
      webhooks: {
        receivers: ['public'],
        dnsServers: [dns.server],
        maxEndpointsPerOrg: 3,
        disableAfterFailures: 3,
        ...DEFAULT_WEBHOOK_DELIVERY,
      },
    },
  });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
  await dns?.close();
});

const register = (url: string, key = app.orgA.originatorKey) =>
  call(app, 'createWebhookEndpoint', { key, body: { url, eventTypes: [EVENT] } });
const countEndpoints = async () => (await app.sql`select count(*)::int as n from webhook_endpoints`)[0].n as number;

let n = 0;
async function finalizeOne(): Promise<void> {
  const spec = {
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: 1, instructions: 'Rate.' },
  };
  const { projectId } = (await call(app, 'createProject', { body: { name: `Egress ${++n}`, spec } })).body;
  await call(app, 'updateProject', {
    params: { projectId },
    body: { autoConsensus: true, autoConsensusSpread: 'tight' },
  });
  await ingest(app, projectId, { 'e.csv': `id,text\n1,egress ${n}\n` });
}

describe('registration (WEBHOOK_RECEIVERS=public)', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/hook',
    'http://172.16.0.1/hook',
    'http://192.168.1.1/hook',
    'http://127.0.0.2:5432/',
    'http://[::ffff:127.0.0.1]:3000/x',
    'http://localhost.:3000/x',
    'http://[::1]/x',
    'http://[fc00::1]/x',
    'http://[fe80::1]/x',
    'http://100.64.0.1/x',
    'http://0.0.0.0/x',
    'http://198.18.0.1/x',
    'http://224.0.0.1/x',
    'http://240.0.0.1/x',
    'http://[64:ff9b::a9fe:a9fe]/x',
    'http://[::ffff:a9fe:a9fe]/x',
    'https://internal.hooks.example/x',
    'https://metadata.hooks.example/x',
    'https://loop.hooks.example/x',
    'https://v6loop.hooks.example/x',
    'https://mixed.hooks.example/x',
    'https://unknown.hooks.example/x',
    'https://user:secret@public.hooks.example/x',
  ])('refuses %s', async (url) => {
    const res = await register(url);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'request_body_invalid', param: 'url' });
    expect(res.body.error.message).not.toMatch(/\d+\.\d+\.\d+\.\d+/); // names no resolved address
    expect(await countEndpoints()).toBe(0);
  });
});

describe('delivery (connect-time check)', () => {
  it(
    'refuses a name that resolves to loopback at delivery time, never connecting; disables after 3 ' + 'failures',
    async () => {
      const port = new URL(receiver.url).port;
      const created = await register(`http://rebind.hooks.example:${port}/hooks`);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const endpointId = created.body.webhookEndpointId;
      // DNS rebinding: the name now points at the loopback receiver, which would answer 204.
      dns.records.set('rebind.hooks.example', ['127.0.0.1']);
      await finalizeOne();
      const attempts = await until(
        async () =>
          (await call(app, 'listWebhookAttempts', { params: { webhookEndpointId: endpointId } })).body.data as any[],
        (l) => l.length >= 3,
      );
      expect(receiver.received).toEqual([]);
      for (const a of attempts)
        expect(a).toMatchObject({ outcome: 'failed', httpStatus: null, error: DELIVERY_FAILED });
      // The operator's log says why; the tenant's attempt list does not.
      expect(app.logs.some((l) => l.includes('egress refused'))).toBe(true);
      const ep = await until(
        async () => (await call(app, 'getWebhookEndpoint', { params: { webhookEndpointId: endpointId } })).body,
        (e) => e.status === 'disabled',
      );
      expect(ep.disabledReason).toMatch(/3 attempts in a row failed/);
      expect(
        (await app.sql`select status from webhook_deliveries where endpoint_id = ${endpointId}`).map((d) => d.status),
      ).toEqual(['failed']);
      await app.sql`delete from webhook_endpoints`;
    },
  );

  it('refuses an IP literal at connect time (an endpoint stored before the setting changed)', async () => {
    const port = new URL(receiver.url).port;
    const created = await register(`http://literal-later.hooks.example:${port}/hooks`);
    expect(created.status).toBe(201);
    // As if it had been registered under WEBHOOK_RECEIVERS=loopback: the stored URL is a literal.
    await app.sql`update webhook_endpoints set url = ${receiver.url} where id = ${created.body.webhookEndpointId}`;
    await finalizeOne();
    const [first] = await until(
      async () =>
        (await call(app, 'listWebhookAttempts', { params: { webhookEndpointId: created.body.webhookEndpointId } })).body
          .data as any[],
      (l) => l.length >= 1,
    );
    expect(first).toMatchObject({ outcome: 'failed', httpStatus: null, error: DELIVERY_FAILED });
    expect(receiver.received).toEqual([]);
    await app.sql`delete from webhook_endpoints`;
  });
});

describe('limits', () => {
  it('caps endpoints per organization (409 webhook_endpoint_limit_reached), per organization', async () => {
    for (let i = 0; i < 3; i++) expect((await register(`https://public.hooks.example/${i}`)).status).toBe(201);
    const fourth = await register('https://public.hooks.example/4');
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.code).toBe('webhook_endpoint_limit_reached');
    expect((await register('https://public.hooks.example/b', app.orgB.originatorKey)).status).toBe(201);
    // Concurrent registrations cannot overshoot the cap.
    await app.sql`delete from webhook_endpoints where org_id = ${app.orgA.id}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => register(`https://public.hooks.example/c${i}`)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect((await app.sql`select count(*)::int as n from webhook_endpoints where org_id = ${app.orgA.id}`)[0].n).toBe(
      3,
    );
    await app.sql`delete from webhook_endpoints`;
  });
});
