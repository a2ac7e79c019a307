// Prometheus metrics (prom-client), one registry per server or worker instance, so two instances
// in one process (the tests) count apart. Served at /metrics: on the API's port by the server,
// on WORKER_PORT by the worker. Labels are bounded sets (operation ids, status codes, task names,
// outcomes, pool names, export formats), never ids or addresses. deploy/grafana/assay.json charts
// them; test/http/metrics.test.ts checks that every series it queries is served.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PooledTextCache } from './domain/pooled-text.ts';
import { largeBodyCounts } from './http/body-thread.ts';

/** A pool's connections now (src/db/client.ts's PoolStats, or graphile-worker's pg pool alike). */
interface PoolUse {
  max: number;
  idle: number;
  busy: number;
  reserved: number;
  connecting: number;
  waiting: number;
}

/** The database pools of a process, by name, read at each scrape. */
type Pools = Record<string, () => PoolUse>;

const POOL_STATES = ['idle', 'busy', 'reserved', 'connecting'] as const;

/** Connections of each pool by state, its size, and the statements waiting for a connection. */
function poolMetrics(registry: Registry, pools: Pools): void {
  new Gauge({
    name: 'assay_db_pool_connections',
    help:
      'Database connections of each pool by state: ' +
      'idle, busy (running a statement), reserved (in a transaction), connecting',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [pool, read] of Object.entries(pools)) {
        const use = read();
        for (const state of POOL_STATES) this.set({ pool, state }, use[state]);
      }
    },
  });
  new Gauge({
    name: 'assay_db_pool_max',
    help: 'Largest number of connections each pool opens',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      for (const [pool, read] of Object.entries(pools)) this.set({ pool }, read().max);
    },
  });
  new Gauge({
    name: 'assay_db_pool_waiting',
    help: 'Statements (or clients) of each pool waiting for a free connection',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      for (const [pool, read] of Object.entries(pools)) this.set({ pool }, read().waiting);
    },
  });
}

export interface ServerMetrics {
  registry: Registry;
  /** One request: its operation id (or `other`), status (or `aborted`) and duration. */
  request(operation: string, status: number | 'aborted', seconds: number): void;
}

/** The server's caches, read at each scrape. */
interface ServerCaches {
  uploadFileLists?: Pick<PooledTextCache, 'bytes' | 'hits' | 'misses' | 'maxBytes'>;
}

