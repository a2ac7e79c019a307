// Invites over real HTTP against a real Postgres, with every transition of reference part 3, and
// the invitation email through the outbox, the send_email job and a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { validSpec } from '../fixtures/specs.ts';
import { eventually } from '../helpers/wait.ts';

let app: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({ worker: true, config: { smtpUrl: sink.url, publicBaseUrl: 'https://assay.test' } });
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let n = 0;

async function project(key = app.orgA.originatorKey): Promise<string> {
  const res = await call(app, 'createProject', { key, body: { name: `Invites ${++n}`, spec: validSpec() } });
  expect(res.status).toBe(201);
  return res.body.projectId;
}

const invite = (projectId: string, body: object, key?: string) =>
  call(app, 'createInvite', { key, params: { projectId }, body });
const cancel = (projectId: string, inviteId: string, key?: string) =>
  call(app, 'cancelProjectInvite', { key, params: { projectId, inviteId } });
const count = async (table: 'invites' | 'email_outbox', projectIdOrEmail: string) =>
  table === 'invites'
    ? (await app.sql<{ n: number }[]>`select count(*)::int as n from invites where project_id = ${projectIdOrEmail}`)[0]
        .n
    : (
        await app.sql<
          { n: number }[]
        >`select count(*)::int as n from email_outbox where to_address = ${projectIdOrEmail}`
      )[0].n;

function expectError(res: { status: number; body: any }, status: number, code: string, param?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (param !== undefined) expect(res.body.error.param).toBe(param);
}

