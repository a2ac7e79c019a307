// Validator sign-in (contract tag Validator sign-in): one-time sign-in tokens, validator sessions
// and the users they create (a validator's own invites: validator-invites.ts). Tokens are looked
// up by their SHA-256 only (src/validator/tokens.ts).
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

/**
 * Stores a sign-in token: its hash (for redeeming) and the token sealed under SECRETS_KEY until
 * its email is sent (src/validator/sign-in-links.ts), valid for `minutes`; `inviteId` is the
 * invite an invitation's link accepts.
 */
export async function insertSignInToken(
  sql: Db,
  t: { id: string; email: string; tokenHash: Buffer; tokenSealed: Buffer; inviteId: string | null; minutes: number },
): Promise<void> {
  await sql`
    insert into sign_in_tokens (id, email, token_hash, token_sealed, invite_id, expires_at)
    values (${t.id}, ${t.email}, ${t.tokenHash}, ${t.tokenSealed}, ${t.inviteId}, now() + make_interval(mins =>
    ${t.minutes}))`;
}

export interface SignInTokenRow {
  id: string;
  email: string;
  invite_id: string | null;
  used: boolean;
  live: boolean;
}

/** The token of that hash, locked until the transaction ends, so it is redeemed at most once. */
export async function lockSignInToken(tx: TxSql, tokenHash: Buffer): Promise<SignInTokenRow | undefined> {
  const [link] = await tx<SignInTokenRow[]>`
    select id, email, invite_id, used_at is not null as used, expires_at > now() as live
    from sign_in_tokens where token_hash = ${tokenHash}
    for update`;
  return link;
}

/** The address a token signs in as, without locking or using it (the sign-in page's preview). */
export async function peekSignInToken(
  sql: Db,
  tokenHash: Buffer,
): Promise<(SignInTokenRow & { expires_at: Date }) | undefined> {
  const [link] = await sql<(SignInTokenRow & { expires_at: Date })[]>`
    select id, email, invite_id, used_at is not null as used, expires_at > now() as live, expires_at
    from sign_in_tokens where token_hash = ${tokenHash}`;
  return link;
}

/** Used: it never signs in again, and its sealed token is dropped. */
export async function markTokenUsed(tx: TxSql, id: string): Promise<void> {
  await tx`update sign_in_tokens set used_at = now(), token_sealed = null where id = ${id}`;
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

/** A session of `days` for the user; returns when it expires. */
export async function insertSession(tx: TxSql, userId: string, tokenHash: Buffer, days: number): Promise<Date> {
  const [session] = await tx<{ expires_at: Date }[]>`
    insert into validator_sessions (user_id, token_hash, expires_at)
    values (${userId}, ${tokenHash}, now() + make_interval(days => ${days}))
    returning expires_at`;
  return session!.expires_at;
}

/** The live (not revoked, not expired) session of that token hash. */
export async function findLiveSession(
  sql: Db,
  tokenHash: Buffer,
): Promise<{ id: string; user_id: string } | undefined> {
  const [row] = await sql<{ id: string; user_id: string }[]>`
    select id, user_id from validator_sessions
    where token_hash = ${tokenHash} and revoked_at is null and expires_at > now()`;
  return row;
}

export async function revokeSession(sql: Db, sessionId: string): Promise<void> {
  await sql`update validator_sessions set revoked_at = now() where id = ${sessionId} and revoked_at is null`;
}
