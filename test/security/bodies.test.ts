// Request bodies against a real server: limits derived from the contract (every request the
// reference allows fits; public validator bodies are refused past a few hundred bytes),
// refused on Content-Length before a byte is read (413), chunked bodies cut at the limit, deep
// nesting refused with 400 (never a stack overflow), and the MCP endpoint through the same reader
// with JSON-RPC batches refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { call, raw, startTestApp, type TestApp, postHeadOnly } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';
import { operationIds, operationTable } from '../../src/generated/operations.ts';
import { BODY_LIMITS, MAX_BODY_DEPTH, MCP_BODY_LIMIT, UNBOUNDED_BODY_BYTES } from '../../src/http/body-limits.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('limits from the contract', () => {
  it(
    'public validator bodies are capped well under 1 KiB; uploads fit 1,000 files with 900-character escaped ' +
      'non-ASCII paths',
    () => {
      // Every JSON operation found its schema (a limit of 0 would refuse every body).
      for (const id of operationIds)
        if (operationTable[id].bodyType === 'application/json') expect(BODY_LIMITS[id], id).toBeGreaterThan(100);
      expect(BODY_LIMITS.requestSignInLink).toBeLessThan(1024);
      expect(BODY_LIMITS.createValidatorSession).toBeLessThan(1024);
      const worst = JSON.stringify({
        files: Array.from({ length: 1000 }, () => ({ relPath: 'é'.repeat(900), size: 1e15 })),
      }).replace(/é/g, '\\u00e9');
      // 900 characters: the schema's bound, before the byte rule
      expect(BODY_LIMITS.createUploadSession).toBeGreaterThan(worst.length);
      expect(BODY_LIMITS.createProject).toBe(UNBOUNDED_BODY_BYTES); // the spec is an open object
      expect(MCP_BODY_LIMIT).toBeGreaterThan(BODY_LIMITS.createUploadSession);
    },
  );

  it('accepts 1,000 declared files with the longest non-ASCII paths allowed, every character escaped', async () => {
    const projectId = await fx.project(app);
    // RelPath allows 900 bytes of UTF-8 (the object key must fit S3's 1,024): 447 two-byte
    // characters after a 5-byte prefix, each sent as a 6-character escape: 2.7 MB, past the old
    // fixed 2 MiB limit.
    const files = Array.from({ length: 1000 }, (_, i) => ({
      relPath: `${String(i).padStart(4, '0')}/${'é'.repeat(447)}`,
      size: 10,
    }));
    const body = JSON.stringify({ files }).replace(/é/g, '\\u00e9');
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await raw(app, 'POST', `/developer/v1/projects/${projectId}/upload-sessions`, {
      key: app.orgA.originatorKey,
      body,
      contentType: 'application/json',
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(res.body.files).toHaveLength(1000);
  }, 120_000);
});

describe('oversize bodies (413)', () => {
  it('refuses by Content-Length before reading: the server answers a head that promises 10 MB', async () => {
    for (const path of ['/validator/v1/sign-in-links', '/validator/v1/sessions']) {
      const head = await postHeadOnly(app, path, { 'Content-Type': 'application/json', 'Content-Length': '10000000' });
      expect(head).toMatch(/^HTTP\/1\.1 413 /);
      expect(head.toLowerCase()).toContain('connection: close');
    }
    const head = await postHeadOnly(app, '/developer/v1/projects', {
      'Content-Type': 'application/json',
      'Content-Length': String(UNBOUNDED_BODY_BYTES + 1),
      Authorization: `Bearer ${app.orgA.originatorKey}`,
    });
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('cuts a chunked body at the limit', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const { port } = new URL(app.url);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/validator/v1/sign-in-links',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', () => {}); // the server closes the connection after answering
      req.write('{"email":"');
      for (let i = 0; i < 20; i++) req.write('a'.repeat(100));
      req.end('@example.com"}');
      setTimeout(() => reject(new Error('no answer')), 20_000).unref();
    });
    expect(status).toBe(413);
  });

  it('answers with the registry envelope', async () => {
    const res = await call(app, 'requestSignInLink', { key: null, body: { email: `${'a'.repeat(1000)}@example.com` } });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'request_body_too_large', type: 'invalid_request_error' });
  });
});

describe('100 Continue', () => {
  it('tells a client that waits for it to send the body, on every door that reads one', async () => {
    const waiting = { 'Content-Type': 'application/json', 'Content-Length': '2', Expect: '100-continue' };
    const key = `Bearer ${app.orgA.originatorKey}`;
    const heads = {
      developer: await postHeadOnly(app, '/developer/v1/projects', { ...waiting, Authorization: key }),
      validator: await postHeadOnly(app, '/validator/v1/sign-in-links', waiting),
      mcp: await postHeadOnly(app, '/mcp', {
        ...waiting,
        Authorization: key,
        Accept: 'application/json, text/event-stream',
      }),
    };
    expect(heads).toEqual({
      developer: 'HTTP/1.1 100 Continue\r\n\r\n',
      validator: 'HTTP/1.1 100 Continue\r\n\r\n',
      mcp: 'HTTP/1.1 100 Continue\r\n\r\n',
    });
  });
});

describe('deep nesting (400)', () => {
  it('refuses a deeply nested body without a stack overflow or a 500', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const res = await raw(app, 'POST', '/developer/v1/projects', {
      key: app.orgA.originatorKey,
      body: `{"name":"x","spec":${deep}}`,
      contentType: 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request_body_invalid');
    expect(res.body.error.message).toMatch(new RegExp(`deeper than ${MAX_BODY_DEPTH}`));
    // A public body nested past the depth limit within its size limit: 400 too.
    const pub = await raw(app, 'POST', '/validator/v1/sign-in-links', {
      body: `{"email":${'['.repeat(40)}${']'.repeat(40)}}`,
      contentType: 'application/json',
    });
    expect(pub.status).toBe(400);
    expect(pub.body.error.code).toBe('request_body_invalid');
    expect(app.logs.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  });

  it('still finds a NUL at its path', async () => {
    const res = await call(app, 'createProject', {
      body: { name: 'x', spec: { version: '1.0.0', dataset: { format: 'csv', idField: 'i\u0000d' } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'request_body_invalid', param: 'spec.dataset.idField' });
  });
});

describe('MCP bodies', () => {
  const mcp = (body: string, headers: Record<string, string> = {}) =>
    raw(app, 'POST', '/mcp', {
      key: app.orgA.originatorKey,
      body,
      contentType: 'application/json',
      headers: { accept: 'application/json, text/event-stream', ...headers },
    });
  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  };

  it('refuses JSON-RPC batches', async () => {
    const res = await mcp(JSON.stringify([init, { ...init, id: 2 }]));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request_body_invalid');
    expect(res.body.error.message).toMatch(/batches/);
  });

  it('refuses an oversize body by Content-Length before reading, and a deep one', async () => {
    const head = await postHeadOnly(app, '/mcp', {
      'Content-Type': 'application/json',
      'Content-Length': String(MCP_BODY_LIMIT + 1),
      Authorization: `Bearer ${app.orgA.originatorKey}`,
      Accept: 'application/json, text/event-stream',
    });
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    const deep = await mcp(
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ping","arguments":{"x":` +
        `${'['.repeat(100_000)}${']'.repeat(100_000)}}}}`,
    );
    expect(deep.status).toBe(400);
    expect(deep.body.error.message).toMatch(/deeper than/);
  });

  it('still serves a normal request', async () => {
    const res = await mcp(JSON.stringify(init));
    expect(res.status).toBe(200);
  });
});
