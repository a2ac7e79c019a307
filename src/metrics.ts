// Prometheus metrics (prom-client), one registry per server or worker instance, so two instances
// in one process (the tests) count apart. Served at /metrics: on the API's port by the server,
// on WORKER_PORT by the worker. Labels are bounded sets (operation ids, status codes, task names),
// never ids or addresses.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface ServerMetrics {
  registry: Registry;
  /** One request: its operation id (or `other`), status (or `aborted`) and duration. */
  request(operation: string, status: string, seconds: number): void;
}

export function serverMetrics(): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'assay_http_requests_total',
    help: 'HTTP requests answered, by operation and status',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'assay_http_request_duration_seconds',
    help: 'Time from the request to the end of its response, by operation',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    registry,
    request(operation, status, seconds) {
      requests.inc({ operation, status });
      duration.observe({ operation }, seconds);
    },
  };
}

export interface WorkerMetrics {
  registry: Registry;
  /** A job that ran: `success`, `error` (will be retried) or `failed` (no attempts left). */
  job(task: string, outcome: 'success' | 'error' | 'failed', seconds: number): void;
}

export function workerMetrics(
  queueDepth: () => Promise<{ task: string; waiting: number; running: number; failed: number }[]>,
): WorkerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
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
  return {
    registry,
    job(task, outcome, seconds) {
      jobs.inc({ task, outcome });
      duration.observe({ task }, seconds);
    },
  };
}
