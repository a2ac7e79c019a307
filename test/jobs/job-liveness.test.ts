// The one liveness predicate (src/db/jobs.ts: "is there still a live job for this row"), against
// a job on its last attempt while it runs. graphile-worker counts an attempt when it locks a job,
// so an ingest job (one attempt) that is running has `attempts = max_attempts`: a predicate of
// attempts alone calls it finished, and the re-drive would queue a second job for a run that is
// being ingested (and the tests' drain would return while the job can still write).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { run, type Runner } from 'graphile-worker';
import pg from 'pg';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { putToUrl } from '../helpers/uploads.ts';
import { jobsDrained, until } from '../helpers/wait.ts';
import * as fx from '../helpers/fixtures.ts';
import { countLiveJobs } from '../../src/db/jobs.ts';
import { lostQueuedRuns } from '../../src/db/ingest-runs.ts';
import { jobKey, jobKeyPrefix } from '../../src/jobs/tasks.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A run queued by the process call, its ingest job enqueued with it (no worker runs it yet). */
async function queuedRun(): Promise<string> {
  const projectId = await fx.project(app);
  const session = await call(app, 'createUploadSession', {
    params: { projectId },
    body: { files: [{ relPath: 'a.jsonl', size: 8 }] },
  });
  expect((await putToUrl(session.body.files![0].uploadUrl, '{"a":1}\n')).status).toBe(200);
  const processed = await call(app, 'processUploadSession', {
    params: { projectId, uploadId: session.body.uploadId },
  });
  expect(processed.status).toBe(202);
  return processed.body.runId;
}

it('counts a job on its last attempt as live while it runs, and not once that attempt failed', async () => {
  const runId = await queuedRun();
  const key = jobKey('ingest', { runId })!;
  expect(await countLiveJobs(app.sql, { key })).toBe(1);

  // A runner whose ingest task holds its job (locked, its one attempt counted) until released.
  let release!: (err: Error) => void;
  const held = new Promise<never>((_, reject) => (release = reject));
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  const pgPool = new pg.Pool({ connectionString: app.databaseUrl, max: 3 });
  pgPool.on('error', () => {});
  const runner: Runner = await run({
    pgPool,
    concurrency: 1,
    noHandleSignals: true,
    pollInterval: 100,
    crontab: '# none',
    taskList: {
      ingest: async () => {
        started();
        await held;
      },
    },
  });
  try {
    await running;
    const [job] = await app.sql<{ attempts: number; max_attempts: number; locked: boolean }[]>`
      select attempts, max_attempts, locked_at is not null as locked from graphile_worker.jobs where key = ${key}`;
    expect(job).toEqual({ attempts: 1, max_attempts: 1, locked: true });
    // Live: counted, the re-drive leaves its run alone (the run is still `queued`: this task does
    // not claim it), and the drain waits.
    expect(await countLiveJobs(app.sql, { key })).toBe(1);
    expect(await lostQueuedRuns(app.sql, 0, jobKeyPrefix('ingest'))).toEqual([]);
    await expect(jobsDrained(app.sql, { key }, 300)).rejects.toThrow(/timed out/);

    release(new Error('the last attempt failed'));
    await until(
      () =>
        app.sql<
          { locked: boolean }[]
        >`select locked_at is not null as locked from graphile_worker.jobs where key = ${key}`,
      (rows) => rows.length === 1 && !rows[0]!.locked,
    );
    // Failed for good (attempts used up, unlocked): not live; the run has no job left.
    expect(await countLiveJobs(app.sql, { key })).toBe(0);
    await jobsDrained(app.sql, { key }, 1000);
    expect(await lostQueuedRuns(app.sql, 0, jobKeyPrefix('ingest'))).toEqual([{ id: runId }]);
  } finally {
    release(new Error('the test ended'));
    await runner.stop();
    await pgPool.end();
  }
});