export function serverMetrics(pools: Pools = {}, caches: ServerCaches = {}): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  poolMetrics(registry, pools);
  const lists = caches.uploadFileLists;
  if (lists) {
    new Counter({
      name: 'assay_upload_file_lists_total',
      help: "Upload sessions' file lists answered, by source: cache (this process's JSON text) or database (built)",
      labelNames: ['source'] as const,
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ source: 'cache' }, lists.hits);
        this.inc({ source: 'database' }, lists.misses);
      },
    });
    new Gauge({
      name: 'assay_upload_file_list_cache_bytes',
      help: "Bytes of upload sessions' file lists held in this process's cache",
      registers: [registry],
      collect() {
        this.set(lists.bytes);
      },
    });
  }
  new Counter({
    name: 'assay_large_request_bodies_total',
    help:
      'Large request bodies (64 KiB or more) parsed by this process, by where: ' +
      'thread (the large-body thread) or event_loop (while the thread was not there)',
    labelNames: ['parsed_on'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ parsed_on: 'thread' }, largeBodyCounts.thread);
      this.inc({ parsed_on: 'event_loop' }, largeBodyCounts.eventLoop);
    },
  });
  // Requests are counted here, by operation and then by status, and handed to prom-client at each
  // scrape: its labelled `inc` validates and hashes the labels on every call, on every request.
  // Both sets are bounded (the contract's operations and `other`; HTTP statuses and `aborted`).
  const counted = new Map<string, Map<number | 'aborted', number>>();
  new Counter({
    name: 'assay_http_requests_total',
    help: 'HTTP requests answered, by operation and status',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [operation, byStatus] of counted)
        for (const [status, n] of byStatus) this.inc({ operation, status: String(status) }, n);
    },
  });
  const duration = new Histogram({
    name: 'assay_http_request_duration_seconds',
    help: 'Time from the request to the end of its response, by operation',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // The histogram's label children, looked up once per operation.
  const timed = new Map<string, Histogram.Internal<'operation'>>();
  return {
    registry,
    request(operation, status, seconds) {
      let byStatus = counted.get(operation);
      if (!byStatus) {
        byStatus = new Map();
        counted.set(operation, byStatus);
      }
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      let series = timed.get(operation);
      if (!series) {
        series = duration.labels(operation);
        timed.set(operation, series);
      }
      series.observe(seconds);
    },
  };
}

/** How a webhook attempt ended: delivered, failed with a retry to come, or failed for good. */
type WebhookOutcome = 'succeeded' | 'retrying' | 'failed';
/** How an ingest run ended: published, a dry run checked, or failed (rows read before the failure). */
type IngestOutcome = 'published' | 'dry_run' | 'failed';
/** How a report build ended: its artifact ready, failed, or superseded while it ran (thrown away). */
type ReportOutcome = 'ready' | 'failed' | 'superseded';

/** What the jobs count (each job's deps take it; absent in the benchmarks that call them directly). */
export interface JobMetrics {
  ingest(outcome: IngestOutcome, rows: number): void;
  webhook(outcome: WebhookOutcome, seconds: number): void;
  reportBuild(format: string, outcome: ReportOutcome, seconds: number): void;
}

export interface WorkerMetrics extends JobMetrics {
  registry: Registry;
  /** A job that ran: `success`, `error` (will be retried) or `failed` (no attempts left). */
  job(task: string, outcome: 'success' | 'error' | 'failed', seconds: number): void;
}

export function workerMetrics(
  queueDepth: () => Promise<{ task: string; waiting: number; running: number; failed: number }[]>,
  pools: Pools = {},
): WorkerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  poolMetrics(registry, pools);
  const jobs = new Counter({
    name: 'assay_jobs_total',
    help: 'Jobs this process ran, by task and outcome',
    labelNames: ['task', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'assay_job_duration_seconds',
    help: 'Time a job ran, by task',
    labelNames: ['task'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
    registers: [registry],
  });
  new Gauge({
    name: 'assay_job_queue_depth',
    help: 'Jobs in the queue (all workers), by task and state: waiting, running, failed',
    labelNames: ['task', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await queueDepth()) {
        this.set({ task: row.task, state: 'waiting' }, row.waiting);
        this.set({ task: row.task, state: 'running' }, row.running);
        this.set({ task: row.task, state: 'failed' }, row.failed);
      }
    },
  });
  const ingestRuns = new Counter({
    name: 'assay_ingest_runs_total',
    help: 'Ingest runs this process ended, by outcome: published, dry_run, failed',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const ingestRows = new Counter({
    name: 'assay_ingest_rows_total',
    help: 'Rows read by the ingest runs this process ended, by the run outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'assay_webhook_attempts_total',
    help: 'Webhook delivery attempts this process recorded, by outcome: succeeded, retrying, failed',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const webhookDuration = new Histogram({
    name: 'assay_webhook_attempt_duration_seconds',
    help: 'Time from sending a webhook to its answer (or failure)',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [registry],
  });
  const reports = new Counter({
    name: 'assay_report_builds_total',
    help: 'Report artifacts (Proof Reports and exports) this process built, by format and outcome',
    labelNames: ['format', 'outcome'] as const,
    registers: [registry],
  });
  const reportDuration = new Histogram({
    name: 'assay_report_build_duration_seconds',
    help: 'Time a report artifact took to build, by format',
    labelNames: ['format'] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 1800],
    registers: [registry],
  });
  return {
    registry,
    job(task, outcome, seconds) {
      jobs.inc({ task, outcome });
      duration.observe({ task }, seconds);
    },
    ingest(outcome, rows) {
      ingestRuns.inc({ outcome });
      ingestRows.inc({ outcome }, rows);
    },
    webhook(outcome, seconds) {
      webhooks.inc({ outcome });
      webhookDuration.observe(seconds);
    },
    reportBuild(format, outcome, seconds) {
      reports.inc({ format, outcome });
      reportDuration.observe({ format }, seconds);
    },
  };
}
