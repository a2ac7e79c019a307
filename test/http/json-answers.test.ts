// A JSON answer is written directly (src/http/respond.ts writeJson) rather than through express's
// res.json: the bytes on the wire must be the ones res.json writes. A request with a validator
// header still goes through res.json, so the two are compared on the same resources.
import { get } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { validSpec } from '../fixtures/specs.ts';

let app: TestApp;
let projectId: string;
beforeAll(async () => {
  app = await startTestApp();
  const created = await call(app, 'createProject', { body: { name: 'Wire answers', spec: validSpec() } });
  expect(created.status).toBe(201);
  projectId = created.body.projectId;
});
afterAll(async () => {
  await app?.close();
});

/** The headers express or Node choose (not the per-request id and budget ones), and the body's bytes. */
async function answer(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(app.url + path, {
    headers: { authorization: `Bearer ${app.orgA.originatorKey}`, ...headers },
  });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    length: res.headers.get('content-length'),
    cache: res.headers.get('cache-control'),
    // Error bodies carry the request's id: the rest of the body is compared.
    body: body.toString('utf8').replace(/"requestId":"req_[^"]+"/, '"requestId":"…"'),
    bytes: body.length,
  };
}

const paths = () => [
  `/developer/v1/projects/${projectId}`,
  '/developer/v1/projects?limit=5',
  // An error answer (writeError keeps res.json) beside the results.
  '/developer/v1/projects/00000000-0000-4000-8000-000000000000',
];

it('writes the same status, Content-Type, Content-Length and body as res.json', async () => {
  for (const path of paths()) {
    const direct = await answer(path);
    // If-Modified-Since without a Last-Modified on the answer: res.json's freshness check says stale.
    const viaExpress = await answer(path, { 'if-modified-since': 'Mon, 01 Jan 2024 00:00:00 GMT' });
    expect(direct.type).toBe('application/json; charset=utf-8');
    expect(Number(direct.length)).toBe(direct.bytes);
    expect(direct).toEqual(viaExpress);
  }
});

it('answers a non-ASCII body with its length in bytes', async () => {
  const name = 'Ünïcödé — 名前 🧪';
  const res = await call(app, 'updateProject', { params: { projectId }, body: { name } });
  expect(res.status).toBe(200);
  const direct = await answer(`/developer/v1/projects/${projectId}`);
  expect(JSON.parse(direct.body).name).toBe(name);
  expect(Number(direct.length)).toBe(direct.bytes);
  expect(direct.bytes).toBeGreaterThan(direct.body.length);
});

it('keeps express freshness for If-None-Match: * (304, as res.json answers it)', async () => {
  // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request, which
  // express's freshness check honours (always stale).
  const status = await new Promise<number | undefined>((resolve, reject) => {
    const req = get(
      `${app.url}/developer/v1/projects/${projectId}`,
      { headers: { authorization: `Bearer ${app.orgA.originatorKey}`, 'if-none-match': '*' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
  });
  expect(status).toBe(304);
});
