// Every email the service composes is first a row of email_outbox, written in the same
// transaction as the change that causes it (an invite, a sign-in link), with a `send_email` job
// enqueued beside it. So a rolled-back change sends nothing, and a committed one is sent even
// if the process dies right after the commit. Sending is at least once: a worker killed between
// the SMTP server's acceptance and the `sent_at` update sends the message again on retry.
import type { TxSql } from '../db/client.ts';
import { insertMessage } from '../db/outbox.ts';
import { enqueue } from '../jobs/tasks.ts';

export interface OutgoingEmail {
  /** The organization it is sent for; null for messages to a person (sign-in links). */
  orgId: string | null;
  /** What caused it: 'invite' marks invites.email_sent_at once the server accepted it. */
  kind: 'invite' | 'sign_in_link';
  /** The row it belongs to (the invite, the sign-in link). */
  refId: string | null;
  to: string;
  subject: string;
  /** With TOKEN_PLACEHOLDER where the sign-in link's token goes (filled in at send time). */
  text: string;
  /** The sign-in link the message carries (issueSignInLink), if any. */
  signInTokenId?: string | null;
}

/** Writes the message and enqueues its delivery; returns the outbox row id. */
export async function queueEmail(tx: TxSql, email: OutgoingEmail): Promise<string> {
  const id = await insertMessage(tx, email);
  await enqueue(tx, 'send_email', { outboxId: id });
  return id;
}
