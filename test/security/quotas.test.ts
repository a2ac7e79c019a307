// Quotas of content, files and sessions (docs/security.md, "Quotas"), on a server whose quotas are
// small enough to reach: each is refused with its registry code, and a refused request writes
// nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { DEFAULT_QUOTAS } from '../../src/config.ts';
import * as fx from '../helpers/fixtures.ts';
import { ingest, uploadFiles, waitForRun } from '../helpers/uploads.ts';
import { createApiKey, createOrganization } from '../../src/admin/admin.ts';

const QUOTAS = {
  ...DEFAULT_QUOTAS,
  maxFilesPerSession: 5,
  maxOpenSessionsPerOrg: 3,
  maxDatapointsPerRun: 10,
  maxContentBytesPerRun: 4000,
  maxDatapointsPerOrg: 15,
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { quotas: QUOTAS }, worker: true });
});
afterAll(async () => {
  await app?.close();
});

/** An organization of its own with an originator's key, so a quota touches no other test. */
async function isolatedOrg(): Promise<{ id: string; key: string }> {
  const org = await createOrganization(app.sql, { name: 'Quota', code: `Q${Math.floor(Math.random() * 1e9)}` });
  const owner = await fx.member(app, org.id, { originator: true });
  return { id: org.id, key: (await createApiKey(app.sql, { orgId: org.id, userId: owner.id })).key };
}

const files = (n: number, prefix = 'f') =>
  Array.from({ length: n }, (_, i) => ({ relPath: `${prefix}${i}.csv`, size: 10 }));
const fileCount = (uploadId: string) => fx.uploadFileCount(app.sql, uploadId);

describe('upload sessions are bounded', () => {
  it('refuses a create with more files than a session may hold, creating nothing', async () => {
    const projectId = await fx.project(app);
    const res = await call(app, 'createUploadSession', { params: { projectId }, body: { files: files(6) } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'upload_file_limit_reached', param: 'files' });
    expect(res.body.error.message).toContain('at most 5 files');
    expect(await fx.uploadSessionCount(app.sql, projectId)).toBe(0);
  });

  it(
    'refuses a declare (and a one-shot upload) that would pass the cap, declaring nothing; redeclaring is ' + 'free',
    async () => {
      const projectId = await fx.project(app);
      const created = await call(app, 'createUploadSession', { params: { projectId }, body: { files: files(3) } });
      expect(created.status).toBe(201);
      const uploadId = created.body.uploadId;
      const over = await call(app, 'declareUploadFiles', {
        params: { projectId, uploadId },
        body: { files: files(3, 'g') },
      });
      expect(over.status).toBe(409);
      expect(over.body.error.code).toBe('upload_file_limit_reached');
      expect(await fileCount(uploadId)).toBe(3);
      // Known paths do not count again: a fresh URL for every declared file is always possible.
      const again = await call(app, 'declareUploadFiles', {
        params: { projectId, uploadId },
        body: { files: [...files(3), ...files(2, 'g')] },
      });
      expect(again.status).toBe(200);
      expect(await fileCount(uploadId)).toBe(5);
      const oneShot = await call(app, 'uploadFile', {
        params: { projectId, uploadId },
        query: { path: 'one-more.csv', size: 3 },
      });
      expect(oneShot.status).toBe(409);
      expect(oneShot.body.error).toMatchObject({ code: 'upload_file_limit_reached', param: 'path' });
      expect(await fileCount(uploadId)).toBe(5);
      // The GET lists every file, and the cap bounds it.
      const got = await call(app, 'getUploadSession', { params: { projectId, uploadId } });
      expect(got.body.files).toHaveLength(5);
    },
  );

  it('refuses one open session more than the organization may have, under concurrency too', async () => {
    const org = await isolatedOrg();
    const projectId = await fx.project(app, { key: org.key });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(app, 'createUploadSession', { key: org.key, params: { projectId }, body: { files: files(1) } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.body.error.code)).toEqual(Array(3).fill('upload_session_limit_reached'));
    expect(await fx.uploadSessionCount(app.sql, projectId)).toBe(3);
    // Another organization is not affected.
    const other = await fx.project(app);
    expect(
      (await call(app, 'createUploadSession', { params: { projectId: other }, body: { files: files(1) } })).status,
    ).toBe(201);
  });
});

const csv = (n: number, from = 0, pad = 0) =>
  `id,question,answer\n${Array.from({ length: n }, (_, i) => `${from + i},` + `${'q'.repeat(pad)}${from + i},a`).join(
    '\n',
  )}\n`;
const usage = (orgId: string) => fx.orgUsage(app.sql, orgId);

