// Validator sign-in (contract tag Validator sign-in): one-time sign-in tokens, validator sessions,
// the users they create and the invites they accept. Tokens are stored as SHA-256 only
// (src/validator/tokens.ts); every lookup is by hash.
import type { Db, TxSql } from './client.ts';

/** Serializes sign-in requests for one address until the transaction ends (an exact throttle count). */
export async function lockAddress(tx: TxSql, email: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${'sign_in:' + email}, 0))`;
}

/** Whether the address may sign in: a user has it, or a pending invite names it. */
export async function addressKnown(sql: Db, email: string): Promise<boolean> {
  const [{ known }] = await sql<{ known: boolean }[]>`
    select exists (select 1 from users where email = ${email})
      or exists (select 1 from invites where email = ${email} and status = 'pending') as known`;
  return known;
}

/** Sign-in tokens issued to the address in the last `minutes`. */
export async function recentTokens(sql: Db, email: string, minutes: number): Promise<number> {
  const [{ recent }] = await sql<{ recent: number }[]>`
    select count(*)::int as recent from sign_in_tokens
    where email = ${email} and created_at > now() - make_interval(mins => ${minutes})`;
  return recent;
}

/** Stores a sign-in token's hash, valid for `minutes`; returns its id. */
export async function insertSignInToken(sql: Db, email: string, tokenHash: Buffer, minutes: number): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into sign_in_tokens (email, token_hash, expires_at)
    values (${email}, ${tokenHash}, now() + make_interval(mins => ${minutes}))
    returning id`;
  return row!.id;
}

/** The token of that hash, locked until the transaction ends, so it is redeemed at most once. */
export async function lockSignInToken(tx: TxSql, tokenHash: Buffer): Promise<{ id: string; email: string; used: boolean; live: boolean } | undefined> {
  const [link] = await tx<{ id: string; email: string; used: boolean; live: boolean }[]>`
    select id, email, used_at is not null as used, expires_at > now() as live
    from sign_in_tokens where token_hash = ${tokenHash}
    for update`;
  return link;
}

export async function markTokenUsed(tx: TxSql, id: string): Promise<void> {
  await tx`update sign_in_tokens set used_at = now() where id = ${id}`;
}

/** The user of the address; created on first sign-in with `subject`, which never changes. */
export async function userFor(tx: TxSql, email: string, subject: string): Promise<string> {
  const [existing] = await tx<{ id: string }[]>`select id from users where email = ${email}`;
  if (existing) return existing.id;
  // `on conflict do nothing`: a concurrent first sign-in of the same address created it first.
  await tx`insert into users (email, subject) values (${email}, ${subject}) on conflict do nothing`;
  const [created] = await tx<{ id: string }[]>`select id from users where email = ${email}`;
  return created!.id;
}

/**
 * Accepts every pending invite of the address: assignment created (unless one is live), and the
 * pre-staged class granted after revoking any other live class of the user on that project.
 * Returns how many were accepted.
 */
export async function acceptInvites(tx: TxSql, email: string, userId: string): Promise<number> {
  const invites = await tx<{ org_id: string; project_id: string; class_id: string | null; evidence_note: string | null }[]>`
    update invites set status = 'accepted', assigned_at = now(), updated_at = now()
    where email = ${email} and status = 'pending'
    returning org_id, project_id, class_id, evidence_note`;
  for (const inv of invites) {
    await tx`
      insert into project_assignments (org_id, project_id, user_id)
      values (${inv.org_id}, ${inv.project_id}, ${userId})
      on conflict (project_id, user_id) where revoked_at is null do nothing`;
    if (inv.class_id === null) continue;
    await tx`
      update class_grants set revoked_at = now()
      where project_id = ${inv.project_id} and user_id = ${userId} and revoked_at is null and class_id <> ${inv.class_id}`;
    await tx`
      insert into class_grants (project_id, user_id, class_id, evidence_note)
      values (${inv.project_id}, ${userId}, ${inv.class_id}, ${inv.evidence_note})
      on conflict (project_id, user_id) where revoked_at is null do nothing`;
  }
  return invites.length;
}

/** A session of `days` for the user; returns when it expires. */
export async function insertSession(tx: TxSql, userId: string, tokenHash: Buffer, days: number): Promise<Date> {
  const [session] = await tx<{ expires_at: Date }[]>`
    insert into validator_sessions (user_id, token_hash, expires_at)
    values (${userId}, ${tokenHash}, now() + make_interval(days => ${days}))
    returning expires_at`;
  return session!.expires_at;
}

/** The live (not revoked, not expired) session of that token hash. */
export async function findLiveSession(sql: Db, tokenHash: Buffer): Promise<{ id: string; user_id: string } | undefined> {
  const [row] = await sql<{ id: string; user_id: string }[]>`
    select id, user_id from validator_sessions
    where token_hash = ${tokenHash} and revoked_at is null and expires_at > now()`;
  return row;
}

export async function revokeSession(sql: Db, sessionId: string): Promise<void> {
  await sql`update validator_sessions set revoked_at = now() where id = ${sessionId} and revoked_at is null`;
}
