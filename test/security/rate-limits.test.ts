// Rate limits against two real server processes over one database: the in-process test server
// and a second `assay serve`-like child process. Each limited surface answers 429 rate_limited
// with Retry-After and the IETF RateLimit headers once the configured burst is spent, counting
// requests to both processes together: the public sign-in operations per client address, the
// developer API and MCP per key (one budget), the validator API per session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';
import { serverProcessEnv } from '../helpers/config.ts';

const API = { points: 6, windowSeconds: 600 };
const PUBLIC = { points: 4, windowSeconds: 600 };
let app: TestApp;
let child: ChildProcess;
let other: TestApp; // the same world, reached through the second process

beforeAll(async () => {
  app = await startTestApp({ config: { rateLimits: { api: API, public: PUBLIC, unauthenticated: null } } });
  child = spawn(process.execPath, ['test/fixtures/server-process.ts'], {
    env: serverProcessEnv(app.databaseUrl, {
      RATE_LIMIT_API: `${API.points}/${API.windowSeconds}`,
      RATE_LIMIT_PUBLIC: `${PUBLIC.points}/${PUBLIC.windowSeconds}`,
    }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(child.stdout!, 'data');
  other = { ...app, url: JSON.parse(String(line)).url };
}, 120_000);
afterAll(async () => {
  if (child) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  await app?.close();
});

function expect429(res: { status: number; headers: Headers; body: any }, policy: string, q: number): void {
  expect(res.status).toBe(429);
  expect(res.body.error.code).toBe('rate_limited');
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(600);
  expect(res.headers.get('ratelimit-policy')).toBe(`"${policy}";q=${q};w=600`);
  expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"${policy}";r=0;t=\\d+$`));
}

describe('shared by two server processes', () => {
  it('public sign-in operations: per client address, across both processes', async () => {
    const body = { email: 'nobody-here@example.com' };
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC.points; i++) {
      const res = await call(i % 2 ? other : app, 'requestSignInLink', { key: null, body });
      statuses.push(res.status);
      expect(res.headers.get('ratelimit')).toBe(
        `"public";r=${PUBLIC.points - i - 1};t=${res.headers.get('ratelimit')!.split('t=')[1]}`,
      );
    }
    expect(statuses).toEqual(Array(PUBLIC.points).fill(202));
    expect429(await call(app, 'requestSignInLink', { key: null, body }), 'public', PUBLIC.points);
    expect429(
      await call(other, 'createValidatorSession', { key: null, body: { token: 'assay_signin_x' } }),
      'public',
      PUBLIC.points,
    );
    expect429(await call(other, 'followSignInLink', { key: null, query: { token: 'x' } }), 'public', PUBLIC.points);
    // Refused before the body is read or anything is written.
    expect((await app.sql`select count(*)::int as n from sign_in_tokens`)[0].n).toBe(0);
  });

  it('the developer API and MCP: one budget per key, across both processes; other keys unaffected', async () => {
    const key = app.orgB.originatorKey;
    for (let i = 0; i < API.points - 1; i++)
      expect((await call(i % 2 ? other : app, 'ping', { key })).status).toBe(200);
    // The last request of the budget through MCP (an initialize is one request).
    const mcp = (url: string) =>
      raw({ ...app, url }, 'POST', '/mcp', {
        key,
        contentType: 'application/json',
        headers: { accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      });
    expect((await mcp(other.url)).status).toBe(200);
    expect429(await call(app, 'ping', { key }), 'api', API.points);
    expect429(await call(other, 'listProjects', { key }), 'api', API.points);
    const refusedMcp = await mcp(app.url);
    expect429(refusedMcp, 'api', API.points);
    expect((await call(app, 'ping', { key: app.orgA.originatorKey })).status).toBe(200);
  });

  it('the validator API: per session, across both processes', async () => {
    const v = await fx.member(app, app.orgA.id, { validator: true });
    // Signing in is a public request of this address's budget: use a fresh session directly.
    await app.sql`delete from rate_limits where key like 'public:%'`;
    const { sessionToken } = await fx.signInDirect(app, v.email);
    for (let i = 0; i < API.points; i++)
      expect((await call(i % 2 ? other : app, 'listMyProjects', { key: sessionToken })).status).toBe(200);
    expect429(await call(other, 'listMyInvites', { key: sessionToken }), 'api', API.points);
  });
});
