// Validator sign-in against real Postgres, the real job worker and a real SMTP server: the link
// arrives by email, is single use and short-lived, creates the user once with a stable subject,
// accepts pending invites, and yields a session token that only the validator API accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, raw, type TestApp } from '../helpers/app.ts';
import { expectEnvelope } from '../helpers/contract.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { hashToken } from '../../src/validator/tokens.ts';
import { LINKS_PER_WINDOW } from '../../src/handlers/validator-sign-in.ts';
import { createProject, inviteWithSql, linkFromEmail, signIn, startMailingApp } from './helpers.ts';
import { eventually } from '../helpers/wait.ts';

let app: TestApp;
let sink: SmtpSink;
let close = async () => {};
beforeAll(async () => ({ app, sink, close } = await startMailingApp()));
afterAll(() => close());

const counts = async (email: string) =>
  (
    await app.sql<{ users: number; sessions: number; tokens: number; used: number }[]>`
  select (select count(*) from users where email = ${email})::int as users,
    (select count(*) from validator_sessions s join users u on u.id = s.user_id where u.email = ${email})::int as
    sessions,
    (select count(*) from sign_in_tokens where email = ${email})::int as tokens,
    (select count(*) from sign_in_tokens where email = ${email} and used_at is not null)::int as used`
  )[0]!;