describe('ingest quotas', () => {
  it('fails a run with more datapoints than a run may write, keeping nothing', async () => {
    const org = await isolatedOrg();
    const projectId = await fx.project(app, { key: org.key });
    const { status } = await ingest(app, projectId, { 'a.csv': csv(11) }, {}, org.key);
    expect(status.run).toMatchObject({ status: 'failed', errorCode: 'ingest_quota_exceeded', datapointsPersisted: 0 });
    expect(status.run.errorMessage).toBe(
      'the run has more than 10 datapoints, the most one run may write; nothing of this run was kept',
    );
    expect((await fx.counts(app.sql, projectId)).datapoints).toBe(0);
    expect(await usage(org.id)).toEqual({ datapoints: 0, contentBytes: 0 });
  });

  it('fails a run (and a dry run) whose contents are more bytes than a run may write', async () => {
    const org = await isolatedOrg();
    const projectId = await fx.project(app, { key: org.key });
    const file = { 'big.csv': csv(5, 0, 1000) };
    const dry = await ingest(app, projectId, file, { dryRun: true }, org.key);
    expect(dry.status.run).toMatchObject({ status: 'failed', errorCode: 'ingest_quota_exceeded' });
    expect(dry.status.run.errorMessage).toMatch(/^the run's contents are more than 4000 bytes/);
    const real = await ingest(app, projectId, file, {}, org.key);
    expect(real.status.run).toMatchObject({ status: 'failed', errorCode: 'ingest_quota_exceeded' });
    expect((await fx.counts(app.sql, projectId)).datapoints).toBe(0);
  });

  it(
    'holds an organization to its datapoints quota: a crossing run keeps nothing, a full one is refused on ' +
      'process',
    async () => {
      const org = await isolatedOrg();
      const projectId = await fx.project(app, { key: org.key });
      expect((await ingest(app, projectId, { 'a.csv': csv(8) }, {}, org.key)).status.run.status).toBe('ok');
      const held = await usage(org.id);
      expect(held.datapoints).toBe(8);
      expect(held.contentBytes).toBeGreaterThan(0);
      const crossing = await ingest(app, projectId, { 'b.csv': csv(8, 100) }, {}, org.key);
      expect(crossing.status.run).toMatchObject({ status: 'failed', errorCode: 'ingest_quota_exceeded' });
      expect(crossing.status.run.errorMessage).toMatch(/organization would hold more than its quota of 15 datapoints/);
      expect(await usage(org.id)).toEqual(held);
      expect((await ingest(app, projectId, { 'c.csv': csv(7, 200) }, {}, org.key)).status.run.status).toBe('ok');
      expect((await usage(org.id)).datapoints).toBe(15);
      // Full: refused before a run starts, with nothing written.
      const uploadId = await uploadFiles(app, projectId, { 'd.csv': csv(1, 300) }, org.key);
      const refused = await call(app, 'processUploadSession', {
        key: org.key,
        params: { projectId, uploadId },
        body: {},
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('ingest_quota_exceeded');
      expect((await fx.counts(app.sql, projectId)).datapoints).toBe(15);
    },
  );

  it(
    'counts concurrent runs of one organization exactly: of two runs that together cross the quota, one is ' + 'kept',
    async () => {
      const org = await isolatedOrg();
      const projects = [await fx.project(app, { key: org.key }), await fx.project(app, { key: org.key })];
      const sessions = await Promise.all(
        projects.map((projectId, i) => uploadFiles(app, projectId, { 'x.csv': csv(9, i * 100) }, org.key)),
      );
      await Promise.all(
        projects.map((projectId, i) =>
          call(app, 'processUploadSession', { key: org.key, params: { projectId, uploadId: sessions[i] }, body: {} }),
        ),
      );
      const runs = await Promise.all(
        projects.map((projectId, i) => waitForRun(app, projectId, sessions[i], 20_000, org.key)),
      );
      expect(runs.map((r) => r.run.status).sort()).toEqual(['failed', 'ok']);
      expect((await usage(org.id)).datapoints).toBe(9);
    },
  );

  it('refuses the amplifying CSV (a long header over short rows) by its header budget, storing nothing', async () => {
    const projectId = await fx.project(app);
    const names = ['a', 'b', 'c', 'd'].map((c) => c.repeat(250_000));
    const rows = Array.from({ length: 40 }, (_, i) => `${i},,,`);
    const { status } = await ingest(app, projectId, { 'amp.csv': `${names.join(',')}\n${rows.join('\n')}\n` });
    expect(status.run).toMatchObject({ status: 'failed', errorCode: 'ingest_file_invalid', datapointsPersisted: 0 });
    expect(status.run.errorMessage).toMatch(/^amp\.csv line 2: the header's names \(1000000 characters\)/);
    expect((await fx.counts(app.sql, projectId)).datapoints).toBe(0);
  });
});
