// Webhook endpoints, events, deliveries and attempts (contract tag Webhooks, and the
// deliver_webhook job), and their limits. Endpoints are always looked up through the organization: another
// organization's endpoint is simply not found. Secrets are stored sealed (src/domain/secret-box.ts).
import type { Db, Sql, TxSql } from './client.ts';
import { keysetPage, type Page, type PageRequest } from './pagination.ts';
import type { components } from '../generated/openapi-types.ts';

export type WebhookEventType = components['schemas']['WebhookEventType'];

export interface EndpointRow {
  id: string;
  url: string;
  event_types: WebhookEventType[];
  description: string | null;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  created_at: Date;
}

const COLUMNS = ['id', 'url', 'event_types', 'description', 'status', 'disabled_reason', 'created_at'];

export async function getEndpoint(sql: Db, orgId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await sql<
    EndpointRow[]
  >`select ${sql(COLUMNS)} from webhook_endpoints where id = ${id} and org_id = ${orgId}`;
  return row;
}

export async function insertEndpoint(
  sql: Db,
  e: {
    id: string;
    orgId: string;
    url: string;
    eventTypes: WebhookEventType[];
    description: string | null;
    secretSealed: Uint8Array;
  },
): Promise<EndpointRow> {
  const [row] = await sql<EndpointRow[]>`
    insert into webhook_endpoints (id, org_id, url, event_types, description, secret_sealed)
    values (${e.id}, ${e.orgId}, ${e.url}, ${e.eventTypes}, ${e.description}, ${e.secretSealed})
    returning ${sql(COLUMNS)}`;
  return row;
}

export async function listEndpoints(sql: Sql, orgId: string, page: PageRequest): Promise<Page<EndpointRow>> {
  return keysetPage<EndpointRow>(
    sql,
    sql`select ${sql(COLUMNS)} from webhook_endpoints where org_id = ${orgId}`,
    'created_at',
    page,
  );
}

/** Deletes the endpoint (its deliveries and attempts go with it: on delete cascade); false when not found. */
export async function deleteEndpoint(sql: Db, orgId: string, id: string): Promise<boolean> {
  const deleted = await sql`delete from webhook_endpoints where id = ${id} and org_id = ${orgId}`;
  return deleted.count > 0;
}

/**
 * A new secret: the current one keeps signing as the previous secret for `overlap` (an interval
 * such as '24 hours'). A disabled endpoint stays disabled: a new secret says nothing about
 * whether the receiver answers now (and rotating must not be a way around the disabling of a
 * slow or failing receiver). Undefined when not found.
 */
export async function rotateSecret(
  sql: Db,
  orgId: string,
  id: string,
  secretSealed: Uint8Array,
  overlap: string,
): Promise<EndpointRow | undefined> {
  const [row] = await sql<EndpointRow[]>`
    update webhook_endpoints
    set previous_secret_sealed = secret_sealed,
        previous_secret_expires_at = now() + ${overlap}::interval,
        secret_sealed = ${secretSealed}
    where id = ${id} and org_id = ${orgId}
    returning ${sql(COLUMNS)}`;
  return row;
}

export interface AttemptRow {
  id: string;
  event_id: string;
  type: WebhookEventType;
  attempt_number: number;
  succeeded: boolean;
  http_status: number | null;
  error: string | null;
  duration_ms: number;
  attempted_at: Date;
  next_attempt_at: Date | null;
}

/** The endpoint's delivery attempts, newest first. */
export async function listAttempts(sql: Sql, endpointId: string, page: PageRequest): Promise<Page<AttemptRow>> {
  const rows = sql`
    select a.id, d.event_id, ev.type, a.attempt_number, a.succeeded, a.http_status, a.error, a.duration_ms,
    a.attempted_at, a.next_attempt_at
    from webhook_attempts a
    join webhook_deliveries d on d.id = a.delivery_id
    join webhook_events ev on ev.id = d.event_id
    where a.endpoint_id = ${endpointId}`;
  return keysetPage<AttemptRow>(sql, rows, 'attempted_at', page);
}

/**
 * Writes one event per entry of `events` for the organizations with an endpoint subscribed to
 * `type`, and one pending delivery per subscribed endpoint, in one statement; returns the
 * deliveries' ids. An organization without a subscribed endpoint pays one cheap query and stores
 * nothing.
 */