describe('sign-in links', () => {
  it('a pending invitee gets a link by email; redeeming creates the user once, with a stable subject', async () => {
    const projectId = await createProject(app, 'Sign-in');
    const email = 'new.validator@example.com';
    await inviteWithSql(app, app.orgA.id, projectId, email);
    // Mixed case: the address is normalized (the link goes to the lower-cased address).
    const token = await linkFromEmail(app, sink, 'New.Validator@Example.COM');
    expect(token).toMatch(/^assay_signin_[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const [stored] =
      await app.sql`select token_hash, expires_at - created_at as ttl from sign_in_tokens where email = ${email}`;
    expect(Buffer.compare(stored!.token_hash, hashToken(token))).toBe(0);
    expect(
      (await app.sql`select count(*)::int as n from sign_in_tokens where token_hash = ${Buffer.from(token)}`)[0]!.n,
    ).toBe(0);
    // Once sent, the outbox row holds neither the link nor the recipient, and the sealed token is gone.
    const [tokenRow] = await app.sql`select id from sign_in_tokens where email = ${email}`;
    const sent = await eventually(
      async () =>
        (
          await app.sql`select sent_at, body_text, to_address from email_outbox where sign_in_token_id =
            ${tokenRow!.id} and sent_at is not null`
        )[0],
    );
    expect(sent).toMatchObject({ body_text: '', to_address: '' });
    expect(
      (await app.sql`select token_sealed from sign_in_tokens where id = ${tokenRow!.id}`)[0]!.token_sealed,
    ).toBeNull();
    expect(app.logs.join('\n')).not.toContain(token);
    expect(app.logs.join('\n')).not.toContain(email);

    // A GET of the old link form redirects to the page without touching the token.
    const get = await call(app, 'followSignInLink', { key: null, query: { token } });
    expect(get.status).toBe(307);
    expect(get.headers.get('location')).toBe(`http://127.0.0.1/app/sign-in#token=${token}`);
    expect(get.headers.get('cache-control')).toBe('no-store');
    expect(get.body).toBeUndefined();
    expect((await counts(email)).used).toBe(0);

    const first = await call(app, 'createValidatorSession', { key: null, body: { token } });
    expect(first.status).toBe(201);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    expect(first.body.sessionToken).toMatch(/^assay_vs_[A-Za-z0-9_-]{43}$/);
    expect(first.body.email).toBe(email);
    // A requested link accepts no invite: the pending one waits for the person.
    expect(first.body).toMatchObject({ acceptedInvites: 0, pendingInvites: 1 });
    expect(Date.parse(first.body.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const [user] = await app.sql<
      { id: string; subject: string }[]
    >`select id, subject from users where email = ${email}`;
    expect(user!.id).toBe(first.body.userId);
    expect(user!.subject).toMatch(/^email:[0-9a-f]{64}$/);

    // A second sign-in keeps the same user and subject.
    const again = await linkFromEmail(app, sink, email);
    const second = await call(app, 'createValidatorSession', { key: null, body: { token: again } });
    expect(second.status).toBe(201);
    expect(second.body.userId).toBe(user!.id);
    expect(second.body.acceptedInvites).toBe(0);
    expect((await app.sql`select subject from users where id = ${user!.id}`)[0]!.subject).toBe(user!.subject);
    expect((await counts(email)).users).toBe(1);
  });

  it('an existing user keeps their subject', async () => {
    const email = `member-${app.orgA.code.slice(4)}@example.com`;
    const [before] = await app.sql<
      { id: string; subject: string }[]
    >`select id, subject from users where email = ${email}`;
    expect(before).toBeTruthy();
    const s = await signIn(app, sink, email);
    expect(s.userId).toBe(before!.id);
    expect((await app.sql`select subject from users where id = ${before!.id}`)[0]!.subject).toBe(before!.subject);
  });

  it('a reused link is refused and writes nothing', async () => {
    const email = 'reuse@example.com';
    await inviteWithSql(app, app.orgA.id, await createProject(app, 'Reuse'), email);
    const token = await linkFromEmail(app, sink, email);
    expect((await call(app, 'createValidatorSession', { key: null, body: { token } })).status).toBe(201);
    const before = await counts(email);
    const res = await call(app, 'createValidatorSession', { key: null, body: { token } });
    expectEnvelope(res, 'sign_in_link_invalid', 400);
    expect(res.body.error.message).toContain('already been used');
    expect(await counts(email)).toEqual(before);
  });

  it('an expired link is refused and writes nothing: no user, no session, invite still pending', async () => {
    const email = 'late@example.com';
    const projectId = await createProject(app, 'Expired');
    const inviteId = await inviteWithSql(app, app.orgA.id, projectId, email);
    const token = await linkFromEmail(app, sink, email);
    await app.sql`update sign_in_tokens set expires_at = now() - interval '1 second' where token_hash =
      ${hashToken(token)}`;
    const res = await call(app, 'createValidatorSession', { key: null, body: { token } });
    expectEnvelope(res, 'sign_in_link_invalid', 400);
    expect(res.body.error.message).toContain('expired');
    expect(await counts(email)).toMatchObject({ users: 0, sessions: 0, used: 0 });
    expect((await app.sql`select status from invites where id = ${inviteId}`)[0]!.status).toBe('pending');
  });

  it('names the account a link signs in as without using it up (the page shows it before switching)', async () => {
    const email = 'peek@example.com';
    await inviteWithSql(app, app.orgA.id, await createProject(app, 'Peek'), email);
    const token = await linkFromEmail(app, sink, email);
    const before = await counts(email);
    const peek = await call(app, 'inspectSignInLink', { key: null, body: { token } });
    expect(peek.status).toBe(200);
    expect(peek.body.email).toBe(email);
    expect(peek.headers.get('cache-control')).toBe('no-store');
    // Nothing used or written: the link still signs in, once.
    expect(await counts(email)).toEqual(before);
    expect((await call(app, 'createValidatorSession', { key: null, body: { token } })).status).toBe(201);
    const used = await call(app, 'inspectSignInLink', { key: null, body: { token } });
    expectEnvelope(used, 'sign_in_link_invalid', 400);
    expectEnvelope(
      await call(app, 'inspectSignInLink', { key: null, body: { token: `assay_signin_${'x'.repeat(43)}` } }),
      'sign_in_link_invalid',
      400,
    );
  });

  it('an unknown or malformed token is refused', async () => {
    const unknown = await call(app, 'createValidatorSession', {
      key: null,
      body: { token: 'assay_signin_' + 'A'.repeat(43) },
    });
    expectEnvelope(unknown, 'sign_in_link_invalid', 400);
    expect(unknown.body.error.message).toContain('unknown');
    // The GET never looks a token up: any well-formed value is redirected, nothing is written.
    expect((await call(app, 'followSignInLink', { key: null, query: { token: 'nope' } })).status).toBe(307);
    // Bad input: unknown field, missing token, an email that is not one.
    expectEnvelope(
      await call(app, 'createValidatorSession', { key: null, body: { token: 'x', extra: 1 } }),
      'request_body_invalid',
      400,
    );
    expectEnvelope(await call(app, 'createValidatorSession', { key: null, body: {} }), 'request_body_invalid', 400);
    const bad = await call(app, 'requestSignInLink', { key: null, body: { email: 'not-an-email' } });
    expectEnvelope(bad, 'request_body_invalid', 400);
    expect(bad.body.error.param).toBe('email');
  });

  it('answers the same for unknown addresses and sends nothing to them', async () => {
    const known = await call(app, 'requestSignInLink', {
      key: null,
      body: { email: `owner-${app.orgA.code.toLowerCase()}@example.com` },
    });
    const unknown = await call(app, 'requestSignInLink', { key: null, body: { email: 'nobody@example.com' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect((await counts('nobody@example.com')).tokens).toBe(0);
    expect(
      (await app.sql`select count(*)::int as n from email_outbox where to_address = 'nobody@example.com'`)[0]!.n,
    ).toBe(0);
  });

  it('does the same work for an unknown address as for a known one, keeping nothing of it', async () => {
    // The test holds a lock that writing an email waits for. A known address's request writes
    // one, so it waits; an unknown address's request must wait the same way (it writes the same
    // statements and rolls them back), or its quicker answer tells that the address is unknown.
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const holding = new Promise<void>((r) => {
      locked = r;
    });
    const lock = app.sql.begin(async (tx) => {
      await tx`lock table email_outbox in share mode`;
      locked();
      await released;
    });
    await holding;
    let answered = false;
    const unknown = call(app, 'requestSignInLink', { key: null, body: { email: 'nobody-else@example.com' } }).then(
      (r) => {
        answered = true;
        return r;
      },
    );
    const waitingOnLock = async () =>
      (
        await app.sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`
      )[0]!.n as number;
    while ((await waitingOnLock()) === 0) await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    release();
    await lock;
    expect((await unknown).status).toBe(202);
    expect((await counts('nobody-else@example.com')).tokens).toBe(0);
    expect(
      (await app.sql`select count(*)::int as n from email_outbox where to_address = 'nobody-else@example.com'`)[0]!.n,
    ).toBe(0);
  });

  it('throttles repeated requests for one address silently', async () => {
    const email = 'eager@example.com';
    await inviteWithSql(app, app.orgA.id, await createProject(app, 'Throttle'), email);
    for (let i = 0; i < LINKS_PER_WINDOW + 2; i++) {
      const res = await call(app, 'requestSignInLink', { key: null, body: { email } });
      expect(res.status).toBe(202);
    }
    expect((await counts(email)).tokens).toBe(LINKS_PER_WINDOW);
    expect(
      (
        await app.sql`select count(*)::int as n from email_outbox o join sign_in_tokens t on t.id = o.sign_in_token_id
          where t.email = ${email} and o.kind = 'sign_in_link'`
      )[0]!.n,
    ).toBe(LINKS_PER_WINDOW);
  });
});

describe('accepting invites', () => {
  it('an invitation link accepts its own invite only; the others are listed and accepted explicitly', async () => {
    const email = 'invitee@example.com';
    const p1 = await createProject(app, 'Invite one');
    const p2 = await createProject(app, 'Invite two');
    const pB = await createProject(app, 'Other org', undefined, app.orgB.originatorKey);
    const i2 = await inviteWithSql(app, app.orgA.id, p2, email);
    const iB = await inviteWithSql(app, app.orgB.id, pB, email);
    const cancelled = await inviteWithSql(app, app.orgA.id, await createProject(app, 'Cancelled'), email);
    await app.sql`update invites set status = 'cancelled', cancelled_at = now() where id = ${cancelled}`;
    // The user already exists and holds another class on p1, which the pre-staged one replaces.
    const [u] = await app.sql<
      { id: string }[]
    >`insert into users (email, subject) values (${email}, 'test|invitee') returning id`;
    await app.sql`insert into class_grants (project_id, user_id, class_id, evidence_note) values (${p1}, ${u!.id},
      'gpt', 'earlier')`;
    // The invite of p1 through the API: its email carries a link bound to it.
    const inv = await call(app, 'createInvite', {
      params: { projectId: p1 },
      body: { email, classId: 'senior', evidenceNote: 'Passed the reviewer exam' },
    });
    expect(inv.status).toBe(200);
    const i1 = inv.body.id;
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject.includes('Invite one'));
    const token = /#token=(\S+)/.exec(mail.text)![1]!;

    const s = await call(app, 'createValidatorSession', { key: null, body: { token } });
    expect(s.status).toBe(201);
    expect(s.body).toMatchObject({ userId: u!.id, acceptedInvites: 1, pendingInvites: 2 });
    const status = async () =>
      Object.fromEntries(
        (await app.sql<{ id: string; status: string }[]>`select id, status from invites where email = ${email}`).map(
          (r) => [r.id, r.status],
        ),
      );
    expect(await status()).toEqual({ [i1]: 'accepted', [i2]: 'pending', [iB]: 'pending', [cancelled]: 'cancelled' });
    const grants = await app.sql<
      { class_id: string; live: boolean; evidence_note: string }[]
    >`select class_id, revoked_at is null as live, evidence_note from class_grants where user_id = ${u!.id} and
    project_id = ${p1} order by granted_at`;
    expect(grants).toEqual([
      { class_id: 'gpt', live: false, evidence_note: 'earlier' },
      { class_id: 'senior', live: true, evidence_note: 'Passed the reviewer exam' },
    ]);

    // The others, in both organizations, are listed for the person; nothing is assigned yet.
    const list = await call(app, 'listMyInvites', { key: s.body.sessionToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => x.inviteId).sort()).toEqual([i2, iB].sort());
    expect(list.body.data.find((x: any) => x.inviteId === iB)).toMatchObject({
      projectId: pB,
      projectName: 'Other org',
      organizationName: `Org ${app.orgB.code}`,
    });
    expect(
      (
        await app.sql`select count(*)::int as n from project_assignments where user_id = ${u!.id} and revoked_at is
          null`
      )[0]!.n,
    ).toBe(1);

    // Accepting one assigns that project only; a second accept, a cancelled invite, another
    // person's invite or an unknown id are invite_not_found.
    const ok = await call(app, 'acceptMyInvite', { key: s.body.sessionToken, params: { inviteId: iB } });
    expect(ok.body).toEqual({ inviteId: iB, projectId: pB, accepted: true });
    expectEnvelope(
      await call(app, 'acceptMyInvite', { key: s.body.sessionToken, params: { inviteId: iB } }),
      'invite_not_found',
      404,
    );
    expectEnvelope(
      await call(app, 'acceptMyInvite', { key: s.body.sessionToken, params: { inviteId: cancelled } }),
      'invite_not_found',
      404,
    );
    const otherPerson = await inviteWithSql(app, app.orgA.id, p2, 'someone.else@example.com');
    expectEnvelope(
      await call(app, 'acceptMyInvite', { key: s.body.sessionToken, params: { inviteId: otherPerson } }),
      'invite_not_found',
      404,
    );
    expectEnvelope(
      await call(app, 'acceptMyInvite', { key: s.body.sessionToken, params: { inviteId: 'not-a-uuid' } }),
      'parameter_invalid',
      400,
    );
    expect(await status()).toEqual({ [i1]: 'accepted', [i2]: 'pending', [iB]: 'accepted', [cancelled]: 'cancelled' });
    const assigned = await app.sql<
      { project_id: string }[]
    >`select project_id from project_assignments where user_id = ${u!.id} and revoked_at is null`;
    expect(assigned.map((a) => a.project_id).sort()).toEqual([p1, pB].sort());
    expect(
      (await call(app, 'listMyInvites', { key: s.body.sessionToken })).body.data.map((x: any) => x.inviteId),
    ).toEqual([i2]);
  });
});

describe('sessions', () => {
  it('a session token works on /validator/v1 only; an API key is refused there; sign-out ends it', async () => {
    const email = 'session@example.com';
    await inviteWithSql(app, app.orgA.id, await createProject(app, 'Session'), email);
    const s = await signIn(app, sink, email);
    expect((await call(app, 'listMyProjects', { key: s.sessionToken })).status).toBe(200);
    // A session token is not an API key: refused on the developer API and the MCP endpoint.
    expectEnvelope(await call(app, 'ping', { key: s.sessionToken }), 'api_key_malformed', 401);
    expectEnvelope(await call(app, 'listProjects', { key: s.sessionToken }), 'api_key_malformed', 401);
    expectEnvelope(
      await raw(app, 'POST', '/mcp', { key: s.sessionToken, body: '{}', contentType: 'application/json' }),
      'api_key_malformed',
      401,
    );
    // An API key is not a session token.
    const withKey = await call(app, 'listMyProjects', { key: app.orgA.originatorKey });
    expectEnvelope(withKey, 'session_token_malformed', 401);
    expect(withKey.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expectEnvelope(await call(app, 'listMyProjects', { key: null }), 'session_token_missing', 401);
    expectEnvelope(
      await call(app, 'listMyProjects', { key: 'assay_vs_' + 'B'.repeat(43) }),
      'session_token_invalid',
      401,
    );
    // The developer API keeps its own paths: the validator operations are not under /developer/v1.
    expectEnvelope(
      await raw(app, 'GET', '/developer/v1/validator/v1/projects', { key: app.orgA.originatorKey }),
      'unknown_endpoint',
      404,
    );

    expect((await call(app, 'deleteValidatorSession', { key: s.sessionToken })).status).toBe(204);
    expectEnvelope(await call(app, 'listMyProjects', { key: s.sessionToken }), 'session_token_invalid', 401);
    expectEnvelope(await call(app, 'deleteValidatorSession', { key: s.sessionToken }), 'session_token_invalid', 401);
  });

  it('an expired session is refused', async () => {
    const email = 'expiring@example.com';
    await inviteWithSql(app, app.orgA.id, await createProject(app, 'Expiring'), email);
    const s = await signIn(app, sink, email);
    await app.sql`update validator_sessions set expires_at = now() - interval '1 second' where token_hash =
      ${hashToken(s.sessionToken)}`;
    expectEnvelope(await call(app, 'listMyProjects', { key: s.sessionToken }), 'session_token_invalid', 401);
  });
});
