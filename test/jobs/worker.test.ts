// The worker starts against a database WITHOUT graphile-worker's schema (the template database
// has it, so it is dropped first: otherwise "installs its schema" could not fail), installs it,
// runs a job to completion, and stops cleanly.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { testConfig } from '../helpers/config.ts';
import { jobsDrained, until } from '../helpers/wait.ts';
import { startWorker } from '../../src/jobs/worker.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const schemaExists = async () =>
  (await db.sql`select 1 from information_schema.schemata where schema_name = 'graphile_worker'`).length === 1;

it('installs its schema where there is none, runs a job, and stops cleanly', async () => {
  await db.sql`drop schema graphile_worker cascade`;
  expect(await schemaExists()).toBe(false);
  const worker = await startWorker(testConfig({ databaseUrl: db.databaseUrl }), { concurrency: 1 });
  try {
    expect(await schemaExists()).toBe(true);
    // Auto Consensus for a project that does not exist finds nothing to do and completes; a
    // completed job leaves the queue.
    const [{ id }] = await db.sql<{ id: string }[]>`
      select (graphile_worker.add_job('auto_consensus', json_build_object('projectId', gen_random_uuid()))).id::text as
      id`;
    await until(
      async () => (await db.sql`select 1 from graphile_worker.jobs where id = ${id}`).length,
      (n) => n === 0,
    );
  } finally {
    await worker.stop();
  }
  // With no worker, a queued job stays queued, and jobsDrained (what "nothing else happened"
  // checks wait on) sees it: it waits rather than passing at once.
  await db.sql`select graphile_worker.add_job('auto_consensus', json_build_object('projectId', gen_random_uuid()))`;
  await expect(jobsDrained(db.sql, { task: 'auto_consensus' }, 300)).rejects.toThrow(/timed out/);
});
