// A webhook delivery that fails before its HTTP attempt (the endpoint's sealed secret does not
// open: SECRETS_KEY changed) is recorded as a failed attempt with a plain reason and scheduled
// again, not left pending with nothing to show.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/wait.ts';
import * as fx from '../helpers/fixtures.ts';
import { emitConsensusReached } from '../../src/webhooks/emit.ts';
import { UNSIGNABLE } from '../../src/jobs/deliver-webhook.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: { webhookRetryDelaysMs: [60_000] } });
});
afterAll(async () => {
  await app?.close();
});

it('records the attempt that could not be signed and schedules the next one', async () => {
  const created = await call(app, 'createWebhookEndpoint', {
    body: { url: 'http://127.0.0.1:9/hooks', eventTypes: ['datapoint.consensus_reached'] },
  });
  expect(created.status).toBe(201);
  const endpointId = created.body.webhookEndpointId;
  // As if SECRETS_KEY had changed since the secret was sealed.
  await app.sql`update webhook_endpoints set secret_sealed = ${randomBytes(60)} where id = ${endpointId}`;
  const { projectId } = await fx.finalizedProject(app, 1);
  const [decision] = await fx.decisions(app.sql, projectId);
  await app.sql.begin((tx) => emitConsensusReached(tx, [{ consensusDecisionId: decision!.id, projectId } as never]));

  const attempts = await until(
    async () =>
      (await call(app, 'listWebhookAttempts', { params: { webhookEndpointId: endpointId } })).body.data as {
        error: string | null;
        outcome: string;
        httpStatus: number | null;
        nextAttemptAt: string | null;
      }[],
    (a) => a.length === 1,
  );
  expect(attempts[0]).toMatchObject({ outcome: 'failed', httpStatus: null, error: UNSIGNABLE, attemptNumber: 1 });
  expect(attempts[0].nextAttemptAt).not.toBeNull();
  const [delivery] = await app.sql<
    { status: string; attempts: number }[]
  >`select status, attempts from webhook_deliveries where endpoint_id = ${endpointId}`;
  expect(delivery).toEqual({ status: 'pending', attempts: 1 });
  expect(app.logs.join('\n')).toContain('does not open with SECRETS_KEY');
});
