// Role rules against a real server: invitation email limits (per organization, per
// recipient within an organization, re-send cool-down) answered with 429 rate_limited and
// Retry-After, nothing written; project names without control characters. (Originator-only
// people operations and keys without an actor are covered for every operation by
// test/contract/access.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';
import { minimalSpec } from '../fixtures/specs.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    config: { invites: { perOrgPerHour: 4, perRecipientPerDay: 2, resendCooldownMinutes: 60 } },
  });
});
afterAll(async () => {
  await app?.close();
});

const invite = (projectId: string, email: string, key?: string, sendEmail = true) =>
  call(app, 'createInvite', { key, params: { projectId }, body: { email, sendEmail } });
const outboxRows = async (projectId: string) =>
  (
    await app.sql`select count(*)::int as n from email_outbox o join invites i on i.id = o.ref_id where i.project_id =
      ${projectId}`
  )[0].n as number;

function expectRateLimited(res: Awaited<ReturnType<typeof invite>>, reason: RegExp): void {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatchObject({ code: 'rate_limited', type: 'invalid_request_error' });
  expect(res.body.error.message).toMatch(reason);
  const retry = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retry) && retry > 0).toBe(true);
}

describe('invitation email limits', () => {
  it(
    'a cancelled invite is emailed again only after the cool-down; without email it is reactivated at ' + 'once',
    async () => {
      const projectId = await fx.project(app);
      const first = await invite(projectId, 'cool@example.com');
      expect(first.status).toBe(200);
      expect((await call(app, 'cancelProjectInvite', { params: { projectId, inviteId: first.body.id } })).status).toBe(
        200,
      );
      const again = await invite(projectId, 'cool@example.com');
      expectRateLimited(again, /less than 60 minutes ago/);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3500);
      // Nothing of the refused request was kept: still cancelled, one email.
      expect((await app.sql`select status from invites where id = ${first.body.id}`)[0].status).toBe('cancelled');
      expect(await outboxRows(projectId)).toBe(1);
      const quiet = await invite(projectId, 'cool@example.com', undefined, false);
      expect(quiet.body).toMatchObject({ id: first.body.id, status: 'pending' });
      // Once the cool-down has passed (moved back in time here), the email goes out again.
      expect((await call(app, 'cancelProjectInvite', { params: { projectId, inviteId: first.body.id } })).status).toBe(
        200,
      );
      await app.sql`update sign_in_tokens set created_at = created_at - interval '61 minutes' where invite_id =
      ${first.body.id}`;
      expect((await invite(projectId, 'cool@example.com')).status).toBe(200);
      expect(await outboxRows(projectId)).toBe(2);
    },
  );

  it("limits emails per recipient and organization: one organization cannot use up another's", async () => {
    const [a1, a2, a3] = [await fx.project(app), await fx.project(app), await fx.project(app)];
    const b1 = await fx.project(app, { key: app.orgB.originatorKey });
    expect((await invite(a1, 'popular@example.com')).status).toBe(200);
    expect((await invite(a2, 'popular@example.com')).status).toBe(200);
    expectRateLimited(await invite(a3, 'popular@example.com'), /This address has received 2 .* from the organization/);
    // The other organization's count is its own: its invitation still goes out.
    expect((await invite(b1, 'popular@example.com', app.orgB.originatorKey)).status).toBe(200);
    expect((await app.sql`select count(*)::int as n from invites where email = 'popular@example.com'`)[0].n).toBe(3);
    // Without an email, the invite is made.
    expect((await invite(a3, 'popular@example.com', undefined, false)).status).toBe(200);
  });

  it('limits emails per organization per hour (the other organization is not affected)', async () => {
    await app.sql`delete from sign_in_tokens where invite_id is not null`;
    const projectId = await fx.project(app);
    for (let i = 0; i < 4; i++) expect((await invite(projectId, `bulk-${i}@example.com`)).status).toBe(200);
    expectRateLimited(await invite(projectId, 'bulk-5@example.com'), /organization has sent 4/);
    expect(
      (
        await invite(
          await fx.project(app, { key: app.orgB.originatorKey }),
          'bulk-5@example.com',
          app.orgB.originatorKey,
        )
      ).status,
    ).toBe(200);
  });

  it('holds under concurrent invites', async () => {
    await app.sql`delete from sign_in_tokens where invite_id is not null`;
    const projectId = await fx.project(app);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => invite(projectId, `race-${i}@example.com`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    expect(await outboxRows(projectId)).toBe(4);
  });
});

describe('project names', () => {
  it.each([
    ['a newline', 'Line one\nFORGED: line two'],
    ['a carriage return', 'Name\rOther'],
    ['a tab', 'Name\twith tab'],
    ['an escape', 'Name \u001b[31m red'],
    ['DEL', 'Name\u007f'],
    ['a C1 control (NEL)', 'Name\u0085next'],
    ['a line separator', 'Name\u2028next'],
  ])('refuses %s, on create and update', async (_, name) => {
    const created = await call(app, 'createProject', { body: { name, spec: minimalSpec() } });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({ code: 'request_body_invalid', param: 'name' });
    const projectId = await fx.project(app);
    const updated = await call(app, 'updateProject', { params: { projectId }, body: { name } });
    expect(updated.status).toBe(400);
    expect(updated.body.error).toMatchObject({ code: 'request_body_invalid', param: 'name' });
  });

  it('accepts names with punctuation and non-ASCII letters', async () => {
    const res = await call(app, 'createProject', {
      body: { name: 'Zoë\'s "support" answers — 2026 (β) ＝', spec: minimalSpec() },
    });
    expect(res.status).toBe(201);
  });
});
