// Quotas of content, files and sessions (docs/security.md, "Quotas"), on a server whose quotas are
// small enough to reach: each is refused with its registry code, and a refused request writes
// nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { DEFAULT_QUOTAS } from '../../src/config.ts';
import * as fx from '../helpers/fixtures.ts';
import { createApiKey, createOrganization } from '../../src/admin/admin.ts';

const QUOTAS = { ...DEFAULT_QUOTAS, maxFilesPerSession: 5, maxOpenSessionsPerOrg: 3 };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { quotas: QUOTAS } });
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
const fileCount = async (uploadId: string) =>
  (await app.sql<{ n: number }[]>`select count(*)::int as n from upload_files where session_id = ${uploadId}`)[0].n;

describe('upload sessions are bounded', () => {
  it('refuses a create with more files than a session may hold, creating nothing', async () => {
    const projectId = await fx.project(app);
    const res = await call(app, 'createUploadSession', { params: { projectId }, body: { files: files(6) } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'upload_file_limit_reached', param: 'files' });
    expect(res.body.error.message).toContain('at most 5 files');
    expect(await fx.uploadSessionCount(app.sql, projectId)).toBe(0);
  });

  it('refuses a declare (and a one-shot upload) that would pass the cap, declaring nothing; redeclaring is free', async () => {
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
  });

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
