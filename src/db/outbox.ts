// The email outbox: every email the service composes is a row here first, written in the
// transaction of the change that causes it (src/email/outbox.ts), then sent by the send_email job
// (src/jobs/send-email.ts). A message may carry a sign-in link: its body
// holds a placeholder and the token is sealed on its sign_in_tokens row until the message is
// sent or the link expires. Sent or given-up rows are blanked (no body, no recipient): the
// outbox is not a record of who was mailed what.
import type { Sql, TxSql } from './client.ts';
import { hasLiveJob } from './jobs.ts';

/** Writes one message; returns its id. */
export async function insertMessage(
  tx: TxSql,
  m: {
    orgId: string | null;
    kind: 'invite' | 'sign_in_link';
    refId: string | null;
    to: string;
    subject: string;
    text: string;
    signInTokenId?: string | null;
  },
): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into email_outbox (org_id, kind, ref_id, to_address, subject, body_text, sign_in_token_id)
    values (${m.orgId}, ${m.kind}, ${m.refId}, ${m.to}, ${m.subject}, ${m.text}, ${m.signInTokenId ?? null})
    returning id`;
  return row!.id;
}

export interface OutboxMessage {
  kind: string;
  ref_id: string | null;
  to_address: string;
  subject: string;
  body_text: string;
  sent_at: Date | null;
  abandoned_at: Date | null;
  sign_in_token_id: string | null;
  token_sealed: Uint8Array | null;
  /** The link can no longer be used (expired, used, or its token already blanked). */
  link_dead: boolean;
}

export async function getMessage(sql: Sql, outboxId: string): Promise<OutboxMessage | undefined> {
  const [m] = await sql<OutboxMessage[]>`
    select o.kind, o.ref_id, o.to_address, o.subject, o.body_text, o.sent_at, o.abandoned_at, o.sign_in_token_id,
      t.token_sealed,
      (o.sign_in_token_id is not null and (t.id is null or t.token_sealed is null or t.used_at is not null or
      t.expires_at <= now())) as link_dead
    from email_outbox o left join sign_in_tokens t on t.id = o.sign_in_token_id
    where o.id = ${outboxId}`;
  return m;
}

export async function recordSendError(sql: Sql, outboxId: string, reason: string): Promise<void> {
  await sql`update email_outbox set last_error = ${reason.slice(0, 1000)} where id = ${outboxId}`;
}

/**
 * Marks the message sent (once), blanks it, drops its sealed token (the link now lives only in
 * the recipient's mailbox; the hash stays for redeeming) and stamps the invite's emailSentAt.
 */
export async function markSent(
  sql: Sql,
  outboxId: string,
  m: Pick<OutboxMessage, 'kind' | 'ref_id' | 'sign_in_token_id'>,
): Promise<void> {
  await sql.begin(async (tx) => {
    const [sent] = await tx<{ sent_at: Date }[]>`
      update email_outbox set sent_at = now(), last_error = null, body_text = '', to_address = ''
       where id = ${outboxId} and sent_at is null
      returning sent_at`;
    if (m.sign_in_token_id) await tx`update sign_in_tokens set token_sealed = null where id = ${m.sign_in_token_id}`;
    if (sent && m.kind === 'invite' && m.ref_id) {
      await tx`update invites set email_sent_at = ${sent.sent_at} where id = ${m.ref_id} and email_sent_at is null`;
    }
  });
}

/**
 * Gives up every unsent message whose link can no longer be used, blanking it, and drops the
 * sealed tokens of expired links. Run by the worker's sweep and by the job that finds one.
 */
export async function abandonDeadLinks(sql: Sql): Promise<number> {
  return sql.begin(async (tx) => {
    await tx`update sign_in_tokens set token_sealed = null where token_sealed is not null and (expires_at <= now() or
      used_at is not null)`;
    const gone = await tx`
      update email_outbox o set abandoned_at = now(), body_text = '', to_address = '', last_error =
      'not sent: its sign-in link expired or was used first'
        from sign_in_tokens t
       where o.sign_in_token_id = t.id and o.sent_at is null and o.abandoned_at is null and t.token_sealed is null`;
    return gone.count;
  });
}

/** An unsent message older than this is no longer worth sending (invitation links last 72 h). */
const MAIL_RELEVANT_HOURS = 72;

/**
 * Mail still worth sending whose job is gone (graphile-worker gave up after its attempts, e.g.
 * while the SMTP server was down for an hour, and no attempt is running): their ids, for the
 * worker to enqueue again (src/jobs/worker.ts). Messages older than MAIL_RELEVANT_HOURS are
 * given up and blanked first. `jobKeyPrefix` is the send task's (src/jobs/tasks.ts).
 */
export async function unsentMailWithoutJob(tx: TxSql, jobKeyPrefix: string): Promise<string[]> {
  await tx`
    update email_outbox set abandoned_at = now(), body_text = '', to_address = '', last_error =
    ${`not sent within ${MAIL_RELEVANT_HOURS} hours: given up`}
     where sent_at is null and abandoned_at is null and created_at < now() - make_interval(hours =>
     ${MAIL_RELEVANT_HOURS})`;
  const rows = await tx<{ id: string }[]>`
    select o.id from email_outbox o
     where o.sent_at is null and o.abandoned_at is null and not ${hasLiveJob(tx, jobKeyPrefix, tx`o.id`)}`;
  return rows.map((r) => r.id);
}
