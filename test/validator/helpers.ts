// Shared steps of the validator API tests: a project with classes, pending invites written with
// SQL (the invite endpoints belong to another change), and signing in through the emailed link.
import { expect } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { validSpec } from '../fixtures/specs.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';

export async function createProject(
  app: TestApp,
  name: string,
  spec: object = validSpec(),
  key?: string,
): Promise<string> {
  const res = await call(app, 'createProject', { body: { name, spec }, key });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.projectId;
}

export async function inviteWithSql(
  app: TestApp,
  orgId: string,
  projectId: string,
  email: string,
  classId: string | null = null,
): Promise<string> {
  const [row] = await app.sql<{ id: string }[]>`
    insert into invites (org_id, project_id, email, class_id, evidence_note)
    values (${orgId}, ${projectId}, ${email}, ${classId}, ${classId ? 'Passed the reviewer exam' : null})
    returning id`;
  return row!.id;
}

/** Asks for a link and returns the token from the email the SMTP sink received. */
export async function linkFromEmail(app: TestApp, sink: SmtpSink, address: string): Promise<string> {
  const email = address.toLowerCase();
  const before = sink.messages.filter((m) => m.to.includes(email)).length;
  const res = await call(app, 'requestSignInLink', { key: null, body: { email: address } });
  expect(res.status).toBe(202);
  const mail = await sink.waitFor(
    (m) => m.to.includes(email) && sink.messages.filter((x) => x.to.includes(email)).indexOf(m) >= before,
  );
  const m = /(http:\/\/\S+\/app\/sign-in#token=(\S+))/.exec(mail.text);
  expect(m, mail.text).toBeTruthy();
  return m![2]!;
}

export async function signIn(
  app: TestApp,
  sink: SmtpSink,
  email: string,
): Promise<{ sessionToken: string; userId: string; acceptedInvites: number; pendingInvites: number }> {
  const token = await linkFromEmail(app, sink, email);
  const res = await call(app, 'createValidatorSession', { key: null, body: { token } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Accepts every pending invite the signed-in validator is shown (as the person would, one by one). */
export async function acceptAllInvites(app: TestApp, sessionToken: string): Promise<string[]> {
  const list = await call(app, 'listMyInvites', { key: sessionToken });
  expect(list.status).toBe(200);
  for (const inv of list.body.data) {
    const res = await call(app, 'acceptMyInvite', { key: sessionToken, params: { inviteId: inv.inviteId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return list.body.data.map((i: { inviteId: string }) => i.inviteId);
}

/**
 * First requests compile the contract's validators and open the first SMTP connection, which
 * on a loaded machine can take longer than one test's timeout; the hook has a longer one.
 */
async function warmUp(app: TestApp, sink: SmtpSink): Promise<void> {
  await createProject(app, 'Warm-up');
  await linkFromEmail(app, sink, `owner-${app.orgB.code.toLowerCase()}@example.com`);
}

/**
 * A server with a job worker sending through a real SMTP sink, warmed up: each file's setup.
 * `signingKey` configures a report signing key (Proof Reports); `reportWaitSeconds` how long a
 * report request waits for its job (0: every report not stored yet is "being prepared" first).
 */
export async function startMailingApp(
  options: { signingKey?: boolean; reportWaitSeconds?: number } = {},
): Promise<{ app: TestApp; sink: SmtpSink; close(): Promise<void> }> {
  const sink = await startSmtpSink();
  const app = await startTestApp({
    worker: true,
    config: {
      smtpUrl: sink.url,
      ...(options.signingKey ? { signingKey: generateSigningKeyPem() } : {}),
      ...(options.reportWaitSeconds !== undefined ? { reportWaitSeconds: options.reportWaitSeconds } : {}),
    },
  });
  await warmUp(app, sink);
  return {
    app,
    sink,
    async close() {
      await app.close();
      await sink.close();
    },
  };
}
