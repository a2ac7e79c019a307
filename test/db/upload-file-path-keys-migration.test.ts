// Migration 20261130200001 (declared files keyed by the SHA-256 of their path, and counted on
// their session) on a database that already holds sessions: the database is rolled back past it,
// files are written as declares wrote them then (positions with gaps where a path was declared
// again), and the service's own migrate() brings it forward. A session must come out with its
// file count and the position after its last, and an open one keep declaring: known paths found by
// their key (a new size, no new row, the same place), new ones after the last, the cap counted;
// and a session deleted, directly or with its project, takes its files with it.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_QUOTAS } from '../../src/config.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createSql } from '../../src/db/client.ts';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';
import { appliedMigrations, rollBackPast } from '../helpers/migrations.ts';

const VERSION = '20261130200001';
const MAX_FILES = 6;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { quotas: { ...DEFAULT_QUOTAS, maxFilesPerSession: MAX_FILES } } });
});
afterAll(() => app?.close());

it('counts the files of sessions declared before it, and their declares go on', async () => {
  const projectId = await fx.project(app);
  await rollBackPast(app.databaseUrl, VERSION);
  const open = crypto.randomUUID();
  const done = crypto.randomUUID();
  const before = createSql(app.databaseUrl, { max: 1 });
  try {
    // As the declares before the migration left them: a path declared again kept its place and
    // the positions of that call went on past it, so the next call started after a gap.
    for (const [id, status] of [
      [open, 'open'],
      [done, 'complete'],
    ])
      await fx.addPreKeyUploadSession(before, { id: id!, orgId: app.orgA.id, projectId, status: status! }, [
        ['c.csv', 1, 0],
        ['a.csv', 2, 1],
        ['b.csv', 3, 3],
        ['é/d.csv', 4, 7],
      ]);
  } finally {
    await before.end({ timeout: 5 });
  }

  await migrate(app.databaseUrl, { quiet: true });
  const after = createSql(app.databaseUrl, { max: 1 });
  try {
    expect(await appliedMigrations(after)).toContain(VERSION);
    for (const id of [open, done])
      expect(await fx.uploadSessionCounters(after, id)).toEqual({ fileCount: 4, nextPosition: 8 });
    const sha = (p: string) => createHash('sha256').update(p, 'utf8').digest('hex');
    expect(
      (await fx.storedUploadFiles(after, open)).map((f) => [f.rel_path, f.position, f.path_key.toString('hex')]),
    ).toEqual(
      [
        ['c.csv', 0],
        ['a.csv', 1],
        ['b.csv', 3],
        ['é/d.csv', 7],
      ].map(([p, at]) => [p, at, sha(p as string)]),
    );

    // Two known paths (a new size each) and one new path: one more file, after the last.
    const declared = await call(app, 'declareUploadFiles', {
      params: { projectId, uploadId: open },
      body: {
        files: [
          { relPath: 'e.csv', size: 5 },
          { relPath: 'a.csv', size: 20 },
          { relPath: 'é/d.csv', size: 40 },
        ],
      },
    });
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    const got = await call(app, 'getUploadSession', { params: { projectId, uploadId: open } });
    expect(got.body.files).toEqual([
      { relPath: 'c.csv', size: 1 },
      { relPath: 'a.csv', size: 20 },
      { relPath: 'b.csv', size: 3 },
      { relPath: 'é/d.csv', size: 40 },
      { relPath: 'e.csv', size: 5 },
    ]);
    expect((await fx.storedUploadFiles(after, open)).map((f) => f.position)).toEqual([0, 1, 3, 7, 8]);

    // The cap counts the files the session has: 5 + 2 new is over 6, and nothing is declared.
    const over = await call(app, 'declareUploadFiles', {
      params: { projectId, uploadId: open },
      body: {
        files: [
          { relPath: 'c.csv', size: 9 },
          { relPath: 'f.csv', size: 6 },
          { relPath: 'g.csv', size: 7 },
        ],
      },
    });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('upload_file_limit_reached');
    expect(over.body.error.message).toContain('would make it 7');
    expect((await fx.uploadSessionCounters(after, open)).fileCount).toBe(5);
    expect((await fx.storedUploadFiles(after, open)).map((f) => [f.rel_path, f.size])).toEqual([
      ['c.csv', '1'],
      ['a.csv', '20'],
      ['b.csv', '3'],
      ['é/d.csv', '40'],
      ['e.csv', '5'],
    ]);
    // One more new path fits exactly.
    const last = await call(app, 'declareUploadFiles', {
      params: { projectId, uploadId: open },
      body: { files: [{ relPath: 'f.csv', size: 6 }] },
    });
    expect(last.status).toBe(200);
    expect((await fx.storedUploadFiles(after, open)).map((f) => [f.rel_path, f.position]).at(-1)).toEqual(['f.csv', 9]);

    // A deleted session's files go with it, and so do a deleted project's sessions' files.
    await fx.deleteUploadSession(after, done);
    expect(await fx.storedUploadFiles(after, done)).toEqual([]);
    expect(await fx.storedUploadFiles(after, open)).toHaveLength(6);
    await fx.deleteProject(after, projectId);
    expect(await fx.storedUploadFiles(after, open)).toEqual([]);
  } finally {
    await after.end({ timeout: 5 });
  }
});
