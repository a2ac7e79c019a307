// Webhook endpoint limits: the per-organization cap on endpoints and the consecutive-failure
// count that disables an endpoint (docs/security.md).
import type { Sql, TxSql } from './client.ts';

/**
 * Runs `insert` only while the organization has fewer than `max` endpoints. The count and the
 * insert happen under a per-organization transaction lock, so concurrent registrations cannot
 * overshoot the cap. Returns null when the cap is reached.
 */
export async function withinEndpointCap<T>(sql: Sql, orgId: string, max: number, insert: (tx: TxSql) => Promise<T>): Promise<T | null> {
  let result: T | null = null;
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${'webhook_endpoints:' + orgId}, 0))`;
    const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from webhook_endpoints where org_id = ${orgId}`;
    if (n < max) result = await insert(tx);
  });
  return result;
}

/**
 * Records an attempt's outcome on its endpoint: a success resets the failure count; a failure
 * increments it and, at `disableAfter`, disables the endpoint with `reason` and ends its pending
 * deliveries. True when this call disabled it.
 */
export async function countAttemptOutcome(tx: TxSql, endpointId: string, succeeded: boolean, disableAfter: number, reason: string): Promise<boolean> {
  if (succeeded) {
    await tx`update webhook_endpoints set consecutive_failures = 0 where id = ${endpointId} and consecutive_failures <> 0`;
    return false;
  }
  const [row] = await tx<{ disabled: boolean }[]>`
    update webhook_endpoints e
       set consecutive_failures = e.consecutive_failures + 1,
           status = case when e.status = 'enabled' and e.consecutive_failures + 1 >= ${disableAfter} then 'disabled' else e.status end,
           disabled_reason = case when e.status = 'enabled' and e.consecutive_failures + 1 >= ${disableAfter} then ${reason} else e.disabled_reason end
      from (select id, status from webhook_endpoints where id = ${endpointId} for update) old
     where e.id = old.id
    returning old.status = 'enabled' and e.status = 'disabled' as disabled`;
  if (row?.disabled) await disableDeliveries(tx, endpointId);
  return row?.disabled ?? false;
}

/** Disables the endpoint with `reason` and ends its pending deliveries (410 Gone). */
export async function disableEndpoint(tx: TxSql, endpointId: string, reason: string): Promise<void> {
  await tx`update webhook_endpoints set status = 'disabled', disabled_reason = ${reason} where id = ${endpointId}`;
  await disableDeliveries(tx, endpointId);
}

async function disableDeliveries(tx: TxSql, endpointId: string): Promise<void> {
  await tx`update webhook_deliveries set status = 'failed' where endpoint_id = ${endpointId} and status = 'pending'`;
}
