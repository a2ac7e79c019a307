// /metrics after a small workload counts exactly what happened: the API's requests by operation
// and status, the worker's jobs by task and outcome, ingest runs and rows, webhook attempts,
// report builds, the queue's depth from graphile-worker's public jobs view, and the database
// pools. Every series the Grafana dashboard (deploy/grafana/assay.json) queries is served.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { testConfig } from '../helpers/config.ts';
import { ingest } from '../helpers/uploads.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';
import { jobsDrained, until } from '../helpers/wait.ts';
import { startWorker, type RunningWorker } from '../../src/jobs/worker.ts';
import { startProbeServer, type ProbeServer } from '../../src/http/health.ts';
import { createLogger } from '../../src/log.ts';

let app: TestApp;
let worker: RunningWorker;
let probes: ProbeServer;
let receiver: Receiver;

beforeAll(async () => {
  app = await startTestApp();
  const config = testConfig({ databaseUrl: app.databaseUrl });
  const log = createLogger('silent');
  // Every set but email's: a send_email job waits in the queue (below).
  worker = await startWorker(config, {
    log,
    taskSets: ['data', 'webhooks', 'reports'],
    webhookRetryDelaysMs: [200, 200, 200],
  });
  // The first delivery is refused (a retry follows), every other one accepted.
  receiver = await startReceiver((n) => (n === 1 ? 500 : 204));
  probes = await startProbeServer({
    host: '127.0.0.1',
    port: 0,
    sql: worker.sql,
    state: { draining: false, metrics: worker.metrics.registry },
    log,
  });
});
afterAll(async () => {
  await receiver?.close();
  await probes?.close();
  await worker?.stop();
  await app?.close();
});

/** The value of one series in Prometheus text format, or undefined when absent. */
function series(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (m?.[1] === name && m[2]!.split(',').sort().join(',') === want) return Number(m[3]);
  }
  return undefined;
}

/** Every series name a scrape declares (`# TYPE name kind`); a histogram's with its suffixes. */
function declared(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(m[1]!);
    if (m[2] === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(m[1]! + suffix);
  }
  return names;
}

let apiText = '';
let workerText = '';

