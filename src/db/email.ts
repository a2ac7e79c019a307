// The email outbox: every email the service composes is a row here first, written in the
// transaction of the change that causes it (src/email/outbox.ts), then sent by the send_email job
// (src/jobs/send-email.ts).
import type { Db, Sql, TxSql } from './client.ts';

export interface OutboxRow {
  kind: 'invite' | 'sign_in_link';
  ref_id: string | null;
  to_address: string;
  subject: string;
  body_text: string;
  sent_at: Date | null;
}

export async function insertOutbox(
  tx: TxSql,
  m: { orgId: string | null; kind: OutboxRow['kind']; refId: string | null; to: string; subject: string; text: string },
): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into email_outbox (org_id, kind, ref_id, to_address, subject, body_text)
    values (${m.orgId}, ${m.kind}, ${m.refId}, ${m.to}, ${m.subject}, ${m.text})
    returning id`;
  return row!.id;
}

export async function getOutbox(sql: Db, id: string): Promise<OutboxRow | undefined> {
  const [m] = await sql<OutboxRow[]>`select kind, ref_id, to_address, subject, body_text, sent_at from email_outbox where id = ${id}`;
  return m;
}

export async function recordSendError(sql: Sql, id: string, reason: string): Promise<void> {
  await sql`update email_outbox set last_error = ${reason.slice(0, 1000)} where id = ${id}`;
}

/**
 * Marks the message sent (once: a re-run finds it sent and changes nothing), and for an invite
 * its emailSentAt. A sign-in link's text (and an invitation's, which carries one) is blanked: the
 * link is a credential, and the database keeps only its hash once the person has it.
 */
export async function markSent(tx: TxSql, id: string, m: Pick<OutboxRow, 'kind' | 'ref_id'>): Promise<void> {
  const [sent] = await tx<{ sent_at: Date }[]>`
    update email_outbox
       set sent_at = now(), last_error = null,
           body_text = case when kind in ('sign_in_link', 'invite') then '(sent; its sign-in link is not kept)' else body_text end
     where id = ${id} and sent_at is null
    returning sent_at`;
  if (sent && m.kind === 'invite' && m.ref_id) {
    await tx`update invites set email_sent_at = ${sent.sent_at} where id = ${m.ref_id} and email_sent_at is null`;
  }
}