describe('POST /projects/{id}/invites', () => {
  it('creates a pending invite and emails a sign-in link; emailSentAt is set once the server accepted it', async () => {
    const p = await project();
    const res = await invite(p, {
      email: 'Grace.Hopper@Example.COM',
      classId: 'senior',
      evidenceNote: 'Navy reviewer',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      email: 'grace.hopper@example.com',
      projectId: p,
      status: 'pending',
      assignedAt: null,
      cancelledAt: null,
      invitedByEmail: `owner-${app.orgA.code.toLowerCase()}@example.com`,
      emailSentAt: null,
      createdAt: expect.any(String),
      activeClassIds: ['senior'],
    });
    const [row] = await app.sql`select class_id, evidence_note from invites where id = ${res.body.id}`;
    expect(row).toEqual({ class_id: 'senior', evidence_note: 'Navy reviewer' });

    const mail = await sink.waitFor((m) => m.to.includes('grace.hopper@example.com'));
    expect(mail.subject).toContain(`Invites ${n}`);
    // A one-time sign-in link of its own (followed in test/validator/invite-to-consensus.test.ts).
    expect(mail.text).toMatch(/https:\/\/assay\.test\/app\/sign-in#token=assay_signin_[A-Za-z0-9_-]{43}\n/);
    const sent = await eventually(async () => {
      const list = await call(app, 'listProjectInvites', { params: { projectId: p } });
      return list.body.data![0].emailSentAt as string | null;
    });
    expect(Date.parse(sent)).not.toBeNaN();
  });

  it(
    'returns a pending invite unchanged on a repeat, whatever the case of the email, and sends nothing ' + 'more',
    async () => {
      const p = await project();
      const first = await invite(p, { email: 'linus@example.com', sendEmail: false });
      expect(first.body.emailSentAt).toBeNull();
      const again = await invite(p, { email: 'LINUS@example.com', classId: 'gpt', evidenceNote: 'changed my mind' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await count('invites', p)).toBe(1);
      expect(await count('email_outbox', 'linus@example.com')).toBe(0);
    },
  );

  it('reactivates a cancelled invite under the same id with the new class, and emails again', async () => {
    const p = await project();
    const first = await invite(p, { email: 'ken@example.com', sendEmail: false });
    expect((await cancel(p, first.body.id)).body).toEqual({ cancelled: true });
    const listed = await call(app, 'listProjectInvites', { params: { projectId: p } });
    expect(listed.body.data![0]).toMatchObject({
      id: first.body.id,
      status: 'cancelled',
      cancelledAt: expect.any(String),
    });
    const back = await invite(p, { email: 'Ken@Example.com', classId: 'senior', evidenceNote: 'Unix' });
    expect(back.body).toMatchObject({
      id: first.body.id,
      status: 'pending',
      cancelledAt: null,
      activeClassIds: ['senior'],
      createdAt: first.body.createdAt,
    });
    expect(await count('invites', p)).toBe(1);
    await sink.waitFor((m) => m.to.includes('ken@example.com'));
  });

  it('returns an accepted invite as it is, without email', async () => {
    const p = await project();
    const first = await invite(p, { email: 'barbara@example.com', sendEmail: false });
    // Acceptance belongs to validator sign-in; here the row is moved as sign-in would.
    await app.sql`update invites set status = 'accepted', assigned_at = now() where id = ${first.body.id}`;
    const again = await invite(p, { email: 'barbara@example.com' });
    expect(again.body).toMatchObject({ id: first.body.id, status: 'accepted', assignedAt: expect.any(String) });
    expect(await count('email_outbox', 'barbara@example.com')).toBe(0);
    // Accepted invitees are on the roster, not in the invite list.
    expect((await call(app, 'listProjectInvites', { params: { projectId: p } })).body.data).toEqual([]);
  });

  it('makes one invite of concurrent POSTs of one address', async () => {
    const p = await project();
    const results = await Promise.all(
      ['race@example.com', 'RACE@example.com', 'Race@Example.com', 'race@EXAMPLE.com'].map((email) =>
        invite(p, { email, sendEmail: false }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await count('invites', p)).toBe(1);
  });

  it('shows an empty invitedByEmail when the inviter is unknown (a key without a user cannot invite)', async () => {
    const p = await project();
    const refused = await invite(p, { email: 'admin-made@example.com', sendEmail: false }, app.orgA.noActorKey);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('api_key_actor_unavailable');
    const res = await invite(p, { email: 'admin-made@example.com', sendEmail: false });
    await app.sql`update invites set invited_by_user_id = null where id = ${res.body.id}`;
    const listed = await call(app, 'listProjectInvites', { params: { projectId: p } });
    expect(listed.body.data![0].invitedByEmail).toBe('');
  });

  it.each([
    ['an email that is not an email', { email: 'not-an-email' }, 'email'],
    ['an empty email', { email: '' }, 'email'],
    ['a classId without evidenceNote', { email: 'x@example.com', classId: 'senior' }, ''],
    ['an unknown field', { email: 'x@example.com', role: 'admin' }, 'role'],
    ['a missing email', { sendEmail: false }, ''],
  ])('refuses %s with request_body_invalid and writes nothing', async (_, body, param) => {
    const p = await project();
    const res = await invite(p, body);
    expectError(res, 400, 'request_body_invalid');
    expect(res.body.error.param ?? '').toContain(param);
    expect(await count('invites', p)).toBe(0);
  });

  it("refuses an undeclared class and another organization's project, writing nothing", async () => {
    const p = await project();
    expectError(
      await invite(p, { email: 'y@example.com', classId: 'wizard', evidenceNote: 'n' }),
      400,
      'class_not_in_spec',
      'classId',
    );
    expect(await count('invites', p)).toBe(0);
    expectError(
      await invite(p, { email: 'y@example.com' }, app.orgB.originatorKey),
      404,
      'project_not_found',
      'projectId',
    );
    expectError(await invite(UNKNOWN, { email: 'y@example.com' }), 404, 'project_not_found', 'projectId');
    expect(await count('invites', p)).toBe(0);
    expect(await count('email_outbox', 'y@example.com')).toBe(0);
  });
});

describe('DELETE /projects/{id}/invites/{inviteId}', () => {
  it('cancels a pending invite; a cancelled one is then not found, an accepted one conflicts', async () => {
    const p = await project();
    const a = await invite(p, { email: 'a@example.com', sendEmail: false });
    expect((await cancel(p, a.body.id)).status).toBe(200);
    const [row] = await app.sql`select status, cancelled_at from invites where id = ${a.body.id}`;
    expect(row.status).toBe('cancelled');
    expect(row.cancelled_at).toBeInstanceOf(Date);
    expectError(await cancel(p, a.body.id), 404, 'invite_not_found', 'inviteId');

    const b = await invite(p, { email: 'b@example.com', sendEmail: false });
    await app.sql`update invites set status = 'accepted', assigned_at = now() where id = ${b.body.id}`;
    expectError(await cancel(p, b.body.id), 409, 'invite_already_accepted', 'inviteId');
    const [still] = await app.sql`select status from invites where id = ${b.body.id}`;
    expect(still.status).toBe('accepted');
  });

  it(
    "answers invite_not_found for another project's invite and project_not_found for another " + 'organization',
    async () => {
      const [p1, p2] = [await project(), await project()];
      const a = await invite(p1, { email: 'c@example.com', sendEmail: false });
      expectError(await cancel(p2, a.body.id), 404, 'invite_not_found', 'inviteId');
      expectError(await cancel(p1, UNKNOWN), 404, 'invite_not_found', 'inviteId');
      expectError(await cancel(p1, a.body.id, app.orgB.originatorKey), 404, 'project_not_found', 'projectId');
      expectError(await cancel(p1, 'nope'), 400, 'parameter_invalid', 'inviteId');
      const [row] = await app.sql`select status from invites where id = ${a.body.id}`;
      expect(row.status).toBe('pending');
    },
  );
});

describe('GET /projects/{id}/invites', () => {
  it('lists pending and cancelled invites newest first across keyset pages', async () => {
    const p = await project();
    const made: string[] = [];
    for (const e of ['p1', 'p2', 'p3', 'p4'])
      made.push((await invite(p, { email: `${e}@example.com`, sendEmail: false })).body.id);
    await cancel(p, made[1]!);
    await app.sql`update invites set status = 'accepted', assigned_at = now() where id = ${made[2]!}`;
    const seen: any[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await call(app, 'listProjectInvites', {
        params: { projectId: p },
        query: { limit: 2, ...(cursor ? { cursor } : {}) },
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.data!);
      if (!page.body.hasMore) {
        expect(page.body.nextCursor).toBeNull();
        break;
      }
      cursor = page.body.nextCursor ?? undefined;
    }
    expect(seen.map((i) => i.id)).toEqual([made[3], made[1], made[0]]);
    expect(seen.map((i) => i.status)).toEqual(['pending', 'cancelled', 'pending']);
  });

  it("hides other organizations' projects and refuses a bad cursor", async () => {
    const p = await project();
    expectError(
      await call(app, 'listProjectInvites', { key: app.orgB.originatorKey, params: { projectId: p } }),
      404,
      'project_not_found',
      'projectId',
    );
    expectError(
      await call(app, 'listProjectInvites', { params: { projectId: p }, query: { cursor: 'garbage' } }),
      400,
      'parameter_invalid',
      'cursor',
    );
  });
});
