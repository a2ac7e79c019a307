// Job isolation: one organization with 50 webhook endpoints whose receiver never answers (a
// blackhole on loopback) and Auto Consensus running cannot hold up another organization's
// sign-in email. The email is sent while almost all of the deliveries queued before it are still
// pending: it did not wait behind them (email, webhooks and data work each have a runner of
// their own; each endpoint's deliveries run one at a time in its own job queue).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_DELIVERY } from '../../src/config.ts';
import { createServer, type Server, type Socket } from 'node:net';
import { inject } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { until } from '../helpers/wait.ts';
import * as fx from '../helpers/fixtures.ts';
import { emitConsensusReached } from '../../src/webhooks/emit.ts';

let app: TestApp;
let sink: SmtpSink;
let blackhole: Server;
const sockets: Socket[] = [];

beforeAll(async () => {
  blackhole = createServer((s) => {
    sockets.push(s);
    s.on('error', () => {});
  });
  await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
  sink = await startSmtpSink();
  app = await startTestApp({
    worker: true,
    config: {
      smtpUrl: sink.url,
      webhooks: {
        receivers: ['loopback'],
        dnsServers: [inject('dnsServer')],
        maxEndpointsPerOrg: 100,
        disableAfterFailures: 1000,
        ...DEFAULT_WEBHOOK_DELIVERY,
      },
    },
  });
});
afterAll(async () => {
  // Stop accepting first: deliveries the worker still starts are refused at once instead of
  // hanging until their timeout, which kept the worker's drain (and this hook) waiting.
  const closed = new Promise((r) => (blackhole ? blackhole.close(r) : r(undefined)));
  for (const s of sockets) s.destroy();
  await app?.close();
  await sink?.close();
  await closed;
});

it("sends another organization's sign-in email while 50 blackholed endpoints' deliveries wait", async () => {
  const port = (blackhole.address() as { port: number }).port;
  for (let i = 0; i < 50; i++) {
    const res = await call(app, 'createWebhookEndpoint', {
      body: { url: `http://127.0.0.1:${port}/hook/${i}`, eventTypes: ['datapoint.consensus_reached'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  // Organization A: three decided datapoints (150 deliveries), and Auto Consensus at work on more.
  const { projectId } = await fx.finalizedProject(app, 3);
  const decisions = await fx.decisions(app.sql, projectId);
  await app.sql.begin((tx) =>
    emitConsensusReached(
      tx,
      decisions.map((d) => ({ consensusDecisionId: d.id, projectId }) as never),
    ),
  );
  const busy = await fx.project(app);
  await fx.addDatapoints(app.sql, busy, 200, { slotsPerDatapoint: 3 });
  expect(
    (
      await call(app, 'updateProject', {
        params: { projectId: busy },
        body: { autoConsensus: true, autoConsensusSpread: 'tight' },
      })
    ).status,
  ).toBe(200);
  // The webhook runner's slots are taken by connections that will never be answered.
  await until(
    () => sockets.length,
    (n) => n >= 4,
  );

  // Organization B's owner asks for a sign-in link.
  const email = `owner-${app.orgB.code.toLowerCase()}@example.com`;
  expect((await call(app, 'requestSignInLink', { key: null, body: { email } })).status).toBe(202);
  await sink.waitFor((m) => m.to.includes(email), 60_000);

  // Sent while the deliveries enqueued before it were still waiting: it did not queue behind them.
  const [{ pending }] = await app.sql<
    { pending: number }[]
  >`select count(*)::int as pending from webhook_deliveries where status = 'pending' and attempts = 0`;
  expect(pending).toBeGreaterThan(100);
}, 120_000);
