// The API and a worker through Debian's PgBouncer in transaction mode, every connection of both
// (the job queue too, so LISTEN hears nothing and jobs are found by polling): prepared statements
// off, no startup parameters (PgBouncer refuses them), ten server connections shared by every
// client. The main flows work, and nothing of one client's session reaches another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { uploadFiles, waitForRun } from '../helpers/uploads.ts';
import * as fx from '../helpers/fixtures.ts';
import { pgbouncerInstalled, startPgBouncer, PGBOUNCER } from '../helpers/pgbouncer.ts';
import { loadConfig } from '../../src/config.ts';

const ci = /^(1|true|yes)$/i.test(process.env.CI ?? '');
// In CI the suite always runs (and fails where PgBouncer is missing); elsewhere it may be skipped.
const run = ci || pgbouncerInstalled();

describe.skipIf(!run)(
  `the API and a worker through PgBouncer in transaction mode${run ? '' : ` — SKIPPED: ${PGBOUNCER} is not installed`}`,
  { timeout: 120_000 },
  () => {
    let app: TestApp;
    let bouncerUrl: string;
    beforeAll(async () => {
      app = await startTestApp({
        worker: true,
        connect: async (databaseUrl) => {
          const bouncer = await startPgBouncer(databaseUrl, { poolSize: 10 });
          bouncerUrl = bouncer.url;
          return {
            config: {
              databaseUrl: bouncer.url,
              databaseDirectUrl: bouncer.url,
              database: { poolSize: 4, jobQueuePoolSize: 10, transactionMode: true, prepare: false },
            },
            stop: () => bouncer.stop(),
          };
        },
      });
      // Generous: on a machine loaded by other work, starting a server and a worker took minutes.
    }, 300_000);
    afterAll(async () => {
      await app?.close();
    }, 300_000);

    it('creates, reads and lists projects; another organization does not see them', async () => {
      const projectId = await fx.project(app, { name: 'Pooled' });
      const got = await call(app, 'getProject', { params: { projectId } });
      expect(got.status).toBe(200);
      expect(got.body.name).toBe('Pooled');
      const listed = await call(app, 'listProjects', {});
      expect(listed.status).toBe(200);
      expect(listed.body.data!.map((p: { id: string }) => p.id)).toContain(projectId);
      const other = await call(app, 'getProject', { params: { projectId }, key: app.orgB.originatorKey });
      expect(other.status).toBe(404);
    });

    it('an upload is ingested: the worker finds the job by polling', async () => {
      const res = await call(app, 'createProject', {
        body: {
          name: 'Pooled ingest',
          spec: {
            version: '1.0.0',
            dataset: { format: 'csv', idField: 'id' },
            validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
          },
        },
      });
      expect(res.status).toBe(201);
      const projectId = res.body.projectId as string;
      const csv = 'id,text\n1,first\n2,second\n3,third\n';
      const uploadId = await uploadFiles(app, projectId, { 'a.csv': csv });
      const processed = await call(app, 'processUploadSession', { params: { projectId, uploadId }, body: {} });
      expect(processed.status).toBe(202);
      // A loaded machine (two test files at once on two cores) is slow, not stuck: a minute.
      const status = await waitForRun(app, projectId, uploadId, 60_000).catch(async (err) => {
        // What every session of the database is doing, to tell a stall from a slow machine.
        const sessions = await app.sql`
          select pid, application_name, state, wait_event_type, wait_event, left(query, 160) as query, xact_start
          from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
        console.log(JSON.stringify(sessions, null, 1));
        console.log(
          app.logs
            .filter((l) => !l.includes('"debug"'))
            .slice(-30)
            .join('\n'),
        );
        throw err;
      });
      expect(status.run.status).toBe('ok');
      expect((await fx.counts(app.sql, projectId)).datapoints).toBe(3);
    });

    it('requests of two organizations interleaved on shared server connections each see only their own', async () => {
      const orgs = [app.orgA, app.orgB];
      const created = await Promise.all(
        Array.from({ length: 12 }, (_, i) => fx.project(app, { key: orgs[i % 2]!.originatorKey, name: `Mixed ${i}` })),
      );
      const reads = await Promise.all(
        created.flatMap((projectId, i) =>
          orgs.map(async (org, j) => ({
            mine: i % 2 === j,
            status: (await call(app, 'getProject', { params: { projectId }, key: org.originatorKey })).status,
          })),
        ),
      );
      for (const r of reads) expect(r.status).toBe(r.mine ? 200 : 404);
      // The server connections behind the pooler: no prepared statement left on any, and the
      // bounds come from the pooler's connect_query, not from a client's startup parameters.
      const probe = postgres(bouncerUrl, { max: 3, prepare: false, onnotice: () => {} });
      try {
        const rows = await Promise.all(
          [0, 1, 2].map(
            () =>
              probe<{ prepared: number; timeout: string; idle: string }[]>`
                select (select count(*)::int from pg_prepared_statements) as prepared,
                  current_setting('statement_timeout') as timeout,
                  current_setting('idle_in_transaction_session_timeout') as idle`,
          ),
        );
        for (const [row] of rows) expect(row).toEqual({ prepared: 0, timeout: '30s', idle: '30s' });
      } finally {
        await probe.end({ timeout: 5 });
      }
    });
  },
);

it('reads the pool settings from the environment', () => {
  const config = loadConfig(
    {
      DATABASE_URL: 'postgres://a@pooler:6432/assay',
      DATABASE_DIRECT_URL: 'postgres://a@db:5432/assay',
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_PREPARED_STATEMENTS: 'false',
      DATABASE_POOL_SIZE: '5',
      JOB_QUEUE_POOL_SIZE: '7',
    },
    { db: true },
  );
  expect(config.databaseDirectUrl).toBe('postgres://a@db:5432/assay');
  expect(config.database).toEqual({ poolSize: 5, jobQueuePoolSize: 7, transactionMode: true, prepare: false });
  const plain = loadConfig({ DATABASE_URL: 'postgres://a@db:5432/assay' }, { db: true });
  expect(plain.databaseDirectUrl).toBe(plain.databaseUrl);
  expect(plain.database).toEqual({ poolSize: null, jobQueuePoolSize: null, transactionMode: false, prepare: true });
  expect(() =>
    loadConfig({ DATABASE_URL: 'postgres://a@db/x', DATABASE_POOL_MODE: 'statement' }, { db: true }),
  ).toThrow(/DATABASE_POOL_MODE must be/);
});
