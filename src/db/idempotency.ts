// Idempotency-Key records (src/http/idempotency.ts decides; this holds the statements).
import type { Sql } from './client.ts';

export interface IdempotencyRow {
  id: string;
  operation_id: string;
  fingerprint: Buffer;
  response_status: number | null;
  response_sealed: Buffer | null;
  /** A request holds the key right now. */
  locked: boolean;
}

/**
 * Claims the key for a request (a new record, or an expired or abandoned one taken over), or
 * returns the record as it stands. `claimed` true: the caller runs the operation, then calls
 * `complete` or `release`.
 */
export async function claimKey(
  sql: Sql,
  scope: { orgId: string; apiKeyId: string },
  key: string,
  operationId: string,
  fingerprint: Buffer,
  lockSeconds: number,
): Promise<{ claimed: boolean; row: IdempotencyRow }> {
  const [mine] = await sql<IdempotencyRow[]>`
    insert into idempotency_keys (org_id, api_key_id, idem_key, operation_id, fingerprint, locked_until)
    values (${scope.orgId}, ${scope.apiKeyId}, ${key}, ${operationId}, ${fingerprint},
      now() + make_interval(secs => ${lockSeconds}))
    on conflict (org_id, api_key_id, idem_key) do update
      set id = gen_random_uuid(), operation_id = excluded.operation_id, fingerprint = excluded.fingerprint,
          response_status = null, response_sealed = null, locked_until = excluded.locked_until,
          created_at = now(), expires_at = now() + interval '24 hours'
      where idempotency_keys.expires_at <= now()
         or (idempotency_keys.response_status is null and idempotency_keys.locked_until <= now())
    returning id, operation_id, fingerprint, response_status, response_sealed, true as locked`;
  if (mine) return { claimed: true, row: mine };
  const [theirs] = await sql<IdempotencyRow[]>`
    select id, operation_id, fingerprint, response_status, response_sealed, (response_status is null and locked_until >
    now()) as locked
    from idempotency_keys where org_id = ${scope.orgId} and api_key_id = ${scope.apiKeyId} and idem_key = ${key}`;
  return { claimed: false, row: theirs! };
}

export async function complete(sql: Sql, id: string, status: number, sealed: Buffer): Promise<void> {
  await sql`update idempotency_keys set response_status = ${status}, response_sealed = ${sealed}, locked_until = null
    where id = ${id}`;
}

/** The operation failed: the key is free again (a retry runs the operation). */
export async function release(sql: Sql, id: string): Promise<void> {
  await sql`delete from idempotency_keys where id = ${id} and response_status is null`;
}

export async function deleteExpired(sql: Sql): Promise<number> {
  return (await sql`delete from idempotency_keys where expires_at <= now()`).count;
}