export async function insertEvents(
  tx: TxSql,
  type: WebhookEventType,
  events: { id: string; projectId: string; body: string }[],
): Promise<{ id: string; endpointId: string; orgId: string }[]> {
  if (events.length === 0) return [];
  const rows = await tx<{ id: string; endpoint_id: string; org_id: string }[]>`
    with event_in as (
      select * from unnest(${events.map((e) => e.id)}::text[], ${events.map((e) => e.projectId)}::uuid[],
      ${events.map((e) => e.body)}::text[]) as x(id, project_id, body)
    ), subscribed as (
      select p.id as project_id, p.org_id, e.id as endpoint_id
      from projects p join webhook_endpoints e on e.org_id = p.org_id
      where p.id in (select project_id from event_in) and e.status = 'enabled' and ${type} = any(e.event_types)
    ), event as (
      insert into webhook_events (id, org_id, type, body)
      select i.id, p.org_id, ${type}, i.body from event_in i join projects p on p.id = i.project_id
      where exists (select 1 from subscribed s where s.project_id = i.project_id)
      returning id
    )
    insert into webhook_deliveries (event_id, endpoint_id, org_id)
    select event.id, s.endpoint_id, s.org_id from event join event_in i on i.id = event.id join subscribed s on
    s.project_id = i.project_id
    returning id, endpoint_id, org_id`;
  return rows.map((r) => ({ id: r.id, endpointId: r.endpoint_id, orgId: r.org_id }));
}

export interface DeliveryRow {
  status: string;
  attempts: number;
  event_id: string;
  body: string;
  endpoint_id: string;
  org_id: string;
  url: string;
  endpoint_status: string;
  secret_sealed: Uint8Array;
  previous_secret_sealed: Uint8Array | null;
  /** Whether the previous secret still signs (within its overlap after a rotation). */
  previous_valid: boolean;
}

/** A delivery with its event and endpoint; undefined when gone (its endpoint was deleted). */
export async function getDelivery(sql: Db, deliveryId: string): Promise<DeliveryRow | undefined> {
  const [row] = await sql<DeliveryRow[]>`
    select d.status, d.attempts, d.event_id, ev.body, e.id as endpoint_id, e.org_id, e.url, e.status as endpoint_status,
      e.secret_sealed, e.previous_secret_sealed, coalesce(e.previous_secret_expires_at > now(), false) as previous_valid
    from webhook_deliveries d
    join webhook_events ev on ev.id = d.event_id
    join webhook_endpoints e on e.id = d.endpoint_id
    where d.id = ${deliveryId}`;
  return row;
}

/** Several deliveries at once (a batch of jobs starting together): getDelivery's rows by id. */
export async function getDeliveries(sql: Db, ids: string[]): Promise<Map<string, DeliveryRow>> {
  const rows = await sql<(DeliveryRow & { id: string })[]>`
    select d.id, d.status, d.attempts, d.event_id, ev.body, e.id as endpoint_id, e.org_id, e.url,
      e.status as endpoint_status, e.secret_sealed, e.previous_secret_sealed,
      coalesce(e.previous_secret_expires_at > now(), false) as previous_valid
    from webhook_deliveries d
    join webhook_events ev on ev.id = d.event_id
    join webhook_endpoints e on e.id = d.endpoint_id
    where d.id = any(${sql.array(ids)}::uuid[])`;
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Records successful attempts of several deliveries in one statement (the common case, batched):
 * each delivery that is still at the previous attempt becomes `succeeded` with its attempt row,
 * and its endpoint's consecutive-failure count is reset. One statement is atomic by itself, so
 * this is one round trip, not a transaction's four. Returns the ids it recorded (another run of a
 * job may have recorded one already).
 */
