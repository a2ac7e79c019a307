// The `send_email` job: sends one email_outbox row through SMTP_URL with nodemailer.
//
// - Sent once accepted: `sent_at` is set (and, for an invite, invites.email_sent_at) only after
//   the SMTP server accepted the message. A refusal or a dead server records `last_error` and
//   throws, so graphile-worker retries with its exponential backoff (max_attempts in outbox.ts).
// - No SMTP_URL (development): the message is logged in full, at warn level so that `make dev`
//   (which logs warnings only) shows it: a developer follows the invitation or sign-in link
//   from the log, and the row stays unsent in email_outbox.
// - A sent sign-in link's text (and an invitation's, which carries one) is blanked: the link is a
//   credential, the database keeps only its hash once the person has it in their mailbox.
import { createTransport } from 'nodemailer';
import type { Sql } from '../db/client.ts';
import type { Logger } from '../log.ts';

export interface Mailer {
  send(message: { from: string; to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/** One SMTP transport per worker process (nodemailer opens a connection per message). */
export function createMailer(smtpUrl: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

export interface SendEmailDeps {
  sql: Sql;
  log: Logger;
  mailer: Mailer | null;
  from: string;
}

interface OutboxRow {
  kind: string;
  ref_id: string | null;
  to_address: string;
  subject: string;
  body_text: string;
  sent_at: Date | null;
}

export async function sendOutboxEmail(deps: SendEmailDeps, outboxId: string): Promise<void> {
  const [m] = await deps.sql<OutboxRow[]>`
    select kind, ref_id, to_address, subject, body_text, sent_at from email_outbox where id = ${outboxId}`;
  if (!m || m.sent_at) return; // gone with its organization, or sent by an earlier run of this job
  if (!deps.mailer) {
    deps.log.warn('email not sent: SMTP_URL is not set; it stays in email_outbox', {
      outboxId, kind: m.kind, to: m.to_address, subject: m.subject, text: m.body_text,
    });
    return;
  }
  try {
    await deps.mailer.send({ from: deps.from, to: m.to_address, subject: m.subject, text: m.body_text });
  } catch (err) {
    // nodemailer's message names the SMTP reply ("550 ..."), never credentials of SMTP_URL.
    const reason = err instanceof Error ? err.message : String(err);
    await deps.sql`update email_outbox set last_error = ${reason.slice(0, 1000)} where id = ${outboxId}`;
    deps.log.warn('email not accepted; will retry', { outboxId, kind: m.kind, error: reason });
    throw new Error(`SMTP did not accept email ${outboxId}: ${reason}`);
  }
  await deps.sql.begin(async (tx) => {
    const [sent] = await tx<{ sent_at: Date }[]>`
      update email_outbox
         set sent_at = now(), last_error = null,
             body_text = case when kind in ('sign_in_link', 'invite') then '(sent; its sign-in link is not kept)' else body_text end
       where id = ${outboxId} and sent_at is null
      returning sent_at`;
    if (sent && m.kind === 'invite' && m.ref_id) {
      await tx`update invites set email_sent_at = ${sent.sent_at} where id = ${m.ref_id} and email_sent_at is null`;
    }
  });
  deps.log.info('email sent', { outboxId, kind: m.kind });
}
