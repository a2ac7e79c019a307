// /metrics after a small workload counts exactly what happened: the API's requests by operation
// and status, the worker's jobs by task and outcome, and the queue's depth from graphile-worker's
// public jobs view.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { testConfig } from '../helpers/config.ts';
import { ingest } from '../helpers/uploads.ts';
import { startWorker, type RunningWorker } from '../../src/jobs/worker.ts';
import { startProbeServer, type ProbeServer } from '../../src/http/health.ts';
import { createLogger } from '../../src/log.ts';

let app: TestApp;
let worker: RunningWorker;
let probes: ProbeServer;

beforeAll(async () => {
  app = await startTestApp();
  const config = testConfig({ databaseUrl: app.databaseUrl });
  const log = createLogger('silent');
  worker = await startWorker(config, { log, taskSets: ['data'] });
  probes = await startProbeServer({
    host: '127.0.0.1',
    port: 0,
    sql: worker.sql,
    state: { draining: false, metrics: worker.metrics.registry },
    log,
  });
});
afterAll(async () => {
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

it('counts API requests by operation and status, and jobs by task and outcome', async () => {
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

  const api = await fetch(`${app.url}/metrics`);
  expect(api.status).toBe(200);
  expect(api.headers.get('content-type')).toContain('text/plain');
  const text = await api.text();
  expect(series(text, 'assay_http_requests_total', { operation: 'createProject', status: '201' })).toBe(3);
  expect(series(text, 'assay_http_requests_total', { operation: 'getProject', status: '404' })).toBe(2);
  expect(series(text, 'assay_http_requests_total', { operation: 'processUploadSession', status: '202' })).toBe(1);
  expect(series(text, 'assay_http_request_duration_seconds_count', { operation: 'createProject' })).toBe(3);
  expect(series(text, 'assay_http_requests_total', { operation: 'deleteProject', status: '204' })).toBeUndefined();

  // A job of a task this worker does not run (it runs the data set only) waits in the queue.
  await app.sql`select graphile_worker.add_job('send_email', json_build_object('outboxId', gen_random_uuid()))`;
  const scraped = await (await fetch(`${probes.url}/metrics`)).text();
  expect(series(scraped, 'assay_jobs_total', { task: 'ingest', outcome: 'success' })).toBe(1);
  expect(series(scraped, 'assay_job_duration_seconds_count', { task: 'ingest' })).toBe(1);
  expect(series(scraped, 'assay_job_queue_depth', { task: 'send_email', state: 'waiting' })).toBe(1);
  expect(series(scraped, 'assay_job_queue_depth', { task: 'send_email', state: 'running' })).toBe(0);
  expect(series(scraped, 'assay_job_queue_depth', { task: 'ingest', state: 'waiting' })).toBeUndefined();
  expect(scraped).toContain('process_resident_memory_bytes');
});
