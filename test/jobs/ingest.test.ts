// The ingest write path (src/jobs/ingest.ts) against real Postgres, S3 and the job worker:
// a dry run performs every check a real run performs; run times are wall-clock; progress moves
// while rows are written; content Postgres cannot store is refused by line; skipExisting keeps
// the first of repeated rows; runs of one project take turns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { ingest, uploadFiles, waitForRun } from '../helpers/uploads.ts';
import { until } from '../helpers/wait.ts';
import { recordVote } from '../helpers/votes.ts';
import * as fx from '../helpers/fixtures.ts';
import { ANALYZE_AFTER_ROWS } from '../../src/jobs/ingest.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
});
afterAll(async () => {
  await app?.close();
});

const spec = {
  version: '1.0.0',
  dataset: { format: 'csv', idField: 'id' },
  validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
};
async function project(): Promise<string> {
  const res = await call(app, 'createProject', { body: { name: 'Ingest', spec } });
  expect(res.status).toBe(201);
  return res.body.projectId;
}
const csv = (rows: number, salt: string) =>
  'id,text\n' + Array.from({ length: rows }, (_, i) => `${i + 1},${salt} row ${i + 1}`).join('\n') + '\n';
const datapoints = async (projectId: string) => (await fx.counts(app.sql, projectId)).datapoints;

/** Processes a session as a dry run, then (if it said ok) for real; both runs' status bodies. */
async function dryThenReal(projectId: string, files: Record<string, string>, body: Record<string, unknown> = {}) {
  const uploadId = await uploadFiles(app, projectId, files);
  expect(
    (await call(app, 'processUploadSession', { params: { projectId, uploadId }, body: { ...body, dryRun: true } }))
      .status,
  ).toBe(202);
  const dry = await waitForRun(app, projectId, uploadId);
  if (dry.run.status !== 'ok') return { dry, real: null };
  expect((await call(app, 'processUploadSession', { params: { projectId, uploadId }, body })).status).toBe(202);
  return { dry, real: await waitForRun(app, projectId, uploadId) };
}

describe('dry run parity', () => {
  it('fails a repeated row within the files with the message the real run gives, and writes nothing', async () => {
    const projectId = await project();
    const files = { 'a.csv': csv(3, 'p'), 'b.csv': 'id,text\n7,other\n2,p row 2\n' };
    const { dry } = await dryThenReal(projectId, files);
    expect(dry.run).toMatchObject({ status: 'failed', datapointsPersisted: 0, validationsCreated: 0 });
    expect(dry.run.errorMessage).toMatch(/^b\.csv line 3: same content as a\.csv line 3/);
    expect(await datapoints(projectId)).toBe(0);
    // The real run of the same files fails with the same words.
    const real = await ingest(app, projectId, files);
    expect(real.status.run.errorMessage).toBe(dry.run.errorMessage);
    expect(await datapoints(projectId)).toBe(0);
  });

  it('fails content the project already has, as the real run does', async () => {
    const projectId = await project();
    expect((await ingest(app, projectId, { 'first.csv': csv(4, 'q') })).status.run.status).toBe('ok');
    const { dry } = await dryThenReal(projectId, { 'again.csv': 'id,text\n9,new\n3,q row 3\n' });
    expect(dry.run.status).toBe('failed');
    expect(dry.run.errorMessage).toMatch(
      /^again\.csv line 3: the project already has a datapoint with this content \(checksum [0-9a-f]{64}\)/,
    );
    const real = await ingest(app, projectId, { 'again.csv': 'id,text\n9,new\n3,q row 3\n' });
    expect(real.status.run.errorMessage).toBe(dry.run.errorMessage);
    expect(await datapoints(projectId)).toBe(4);
  });

  it('says ok where the real run says ok, with and without skipExisting', async () => {
    const projectId = await project();
    expect((await ingest(app, projectId, { 'base.csv': csv(2, 'r') })).status.run.status).toBe('ok');
    const plain = await dryThenReal(projectId, { 'more.csv': csv(5, 'other') });
    expect(plain.dry.run).toMatchObject({ status: 'ok', rowCount: 5, datapointsPersisted: 0, validationsCreated: 0 });
    expect(plain.real!.run).toMatchObject({
      status: 'ok',
      rowCount: 5,
      datapointsPersisted: 5,
      validationsCreated: 10,
    });
    const skipping = await dryThenReal(
      projectId,
      { 'mixed.csv': 'id,text\n1,r row 1\n8,fresh\n8,fresh\n' },
      { skipExisting: true },
    );
    expect(skipping.dry.run).toMatchObject({ status: 'ok', rowCount: 3, datapointsPersisted: 0 });
    expect(skipping.real!.run).toMatchObject({
      status: 'ok',
      rowCount: 3,
      datapointsPersisted: 1,
      validationsCreated: 2,
    });
    expect(await datapoints(projectId)).toBe(8);
  });
});

