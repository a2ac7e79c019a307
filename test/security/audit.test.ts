// The access log and api_keys.last_used_at against a real server: one line per request with the
// request id, organization, key id, operation, status and duration, and never a secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';
import { connectMcp } from '../helpers/mcp.ts';
import { hashApiKey } from '../../src/admin/keys.ts';
import { eventually } from '../helpers/wait.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const lines = () => app.logs.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
// Written when the response is finished: at most a moment after the client has it.
const lineOf = (requestId: string | null) =>
  eventually(async () => lines().find((l) => l.requestId === requestId), 5_000);
const keyIdOf = async (key: string) =>
  (await app.sql`select id from api_keys where key_hash = ${hashApiKey(key)}`)[0].id as string;

describe('access log', () => {
  it('one line per request with request id, organization, key id, operation, status and duration', async () => {
    const keyId = await keyIdOf(app.orgA.originatorKey);
    const ok = await call(app, 'ping', {});
    expect(await lineOf(ok.headers.get('x-request-id'))).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/developer/v1/ping',
      operation: 'ping',
      status: 200,
      orgId: app.orgA.id,
      keyId,
      durationMs: expect.any(Number),
    });
    const missing = await call(app, 'getProject', { params: { projectId: '00000000-0000-4000-8000-000000000000' } });
    expect(await lineOf(missing.headers.get('x-request-id'))).toMatchObject({
      operation: 'getProject',
      status: 404,
      keyId,
    });
    const unauthenticated = await raw(app, 'GET', '/developer/v1/ping', { key: 'assay_live_' + 'x'.repeat(32) });
    expect(await lineOf(unauthenticated.headers.get('x-request-id'))).toMatchObject({
      status: 401,
      keyId: null,
      orgId: null,
    });
    const mcp = await connectMcp(app, app.orgB.originatorKey);
    await mcp.tool('ping', {});
    await mcp.close();
    const mcpLine = await lineOf(mcp.requestIds.at(-1)!);
    expect(mcpLine).toMatchObject({
      operation: 'mcp',
      orgId: app.orgB.id,
      keyId: await keyIdOf(app.orgB.originatorKey),
    });
  });

  it('names the validator session, and never writes a secret', async () => {
    const v = await fx.member(app, app.orgA.id, { validator: true });
    const { sessionToken, userId } = await fx.signInDirect(app, v.email);
    const mine = await call(app, 'listMyProjects', { key: sessionToken });
    expect(await lineOf(mine.headers.get('x-request-id'))).toMatchObject({
      operation: 'listMyProjects',
      status: 200,
      userId,
      sessionId: expect.any(String),
    });
    const hook = await call(app, 'createWebhookEndpoint', {
      body: { url: 'http://127.0.0.1:9/audit', eventTypes: ['datapoint.consensus_reached'] },
    });
    const old = await call(app, 'followSignInLink', { key: null, query: { token: 'assay_signin_' + 'S'.repeat(43) } });
    const oldLine = await lineOf(old.headers.get('x-request-id'));
    expect(oldLine.path).toBe('/validator/v1/sign-in');
    const all = app.logs.join('\n');
    for (const secret of [
      app.orgA.originatorKey,
      app.orgB.originatorKey,
      sessionToken,
      hook.body.secret,
      'S'.repeat(43),
    ])
      expect(all).not.toContain(secret);
  });
});

describe('api_keys.last_used_at', () => {
  it('is set on use, at most once a minute', async () => {
    const key = (await fx.member(app, app.orgA.id, { originator: true })).id;
    const { createApiKey } = await import('../../src/admin/admin.ts');
    const created = await createApiKey(app.sql, { orgId: app.orgA.id, userId: key });
    const lastUsed = async () =>
      (await app.sql`select last_used_at from api_keys where id = ${created.id}`)[0].last_used_at as Date | null;
    expect(await lastUsed()).toBeNull();
    await call(app, 'ping', { key: created.key });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await call(app, 'ping', { key: created.key });
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
    await app.sql`update api_keys set last_used_at = now() - interval '2 minutes' where id = ${created.id}`;
    const before = (await lastUsed())!.getTime();
    await call(app, 'ping', { key: created.key });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(before);
  });
});
