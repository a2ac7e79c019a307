// The worker process starts against a real database (installing graphile-worker's schema) and stops.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { testConfig } from '../helpers/config.ts';
import { startWorker } from '../../src/jobs/worker.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

it('starts, installs its schema, and stops cleanly', async () => {
  const worker = await startWorker(testConfig({ databaseUrl: db.databaseUrl }), { concurrency: 1 });
  const [schema] = await db.sql`select schema_name from information_schema.schemata where schema_name = 'graphile_worker'`;
  expect(schema?.schema_name).toBe('graphile_worker');
  await worker.stop();
});
