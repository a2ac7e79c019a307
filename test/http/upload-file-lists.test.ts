// An upload session's file list is built as JSON text by Postgres and kept per (organization,
// session, files_version) by the server (src/handlers/uploads.ts `getUploadSession`): the body
// stays byte for byte what JSON.stringify writes, a declare or a new size is seen by the next GET,
// another organization or project finds nothing, a repeated GET builds nothing, and concurrent
// GETs of a list not yet kept build it once (the server's /metrics counts every list served from
// its cache or built by the database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { holdUploadFilesTable } from '../helpers/fixtures.ts';
import { connectMcp } from '../helpers/mcp.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function project(key?: string): Promise<string> {
  const spec = {
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: 1, instructions: 'Rate it.' },
  };
  const res = await call(app, 'createProject', { body: { name: 'File lists', spec }, key });
  expect(res.status).toBe(201);
  return res.body.projectId;
}

/** The lists the server answered so far, from its cache and built by the database. */
async function served(): Promise<{ cache: number; database: number }> {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  const value = (source: string) =>
    Number(new RegExp(`^assay_upload_file_lists_total\\{source="${source}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { cache: value('cache'), database: value('database') };
}

/** The GET's body as sent, its parsed value, and the counts it moved. */
async function get(projectId: string, uploadId: string, key = app.orgA.originatorKey) {
  const before = await served();
  const res = await fetch(`${app.url}/developer/v1/projects/${projectId}/upload-sessions/${uploadId}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const text = await res.text();
  const after = await served();
  return {
    status: res.status,
    text,
    body: JSON.parse(text),
    built: after.database - before.database,
    cached: after.cache - before.cache,
  };
}

// Quotes, a backslash-free path with spaces, accents, an emoji (a surrogate pair in JS) and
// characters JSON.stringify leaves as they are (U+2028, `<`, `/`).
const PATHS = ['a "quoted" name.csv', 'dir/é à ü.csv', 'emoji/😀.csv', 'sep\u2028ar\u2029ators.csv', 'x/<b>&amp;.csv'];

describe('upload session file lists', () => {
  it('answers exactly what JSON.stringify writes, in declaration order, and REST and MCP agree', async () => {
    const projectId = await project();
    const files = PATHS.map((relPath, i) => ({ relPath, size: i * 1_000_000_007 }));
    const created = await call(app, 'createUploadSession', { params: { projectId }, body: { files } });
    expect(created.status).toBe(201);
    const { uploadId } = created.body;

    const got = await get(projectId, uploadId);
    expect(got.status).toBe(200);
    expect(got.body.files).toEqual(files);
    expect(got.text).toBe(JSON.stringify(got.body));
    expect(Object.keys(got.body)).toEqual([
      'uploadId',
      'status',
      'keyPrefix',
      'files',
      'verifiedFileCount',
      'verifiedBytes',
      'createdAt',
      'updatedAt',
    ]);
    // The contract check of the test client passes too.
    expect((await call(app, 'getUploadSession', { params: { projectId, uploadId } })).body.files).toEqual(files);

    const mcp = await connectMcp(app, app.orgA.originatorKey);
    try {
      const tool = await mcp.tool('get_upload_session', { projectId, uploadId });
      expect(tool.isError).toBeFalsy();
      expect(JSON.parse(tool.content[0]!.text)).toEqual(got.body);
      expect(tool.structuredContent).toEqual(got.body);
    } finally {
      await mcp.close();
    }
  });

  it('answers a long list, built in many rows, byte for byte and in declaration order', async () => {
    // 2,000 files of about 300-byte paths (quotes escaped, non-ASCII kept): about
    // 700 KB of JSON, built by Postgres in rows of about 32 KB whose edges fall anywhere.
    const projectId = await project();
    const stem = (i: number) => `d${i % 7}/"q" é 😀 ${'x'.repeat(250 + (i % 40))}-${i}.csv`;
    const files = Array.from({ length: 2_000 }, (_, i) => ({ relPath: stem(i), size: (i * 7919) % 100_000 }));
    // Declared out of order of name, in several calls: the list follows declaration order.
    const created = await call(app, 'createUploadSession', {
      params: { projectId },
      body: { files: files.slice(0, 1_000) },
    });
    expect(created.status).toBe(201);
    const { uploadId } = created.body;
    const more = await call(app, 'declareUploadFiles', {
      params: { projectId, uploadId },
      body: { files: files.slice(1_000) },
    });
    expect(more.status).toBe(200);
    const got = await get(projectId, uploadId);
    expect(got.status).toBe(200);
    expect(got.text.indexOf(JSON.stringify(files))).toBeGreaterThan(0);
    expect(got.text).toBe(JSON.stringify(got.body));
    expect(got.built).toBe(1);
    const again = await get(projectId, uploadId);
    expect([again.text === got.text, again.built, again.cached]).toEqual([true, 0, 1]);
  });

  it('serves a repeated GET from the cache, and the next GET after a declare shows the new files', async () => {
    const projectId = await project();
    const created = await call(app, 'createUploadSession', {
      params: { projectId },
      body: { files: [{ relPath: 'a.csv', size: 1 }] },
    });
    const { uploadId } = created.body;

    const first = await get(projectId, uploadId);
    expect(first.body.files).toEqual([{ relPath: 'a.csv', size: 1 }]);
    expect([first.built, first.cached]).toEqual([1, 0]);
    const again = await get(projectId, uploadId);
    expect(again.text).toBe(first.text);
    expect([again.built, again.cached]).toEqual([0, 1]);

    // New files, appended in declaration order.
    await call(app, 'declareUploadFiles', {
      params: { projectId, uploadId },
      body: {
        files: [
          { relPath: 'c.csv', size: 3 },
          { relPath: 'b.csv', size: 2 },
        ],
      },
    });
    const declared = await get(projectId, uploadId);
    expect(declared.body.files).toEqual([
      { relPath: 'a.csv', size: 1 },
      { relPath: 'c.csv', size: 3 },
      { relPath: 'b.csv', size: 2 },
    ]);
    expect([declared.built, declared.cached]).toEqual([1, 0]);

    // A known path declared again with another size: the same list, the new size.
    await call(app, 'declareUploadFiles', {
      params: { projectId, uploadId },
      body: { files: [{ relPath: 'a.csv', size: 9 }] },
    });
    const resized = await get(projectId, uploadId);
    expect(resized.body.files).toEqual([
      { relPath: 'a.csv', size: 9 },
      { relPath: 'c.csv', size: 3 },
      { relPath: 'b.csv', size: 2 },
    ]);
    expect([resized.built, resized.cached]).toEqual([1, 0]);

    // The one-shot upload declares too.
    const put = await fetch(
      `${app.url}/developer/v1/projects/${projectId}/upload-sessions/${uploadId}/file?path=d.csv&size=4`,
      { method: 'PUT', headers: { authorization: `Bearer ${app.orgA.originatorKey}` }, redirect: 'manual' },
    );
    expect(put.status).toBe(307);
    const oneShot = await get(projectId, uploadId);
    expect(oneShot.body.files.map((f: { relPath: string }) => f.relPath)).toEqual(['a.csv', 'c.csv', 'b.csv', 'd.csv']);
    expect([oneShot.built, oneShot.cached]).toEqual([1, 0]);
    const cachedAgain = await get(projectId, uploadId);
    expect(cachedAgain.text).toBe(oneShot.text);
    expect([cachedAgain.built, cachedAgain.cached]).toEqual([0, 1]);
  });

  it('finds nothing for another organization or through another project, cached or not', async () => {
    const projectId = await project();
    const otherProject = await project();
    const created = await call(app, 'createUploadSession', {
      params: { projectId },
      body: { files: [{ relPath: 'secret.csv', size: 1 }] },
    });
    const { uploadId } = created.body;
    expect((await get(projectId, uploadId)).status).toBe(200); // now cached

    const stranger = await get(projectId, uploadId, app.orgB.originatorKey);
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe('project_not_found');
    expect(stranger.text).not.toContain('secret.csv');
    expect([stranger.built, stranger.cached]).toEqual([0, 0]);

    // orgB's own project, orgA's session id: not found, nothing read from the cache.
    const theirs = await project(app.orgB.originatorKey);
    const crossed = await get(theirs, uploadId, app.orgB.originatorKey);
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.code).toBe('upload_session_not_found');
    expect([crossed.built, crossed.cached]).toEqual([0, 0]);

    const wrongProject = await get(otherProject, uploadId);
    expect(wrongProject.status).toBe(404);
    expect(wrongProject.body.error.code).toBe('upload_session_not_found');
    expect([wrongProject.built, wrongProject.cached]).toEqual([0, 0]);
  });

  it('builds a list once for concurrent GETs that all miss', async () => {
    const projectId = await project();
    const files = Array.from({ length: 50 }, (_, i) => ({ relPath: `f${i}.csv`, size: i + 1 }));
    const { uploadId } = (await call(app, 'createUploadSession', { params: { projectId }, body: { files } })).body;
    const before = await served();
    // The build's read of upload_files waits behind this lock until every GET has reached the
    // cache (they read only upload_sessions and projects before it), so all four miss together.
    const held = await holdUploadFilesTable(app.sql);
    const gets = Array.from({ length: 4 }, () =>
      fetch(`${app.url}/developer/v1/projects/${projectId}/upload-sessions/${uploadId}`, {
        headers: { authorization: `Bearer ${app.orgA.originatorKey}` },
      }),
    );
    for (let waited = 0; (await held.waiting()) === 0; waited += 20) {
      if (waited > 10_000) throw new Error('no build waited for the lock');
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 300)); // the other three GETs reach the cache meanwhile
    await held.release();
    const answers = await Promise.all(
      gets.map(async (pending) => {
        const r = await pending;
        return { status: r.status, body: (await r.json()) as { files: unknown } };
      }),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.files).toEqual(files);
    }
    const after = await served();
    expect([after.database - before.database, after.cache - before.cache]).toEqual([1, 3]);
  });
});
