// The email outbox and its `send_email` job, against a real SMTP server (smtp-server) and
// Postgres: sent once the server accepted, retried when refused, nothing sent for a rolled-back
// change, and kept in the outbox and the log when no SMTP server is configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { queueEmail } from '../../src/email/outbox.ts';
import type { Sql } from '../../src/db/client.ts';
import { eventually } from '../helpers/wait.ts';

async function inviteRow(sql: Sql, orgId: string, email: string): Promise<string> {
  const [p] = await sql<
    { id: string }[]
  >`insert into projects (org_id, name, num_validators) values (${orgId}, 'Mail test', 1) returning id`;
  const [i] = await sql<
    { id: string }[]
  >`insert into invites (org_id, project_id, email) values (${orgId}, ${p!.id}, ${email}) returning id`;
  return i!.id;
}

const outbox = (sql: Sql, id: string) =>
  sql<
    { sent_at: Date | null; last_error: string | null; body_text: string }[]
  >`select sent_at, last_error, body_text from email_outbox where id = ${id}`.then((r) => r[0]);

describe('with an SMTP server', () => {
  let sink: SmtpSink;
  let app: TestApp;
  beforeAll(async () => {
    // The first message is refused with 451, so the retry path is exercised by the first test.
    sink = await startSmtpSink({ refuseFirst: 1 });
    app = await startTestApp({ worker: true, config: { smtpUrl: sink.url } });
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  it('retries a refused message and marks it (and its invite) sent only once accepted', async () => {
    const inviteId = await inviteRow(app.sql, app.orgA.id, 'ada@example.com');
    const id = await app.sql.begin((tx) =>
      queueEmail(tx, {
        orgId: app.orgA.id,
        kind: 'invite',
        refId: inviteId,
        to: 'ada@example.com',
        subject: 'You are invited to Mail test',
        text: 'Sign in: https://assay.test/validator/v1/sign-in?email=ada%40example.com',
      }),
    );
    const refused = await eventually(async () => (await outbox(app.sql, id))?.last_error);
    expect(refused).toMatch(/451/);
    expect((await outbox(app.sql, id))!.sent_at).toBeNull();
    const [inv0] = await app.sql`select email_sent_at from invites where id = ${inviteId}`;
    expect(inv0!.email_sent_at).toBeNull();

    const mail = await sink.waitFor((m) => m.to.includes('ada@example.com'), 30_000);
    expect(mail.subject).toBe('You are invited to Mail test');
    expect(mail.text).toContain('https://assay.test/validator/v1/sign-in?email=ada%40example.com');
    expect(mail.from).toBe('no-reply@assay.test');
    const row = await eventually(async () => {
      const r = await outbox(app.sql, id);
      return r?.sent_at ? r : null;
    });
    expect(row.last_error).toBeNull();
    const [inv] = await app.sql<{ email_sent_at: Date }[]>`select email_sent_at from invites where id = ${inviteId}`;
    expect(inv!.email_sent_at?.getTime()).toBe(row.sent_at!.getTime());
    expect(sink.messages.filter((m) => m.to.includes('ada@example.com'))).toHaveLength(1);
  });

  it('sends nothing for a change that rolled back', async () => {
    await expect(
      app.sql.begin(async (tx) => {
        await queueEmail(tx, {
          orgId: null,
          kind: 'sign_in_link',
          refId: null,
          to: 'rolled@example.com',
          subject: 'Sign in',
          text: 'x',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // A later message is delivered; the rolled-back one never is (the queue is in order of arrival).
    const later = await app.sql.begin((tx) =>
      queueEmail(tx, {
        orgId: null,
        kind: 'sign_in_link',
        refId: null,
        to: 'later@example.com',
        subject: 'Sign in',
        text: 'Your link: https://assay.test/x?token=abc',
      }),
    );
    await sink.waitFor((m) => m.to.includes('later@example.com'));
    expect(sink.messages.some((m) => m.to.includes('rolled@example.com'))).toBe(false);
    const [count] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from email_outbox where to_address = 'rolled@example.com'`;
    expect(count!.n).toBe(0);
    // A sent sign-in link is not kept in clear text.
    const row = await eventually(async () => {
      const r = await outbox(app.sql, later);
      return r?.sent_at ? r : null;
    });
    expect(row.body_text).not.toContain('token=abc');
  });

  it('keeps non-ASCII subjects and long lines intact', async () => {
    const link = `https://assay.test/validator/v1/sign-in?token=${'k'.repeat(120)}`;
    await app.sql.begin((tx) =>
      queueEmail(tx, {
        orgId: null,
        kind: 'sign_in_link',
        refId: null,
        to: 'zoe@example.com',
        subject: 'Zoë, sign in to Assay',
        text: `Hello Zoë,\n\n${link}\n`,
      }),
    );
    const mail = await sink.waitFor((m) => m.to.includes('zoe@example.com'));
    expect(mail.subject).toBe('Zoë, sign in to Assay');
    expect(mail.text).toContain(link);
  });
});

describe('without an SMTP server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps the message in the outbox and writes it to the log', async () => {
    const inviteId = await inviteRow(app.sql, app.orgA.id, 'grace@example.com');
    const id = await app.sql.begin((tx) =>
      queueEmail(tx, {
        orgId: app.orgA.id,
        kind: 'invite',
        refId: inviteId,
        to: 'grace@example.com',
        subject: 'Invited',
        text: 'Sign in: https://assay.test/s?email=grace',
      }),
    );
    const line = await eventually(async () => app.logs.find((l) => l.includes(id)));
    expect(JSON.parse(line)).toMatchObject({
      msg: expect.stringContaining('MAIL_MODE=log'),
      to: 'grace@example.com',
      text: 'Sign in: https://assay.test/s?email=grace',
    });
    expect((await outbox(app.sql, id))!.sent_at).toBeNull();
    const [inv] = await app.sql`select email_sent_at from invites where id = ${inviteId}`;
    expect(inv!.email_sent_at).toBeNull();
  });
});

describe('without a mail transport and without the development mail mode', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: true, config: { mailMode: 'smtp' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('logs neither the recipient nor the body, nor the link', async () => {
    const email = `owner-${app.orgA.code.toLowerCase()}@example.com`;
    expect((await call(app, 'requestSignInLink', { key: null, body: { email } })).status).toBe(202);
    const [row] = await app.sql<
      { id: string; body_text: string }[]
    >`select id, body_text from email_outbox where to_address = ${email}`;
    // The stored body holds a placeholder, not the token.
    expect(row!.body_text).toContain('/app/sign-in#token={{token}}');
    expect(row!.body_text).not.toMatch(/assay_signin_/);
    const line = await eventually(async () => app.logs.find((l) => l.includes(row!.id)));
    expect(JSON.parse(line).msg).toMatch(/no mail transport/);
    expect(app.logs.join('\n')).not.toContain(email);
    expect(app.logs.join('\n')).not.toMatch(/assay_signin_/);
  });

  it('gives up and blanks an unsent message when its link expires, dropping the sealed token', async () => {
    const email = `member-${app.orgA.code.slice(4)}@example.com`;
    expect((await call(app, 'requestSignInLink', { key: null, body: { email } })).status).toBe(202);
    const [t] = await app.sql<
      { id: string; sealed: boolean }[]
    >`select id, token_sealed is not null as sealed from sign_in_tokens where email = ${email}`;
    expect(t!.sealed).toBe(true);
    await app.sql`update sign_in_tokens set expires_at = now() - interval '1 second' where id = ${t!.id}`;
    // The worker's sweep (every 500 ms in tests) gives it up.
    const row = await eventually(
      async () =>
        (
          await app.sql`select abandoned_at, body_text, to_address, sent_at from email_outbox where sign_in_token_id =
            ${t!.id} and abandoned_at is not null`
        )[0],
    );
    expect(row).toMatchObject({ body_text: '', to_address: '', sent_at: null });
    expect((await app.sql`select token_sealed from sign_in_tokens where id = ${t!.id}`)[0]!.token_sealed).toBeNull();
    expect((await app.sql`select count(*)::int as n from email_outbox where to_address = ${email}`)[0]!.n).toBe(0);
  });
});
