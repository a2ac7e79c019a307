// The `send_email` job: sends one email_outbox row through SMTP_URL (the transport: src/email/mailer.ts).
//
// - Sent once accepted: `sent_at` is set (and, for an invite, invites.email_sent_at) only after
//   the SMTP server accepted the message. A refusal or a dead server records `last_error` and
//   throws, so graphile-worker retries with its exponential backoff (maxAttempts in tasks.ts).
// - A message with a sign-in link gets its link here, from the token sealed on its
//   sign_in_tokens row (src/validator/sign-in-links.ts): the outbox body holds only a
//   placeholder. Once sent, the row is blanked (no body, no recipient) and the sealed token
//   dropped. A message whose link expired (or was used) before it could be sent is given up
//   and blanked the same way.
// - Message bodies and recipients are never logged, except in the development mail mode
//   (MAIL_MODE=log, which `make dev` sets and production must name explicitly): without an SMTP
//   server the message is then written to the log in full, at warn level, so a developer can
//   follow the link, and the row stays unsent.
import type { Sql } from '../db/client.ts';
import type { Logger } from '../log.ts';
import { open } from '../domain/secret-box.ts';
import { TOKEN_PLACEHOLDER } from '../validator/sign-in-links.ts';
import { abandonDeadLinks, getMessage, markSent, recordSendError, unsentMailWithoutJob } from '../db/outbox.ts';
import { enqueueEach, jobKeyPrefix } from './tasks.ts';
import type { Mailer } from '../email/mailer.ts';

export interface SendEmailDeps {
  sql: Sql;
  log: Logger;
  mailer: Mailer | null;
  from: string;
  secretsKey: string | null;
  /** MAIL_MODE=log: without a mailer, write messages (links, recipients) to the log. Development only. */
  logMessages: boolean;
}

/** An SMTP reply may quote the recipient ("550 <a@b>: unknown user"): the log gets it without addresses. */
const withoutAddresses = (text: string): string => text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '<address>');

export async function sendOutboxEmail(deps: SendEmailDeps, outboxId: string): Promise<void> {
  const m = await getMessage(deps.sql, outboxId);
  if (!m || m.sent_at || m.abandoned_at) return; // gone with its organization, sent by an earlier run, or given up
  const needsLink = m.body_text.includes(TOKEN_PLACEHOLDER);
  if (m.link_dead || (needsLink && !m.token_sealed)) {
    await abandonDeadLinks(deps.sql);
    deps.log.info('email given up: its sign-in link expired or was used before it was sent', {
      outboxId,
      kind: m.kind,
    });
    return;
  }
  const text =
    needsLink && m.token_sealed && m.sign_in_token_id
      ? m.body_text.replaceAll(TOKEN_PLACEHOLDER, open(deps.secretsKey, m.token_sealed, m.sign_in_token_id))
      : m.body_text;
  if (!deps.mailer) {
    if (deps.logMessages) {
      deps.log.warn('email not sent (MAIL_MODE=log, development): it stays in email_outbox', {
        outboxId,
        kind: m.kind,
        to: m.to_address,
        subject: m.subject,
        text,
      });
    } else {
      deps.log.warn('email not sent: no mail transport (SMTP_URL) is configured; it stays in email_outbox', {
        outboxId,
        kind: m.kind,
      });
    }
    return;
  }
  try {
    await deps.mailer.send({ from: deps.from, to: m.to_address, subject: m.subject, text });
  } catch (err) {
    // nodemailer's message names the SMTP reply ("550 ..."), never credentials of SMTP_URL; the
    // reply may quote the recipient, which neither the row nor the log keeps.
    const reason = withoutAddresses(err instanceof Error ? err.message : String(err));
    await recordSendError(deps.sql, outboxId, reason);
    deps.log.warn('email not accepted; will retry', { outboxId, kind: m.kind, error: reason });
    throw new Error(`SMTP did not accept email ${outboxId}: ${reason}`);
  }
  await markSent(deps.sql, outboxId, m);
  deps.log.info('email sent', { outboxId, kind: m.kind });
}

/**
 * Enqueues again, in one transaction, the unsent mail still worth sending whose job gave up (the
 * worker's sweep); returns how many messages.
 */
export async function redriveUnsentMail(sql: Sql): Promise<number> {
  return sql.begin(async (tx) => {
    const ids = await unsentMailWithoutJob(tx, jobKeyPrefix('send_email'));
    await enqueueEach(
      tx,
      'send_email',
      ids.map((outboxId) => ({ payload: { outboxId } })),
    );
    return ids.length;
  });
}