describe('skipExisting', () => {
  it('keeps the first of rows repeated within the files and in the project, in ingestion order', async () => {
    const projectId = await project();
    expect((await ingest(app, projectId, { 'one.csv': 'id,text\n1,a\n2,b\n' })).status.run.status).toBe('ok');
    const { status } = await ingest(
      app,
      projectId,
      { 'x.csv': 'id,text\n3,c\n1,a\n3,c\n', 'y.csv': 'id,text\n4,d\n3,c\n2,b\n5,e\n' },
      { skipExisting: true },
    );
    expect(status.run).toMatchObject({ status: 'ok', rowCount: 7, datapointsPersisted: 3, validationsCreated: 6 });
    const rows = await fx.datapoints(app.sql, projectId);
    expect(rows.map((r) => `${r.source_file}:${r.source_row}`)).toEqual([
      'one.csv:1',
      'one.csv:2',
      'x.csv:1',
      'y.csv:1',
      'y.csv:4',
    ]);
  });
});

describe('content Postgres cannot store', () => {
  it.each([
    ['a NUL character', 'id,text\n1,fine\n2,bad\u0000byte\n', 'data.csv line 3'],
    [
      'an unpaired surrogate (JSON lines)',
      '{"id":"1","text":"fine"}\n{"id":"2","text":"bad \\ud800 half"}\n',
      'data.jsonl line 2',
    ],
  ])('refuses %s naming the line, and keeps nothing', async (_what, content, where) => {
    const jsonl = where.startsWith('data.jsonl');
    const res = await call(app, 'createProject', {
      body: {
        name: 'Unstorable',
        spec: { ...spec, dataset: jsonl ? { format: 'jsonl', idField: 'id' } : spec.dataset },
      },
    });
    const projectId = res.body.projectId;
    const { status } = await ingest(app, projectId, { [jsonl ? 'data.jsonl' : 'data.csv']: content });
    expect(status.run.status).toBe('failed');
    expect(status.run.errorMessage).toMatch(
      new RegExp(`^${where.replace('.', '\\.')}: the record contains the NUL character or an unpaired surrogate`),
    );
    expect(await datapoints(projectId)).toBe(0);
  });

  it('stores a backslash followed by u0000 as text, and whole surrogate pairs', async () => {
    const projectId = await project();
    const { status } = await ingest(app, projectId, { 'ok.csv': 'id,text\n1,path C:\\u0000\\x\n2,emoji \u{1F600}\n' });
    expect(status.run.status, status.run.errorMessage).toBe('ok');
    const rows = await fx.datapoints(app.sql, projectId);
    expect(rows.map((r) => r.content.text)).toEqual(['path C:\\u0000\\x', 'emoji \u{1F600}']);
  });
});

