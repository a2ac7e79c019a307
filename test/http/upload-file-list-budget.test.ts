// Upload sessions' file lists are held to two byte budgets per organization (src/handlers/uploads.ts
// `getUploadSession`): lists built from the database (UPLOAD_FILE_LIST_BUILD_BYTES_PER_SECOND) and
// lists answered, from the cache or built (UPLOAD_FILE_LIST_READ_BYTES_PER_SECOND). A GET over its
// organization's budget waits for it, and another organization's GET does not wait behind it. The
// first server keeps no list (UPLOAD_FILE_LIST_CACHE_BYTES 0), so every GET builds its list; the
// second keeps them and builds without bound. Each budget is small enough that one list spends
// about two seconds of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';

const BYTES_PER_SECOND = 400;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    config: {
      uploadFileLists: {
        cacheBytes: 0,
        buildBytesPerSecond: BYTES_PER_SECOND,
        buildBurstBytes: 0,
        readBytesPerSecond: 2 ** 40,
        readBurstBytes: 2 ** 40,
      },
    },
  });
});
afterAll(async () => {
  await app?.close();
});

/** A session of `count` declared files in a new project of the key's organization. */
async function session(app: TestApp, key: string, count: number): Promise<{ projectId: string; uploadId: string }> {
  const projectId = await fx.project(app, { key });
  const files = Array.from({ length: count }, (_, i) => ({ relPath: `part-${i}.csv`, size: 10 }));
  const created = await call(app, 'createUploadSession', { params: { projectId }, body: { files }, key });
  expect(created.status).toBe(201);
  return { projectId, uploadId: created.body.uploadId as string };
}

/** One GET: when it answered (ms since `t0`), its status and the length of its `files` JSON text. */
async function get(app: TestApp, key: string, s: { projectId: string; uploadId: string }, t0: number) {
  const res = await fetch(`${app.url}/developer/v1/projects/${s.projectId}/upload-sessions/${s.uploadId}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = (await res.json()) as { files: unknown[] };
  return { at: performance.now() - t0, status: res.status, listBytes: Buffer.byteLength(JSON.stringify(body.files)) };
}

/**
 * Organization A's first GET spends about two seconds of the budget; its second waits until the
 * budget has earned that back, and organization B's GET, sent after it, does not wait behind it.
 */
async function expectBudgetHeld(app: TestApp): Promise<void> {
  const a = await session(app, app.orgA.originatorKey, 40);
  const b = await session(app, app.orgB.originatorKey, 1);
  const first = await get(app, app.orgA.originatorKey, a, performance.now());
  expect(first.status).toBe(200);
  const owedMs = (first.listBytes / BYTES_PER_SECOND) * 1000;
  expect(owedMs).toBeGreaterThan(1000);

  const t0 = performance.now();
  const [again, other] = await Promise.all([
    get(app, app.orgA.originatorKey, a, t0),
    new Promise((r) => setTimeout(r, 50)).then(() => get(app, app.orgB.originatorKey, b, t0)),
  ]);
  expect(again.status).toBe(200);
  expect(other.status).toBe(200);
  expect(again.listBytes).toBe(first.listBytes);
  // A timer may fire a millisecond early; the wait was counted from the end of the first answer,
  // before t0, so allow what the first answer's trip back took.
  expect(again.at).toBeGreaterThan(owedMs - 250);
  expect(other.at).toBeLessThan(again.at);
}

describe('upload session file lists: the build budget', () => {
  it("waits for its organization's budget, and another organization does not wait behind it", async () => {
    // Every GET builds its list here (no cache): the second waits for the build budget.
    await expectBudgetHeld(app);
  });
});

describe('upload session file lists: the read budget', () => {
  let cached: TestApp;
  beforeAll(async () => {
    // Lists kept, builds unbounded: only the read budget can make a GET wait.
    cached = await startTestApp({
      config: {
        uploadFileLists: {
          cacheBytes: 32 * 1024 * 1024,
          buildBytesPerSecond: 2 ** 40,
          buildBurstBytes: 2 ** 40,
          readBytesPerSecond: BYTES_PER_SECOND,
          readBurstBytes: 0,
        },
      },
    });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('holds answers from the cache to the budget too; another organization does not wait', async () => {
    // The second GET of A is answered from the cache, and still waits for the read budget.
    await expectBudgetHeld(cached);
  });
});