it('counts requests by operation and status, and jobs, ingest rows, webhook attempts and report builds', async () => {
  const spec = {
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
  };
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await call(app, 'createProject', { body: { name: `Counted ${i}`, spec } });
    expect(res.status).toBe(201);
    ids.push(res.body.projectId);
  }
  for (let i = 0; i < 2; i++)
    expect(
      (await call(app, 'getProject', { params: { projectId: ids[0]! }, key: app.orgB.originatorKey })).status,
    ).toBe(404);
  const { status } = await ingest(app, ids[1]!, { 'a.csv': 'id,text\n1,one\n2,two\n' });
  expect(status.run.status).toBe('ok');

  // Webhooks: Auto Consensus finalizes the three rows of the third project, one event each.
  const hook = await call(app, 'createWebhookEndpoint', {
    body: { url: receiver.url, eventTypes: ['datapoint.consensus_reached'] },
  });
  expect(hook.status).toBe(201);
  receiver.secret = hook.body.secret;
  const updated = await call(app, 'updateProject', {
    params: { projectId: ids[2]! },
    body: { autoConsensus: true, autoConsensusSpread: 'tight' },
  });
  expect(updated.status).toBe(200);
  const third = await ingest(app, ids[2]!, { 'b.csv': 'id,text\n1,uno\n2,dos\n3,tres\n' });
  expect(third.status.run.status).toBe('ok');
  await until(
    async () => receiver.received.filter((r) => r.status === 204).length,
    (n) => n === 3,
  );
  await jobsDrained(app.sql, { task: 'auto_consensus' });
  await jobsDrained(app.sql, { task: 'deliver_webhook' });

  // A report build: the export is asked for until it is ready (202 while its job runs).
  const exportStatuses: number[] = [];
  await until(
    async () => {
      const res = await call(app, 'getReportExport', { params: { projectId: ids[2]! }, query: { format: 'csv' } });
      exportStatuses.push(res.status);
      return res.status;
    },
    (s) => s === 200,
  );

  // A large body (64 KiB or more): parsed on the large-body thread, which the server readied before it listened.
  const files = Array.from({ length: 1000 }, (_, i) => ({ relPath: `${'d/'.repeat(50)}${i}.csv`, size: 1 }));
  expect((await call(app, 'createUploadSession', { params: { projectId: ids[0]! }, body: { files } })).status).toBe(
    201,
  );

  const api = await fetch(`${app.url}/metrics`);
  expect(api.status).toBe(200);
  expect(api.headers.get('content-type')).toContain('text/plain');
  const text = await api.text();
  apiText = text;
  expect(series(text, 'assay_http_requests_total', { operation: 'createProject', status: '201' })).toBe(3);
  expect(series(text, 'assay_http_requests_total', { operation: 'getProject', status: '404' })).toBe(2);
  expect(series(text, 'assay_http_requests_total', { operation: 'processUploadSession', status: '202' })).toBe(2);
  expect(series(text, 'assay_http_requests_total', { operation: 'createWebhookEndpoint', status: '201' })).toBe(1);
  expect(series(text, 'assay_http_requests_total', { operation: 'updateProject', status: '200' })).toBe(1);
  for (const code of new Set(exportStatuses))
    expect(series(text, 'assay_http_requests_total', { operation: 'getReportExport', status: String(code) })).toBe(
      exportStatuses.filter((s) => s === code).length,
    );
  expect(series(text, 'assay_http_request_duration_seconds_count', { operation: 'createProject' })).toBe(3);
  expect(series(text, 'assay_large_request_bodies_total', { parsed_on: 'thread' })).toBe(1);
  expect(series(text, 'assay_large_request_bodies_total', { parsed_on: 'event_loop' })).toBe(0);
  expect(series(text, 'assay_http_requests_total', { operation: 'deleteProject', status: '204' })).toBeUndefined();
  // The API's pool: its size (DATABASE_POOL_SIZE unset: 10) and its connections by state.
  expect(series(text, 'assay_db_pool_max', { pool: 'api' })).toBe(10);
  const apiConnections = ['idle', 'busy', 'reserved', 'connecting'].map(
    (state) => series(text, 'assay_db_pool_connections', { pool: 'api', state })!,
  );
  expect(apiConnections.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
  // Requests ran, and the pool keeps the connections they opened (idle now, or busy with this scrape's neighbours).
  expect(apiConnections.reduce((a, b) => a + b)).toBeGreaterThan(0);
  expect(apiConnections.reduce((a, b) => a + b)).toBeLessThanOrEqual(10);
  expect(series(text, 'assay_db_pool_waiting', { pool: 'api' })).toBe(0);

  // A job of a task this worker does not run (it runs no email set) waits in the queue.
  await app.sql`select graphile_worker.add_job('send_email', json_build_object('outboxId', gen_random_uuid()))`;
  const scraped = await (await fetch(`${probes.url}/metrics`)).text();
  workerText = scraped;
  expect(series(scraped, 'assay_jobs_total', { task: 'ingest', outcome: 'success' })).toBe(2);
  expect(series(scraped, 'assay_job_duration_seconds_count', { task: 'ingest' })).toBe(2);
  expect(series(scraped, 'assay_job_queue_depth', { task: 'send_email', state: 'waiting' })).toBe(1);
  expect(series(scraped, 'assay_job_queue_depth', { task: 'send_email', state: 'running' })).toBe(0);
  expect(series(scraped, 'assay_job_queue_depth', { task: 'ingest', state: 'waiting' })).toBeUndefined();
  // Ingest: two runs published, 2 + 3 rows.
  expect(series(scraped, 'assay_ingest_runs_total', { outcome: 'published' })).toBe(2);
  expect(series(scraped, 'assay_ingest_rows_total', { outcome: 'published' })).toBe(5);
  expect(series(scraped, 'assay_ingest_rows_total', { outcome: 'failed' })).toBeUndefined();
  // Webhooks: each attempt the receiver saw, by what it answered.
  expect(receiver.received.map((r) => r.status)).toEqual([500, 204, 204, 204]);
  expect(series(scraped, 'assay_webhook_attempts_total', { outcome: 'succeeded' })).toBe(3);
  expect(series(scraped, 'assay_webhook_attempts_total', { outcome: 'retrying' })).toBe(1);
  expect(series(scraped, 'assay_webhook_attempts_total', { outcome: 'failed' })).toBeUndefined();
  expect(series(scraped, 'assay_jobs_total', { task: 'deliver_webhook', outcome: 'success' })).toBe(4);
  // One export built.
  expect(series(scraped, 'assay_report_builds_total', { format: 'csv', outcome: 'ready' })).toBe(1);
  expect(series(scraped, 'assay_report_build_duration_seconds_count', { format: 'csv' })).toBe(1);
  expect(series(scraped, 'assay_jobs_total', { task: 'build_report', outcome: 'success' })).toBe(1);
  // The worker's pools: its own (12 by default) and graphile-worker's.
  expect(series(scraped, 'assay_db_pool_max', { pool: 'worker' })).toBe(12);
  expect(series(scraped, 'assay_db_pool_max', { pool: 'job_queue' })).toBeGreaterThan(0);
  expect(series(scraped, 'assay_db_pool_connections', { pool: 'job_queue', state: 'idle' })).toBeGreaterThanOrEqual(0);
  expect(scraped).toContain('process_resident_memory_bytes');
});

