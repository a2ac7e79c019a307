// Data jobs are capped per organization: an organization's ingest runs go one at a time (its job
// queue `data:<orgId>`), so its second run waits for its first while another organization's run,
// processed last, goes ahead on the free slot.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { putToUrl, waitForRun } from '../helpers/uploads.ts';
import { until } from '../helpers/wait.ts';
import * as fx from '../helpers/fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: { concurrency: 2 } });
});
afterAll(async () => {
  await app?.close();
});

const spec = {
  version: '1.0.0',
  dataset: { format: 'csv', idField: 'id' },
  validation: { validatorsPerDatapoint: 1, instructions: 'Rate.' },
};

async function processed(key: string, rows: number): Promise<{ projectId: string; uploadId: string; runId: string }> {
  const projectId = (await call(app, 'createProject', { key, body: { name: `Cap ${rows}`, spec } })).body.projectId;
  const csv =
    'id,text\n' + Array.from({ length: rows }, (_, i) => `${i + 1},row ${i + 1} of ${rows}`).join('\n') + '\n';
  const session = await call(app, 'createUploadSession', {
    key,
    params: { projectId },
    body: { files: [{ relPath: 'rows.csv', size: csv.length }] },
  });
  expect((await putToUrl(session.body.files![0].uploadUrl, csv)).status).toBe(200);
  const run = await call(app, 'processUploadSession', { key, params: { projectId, uploadId: session.body.uploadId } });
  expect(run.status).toBe(202);
  return { projectId, uploadId: session.body.uploadId, runId: run.body.runId };
}

it("runs one organization's ingests one at a time while another organization's goes ahead", async () => {
  const a = app.orgA.originatorKey;
  const big = await processed(a, 100_000);
  await until(
    () => fx.ingestRun(app.sql, big.runId),
    (r) => r.phase !== 'queued',
  );
  const second = await processed(a, 3);
  const other = await processed(app.orgB.originatorKey, 3);

  const otherDone = await waitForRun(app, other.projectId, other.uploadId, 120_000, app.orgB.originatorKey);
  expect(otherDone.run.status).toBe('ok');
  // Organization B's run finished while A's first was still running and A's second still waited.
  const state = {
    big: (await fx.ingestRun(app.sql, big.runId)).status,
    second: (await fx.ingestRun(app.sql, second.runId)).phase,
  };
  expect(state).toEqual({ big: 'running', second: 'queued' });

  const bigDone = await waitForRun(app, big.projectId, big.uploadId, 180_000);
  const secondDone = await waitForRun(app, second.projectId, second.uploadId, 60_000);
  expect([bigDone.run.status, secondDone.run.status]).toEqual(['ok', 'ok']);
}, 240_000);