export async function recordSuccesses(
  sql: Db,
  items: { deliveryId: string; attempt: number; httpStatus: number; durationMs: number }[],
): Promise<Set<string>> {
  const rows = await sql<{ id: string }[]>`
    with v as (
      select * from unnest(${sql.array(items.map((i) => i.deliveryId))}::uuid[],
        ${sql.array(items.map((i) => i.attempt))}::int[], ${sql.array(items.map((i) => i.httpStatus))}::int[],
        ${sql.array(items.map((i) => i.durationMs))}::int[])
        as v(id, attempt, http_status, duration_ms)),
    claimed as (
      update webhook_deliveries d set attempts = v.attempt, status = 'succeeded'
      from v where d.id = v.id and d.attempts = v.attempt - 1 and d.status = 'pending'
      returning d.id, d.endpoint_id, v.attempt, v.http_status, v.duration_ms),
    attempts as (
      insert into webhook_attempts (delivery_id, endpoint_id, attempt_number, succeeded, http_status, error,
        duration_ms, next_attempt_at)
      select id, endpoint_id, attempt, true, http_status, null, duration_ms, null from claimed),
    -- Locked in id order, so two batches resetting the same endpoints lock them in the same order.
    reset as (
      update webhook_endpoints set consecutive_failures = 0
      where id in (select id from webhook_endpoints where id in (select endpoint_id from claimed)
        and consecutive_failures <> 0 order by id for no key update))
    select id from claimed`;
  return new Set(rows.map((r) => r.id));
}

/**
 * Records attempt `attempt` of a delivery that is still at the previous attempt (so a job re-run
 * after a crash records nothing twice): its new status, and the attempt row. False when another
 * run recorded it already.
 */
export async function recordAttempt(
  tx: TxSql,
  a: {
    deliveryId: string;
    endpointId: string;
    attempt: number;
    status: 'succeeded' | 'failed' | 'pending';
    succeeded: boolean;
    httpStatus: number | null;
    error: string | null;
    durationMs: number;
    nextAttemptAt: Date | null;
  },
): Promise<boolean> {
  const claimed = await tx`
    update webhook_deliveries set attempts = ${a.attempt}, status = ${a.status}
    where id = ${a.deliveryId} and attempts = ${a.attempt - 1} and status = 'pending'`;
  if (claimed.count === 0) return false;
  await tx`
    insert into webhook_attempts (delivery_id, endpoint_id, attempt_number, succeeded, http_status, error, duration_ms,
    next_attempt_at)
    values (${a.deliveryId}, ${a.endpointId}, ${a.attempt}, ${a.succeeded}, ${a.httpStatus}, ${a.error},
    ${a.durationMs}, ${a.nextAttemptAt})`;
  return true;
}

// Limits (docs/security.md): the per-organization cap on endpoints and the consecutive-failure
// count that disables an endpoint.

/**
 * Runs `insert` only while the organization has fewer than `max` endpoints. The count and the
 * insert happen under a per-organization transaction lock, so concurrent registrations cannot
 * overshoot the cap. Returns null when the cap is reached.
 */
export async function withinEndpointCap<T>(
  sql: Sql,
  orgId: string,
  max: number,
  insert: (tx: TxSql) => Promise<T>,
): Promise<T | null> {
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
export async function countAttemptOutcome(
  tx: TxSql,
  endpointId: string,
  succeeded: boolean,
  disableAfter: number,
  reason: string,
): Promise<boolean> {
  if (succeeded) {
    await tx`update webhook_endpoints set consecutive_failures = 0 where id = ${endpointId} and consecutive_failures <>
      0`;
    return false;
  }
  const [row] = await tx<{ disabled: boolean }[]>`
    update webhook_endpoints e
       set consecutive_failures = e.consecutive_failures + 1,
           status = case when e.status = 'enabled' and e.consecutive_failures + 1 >= ${disableAfter} then 'disabled'
           else e.status end,
           disabled_reason = case when e.status = 'enabled' and e.consecutive_failures + 1 >= ${disableAfter} then
           ${reason} else e.disabled_reason end
      -- no key update: the attempt rows just inserted by concurrent deliveries hold key-share
      -- locks on this row (their foreign key), which a full update lock would wait for: a deadlock.
      from (select id, status from webhook_endpoints where id = ${endpointId} for no key update) old
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

/**
 * Ends an endpoint's pending deliveries. Deliveries being recorded at this moment by concurrent
 * attempts are skipped (waiting for their row locks while holding the endpoint's would deadlock
 * with them); each ends when its next job finds the endpoint disabled (endDelivery).
 */
async function disableDeliveries(tx: TxSql, endpointId: string): Promise<void> {
  await tx`
    update webhook_deliveries set status = 'failed'
    where id in (
      select id from webhook_deliveries where endpoint_id = ${endpointId} and status = 'pending'
      for update skip locked)`;
}

/** Ends a pending delivery of a disabled endpoint. */
export async function endDelivery(sql: Db, deliveryId: string): Promise<void> {
  await sql`update webhook_deliveries set status = 'failed' where id = ${deliveryId} and status = 'pending'`;
}
