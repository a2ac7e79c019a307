// The in-memory budget of requests without a valid credential, per client address and process,
// spent before any database work: guessed API keys and session tokens, /readyz, the JWKS and
// the public sign-in operations all count against it, and once it is spent they get 429
// `rate_limited` before a lookup; a valid key from elsewhere is unaffected.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';

const UNAUTH = { points: 4, windowSeconds: 600 };
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ config: { rateLimits: { api: null, public: null, unauthenticated: UNAUTH } } });
});
afterAll(async () => {
  await app?.close();
});

const fakeKey = `assay_live_${'x'.repeat(32)}`;

it('guessed keys, then every unauthenticated path, are refused once the address has spent its budget', async () => {
  // A valid key never counts against the budget.
  for (let i = 0; i < UNAUTH.points + 2; i++) expect((await call(app, 'ping')).status).toBe(200);
  for (let i = 0; i < UNAUTH.points; i++) {
    const res = await call(app, 'ping', { key: fakeKey });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('api_key_invalid');
  }
  const refused = await call(app, 'ping', { key: fakeKey });
  expect(refused.status).toBe(429);
  expect(refused.body.error.code).toBe('rate_limited');
  expect(refused.headers.get('ratelimit-policy')).toBe(`"unauthenticated";q=${UNAUTH.points};w=600`);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  // Session tokens, the readiness probe, the JWKS and sign-in: the same budget, the same answer.
  expect((await call(app, 'listMyProjects', { key: `assay_vs_${'y'.repeat(43)}`, unchecked: true })).status).toBe(429);
  expect((await raw(app, 'GET', '/readyz')).status).toBe(429);
  expect((await call(app, 'getJwks', { key: null })).status).toBe(429);
  const signIn = await call(app, 'requestSignInLink', { key: null, body: { email: 'someone@example.com' } });
  expect(signIn.status).toBe(429);
  expect((await app.sql`select count(*)::int as n from sign_in_tokens`)[0].n).toBe(0);
  // /healthz never asks the database and stays open.
  expect((await raw(app, 'GET', '/healthz')).status).toBe(200);
});
