// The job worker process: graphile-worker over the same Postgres, one file per task in this
// folder. It also sweeps ingest runs whose worker died (see ingest.ts).
import { run, type Runner, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { Config } from '../config.ts';
import { API_TIMEOUTS, createSql, WORKER_TIMEOUTS } from '../db/client.ts';
import { createStorage } from '../storage/s3.ts';
import { createLogger, type Logger } from '../log.ts';
import { runIngest, sweepStaleRuns, STALE_AFTER_SECONDS } from './ingest.ts';
import { runAutoConsensus } from './auto-consensus.ts';
import { deliverWebhook, type DeliverPayload } from '../webhooks/deliver.ts';
import { createMailer, sendOutboxEmail } from '../email/send.ts';
import { abandonDeadLinks } from '../db/outbox.ts';
import { Egress } from '../webhooks/egress.ts';

export interface WorkerOptions {
  concurrency?: number;
  log?: Logger;
  /** Seconds without a heartbeat after which a running ingest is considered dead. */
  staleAfterSeconds?: number;
  sweepIntervalMs?: number;
  /** Delays between webhook attempts (tests shorten the three-day production schedule). */
  webhookRetryDelaysMs?: readonly number[];
}

export async function startWorker(config: Config, options: WorkerOptions = {}): Promise<{ stop(): Promise<void> }> {
  const log = options.log ?? createLogger(config.logLevel);
  const sql = createSql(config.databaseUrl, { max: 6, timeouts: WORKER_TIMEOUTS });
  const deps = { sql, storage: createStorage(config.s3), log };
  const mailer = config.smtpUrl ? createMailer(config.smtpUrl) : null;
  // Webhook deliveries connect only to addresses WEBHOOK_RECEIVERS allows (src/webhooks/egress.ts).
  const dispatcher = new Egress(config.webhooks).createAgent({ connectTimeoutMs: 10_000 });
  const taskList: TaskList = {
    // Each task gets graphile-worker's abort signal (a graceful stop waits for running jobs, then
    // aborts them): ingest re-queues its run, Auto Consensus stops between batches and is
    // retried, a webhook attempt cut short is not recorded and its job runs again.
    ingest: async (payload, helpers) => runIngest({ ...deps, signal: helpers.abortSignal }, (payload as { runId: string }).runId),
    auto_consensus: async (payload, helpers) => runAutoConsensus({ ...deps, signal: helpers.abortSignal }, (payload as { projectId: string }).projectId),
    deliver_webhook: async (payload, helpers) =>
      deliverWebhook({ sql, log, secretsKey: config.secretsKey, dispatcher, disableAfterFailures: config.webhooks.disableAfterFailures, retryDelaysMs: options.webhookRetryDelaysMs, signal: helpers.abortSignal }, payload as DeliverPayload),
    send_email: async (payload) => sendOutboxEmail({ sql, log, mailer, from: config.emailFrom, secretsKey: config.secretsKey, logMessages: config.mailMode === 'log' }, (payload as { outboxId: string }).outboxId),
  };
  // graphile-worker gets a pool of ours, with an error handler: a connection cut under it (the
  // database restarting, Ctrl-C reaching Postgres first in `make dev`) is logged, not a crash.
  // Its statements are short queue operations: the API's session bounds suit them.
  const pgPool = new pg.Pool({
    connectionString: config.databaseUrl, max: (options.concurrency ?? 2) + 2, connectionTimeoutMillis: 5000,
    statement_timeout: API_TIMEOUTS.statementMs, idle_in_transaction_session_timeout: API_TIMEOUTS.idleInTransactionMs,
  });
  const lost = (err: Error) => log.warn('job queue connection lost', { error: err.message });
  pgPool.on('error', lost);
  pgPool.on('connect', (client) => client.on('error', lost));
  const runner: Runner = await run({
    pgPool,
    concurrency: options.concurrency ?? 2,
    noHandleSignals: true,
    pollInterval: 1000,
    taskList,
    crontab: '# no recurring jobs', // (an empty string would make graphile-worker look for a crontab file)
  });
  const stale = options.staleAfterSeconds ?? STALE_AFTER_SECONDS;
  const sweep = setInterval(() => {
    sweepStaleRuns(sql, stale)
      .then((n) => n && log.warn('failed ingest runs whose worker stopped', { count: n }))
      .catch((err: unknown) => log.error('stale run sweep failed', { error: String(err) }));
    // Unsent emails whose sign-in link expired are given up and blanked (docs/security.md).
    abandonDeadLinks(sql).catch((err: unknown) => log.error('expired link sweep failed', { error: String(err) }));
  }, options.sweepIntervalMs ?? 10_000);
  return {
    async stop() {
      clearInterval(sweep);
      await runner.stop();
      await pgPool.end();
      mailer?.close();
      await dispatcher.close();
      await sql.end({ timeout: 5 });
    },
  };
}
