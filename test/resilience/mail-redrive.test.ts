// Unsent mail still worth sending is re-driven when its job is gone (graphile-worker gave up
// after its attempts): a worker's sweep enqueues it again and it is sent.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { testConfig } from '../helpers/config.ts';
import { until } from '../helpers/wait.ts';
import { startWorker } from '../../src/jobs/worker.ts';
import { createLogger } from '../../src/log.ts';

let app: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({ config: { smtpUrl: sink.url } });
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

it('sends a message whose job was given up', async () => {
  const email = `owner-${app.orgB.code.toLowerCase()}@example.com`;
  expect((await call(app, 'requestSignInLink', { key: null, body: { email } })).status).toBe(202);
  // As if graphile-worker had given up on it: its attempts used up (no worker ran meanwhile).
  const jobs = await app.sql`
      select graphile_worker.permanently_fail_jobs(array(select id from graphile_worker.jobs), 'SMTP down')`;
  expect(jobs.count).toBe(1);
  const worker = await startWorker(testConfig({ databaseUrl: app.databaseUrl, smtpUrl: sink.url }), {
    log: createLogger('error'),
    sweepIntervalMs: 250,
  });
  try {
    const mail = await sink.waitFor((m) => m.to.includes(email), 60_000);
    expect(mail.text).toMatch(/sign-in#token=/);
    // Marked sent once the server accepted it (just after the sink got it).
    await until(
      () => app.sql<{ unsent: number }[]>`select count(*)::int as unsent from email_outbox where sent_at is null`,
      (r) => r[0].unsent === 0,
    );
  } finally {
    await worker.stop();
  }
  expect(sink.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
}, 120_000);
