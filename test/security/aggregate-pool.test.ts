// The originator overview runs whole-project aggregates; they run on a small pool of their own,
// so overviews that wait (here on a lock held by the test, as a slow aggregate over millions of
// rows would) never take the API's pool: every other request keeps answering meanwhile.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

it('answers other requests while overviews wait on their aggregates', { timeout: 120_000 }, async () => {
  const projectId = await fx.project(app);
  const { sessionToken } = await fx.signInDirect(app, `owner-${app.orgA.code.toLowerCase()}@example.com`);
  // The aggregates read consensus_decisions: a lock on it holds every one of them.
  const lock = await fx.holdDecisionsTable(app.sql);
  // Three overviews at once: five aggregates each, fifteen statements waiting.
  const overviews = Promise.allSettled(
    Array.from({ length: 3 }, () => call(app, 'getProjectOverview', { key: sessionToken, params: { projectId } })),
  );
  let overviewsDone = false;
  void overviews.then(() => {
    overviewsDone = true;
  });
  // Wait until the overviews' statements are queued on the lock (and a little longer, for every
  // one that is coming to arrive).
  const waitingOnLock = async () =>
    (
      await app.sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`
    )[0]!.n as number;
  while ((await waitingOnLock()) < 2) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 1000));
  // Requests that need the API's pool (a key's authentication, a project read) answer meanwhile.
  expect((await call(app, 'ping')).status).toBe(200);
  expect((await call(app, 'getProject', { params: { projectId } })).status).toBe(200);
  expect(overviewsDone).toBe(false);
  await lock.release();
  for (const r of await overviews) {
    expect(r.status).toBe('fulfilled');
    if (r.status === 'fulfilled') expect(r.value.status).toBe(200);
  }
});