/** The label names each series carries in at least one sample of a scrape. */
function sampleLabels(text: string): Map<string, Set<string>> {
  const labels = new Map<string, Set<string>>();
  for (const m of text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^}]*)\})? \S+$/gm)) {
    const set = labels.get(m[1]!) ?? new Set<string>();
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)) set.add(l[1]!);
    labels.set(m[1]!, set);
  }
  return labels;
}

it('serves every series the Grafana dashboard queries, with the labels it groups and filters by', () => {
  expect(apiText && workerText).toBeTruthy();
  const dashboard = JSON.parse(readFileSync(join(import.meta.dirname, '../../deploy/grafana/assay.json'), 'utf8'));
  // The panels' PromQL (`expr`) and the template variables' queries (`label_values(metric, label)`).
  const exprs: string[] = [];
  const variables: string[] = [];
  const visit = (node: unknown, inTemplating = false): void => {
    if (Array.isArray(node)) for (const n of node) visit(n, inTemplating);
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        if (k === 'expr' && typeof v === 'string') exprs.push(v);
        else if (inTemplating && (k === 'query' || k === 'definition') && typeof v === 'string') variables.push(v);
        else visit(v, inTemplating || k === 'templating');
      }
  };
  visit(dashboard);
  expect(exprs.length).toBeGreaterThan(10);
  const served = new Set([...declared(apiText), ...declared(workerText)]);
  const labelsOf = sampleLabels(`${apiText}\n${workerText}`);
  // A metric name in PromQL: an identifier followed by a selector, a range or the end of a
  // function's argument; label names, functions and keywords are not followed by those.
  const metricsIn = (e: string) => [...e.matchAll(/\b([a-z_][a-z0-9_]*)\s*(?=\{|\[)/g)].map((m) => m[1]!);
  const queried = new Set(exprs.flatMap(metricsIn));
  expect(queried.size).toBeGreaterThan(8);
  expect([...queried].filter((name) => !served.has(name))).toEqual([]);

  // Every label an expression groups by (`by (...)`) or matches (`{label=...}`) is on one of its
  // series' samples; `job` and `instance` are the scraper's own. A missing one empties a panel.
  const missing: string[] = [];
  for (const e of exprs) {
    const used = [
      ...[...e.matchAll(/\bby\s*\(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim())),
      ...[...e.matchAll(/\{([^}]*)\}/g)].flatMap((m) =>
        [...m[1]!.matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]!),
      ),
    ].filter((l) => l && l !== 'job' && l !== 'instance');
    const metrics = metricsIn(e);
    for (const l of used) if (!metrics.some((name) => labelsOf.get(name)?.has(l))) missing.push(`${l} in ${e}`);
  }
  expect(missing).toEqual([]);

  // The variables' label_values(metric, label): the metric is served (its label is the scraper's `job`).
  expect(variables.length).toBeGreaterThan(0);
  for (const v of variables) {
    const m = /label_values\(\s*([a-z_][a-z0-9_]*)\s*,\s*(\w+)\s*\)/.exec(v);
    if (!m) continue;
    expect(served, v).toContain(m[1]);
    if (m[2] !== 'job' && m[2] !== 'instance') expect(labelsOf.get(m[1]!), v).toContain(m[2]);
  }
});