describe('run times and progress', () => {
  it('startedAt, updatedAt and finishedAt are wall-clock times: a run that waits seconds reports seconds', async () => {
    const projectId = await project();
    const uploadId = await uploadFiles(app, projectId, { 'w.csv': csv(10, 'wall') });
    // Hold the project's ingest turn (runs of one project take turns), so the run waits inside
    // its transaction until released.
    const holder = await app.sql.reserve();
    try {
      await holder`select pg_advisory_lock(hashtextextended(${`ingest:${projectId}`}, 0))`;
      expect((await call(app, 'processUploadSession', { params: { projectId, uploadId } })).status).toBe(202);
      const waiting = await until(
        () =>
          app.sql<
            { n: number }[]
          >`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select
          oid from pg_database where datname = current_database())`,
        (r) => r[0]!.n > 0,
      );
      expect(waiting[0]!.n).toBe(1);
      const started = Date.parse(
        (await call(app, 'getUploadSessionStatus', { params: { projectId, uploadId } })).body.run!.startedAt,
      );
      // Let wall-clock time pass while the run waits (what is measured here is the clock).
      await until(
        () => Date.now(),
        (now) => now - started >= 2000,
      );
    } finally {
      await holder`select pg_advisory_unlock_all()`;
      holder.release();
    }
    const done = await waitForRun(app, projectId, uploadId);
    expect(done.run.status).toBe('ok');
    const { startedAt, updatedAt, finishedAt } = done.run;
    expect(Date.parse(finishedAt) - Date.parse(startedAt)).toBeGreaterThanOrEqual(2000);
    expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(Date.parse(finishedAt));
    const session = await call(app, 'getUploadSession', { params: { projectId, uploadId } });
    expect(Date.parse(session.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(finishedAt));
  });

  it('counts move while rows are written, not only at the end', async () => {
    const projectId = await project();
    const rows = 100_000;
    const uploadId = await uploadFiles(app, projectId, { 'big.csv': csv(rows, 'progress') });
    expect((await call(app, 'processUploadSession', { params: { projectId, uploadId } })).status).toBe(202);
    const seen: {
      phase: string;
      rowCount: number;
      datapointsPersisted: number;
      validationsCreated: number;
      updatedAt: string;
    }[] = [];
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { run } = (await call(app, 'getUploadSessionStatus', { params: { projectId, uploadId } })).body;
      if (run!.status !== 'running') break;
      seen.push(run!);
      if (Date.now() > deadline) throw new Error('the run did not finish');
      await new Promise((r) => setTimeout(r, 20));
    }
    const writing = seen.filter(
      (r) => r.phase === 'writing_datapoints' && r.datapointsPersisted > 0 && r.datapointsPersisted < rows,
    );
    expect(new Set(writing.map((r) => r.datapointsPersisted)).size).toBeGreaterThanOrEqual(2);
    for (const r of writing) expect(r.validationsCreated).toBe(r.datapointsPersisted * 2);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.datapointsPersisted).toBeGreaterThanOrEqual(seen[i - 1]!.datapointsPersisted);
      expect(Date.parse(seen[i]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(seen[i - 1]!.updatedAt));
    }
    expect((await waitForRun(app, projectId, uploadId)).run).toMatchObject({
      status: 'ok',
      rowCount: rows,
      datapointsPersisted: rows,
      validationsCreated: rows * 2,
    });
  }, 180_000);
});

describe('planner statistics', () => {
  it('a run of ANALYZE_AFTER_ROWS datapoints commits statistics that know its project; a small run leaves them to ' +
    'autovacuum', async () => {
    const small = await project();
    expect((await ingest(app, small, { 'small.csv': csv(50, 'stats-small') })).status.run.status).toBe('ok');
    expect(await fx.plannerSeesProject(app.sql, small)).toBe(false);
    const projectId = await project();
    expect(await fx.plannerSeesProject(app.sql, projectId)).toBe(false);
    expect((await ingest(app, projectId, { 'big.csv': csv(ANALYZE_AFTER_ROWS, 'stats') })).status.run.status).toBe(
      'ok',
    );
    // Visible the moment the run is ok: the statistics committed with the rows.
    expect(await fx.plannerSeesProject(app.sql, projectId)).toBe(true);
  }, 120_000);
});

describe('deleting a project', () => {
  it('deletes its datapoints with it, and their votes and decisions', async () => {
    const projectId = await project();
    const other = await project();
    for (const p of [projectId, other])
      expect((await ingest(app, p, { 'd.csv': csv(3, `delete ${p}`) })).status.run.status).toBe('ok');
    const [dp] = await fx.datapoints(app.sql, projectId);
    for (const voter of ['a', 'b'])
      await recordVote(app.sql, {
        datapointId: dp!.id,
        voter,
        userId: null,
        synthetic: false,
        rating: 50,
        weight: 1,
        classId: null,
      });
    expect((await fx.decisionOf(app.sql, dp!.id)).rows).toBe(1);
    await app.sql`delete from projects where id = ${projectId}`;
    expect(await datapoints(projectId)).toBe(0);
    expect(await fx.votes(app.sql, { datapointIds: [dp!.id] })).toEqual([]);
    expect((await fx.decisionOf(app.sql, dp!.id)).rows).toBe(0);
    expect(await datapoints(other)).toBe(3);
  });
});
