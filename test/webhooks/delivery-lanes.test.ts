// Webhook delivery under load: an endpoint's deliveries run concurrently (bounded per endpoint),
// an organization takes at most its share of the worker's slots (another organization's first
// delivery does not wait behind its backlog), and an endpoint that answers slowly is disabled
// like a failing one. Receivers hold requests until the test lets them go, so nothing here
// depends on timing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/wait.ts';
import * as fx from '../helpers/fixtures.ts';
import { DEFAULT_WEBHOOK_DELIVERY } from '../../src/config.ts';
import { emitConsensusReached } from '../../src/webhooks/emit.ts';
import { createApiKey, createOrganization } from '../../src/admin/admin.ts';
import { inject } from 'vitest';

const LIMITS = { concurrency: 6, perEndpoint: 3, perOrg: 4 };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    worker: { taskSets: ['webhooks'] },
    config: {
      webhooks: {
        receivers: ['loopback'],
        dnsServers: [inject('dnsServer')],
        maxEndpointsPerOrg: 20,
        disableAfterFailures: 3,
        ...DEFAULT_WEBHOOK_DELIVERY,
        ...LIMITS,
        latencyBudgetMs: 300,
      },
    },
  });
});
afterAll(async () => {
  await app?.close();
});

/** A receiver that answers 204 once `release()` is called (or after `delayMs` when given). */
async function holdingReceiver(delayMs?: number) {
  let inFlight = 0;
  let maxInFlight = 0;
  let received = 0;
  let open = false;
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      received++;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const answer = () => {
        inFlight--;
        res.writeHead(204).end();
      };
      if (delayMs !== undefined) setTimeout(answer, delayMs);
      else if (open) answer();
      else held.push(Object.assign(res, { answer }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: (path = 'hooks') => `http://127.0.0.1:${port}/${path}`,
    received: () => received,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    release() {
      open = true;
      for (const r of held.splice(0)) (r as ServerResponse & { answer(): void }).answer();
    },
    async close() {
      this.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function orgWithKey(): Promise<{ id: string; key: string }> {
  const org = await createOrganization(app.sql, { name: 'Hooks', code: `H${Math.floor(Math.random() * 1e9)}` });
  const owner = await fx.member(app, org.id, { originator: true });
  return { id: org.id, key: (await createApiKey(app.sql, { orgId: org.id, userId: owner.id })).key };
}

async function register(key: string, url: string): Promise<string> {
  const res = await call(app, 'createWebhookEndpoint', {
    key,
    body: { url, eventTypes: ['datapoint.consensus_reached'] },
  });
  expect(res.status).toBe(201);
  return res.body.webhookEndpointId;
}

/** `n` consensus events of a project, written as the deciding transaction writes them. */
async function emit(projectId: string, n: number): Promise<void> {
  const decisions = Array.from({ length: n }, () => ({
    datapointId: randomUUID(),
    projectId,
    consensusDecisionId: randomUUID(),
    qualityRatingMean: 50,
    qualityRatingMedian: 50,
    consensusStrength: 1,
  }));
  await app.sql.begin((tx) => emitConsensusReached(tx, decisions));
}

describe('webhook delivery lanes', () => {
  it("delivers an endpoint's backlog concurrently, never more than its in-flight bound", async () => {
    const org = await orgWithKey();
    const receiver = await holdingReceiver();
    try {
      await register(org.key, receiver.url());
      const projectId = await fx.project(app, { key: org.key });
      await emit(projectId, 12);
      // Held: the worker keeps sending until the endpoint's bound is reached.
      await until(
        async () => receiver.inFlight(),
        (n) => n >= LIMITS.perEndpoint,
        30_000,
      );
      receiver.release();
      await until(
        async () => receiver.received(),
        (n) => n >= 12,
        30_000,
      );
      expect(receiver.maxInFlight()).toBe(LIMITS.perEndpoint);
    } finally {
      await receiver.close();
    }
  });

  it("does not make another organization's first delivery wait behind one organization's backlog", async () => {
    const heavy = await orgWithKey();
    const slow = await holdingReceiver();
    const light = await orgWithKey();
    const fast = await holdingReceiver(0);
    try {
      // More endpoints than the worker has slots, each with a backlog, none answering.
      for (let i = 0; i < 8; i++) await register(heavy.key, slow.url(`e${i}`));
      await emit(await fx.project(app, { key: heavy.key }), 10);
      await until(
        async () => slow.inFlight(),
        (n) => n >= LIMITS.perOrg,
        30_000,
      );
      await register(light.key, fast.url());
      await emit(await fx.project(app, { key: light.key }), 1);
      // Arrives while every one of the heavy organization's requests is still held.
      await until(
        async () => fast.received(),
        (n) => n === 1,
        30_000,
      );
      expect(slow.received()).toBe(slow.inFlight());
      expect(slow.maxInFlight()).toBe(LIMITS.perOrg);
    } finally {
      await slow.close();
      await fast.close();
    }
  });

  it('disables an endpoint whose answers keep taking longer than the latency budget, even 2xx', async () => {
    const org = await orgWithKey();
    // Answers 204, after more than the 300 ms budget.
    const receiver = await holdingReceiver(700);
    try {
      const endpointId = await register(org.key, receiver.url());
      await emit(await fx.project(app, { key: org.key }), 3);
      const endpoint = await until(
        async () =>
          (await call(app, 'getWebhookEndpoint', { key: org.key, params: { webhookEndpointId: endpointId } })).body,
        (e) => e.status === 'disabled',
        30_000,
      );
      expect(endpoint.disabledReason).toMatch(/^3 attempts in a row failed or took longer than 0\.3 s/);
      // Rotating the secret does not enable it again.
      const rotated = await call(app, 'rotateWebhookEndpointSecret', {
        key: org.key,
        params: { webhookEndpointId: endpointId },
      });
      expect(rotated.status).toBe(200);
      expect(rotated.body.status).toBe('disabled');
    } finally {
      await receiver.close();
    }
  });
});
