// The job worker process: graphile-worker over the same Postgres, one file per task in this
// folder, each bound here to its name in the job table (tasks.ts). It also runs the sweeps (one
// table below: ingest runs whose worker died, lost jobs, expired records, dead worker processes).
import { EventEmitter } from 'node:events';
import {
  Logger as JobQueueLogger,
  run,
  type Runner,
  type Task,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import pg from 'pg';
import type { Config } from '../config.ts';
import { API_TIMEOUTS, createSql, poolStats, WORKER_TIMEOUTS, type Sql } from '../db/client.ts';
import { createStorage } from '../storage/s3.ts';
import { createLogger, withLogScope, type Logger } from '../log.ts';
import { inSpan, SpanKind } from '../tracing.ts';
import { runIngest, STALE_AFTER_SECONDS } from './ingest.ts';
import { closeParserThreads, prepareParserThread } from '../ingest/parse-host.ts';
import { failStaleRuns } from '../db/ingest-runs.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { runAutoConsensus } from './auto-consensus.ts';
import { createDeliveryBatches, deliverWebhook } from './deliver-webhook.ts';
import { sendOutboxEmail } from './send-email.ts';
import { createMailer } from '../email/mailer.ts';
import { abandonDeadLinks } from '../db/outbox.ts';
import { redriveUnsentMail } from './send-email.ts';
import { startSweeps, type Sweep } from './sweeps.ts';
import { enqueue } from './tasks.ts';
import { deleteExpired } from '../db/idempotency.ts';
import { Egress } from '../webhooks/egress.ts';
import type { JobTrace, TaskName } from './tasks.ts';
import { createLiveness, DEAD_AFTER_SECONDS } from './worker-liveness.ts';
import { redriveLostQueuedRuns } from './ingest-redrive.ts';
import { runReportBuild, sweepReportArtifacts } from './build-report.ts';
import { loadSigningKey } from '../domain/signing.ts';
import { WebhookLanes } from './webhook-lanes.ts';
import { workerMetrics, type WorkerMetrics } from '../metrics.ts';
import { queueDepth } from '../db/job-queue.ts';
import { compileSpecValidators } from '../domain/spec-compiler.ts';
import { collectCompileGarbage } from '../schema/ajv.ts';

/**
 * Task sets, each run by a graphile-worker runner of its own (its own concurrency and
 * connections), so one kind of work never waits behind another: a sign-in email is not queued
 * behind an organization's hanging webhook deliveries or a long ingest. `assay worker --tasks`
 * runs a subset, to give each set processes of its own (docs/operations.md).
 */
export const TASK_SETS = {
  email: ['send_email'],
  webhooks: ['deliver_webhook'],
  data: ['ingest', 'auto_consensus'],
  reports: ['build_report'],
} as const;
export type TaskSet = keyof typeof TASK_SETS;
/** Jobs of each set run at once, per process (webhooks: WEBHOOK_CONCURRENCY). */
const SET_CONCURRENCY: Record<Exclude<TaskSet, 'webhooks'>, number> = { email: 2, data: 2, reports: 2 };
/** The job queue's sessions in pg_stat_activity (the API's are `assay`: src/db/client.ts). */
export const JOB_QUEUE_APPLICATION = 'assay job queue';
/** graphile-worker's error when its listener's session ends under the UNLISTEN of its stop. */
const UNLISTEN_FAILED = 'Error occurred attempting to UNLISTEN';
/** After a job of a job queue completes: when the pool looks again for that queue's next job (ms). */
const NUDGE_AFTER_QUEUED_JOB_MS = [10, 50, 200, 1000];
/** How long a delivery fetched while its lane was full waits for a place before it is put back. */
const LANE_WAIT_MS = 200;

export interface WorkerOptions {
  /** Concurrency of the data set (ingest, Auto Consensus); the others have their own. */
  concurrency?: number;
  /** The task sets this process runs (all by default). */
  taskSets?: readonly TaskSet[];
  log?: Logger;
  /** How long an idle runner waits before it looks for jobs that no notification announced (ms). */
  pollIntervalMs?: number;
  /** Seconds without a heartbeat after which a running ingest is considered dead. */
  staleAfterSeconds?: number;
  sweepIntervalMs?: number;
  /** Delays between webhook attempts (tests shorten the three-day production schedule). */
  webhookRetryDelaysMs?: readonly number[];
  /** Seconds without a heartbeat after which another worker process is dead (its jobs unlocked). */
  deadWorkerSeconds?: number;
  workerHeartbeatMs?: number;
  /** Seconds a run may stay `queued` without a job before it is re-queued (default 60). */
  lostQueuedRunSeconds?: number;
  /** Milliseconds after stop() before running jobs are signalled to abort (graphile-worker default 5000). */
  shutdownAbortAfterMs?: number;
  /** Seconds after the last URL to a superseded report artifact before it is deleted (default: the URL lifetime). */
  reportGraceSeconds?: number;
}

/**
 * A task as the runner calls it: every line it logs carries the task, the job id and the request
 * that enqueued it (when the payload names one); with tracing on it runs in a span whose parent is
 * the span that enqueued it (the payload's `traceparent`).
 */
function observed<K extends TaskName>(task: K, run: Task<K>): Task<K> {
  return (payload, helpers) => {
    const p = payload as { requestId?: string } & JobTrace;
    return withLogScope({ task, jobId: helpers.job.id, requestId: p.requestId }, () =>
      inSpan(
        `job ${task}`,
        {
          kind: SpanKind.CONSUMER,
          traceparent: p.traceparent,
          attributes: { 'assay.task': task, 'assay.job_id': helpers.job.id, 'assay.attempt': helpers.job.attempts },
        },
        async () => run(payload, helpers),
      ),
    );
  };
}

export interface RunningWorker {
  /** The worker's own pool (the probes' readiness check asks it). */
  sql: Sql;
  /** Jobs run by this process and the queue's depth, for /metrics on WORKER_PORT. */
  metrics: WorkerMetrics;
  /** Stops taking jobs, waits for running ones (aborting them after shutdownAbortAfterMs), closes the pools. */
  stop(): Promise<void>;
}

export async function startWorker(config: Config, options: WorkerOptions = {}): Promise<RunningWorker> {
  const log = options.log ?? createLogger(config.logLevel);
  // The validators the jobs use are compiled before any job runs, then the compilation's garbage
  // is collected (src/schema/ajv.ts says why).
  compileSpecValidators();
  collectCompileGarbage();
  const sql = createSql(config.databaseUrl, {
    max: config.database.poolSize ?? 12,
    timeouts: WORKER_TIMEOUTS,
    pool: config.database,
  });
  // Read at each scrape (the job queue's pool is created below).
  const metrics = workerMetrics(() => queueDepth(sql), {
    worker: () => poolStats(sql),
    // graphile-worker's: a client is checked out while a runner fetches or completes a job.
    job_queue: () => ({
      max: pgPool.options.max ?? 10,
      idle: pgPool.idleCount,
      busy: pgPool.totalCount - pgPool.idleCount,
      reserved: 0,
      connecting: 0,
      waiting: pgPool.waitingCount,
    }),
  });
  const deps = { sql, storage: createStorage(config.s3), log, quotas: config.quotas, metrics };
  // Proof Reports are built and signed by the build_report task: the worker has the API's key.
  const signer = config.signingKey ? await loadSigningKey(config.signingKey) : null;
  const mailer = config.smtpUrl ? createMailer(config.smtpUrl) : null;
  // Webhook deliveries connect only to addresses WEBHOOK_RECEIVERS allows (src/webhooks/egress.ts).
  // A receiver that does not accept a connection within 3 s is not going to: a short connect
  // timeout keeps blackholed endpoints from holding the webhook runner's slots.
  const dispatcher = new Egress(config.webhooks).createAgent({ connectTimeoutMs: 3_000 });
  // Deliveries in flight per endpoint and per organization (webhook-lanes.ts).
  const lanes = new WebhookLanes({ perEndpoint: config.webhooks.perEndpoint, perOrg: config.webhooks.perOrg });
  const deliveryBatches = createDeliveryBatches(sql);
  // Every task of the job table, with the payload type the table gives it: a task without an
  // entry point here, or an entry point for a name the table lacks, fails the type check. Each
  // task gets graphile-worker's abort signal (a graceful stop waits for running jobs, then aborts
  // them): ingest re-queues its run, Auto Consensus stops between batches and is retried, a
  // webhook attempt cut short is not recorded and its job runs again.
  const taskList: { [K in TaskName]: Task<K> } = {
    ingest: async (payload, helpers) => runIngest({ ...deps, signal: helpers.abortSignal }, payload.runId),
    auto_consensus: async (payload, helpers) =>
      runAutoConsensus({ ...deps, signal: helpers.abortSignal }, payload.projectId),
    deliver_webhook: async (payload, helpers) => {
      const flags = Object.keys(helpers.job.flags ?? {});
      // Fetched while its lane filled up: it waits a moment for a place, then goes back to the
      // queue for a moment, attempt unchanged.
      if (!(await lanes.enterWithin(flags, LANE_WAIT_MS)))
        return enqueue(sql, 'deliver_webhook', payload, { runAt: new Date(Date.now() + 200), flags });
      try {
        await deliverWebhook(
          {
            sql,
            log,
            secretsKey: config.secretsKey,
            dispatcher,
            disableAfterFailures: config.webhooks.disableAfterFailures,
            latencyBudgetMs: config.webhooks.latencyBudgetMs,
            retryDelaysMs: options.webhookRetryDelaysMs,
            signal: helpers.abortSignal,
            batches: deliveryBatches,
            metrics,
          },
          payload,
        );
      } finally {
        lanes.leave(flags);
      }
    },
    send_email: async (payload) =>
      sendOutboxEmail(
        {
          sql,
          log,
          mailer,
          from: config.emailFrom,
          secretsKey: config.secretsKey,
          logMessages: config.mailMode === 'log',
        },
        payload.outboxId,
      ),
    build_report: async (payload, helpers) =>
      runReportBuild({ ...deps, signer, signal: helpers.abortSignal }, payload.artifactId, payload.requestId),
  };
  // graphile-worker gets a pool of ours, with an error handler: a connection cut under it (the
  // database restarting, Ctrl-C reaching Postgres first in `make dev`) is logged, not a crash.
  // Its statements are short queue operations: the API's session bounds suit them.
  const sets = options.taskSets ?? (Object.keys(TASK_SETS) as TaskSet[]);
  const concurrency = (set: TaskSet) =>
    set === 'webhooks'
      ? config.webhooks.concurrency
      : set === 'data'
        ? (options.concurrency ?? SET_CONCURRENCY.data)
        : SET_CONCURRENCY[set];
  // The job queue connects with DATABASE_DIRECT_URL (DATABASE_URL unless set): its LISTEN for new
  // jobs needs a session of its own, which a pooler in transaction mode does not give. Pointed at
  // such a pooler anyway, LISTEN hears nothing and jobs are found by polling (pollInterval). A
  // runner holds a connection only while it fetches or completes a job, never while the task
  // runs: the webhooks set's many slots share a bounded number of connections.
  const pgPool = new pg.Pool({
    connectionString: config.databaseDirectUrl,
    application_name: JOB_QUEUE_APPLICATION,
    max: config.database.jobQueuePoolSize ?? sets.reduce((n, set) => n + Math.min(concurrency(set), 16) + 1, 1),
    connectionTimeoutMillis: 5000,
    ...(config.database.transactionMode && config.databaseDirectUrl === config.databaseUrl
      ? {}
      : {
          statement_timeout: API_TIMEOUTS.statementMs,
          idle_in_transaction_session_timeout: API_TIMEOUTS.idleInTransactionMs,
        }),
  });
  // graphile-worker's own lines go to our log: its per-job lines ("Completed task ...", one per
  // webhook delivery) at debug, its warnings and errors as ours. Its default writes every line to
  // the console, which at hundreds of deliveries a second was CPU spent on lines nobody reads.
  // Once stop() has begun, the database ending the queue's connections is expected: in `make dev`
  // Ctrl-C reaches Postgres with this process and it ends every connection: a warning per pool
  // connection and an error per UNLISTEN, 54 lines at one Ctrl-C. Those are counted
  // and said once, at info, when the stop is done; the same loss while running is a warning.
  let stopping = false;
  let endedWhileStopping = 0;
  const jobQueueLog = new JobQueueLogger((scope) => (level, message, meta) => {
    const fields = {
      ...(scope.workerId ? { workerId: scope.workerId } : {}),
      ...(scope.jobId ? { jobId: scope.jobId } : {}),
    };
    if (level === 'error' && stopping && (isDatabaseUnavailable(meta?.error) || message.startsWith(UNLISTEN_FAILED)))
      endedWhileStopping++;
    else if (level === 'error')
      log.error(message, { ...fields, ...(meta?.error ? { error: String(meta.error) } : {}) });
    // Said at every start, of the webhooks set's slots sharing fewer connections: that is the
    // pool's design (above), not a fault to report.
    else if (level === 'warning' && !message.includes('smaller than concurrency')) log.warn(message, fields);
    else log.debug(message, fields);
  });
  const lost = (err: Error) => {
    if (stopping) endedWhileStopping++;
    else log.warn('job queue connection lost', { error: err.message });
  };
  pgPool.on('error', lost);
  pgPool.on('connect', (client) => client.on('error', lost));
  // This process's graphile-worker ids and heartbeat (worker-liveness.ts), so that if it is
  // killed, a live worker unlocks its jobs within seconds.
  const liveness = createLiveness(sql, { heartbeatMs: options.workerHeartbeatMs });
  const events = new EventEmitter() as WorkerEvents;
  const started = new WeakMap<object, number>();
  const elapsed = (job: object) => (performance.now() - (started.get(job) ?? performance.now())) / 1000;
  events.on('job:start', ({ job }) => started.set(job, performance.now()));
  events.on('job:success', ({ job }) => metrics.job(job.task_identifier, 'success', elapsed(job)));
  // An error with attempts left is retried later; at the last attempt the job has failed for good.
  events.on('job:error', ({ job }) =>
    metrics.job(job.task_identifier, job.attempts >= job.max_attempts ? 'failed' : 'error', elapsed(job)),
  );
  // A job put in a job queue while the queue's previous job is finishing (an organization's next
  // ingest, called as soon as the last one is `ok`) is not fetched on its notification: the queue
  // is locked until the previous job's completion is written. graphile-worker writes that
  // completion without waiting for it and looks for the next job at once, finds the queue still
  // locked, and waits for its next poll (pollInterval): back-to-back runs of one organization took
  // about 1.2 s each (bench/README.md, "Ingest: small files"). So after a job of a queue completes,
  // the pool is nudged again once the completion has had time to commit (WorkerPool.nudge: an
  // idle worker looks at once; a busy one is left alone).
  // A pool that has begun to shut down is not nudged: its workers are released first, and
  // graphile-worker asserts on a nudge of a released worker (a nudge timer of a job completed just
  // before stop() fired into a pool shutting down and failed a CI run as an unhandled error).
  const closing = new WeakSet<object>();
  for (const name of ['pool:gracefulShutdown', 'pool:forcefulShutdown', 'pool:release'] as const) {
    events.on(name, ({ workerPool }) => closing.add(workerPool));
  }
  events.on('job:complete', ({ worker, job }) => {
    if (job.job_queue_id === null) return;
    const pool = worker.workerPool;
    const nudge = () => {
      if (!closing.has(pool)) pool.nudge(1);
    };
    for (const ms of NUDGE_AFTER_QUEUED_JOB_MS) setTimeout(nudge, ms).unref();
  });
  // Jobs are locked under the pool's id (batched fetching) or a worker's: record both.
  events.on('pool:create', ({ workerPool }) => liveness.add(workerPool.id));
  events.on('worker:create', ({ worker }) => liveness.add(worker.workerId));
  // The process's row first, so that every id is recorded as its runner creates it (before the
  // runner can lock a job under it), not only once every runner has started.
  await liveness.start();
  // One runner per task set: a runner only takes jobs of the tasks in its list.
  const runners: Runner[] = [];
  for (const set of sets) {
    const tasks = Object.fromEntries(
      TASK_SETS[set].map((name) => [name, observed(name, taskList[name] as Task<typeof name>)]),
    ) as TaskList;
    runners.push(
      await run({
        pgPool,
        events,
        concurrency: concurrency(set),
        logger: jobQueueLog,
        // Webhook deliveries: a completed job is deleted in one statement with the others that
        // complete in the same tick of the event loop (failures likewise): at hundreds of
        // deliveries a second that is one statement per batch instead of one per job. A job stays
        // locked only until that statement runs (a crash in between runs it again, as a crash
        // during the task would).
        ...(set === 'webhooks'
          ? {
              forbiddenFlags: () => lanes.forbidden(),
              preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
            }
          : {}),
        noHandleSignals: true,
        noPreparedStatements: !config.database.prepare,
        gracefulShutdownAbortTimeout: options.shutdownAbortAfterMs ?? 5000,
        pollInterval: options.pollIntervalMs ?? 1000,
        taskList: tasks,
        crontab: '# no recurring jobs', // (an empty string would make graphile-worker look for a crontab file)
      }),
    );
  }
  // Ingest runs take a parser thread started ahead of them (src/ingest/parse-host.ts).
  if (sets.includes('data')) prepareParserThread();
  const every = options.sweepIntervalMs ?? 10_000;
  const stale = options.staleAfterSeconds ?? STALE_AFTER_SECONDS;
  // Each runs on one worker process at a time, once per interval across all of them (sweeps.ts).
  // Unsent mail is re-driven by a process of the email set, report artifacts swept by one of the
  // reports set.
  const only = (included: boolean, sweep: Sweep): Sweep[] => (included ? [sweep] : []);
  const sweeps: Sweep[] = [
    {
      name: 'stale_ingest_runs',
      everyMs: every,
      run: () => failStaleRuns(sql, stale),
      changed: { level: 'warn', message: 'failed ingest runs whose worker stopped' },
    },
    {
      // Unsent emails whose sign-in link expired are given up and blanked (docs/security.md).
      name: 'dead_sign_in_links',
      everyMs: every,
      run: () => abandonDeadLinks(sql),
    },
    ...only(sets.includes('email'), {
      // Unsent mail still worth sending whose job gave up is enqueued again (docs/operations.md).
      name: 'unsent_mail',
      everyMs: every,
      run: () => redriveUnsentMail(sql),
      changed: { level: 'warn', message: 're-drove unsent emails whose job gave up' },
    }),
    {
      name: 'lost_queued_ingest_runs',
      everyMs: every,
      run: () => redriveLostQueuedRuns(sql, options.lostQueuedRunSeconds),
      changed: { level: 'warn', message: 're-queued ingest runs whose job was lost' },
    },
    ...only(sets.includes('reports'), {
      // Report artifacts whose job was lost are failed (a request re-arms them); superseded
      // ones are deleted once their URLs have expired.
      name: 'report_artifacts',
      everyMs: every,
      run: () => sweepReportArtifacts(deps, options.reportGraceSeconds),
      changed: { level: 'info', message: 'deleted superseded report artifacts' },
    }),
    {
      // Idempotency-Key records are kept 24 hours.
      name: 'idempotency_keys',
      everyMs: every,
      run: () => deleteExpired(sql),
    },
    {
      name: 'dead_workers',
      everyMs: every,
      run: () => liveness.sweep(options.deadWorkerSeconds ?? DEAD_AFTER_SECONDS),
      changed: { level: 'warn', message: 'unlocked the jobs of worker processes that stopped' },
    },
  ];
  const sweeper = startSweeps(sql, sweeps, log);
  return {
    sql,
    metrics,
    async stop() {
      stopping = true;
      await sweeper.stop();
      await Promise.all(runners.map((r) => r.stop()));
      await liveness.stop();
      await closeParserThreads();
      await pgPool.end();
      if (endedWhileStopping > 0)
        log.info('job queue connections ended by the database while stopping', { events: endedWhileStopping });
      mailer?.close();
      await dispatcher.close();
      await sql.end({ timeout: 5 });
    },
  };
}
