// Authentication, permission and the error envelope over real HTTP (reference parts 5 and 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectEnvelope } from '../helpers/contract.ts';
import { minimalSpec } from '../fixtures/specs.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('API key authentication', () => {
  it.each([
    ['no header', undefined, 'api_key_missing'],
    ['a Basic header', 'Basic dXNlcjpwYXNz', 'api_key_missing'],
    ['Bearer with nothing', 'Bearer ', 'api_key_missing'],
    ['a token of the wrong shape', 'Bearer sk_test_123', 'api_key_malformed'],
    ['a key one character short', `Bearer assay_live_${'a'.repeat(31)}`, 'api_key_malformed'],
    ['a key with a non-base62 character', `Bearer assay_live_${'a'.repeat(31)}-`, 'api_key_malformed'],
    ['a well-formed unknown key', `Bearer assay_live_${'a'.repeat(32)}`, 'api_key_invalid'],
  ])('answers 401 for %s', async (_, header, code) => {
    const res = await raw(app, 'GET', '/developer/v1/ping', {
      headers: header === undefined ? {} : { authorization: header },
    });
    expectEnvelope(res, code, 401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(res.body.error.type).toBe('authentication_error');
  });

  it('refuses revoked and expired keys', async () => {
    expectEnvelope(await raw(app, 'GET', '/developer/v1/ping', { key: app.orgA.revokedKey }), 'api_key_invalid', 401);
    expectEnvelope(await raw(app, 'GET', '/developer/v1/ping', { key: app.orgA.expiredKey }), 'api_key_invalid', 401);
  });

  it('answers ping for any valid key whose creator is a member', async () => {
    for (const key of [app.orgA.originatorKey, app.orgA.memberKey, app.orgB.originatorKey]) {
      const res = await call(app, 'ping', { key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ pong: true });
    }
    // A key acts as its creator: without one it is refused on every operation, ping included.
    expect((await call(app, 'ping', { key: app.orgA.noActorKey })).body.error.code).toBe('api_key_actor_unavailable');
  });
});

describe('originator checks', () => {
  it('refuses project operations to a member who is not an originator', async () => {
    const res = await call(app, 'createProject', { key: app.orgA.memberKey, body: { name: 'x', spec: minimalSpec() } });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'not_org_originator', type: 'permission_error' });
    expect((await call(app, 'listProjects', { key: app.orgA.memberKey })).body.error.code).toBe('not_org_originator');
  });

  it('refuses project operations to a key without a user', async () => {
    const res = await call(app, 'createProject', {
      key: app.orgA.noActorKey,
      body: { name: 'x', spec: minimalSpec() },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('api_key_actor_unavailable');
  });

  it('treats a key whose user left the organization as having no actor', async () => {
    await app.sql`delete from memberships where org_id = ${app.orgA.id} and user_id = ${app.orgA.originatorUserId}`;
    try {
      // Every operation refuses it, not only originator ones: ping, the roster, webhooks, MCP.
      for (const op of ['listProjects', 'ping', 'listValidators', 'listWebhookEndpoints'] as const) {
        const res = await call(app, op, {});
        expect(res.status, op).toBe(403);
        expect(res.body.error.code, op).toBe('api_key_actor_unavailable');
      }
      const mcp = await raw(app, 'POST', '/mcp', {
        key: app.orgA.originatorKey,
        body: '{}',
        contentType: 'application/json',
      });
      expect(mcp.status).toBe(403);
      expect(mcp.body.error.code).toBe('api_key_actor_unavailable');
    } finally {
      await app.sql`insert into memberships (org_id, user_id, is_originator) values (${app.orgA.id},
        ${app.orgA.originatorUserId}, true)`;
    }
  });
});

describe('every response carries a request id', () => {
  it('puts X-Request-Id on successes and errors, unique per request', async () => {
    const a = await call(app, 'ping', {});
    const b = await call(app, 'ping', {});
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    const unknown = await raw(app, 'GET', '/developer/v1/nothing-here', { key: app.orgA.originatorKey });
    expectEnvelope(unknown, 'unknown_endpoint', 404);
    const outside = await raw(app, 'GET', '/elsewhere');
    expectEnvelope(outside, 'unknown_endpoint', 404);
    const wrongMethod = await raw(app, 'DELETE', '/developer/v1/ping', { key: app.orgA.originatorKey });
    expectEnvelope(wrongMethod, 'method_not_allowed', 405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    const trace = await raw(app, 'PATCH', '/developer/v1/projects', { key: app.orgA.originatorKey });
    expectEnvelope(trace, 'method_not_allowed', 405);
    expect(trace.headers.get('allow')).toBe('GET, POST');
  });

  it('never leaks internals in an internal error', async () => {
    // A database that refuses the query: the client sees the registry's message only.
    await app.sql`alter table projects rename to projects_moved`;
    try {
      const res = await call(app, 'listProjects', {});
      expect(res.status).toBe(500);
      expect(res.body.error).toEqual({ type: 'api_error', code: 'internal_error', message: 'Internal server error.' });
      expect(JSON.stringify(res.body)).not.toMatch(/projects|relation|select|at .*\.ts/);
      expect(app.logs.some((l) => l.includes(res.body.requestId) && l.includes('relation'))).toBe(true);
      // The line carries the request's id and organization, and the error with its stack.
      const line = app.logs
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === 'request failed' && l.requestId === res.body.requestId);
      expect(line).toMatchObject({
        level: 'error',
        orgId: app.orgA.id,
        error: { type: 'PostgresError', code: '42P01', message: expect.stringContaining('relation') },
      });
      expect(line.error.stack).toMatch(/\n\s+at /);
    } finally {
      await app.sql`alter table projects_moved rename to projects`;
    }
  });
});

describe('served contract and reference page', () => {
  it('serves openapi.json without a key', async () => {
    const res = await raw(app, 'GET', '/developer/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(res.body.paths).length).toBeGreaterThan(10);
  });

  it('serves a browsable API reference at /docs', async () => {
    const res = await raw(app, 'GET', '/docs');
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('<script src="/docs/init.js">');
    expect(await (await fetch(`${app.url}/docs/init.js`)).text()).toContain('/developer/v1/openapi.json');
    const bundle = await fetch(`${app.url}/docs/scalar.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  });
});
