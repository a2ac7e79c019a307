// The job worker process: graphile-worker over the same Postgres, one file per task in this
// folder, each bound here to its name in the job table (tasks.ts). It also sweeps ingest runs
// whose worker died (see ingest.ts).
import { EventEmitter } from 'node:events';
import { run, type Runner, type Task, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import type { Config } from '../config.ts';
import { API_TIMEOUTS, createSql, WORKER_TIMEOUTS } from '../db/client.ts';
import { createStorage } from '../storage/s3.ts';
import { createLogger, type Logger } from '../log.ts';
import { runIngest, sweepStaleRuns, STALE_AFTER_SECONDS } from './ingest.ts';
import { runAutoConsensus } from './auto-consensus.ts';
import { deliverWebhook } from './deliver-webhook.ts';
import { sendOutboxEmail } from './send-email.ts';
import { createMailer } from '../email/mailer.ts';
import { abandonDeadLinks } from '../db/outbox.ts';
import { Egress } from '../webhooks/egress.ts';
import type { TaskName } from './tasks.ts';
import { createLiveness, DEAD_AFTER_SECONDS } from './worker-liveness.ts';

export interface WorkerOptions {
  concurrency?: number;
  log?: Logger;
  /** Seconds without a heartbeat after which a running ingest is considered dead. */
  staleAfterSeconds?: number;
  sweepIntervalMs?: number;
  /** Delays between webhook attempts (tests shorten the three-day production schedule). */
  webhookRetryDelaysMs?: readonly number[];
  /** Seconds without a heartbeat after which another worker process is dead (its jobs unlocked). */
  deadWorkerSeconds?: number;
  workerHeartbeatMs?: number;
}

export async function startWorker(config: Config, options: WorkerOptions = {}): Promise<{ stop(): Promise<void> }> {
  const log = options.log ?? createLogger(config.logLevel);
  const sql = createSql(config.databaseUrl, { max: 6, timeouts: WORKER_TIMEOUTS });
  const deps = { sql, storage: createStorage(config.s3), log };
  const mailer = config.smtpUrl ? createMailer(config.smtpUrl) : null;
  // Webhook deliveries connect only to addresses WEBHOOK_RECEIVERS allows (src/webhooks/egress.ts).
  const dispatcher = new Egress(config.webhooks).createAgent({ connectTimeoutMs: 10_000 });
  // Every task of the job table, with the payload type the table gives it: a task without an
  // entry point here, or an entry point for a name the table lacks, fails the type check. Each
  // task gets graphile-worker's abort signal (a graceful stop waits for running jobs, then aborts
  // them): ingest re-queues its run, Auto Consensus stops between batches and is retried, a
  // webhook attempt cut short is not recorded and its job runs again.
  const taskList: { [K in TaskName]: Task<K> } = {
    ingest: async (payload, helpers) => runIngest({ ...deps, signal: helpers.abortSignal }, payload.runId),
    auto_consensus: async (payload, helpers) => runAutoConsensus({ ...deps, signal: helpers.abortSignal }, payload.projectId),
    deliver_webhook: async (payload, helpers) =>
      deliverWebhook({ sql, log, secretsKey: config.secretsKey, dispatcher, disableAfterFailures: config.webhooks.disableAfterFailures, retryDelaysMs: options.webhookRetryDelaysMs, signal: helpers.abortSignal }, payload),
    send_email: async (payload) => sendOutboxEmail({ sql, log, mailer, from: config.emailFrom, secretsKey: config.secretsKey, logMessages: config.mailMode === 'log' }, payload.outboxId),
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
  // This process's graphile-worker ids and heartbeat (worker-liveness.ts), so that if it is
  // killed, a live worker unlocks its jobs within seconds.
  const liveness = createLiveness(sql, { heartbeatMs: options.workerHeartbeatMs });
  const events = new EventEmitter() as WorkerEvents;
  // Jobs are locked under the pool's id (batched fetching) or a worker's: record both.
  events.on('pool:create', ({ workerPool }) => liveness.add(workerPool.id));
  events.on('worker:create', ({ worker }) => liveness.add(worker.workerId));
  const runner: Runner = await run({
    pgPool,
    events,
    concurrency: options.concurrency ?? 2,
    noHandleSignals: true,
    pollInterval: 1000,
    taskList,
    crontab: '# no recurring jobs', // (an empty string would make graphile-worker look for a crontab file)
  });
  await liveness.start();
  const stale = options.staleAfterSeconds ?? STALE_AFTER_SECONDS;
  const sweep = setInterval(() => {
    sweepStaleRuns(sql, stale)
      .then((n) => n && log.warn('failed ingest runs whose worker stopped', { count: n }))
      .catch((err: unknown) => log.error('stale run sweep failed', { error: String(err) }));
    // Unsent emails whose sign-in link expired are given up and blanked (docs/security.md).
    abandonDeadLinks(sql).catch((err: unknown) => log.error('expired link sweep failed', { error: String(err) }));
    liveness.sweep(options.deadWorkerSeconds ?? DEAD_AFTER_SECONDS)
      .then((n) => n && log.warn('unlocked the jobs of worker processes that stopped', { count: n }))
      .catch((err: unknown) => log.error('dead worker sweep failed', { error: String(err) }));
  }, options.sweepIntervalMs ?? 10_000);
  return {
    async stop() {
      clearInterval(sweep);
      await runner.stop();
      await liveness.stop();
      await pgPool.end();
      mailer?.close();
      await dispatcher.close();
      await sql.end({ timeout: 5 });
    },
  };
}
