// The `send_email` job: sends one email_outbox row through SMTP_URL (src/email/mailer.ts).
//
// - Sent once accepted: `sent_at` is set (and, for an invite, invites.email_sent_at) only after
//   the SMTP server accepted the message. A refusal or a dead server records `last_error` and
//   throws, so graphile-worker retries with its exponential backoff (maxAttempts in tasks.ts).
// - No SMTP_URL (development): the message is logged in full, at warn level so that `make dev`
//   (which logs warnings only) shows it: a developer follows the invitation or sign-in link
//   from the log, and the row stays unsent in email_outbox.
// - A sent sign-in link's text (and an invitation's, which carries one) is blanked: the link is a
//   credential, the database keeps only its hash once the person has it in their mailbox.
import type { Sql } from '../db/client.ts';
import type { Logger } from '../log.ts';
import type { Mailer } from '../email/mailer.ts';
import * as db from '../db/email.ts';

export interface SendEmailDeps {
  sql: Sql;
  log: Logger;
  mailer: Mailer | null;
  from: string;
}

export async function sendOutboxEmail(deps: SendEmailDeps, outboxId: string): Promise<void> {
  const m = await db.getOutbox(deps.sql, outboxId);
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
    await db.recordSendError(deps.sql, outboxId, reason);
    deps.log.warn('email not accepted; will retry', { outboxId, kind: m.kind, error: reason });
    throw new Error(`SMTP did not accept email ${outboxId}: ${reason}`);
  }
  await deps.sql.begin((tx) => db.markSent(tx, outboxId, m));
  deps.log.info('email sent', { outboxId, kind: m.kind });
}
