// Ingest runs that did not fail on their data are not left stuck:
// - a worker shut down mid-run puts its run back in the queue (graphile-worker's abort signal,
//   checked between records); the next worker runs it from the start to the same result;
// - a run left `queued` with no job to run it (the job lost) is re-queued by the sweep.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { putToUrl, waitForRun } from '../helpers/uploads.ts';
import { until } from '../helpers/wait.ts';
import * as fx from '../helpers/fixtures.ts';
import { testConfig } from '../helpers/config.ts';
import { startWorker } from '../../src/jobs/worker.ts';
import { createLogger } from '../../src/log.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const spec = {
  version: '1.0.0',
  dataset: { format: 'csv', idField: 'id' },
  validation: { validatorsPerDatapoint: 1, instructions: 'Rate.' },
};

async function uploaded(rows: number): Promise<{ projectId: string; uploadId: string }> {
  const projectId = (await call(app, 'createProject', { body: { name: `Redrive ${rows}`, spec } })).body.projectId;
  const csv =
    'id,text\n' + Array.from({ length: rows }, (_, i) => `${i + 1},row ${i + 1} of ${rows}`).join('\n') + '\n';
  const session = await call(app, 'createUploadSession', {
    params: { projectId },
    body: { files: [{ relPath: 'rows.csv', size: csv.length }] },
  });
  expect((await putToUrl(session.body.files![0].uploadUrl, csv)).status).toBe(200);
  return { projectId, uploadId: session.body.uploadId };
}

const worker = (extra: Parameters<typeof startWorker>[1] = {}) =>
  startWorker(testConfig({ databaseUrl: app.databaseUrl }), {
    concurrency: 1,
    log: createLogger('error'),
    sweepIntervalMs: 250,
    ...extra,
  });

it('re-queues a run cut by a worker shutdown; the next worker completes it', async () => {
  const { projectId, uploadId } = await uploaded(100_000);
  const run = (await call(app, 'processUploadSession', { params: { projectId, uploadId } })).body;
  const first = await worker({ shutdownAbortAfterMs: 0 });
  await until(
    () => fx.ingestRun(app.sql, run.runId),
    (r) => r.row_count > 0,
  );
  await first.stop();
  const requeued = await fx.ingestRun(app.sql, run.runId);
  expect(requeued).toEqual({ status: 'running', phase: 'queued', row_count: 0 });
  expect((await fx.counts(app.sql, projectId)).datapoints).toBe(0);

  const second = await worker();
  try {
    const done = await waitForRun(app, projectId, uploadId, 120_000);
    expect(done.run).toMatchObject({ runId: run.runId, status: 'ok', datapointsPersisted: 100_000 });
  } finally {
    await second.stop();
  }
}, 180_000);

it('re-queues a run left queued without a job', async () => {
  const { projectId, uploadId } = await uploaded(3);
  const run = (await call(app, 'processUploadSession', { params: { projectId, uploadId } })).body;
  // The job is lost before any worker claimed the run.
  await app.sql`select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs))`;
  const w = await worker({ lostQueuedRunSeconds: 0 });
  try {
    const done = await waitForRun(app, projectId, uploadId, 60_000);
    expect(done.run).toMatchObject({ runId: run.runId, status: 'ok', datapointsPersisted: 3 });
  } finally {
    await w.stop();
  }
}, 120_000);
