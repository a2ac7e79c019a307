// What a session's run reads is what `process` verified: an object replaced after processing
// (its upload URL is valid for an hour) fails the run, naming the file, instead of being ingested
// unverified. (The length binding of upload URLs is in test/http/uploads.test.ts, processing.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { putToUrl, waitForRun } from '../helpers/uploads.ts';
import { testConfig } from '../helpers/config.ts';
import { startWorker } from '../../src/jobs/worker.ts';
import { minimalSpec } from '../fixtures/specs.ts';
import * as fx from '../helpers/fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(); // no worker: the test decides when the run is read
});
afterAll(async () => {
  await app?.close();
});

it('fails a run whose file was replaced after it was verified, and keeps nothing', async () => {
  const created = await call(app, 'createProject', { body: { name: 'Pinned', spec: minimalSpec() } });
  const projectId = created.body.projectId;
  const original = '{"text":"aa"}\n{"text":"bb"}\n';
  const swapped = '{"text":"xx"}\n{"text":"yy"}\n'; // the same length: the URL takes it
  const session = await call(app, 'createUploadSession', {
    params: { projectId },
    body: { files: [{ relPath: 'a.jsonl', size: Buffer.byteLength(original) }] },
  });
  const { uploadId, files } = session.body;
  expect((await putToUrl(files![0].uploadUrl, original)).status).toBe(200);
  expect((await call(app, 'processUploadSession', { params: { projectId, uploadId } })).status).toBe(202);
  expect((await putToUrl(files![0].uploadUrl, swapped)).status).toBe(200);
  const worker = await startWorker(testConfig({ databaseUrl: app.databaseUrl }), { concurrency: 1 });
  try {
    const status = await waitForRun(app, projectId, uploadId, 60_000);
    expect(status.run.status).toBe('failed');
    expect(status.run.errorMessage).toMatch(/"a\.jsonl" was replaced after the session was processed/);
    expect((await fx.counts(app.sql, projectId)).datapoints).toBe(0);
  } finally {
    await worker.stop();
  }
});
