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

let app: TestApp;
let sink: SmtpSink;
let close = async () => {};
beforeAll(async () => ({ app, sink, close } = await startMailingApp()));
afterAll(() => close());

const counts = async (email: string) => (await app.sql<{ users: number; sessions: number; tokens: number; used: number }[]>`
  select (select count(*) from users where email = ${email})::int as users,
    (select count(*) from validator_sessions s join users u on u.id = s.user_id where u.email = ${email})::int as sessions,
    (select count(*) from sign_in_tokens where email = ${email})::int as tokens,
    (select count(*) from sign_in_tokens where email = ${email} and used_at is not null)::int as used`)[0]!;

describe('sign-in links', () => {
  it('a pending invitee gets a link by email; redeeming creates the user once, with a stable subject', async () => {
    const projectId = await createProject(app, 'Sign-in');
    const email = 'new.validator@example.com';
    await inviteWithSql(app, app.orgA.id, projectId, email);
    // Mixed case: the address is normalized (the link goes to the lower-cased address).
    const token = await linkFromEmail(app, sink, 'New.Validator@Example.COM');
    expect(token).toMatch(/^assay_signin_[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const [stored] = await app.sql`select token_hash, expires_at - created_at as ttl from sign_in_tokens where email = ${email}`;
    expect(Buffer.compare(stored!.token_hash, hashToken(token))).toBe(0);
    expect((await app.sql`select count(*)::int as n from sign_in_tokens where token_hash = ${Buffer.from(token)}`)[0]!.n).toBe(0);
    // Once sent, the outbox row no longer holds the link either.
    const deadline = Date.now() + 10_000;
    let body = '';
    for (;;) {
      const [row] = await app.sql<{ sent: boolean; body_text: string }[]>`select sent_at is not null as sent, body_text from email_outbox where kind = 'sign_in_link' and to_address = ${email}`;
      body = row!.body_text;
      if (row!.sent || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(body).not.toContain(token);

    const first = await call(app, 'createValidatorSession', { key: null, body: { token } });
    expect(first.status).toBe(201);
    expect(first.body.sessionToken).toMatch(/^assay_vs_[A-Za-z0-9_-]{43}$/);
    expect(first.body.email).toBe(email);
    expect(first.body.acceptedInvites).toBe(1);
    expect(Date.parse(first.body.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const [user] = await app.sql<{ id: string; subject: string }[]>`select id, subject from users where email = ${email}`;
    expect(user!.id).toBe(first.body.userId);
    expect(user!.subject).toMatch(/^email:[0-9a-f]{64}$/);

    // A second sign-in (GET, as a browser following the link) keeps the same user and subject.
    const again = await linkFromEmail(app, sink, email);
    const second = await call(app, 'followSignInLink', { key: null, query: { token: again } });
    expect(second.status).toBe(201);
    expect(second.body.userId).toBe(user!.id);
    expect(second.body.acceptedInvites).toBe(0);
    expect((await app.sql`select subject from users where id = ${user!.id}`)[0]!.subject).toBe(user!.subject);
    expect((await counts(email)).users).toBe(1);
  });

  it('an existing user keeps their subject', async () => {
    const email = `member-${app.orgA.code.slice(4)}@example.com`;
    const [before] = await app.sql<{ id: string; subject: string }[]>`select id, subject from users where email = ${email}`;
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
    await app.sql`update sign_in_tokens set expires_at = now() - interval '1 second' where token_hash = ${hashToken(token)}`;
    const res = await call(app, 'createValidatorSession', { key: null, body: { token } });
    expectEnvelope(res, 'sign_in_link_invalid', 400);
    expect(res.body.error.message).toContain('expired');
    expect(await counts(email)).toMatchObject({ users: 0, sessions: 0, used: 0 });
    expect((await app.sql`select status from invites where id = ${inviteId}`)[0]!.status).toBe('pending');
  });

  it('an unknown or malformed token is refused', async () => {
    const unknown = await call(app, 'createValidatorSession', { key: null, body: { token: 'assay_signin_' + 'A'.repeat(43) } });
    expectEnvelope(unknown, 'sign_in_link_invalid', 400);
    expect(unknown.body.error.message).toContain('unknown');
    expectEnvelope(await call(app, 'followSignInLink', { key: null, query: { token: 'nope' } }), 'sign_in_link_invalid', 400);
    // Bad input: unknown field, missing token, an email that is not one.
    expectEnvelope(await call(app, 'createValidatorSession', { key: null, body: { token: 'x', extra: 1 } }), 'request_body_invalid', 400);
    expectEnvelope(await call(app, 'createValidatorSession', { key: null, body: {} }), 'request_body_invalid', 400);
    const bad = await call(app, 'requestSignInLink', { key: null, body: { email: 'not-an-email' } });
    expectEnvelope(bad, 'request_body_invalid', 400);
    expect(bad.body.error.param).toBe('email');
  });

  it('answers the same for unknown addresses and sends nothing to them', async () => {
    const known = await call(app, 'requestSignInLink', { key: null, body: { email: `owner-${app.orgA.code.toLowerCase()}@example.com` } });
    const unknown = await call(app, 'requestSignInLink', { key: null, body: { email: 'nobody@example.com' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect((await counts('nobody@example.com')).tokens).toBe(0);
    expect((await app.sql`select count(*)::int as n from email_outbox where to_address = 'nobody@example.com'`)[0]!.n).toBe(0);
  });

  it('throttles repeated requests for one address silently', async () => {
    const email = 'eager@example.com';
    await inviteWithSql(app, app.orgA.id, await createProject(app, 'Throttle'), email);
    for (let i = 0; i < LINKS_PER_WINDOW + 2; i++) {
      const res = await call(app, 'requestSignInLink', { key: null, body: { email } });
      expect(res.status).toBe(202);
    }
    expect((await counts(email)).tokens).toBe(LINKS_PER_WINDOW);
    expect((await app.sql`select count(*)::int as n from email_outbox where to_address = ${email} and kind = 'sign_in_link'`)[0]!.n).toBe(LINKS_PER_WINDOW);
  });
});

describe('accepting invites at sign-in', () => {
  it('accepts every pending invite: assignedAt set, assignment created, pre-staged class granted (revoking another)', async () => {
    const email = 'invitee@example.com';
    const p1 = await createProject(app, 'Invite one');
    const p2 = await createProject(app, 'Invite two');
    const pB = await createProject(app, 'Other org', undefined, app.orgB.originatorKey);
    const i1 = await inviteWithSql(app, app.orgA.id, p1, email, 'senior');
    const i2 = await inviteWithSql(app, app.orgA.id, p2, email);
    const iB = await inviteWithSql(app, app.orgB.id, pB, email);
    const cancelled = await inviteWithSql(app, app.orgA.id, await createProject(app, 'Cancelled'), email);
    await app.sql`update invites set status = 'cancelled', cancelled_at = now() where id = ${cancelled}`;
    // The user already exists and holds another class on p1, which the pre-staged one replaces.
    const [u] = await app.sql<{ id: string }[]>`insert into users (email, subject) values (${email}, 'test|invitee') returning id`;
    await app.sql`insert into class_grants (project_id, user_id, class_id, evidence_note) values (${p1}, ${u!.id}, 'gpt', 'earlier')`;

    const s = await signIn(app, sink, email);
    expect(s.userId).toBe(u!.id);
    expect(s.acceptedInvites).toBe(3);
    const invites = await app.sql<{ id: string; status: string; assigned_at: Date | null }[]>`select id, status, assigned_at from invites where email = ${email}`;
    for (const inv of invites) {
      if (inv.id === cancelled) expect(inv).toMatchObject({ status: 'cancelled', assigned_at: null });
      else expect(inv.status).toBe('accepted'), expect(inv.assigned_at).toBeInstanceOf(Date);
    }
    expect(invites.map((i) => i.id).sort()).toEqual([i1, i2, iB, cancelled].sort());
    const assignments = await app.sql<{ project_id: string; org_id: string }[]>`select project_id, org_id from project_assignments where user_id = ${u!.id} and revoked_at is null order by project_id`;
    expect(assignments).toEqual([{ project_id: p1, org_id: app.orgA.id }, { project_id: p2, org_id: app.orgA.id }, { project_id: pB, org_id: app.orgB.id }].sort((a, b) => a.project_id.localeCompare(b.project_id)));
    const grants = await app.sql<{ class_id: string; live: boolean; evidence_note: string }[]>`select class_id, revoked_at is null as live, evidence_note from class_grants where user_id = ${u!.id} and project_id = ${p1} order by granted_at`;
    expect(grants).toEqual([{ class_id: 'gpt', live: false, evidence_note: 'earlier' }, { class_id: 'senior', live: true, evidence_note: 'Passed the reviewer exam' }]);
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
    expectEnvelope(await raw(app, 'POST', '/mcp', { key: s.sessionToken, body: '{}', contentType: 'application/json' }), 'api_key_malformed', 401);
    // An API key is not a session token.
    const withKey = await call(app, 'listMyProjects', { key: app.orgA.originatorKey });
    expectEnvelope(withKey, 'session_token_malformed', 401);
    expect(withKey.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expectEnvelope(await call(app, 'listMyProjects', { key: null }), 'session_token_missing', 401);
    expectEnvelope(await call(app, 'listMyProjects', { key: 'assay_vs_' + 'B'.repeat(43) }), 'session_token_invalid', 401);
    // The developer API keeps its own paths: the validator operations are not under /developer/v1.
    expectEnvelope(await raw(app, 'GET', '/developer/v1/validator/v1/projects', { key: app.orgA.originatorKey }), 'unknown_endpoint', 404);

    expect((await call(app, 'deleteValidatorSession', { key: s.sessionToken })).status).toBe(204);
    expectEnvelope(await call(app, 'listMyProjects', { key: s.sessionToken }), 'session_token_invalid', 401);
    expectEnvelope(await call(app, 'deleteValidatorSession', { key: s.sessionToken }), 'session_token_invalid', 401);
  });

  it('an expired session is refused', async () => {
    const email = 'expiring@example.com';
    await inviteWithSql(app, app.orgA.id, await createProject(app, 'Expiring'), email);
    const s = await signIn(app, sink, email);
    await app.sql`update validator_sessions set expires_at = now() - interval '1 second' where token_hash = ${hashToken(s.sessionToken)}`;
    expectEnvelope(await call(app, 'listMyProjects', { key: s.sessionToken }), 'session_token_invalid', 401);
  });
});
