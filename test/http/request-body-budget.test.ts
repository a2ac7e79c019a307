// Large request bodies are read within a byte budget per organization (REQUEST_BODY_BYTES_PER_SECOND,
// src/http/pipeline.ts `readBody`): an organization's second large body waits until the budget has
// earned back the first body and its answer, before it is read; another organization's large body
// and the same organization's small requests do not wait behind it; a body declared over the
// operation's limit is refused at once. The budget here is small enough that one body spends more
// than a second of it, and its answer (a key and a signed URL per path) about four more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw, startTestApp, type TestApp, postHeadOnly } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';

const BYTES_PER_SECOND = 150_000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { requestBodies: { bytesPerSecond: BYTES_PER_SECOND, burstBytes: 0 } } });
});
afterAll(async () => {
  await app?.close();
});

/** A new session's body: 200 files of about 890-character paths, about 185 KB (a large body). */
const largeBody = (tag: string) =>
  JSON.stringify({
    files: Array.from({ length: 200 }, (_, i) => ({ relPath: `${tag}/${'p'.repeat(880)}-${i}.csv`, size: 10 })),
  });

/**
 * POSTs `body` as a new upload session of `projectId`: when it answered (ms since `t0`), its status
 * and the bytes of its answer's body.
 */
async function create(key: string, projectId: string, body: string, t0: number) {
  const res = await raw(app, 'POST', `/developer/v1/projects/${projectId}/upload-sessions`, {
    key,
    body,
    headers: { 'content-type': 'application/json' },
  });
  return { at: performance.now() - t0, status: res.status, answerBytes: Buffer.byteLength(JSON.stringify(res.body)) };
}

describe('large request bodies: the budget per organization', () => {
  it("waits for its organization's budget (body and answer); others and small requests do not", async () => {
    const keyA = app.orgA.originatorKey;
    const keyB = app.orgB.originatorKey;
    const projectA = await fx.project(app, { key: keyA });
    const projectB = await fx.project(app, { key: keyB });
    const body = largeBody('a');
    const bodyMs = (Buffer.byteLength(body) / BYTES_PER_SECOND) * 1000;
    expect(bodyMs).toBeGreaterThan(1000);

    const first = await create(keyA, projectA, body, performance.now());
    expect(first.status).toBe(201);
    // The answer is charged too, once written: the next large body waits for both.
    expect(first.answerBytes).toBeGreaterThan(2 * Buffer.byteLength(body));
    const owedMs = bodyMs + (first.answerBytes / BYTES_PER_SECOND) * 1000;

    const t0 = performance.now();
    const later = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const [again, other, small] = await Promise.all([
      create(keyA, projectA, largeBody('b'), t0),
      later(50).then(() => create(keyB, projectB, largeBody('c'), t0)),
      later(50).then(() => create(keyA, projectA, JSON.stringify({ files: [{ relPath: 'x.csv', size: 1 }] }), t0)),
    ]);
    expect(again.status).toBe(201);
    expect(other.status).toBe(201);
    expect(small.status).toBe(201);
    // The wait was counted from the end of the first body's read, before t0: allow what the rest
    // of the first request took.
    expect(again.at).toBeGreaterThan(owedMs - 500);
    expect(other.at).toBeLessThan(again.at);
    expect(small.at).toBeLessThan(again.at);
  });

  it('refuses with rate_limited and Retry-After a body that would wait more than 10 s', async () => {
    // Ten bodies of more than a second each at once (their answers are charged only once written):
    // the last ones would wait more than 10 s.
    const key = app.orgB.originatorKey;
    const projectB = await fx.project(app, { key });
    const t0 = performance.now();
    const sent = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await raw(app, 'POST', `/developer/v1/projects/${projectB}/upload-sessions`, {
          key,
          body: largeBody(`r${i}`),
          headers: { 'content-type': 'application/json' },
        });
        return {
          status: res.status,
          at: performance.now() - t0,
          body: res.body,
          retryAfter: res.headers.get('retry-after'),
        };
      }),
    );
    const refused = sent.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(sent.filter((r) => r.status === 201).length).toBeGreaterThan(0);
    expect(refused.length + sent.filter((r) => r.status === 201).length).toBe(10);
    for (const r of refused) {
      expect((r.body as { error: { code: string } }).error.code).toBe('rate_limited');
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      // Refused at once, not after waiting.
      expect(r.at).toBeLessThan(5000);
    }
  });

  it('refuses a body declared over the limit at once, whatever the budget', async () => {
    const projectA = await fx.project(app, { key: app.orgA.originatorKey });
    const spent = await create(app.orgA.originatorKey, projectA, largeBody('d'), performance.now());
    expect(spent.status).toBe(201);
    const t0 = performance.now();
    const status = await postHeadOnly(app, `/developer/v1/projects/${projectA}/upload-sessions`, {
      Authorization: `Bearer ${app.orgA.originatorKey}`,
      'Content-Type': 'application/json',
      'Content-Length': String(50 * 1024 * 1024),
    });
    expect(status).toMatch(/^HTTP\/1\.1 413 /);
    // The organization owes about five seconds: a refusal that waited for the budget would take them.
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
