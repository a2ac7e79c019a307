// Webhook endpoints of the organization (an addition to the reference, which names the event
// but not its registration). The secret is returned by create and rotate only; it is stored
// sealed under SECRETS_KEY (src/domain/secret-box.ts), never hashed, since we sign with it.
import { randomUUID } from 'node:crypto';
import type {
  CreateWebhookEndpointInput, CreateWebhookEndpointResult, DeleteWebhookEndpointInput, DeleteWebhookEndpointResult,
  GetWebhookEndpointInput, GetWebhookEndpointResult, ListWebhookAttemptsInput, ListWebhookAttemptsResult,
  ListWebhookEndpointsInput, ListWebhookEndpointsResult, RotateWebhookEndpointSecretInput, RotateWebhookEndpointSecretResult,
} from '../generated/handlers.ts';
import type { components } from '../generated/openapi-types.ts';
import type { RequestContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { decodeCursor, toPage, CURSOR_FORMAT } from '../http/pagination.ts';
import { seal } from '../domain/secret-box.ts';
import { newWebhookSecret } from '../domain/webhook-signature.ts';
import { pointsAtSelf } from '../webhooks/self-url.ts';
import { withinEndpointCap } from '../db/webhook-limits.ts';

type Endpoint = components['schemas']['WebhookEndpoint'];
type EventType = components['schemas']['WebhookEventType'];

interface EndpointRow {
  id: string;
  url: string;
  event_types: EventType[];
  description: string | null;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  created_at: Date;
  cursor_t: string;
}

const COLUMNS = ['id', 'url', 'event_types', 'description', 'status', 'disabled_reason', 'created_at'];

function toEndpoint(r: EndpointRow): Endpoint {
  return {
    webhookEndpointId: r.id, url: r.url, eventTypes: r.event_types, description: r.description,
    status: r.status, disabledReason: r.disabled_reason, createdAt: r.created_at.toISOString(),
  };
}

async function requireEndpoint(ctx: RequestContext, id: string): Promise<EndpointRow> {
  const [row] = await ctx.sql<EndpointRow[]>`
    select ${ctx.sql(COLUMNS)}, '' as cursor_t from webhook_endpoints where id = ${id} and org_id = ${ctx.auth.orgId}`;
  if (!row) throw endpointNotFound(id);
  return row;
}

const endpointNotFound = (id: string) => new ApiError('webhook_endpoint_not_found', `No webhook endpoint ${id} in this organization.`, 'webhookEndpointId');

export async function createWebhookEndpoint({ body }: CreateWebhookEndpointInput, ctx: RequestContext): Promise<CreateWebhookEndpointResult> {
  // The schema's `uri` format and WHATWG URL parsing differ at the edges: what fetch could not
  // send to is refused here, as the schema would.
  if (!URL.canParse(body.url) || !/^https?:$/.test(new URL(body.url).protocol)) {
    throw new ApiError('request_body_invalid', 'The url must be an absolute http(s) URL.', 'url');
  }
  const url = new URL(body.url);
  // Egress (docs/security.md): no credentials, and every address of the host must be public
  // (or loopback where WEBHOOK_RECEIVERS allows it). Delivery checks again at connect time.
  const refusal = await ctx.egress.refusal(url);
  if (refusal) throw new ApiError('request_body_invalid', refusal, 'url');
  if (await pointsAtSelf(ctx.egress, url, [ctx.config.publicBaseUrl, ctx.host])) {
    throw new ApiError('request_body_invalid', 'A webhook URL must not point at this service itself.', 'url');
  }
  const id = randomUUID();
  const secret = newWebhookSecret();
  const max = ctx.config.webhooks.maxEndpointsPerOrg;
  const row = await withinEndpointCap(ctx.sql, ctx.auth.orgId, max, async (tx) => {
    const [inserted] = await tx<EndpointRow[]>`
      insert into webhook_endpoints (id, org_id, url, event_types, description, secret_sealed)
      values (${id}, ${ctx.auth.orgId}, ${body.url}, ${body.eventTypes}, ${body.description ?? null}, ${seal(ctx.config.secretsKey, secret, id)})
      returning ${tx(COLUMNS)}, '' as cursor_t`;
    return inserted;
  });
  if (!row) throw new ApiError('webhook_endpoint_limit_reached', `The organization already has ${max} webhook endpoints; delete one first.`);
  return { status: 201, body: { ...toEndpoint(row), secret } };
}

export async function listWebhookEndpoints({ query }: ListWebhookEndpointsInput, ctx: RequestContext): Promise<ListWebhookEndpointsResult> {
  const limit = query.limit;
  const after = decodeCursor(query.cursor);
  const sql = ctx.sql;
  const rows = await sql<EndpointRow[]>`
    select ${sql(COLUMNS)}, to_char(created_at at time zone 'UTC', ${CURSOR_FORMAT}) as cursor_t
    from webhook_endpoints
    where org_id = ${ctx.auth.orgId}
      ${after ? sql`and (created_at, id) < (${after.t}::text::timestamptz, ${after.id}::uuid)` : sql``}
    order by created_at desc, id desc
    limit ${limit + 1}`;
  return { status: 200, body: toPage(rows, limit, toEndpoint) };
}

export async function getWebhookEndpoint({ params }: GetWebhookEndpointInput, ctx: RequestContext): Promise<GetWebhookEndpointResult> {
  return { status: 200, body: toEndpoint(await requireEndpoint(ctx, params.webhookEndpointId)) };
}

export async function deleteWebhookEndpoint({ params }: DeleteWebhookEndpointInput, ctx: RequestContext): Promise<DeleteWebhookEndpointResult> {
  // Deliveries and attempts go with it (on delete cascade); queued jobs find nothing and stop.
  const deleted = await ctx.sql`delete from webhook_endpoints where id = ${params.webhookEndpointId} and org_id = ${ctx.auth.orgId}`;
  if (deleted.count === 0) throw endpointNotFound(params.webhookEndpointId);
  return { status: 200, body: { webhookEndpointId: params.webhookEndpointId, deleted: true } };
}

/** How long the previous secret keeps signing after a rotation. */
const ROTATION_OVERLAP = '24 hours';

export async function rotateWebhookEndpointSecret({ params }: RotateWebhookEndpointSecretInput, ctx: RequestContext): Promise<RotateWebhookEndpointSecretResult> {
  const id = params.webhookEndpointId;
  const secret = newWebhookSecret();
  const [row] = await ctx.sql<EndpointRow[]>`
    update webhook_endpoints
    set previous_secret_sealed = secret_sealed,
        previous_secret_expires_at = now() + ${ROTATION_OVERLAP}::interval,
        secret_sealed = ${seal(ctx.config.secretsKey, secret, id)},
        status = 'enabled', disabled_reason = null, consecutive_failures = 0
    where id = ${id} and org_id = ${ctx.auth.orgId}
    returning ${ctx.sql(COLUMNS)}, '' as cursor_t`;
  if (!row) throw endpointNotFound(id);
  return { status: 200, body: { ...toEndpoint(row), secret } };
}

interface AttemptRow {
  id: string;
  event_id: string;
  type: EventType;
  attempt_number: number;
  succeeded: boolean;
  http_status: number | null;
  error: string | null;
  duration_ms: number;
  attempted_at: Date;
  next_attempt_at: Date | null;
  cursor_t: string;
}

export async function listWebhookAttempts({ params, query }: ListWebhookAttemptsInput, ctx: RequestContext): Promise<ListWebhookAttemptsResult> {
  const endpoint = await requireEndpoint(ctx, params.webhookEndpointId);
  const limit = query.limit;
  const after = decodeCursor(query.cursor);
  const sql = ctx.sql;
  const rows = await sql<AttemptRow[]>`
    select a.id, d.event_id, ev.type, a.attempt_number, a.succeeded, a.http_status, a.error, a.duration_ms, a.attempted_at, a.next_attempt_at,
      to_char(a.attempted_at at time zone 'UTC', ${CURSOR_FORMAT}) as cursor_t
    from webhook_attempts a
    join webhook_deliveries d on d.id = a.delivery_id
    join webhook_events ev on ev.id = d.event_id
    where a.endpoint_id = ${endpoint.id}
      ${after ? sql`and (a.attempted_at, a.id) < (${after.t}::text::timestamptz, ${after.id}::uuid)` : sql``}
    order by a.attempted_at desc, a.id desc
    limit ${limit + 1}`;
  return {
    status: 200,
    body: toPage(rows, limit, (r) => ({
      attemptId: r.id, webhookId: r.event_id, eventType: r.type, attemptNumber: r.attempt_number,
      outcome: r.succeeded ? 'succeeded' : 'failed', httpStatus: r.http_status, error: r.error,
      durationMs: r.duration_ms, attemptedAt: r.attempted_at.toISOString(), nextAttemptAt: r.next_attempt_at?.toISOString() ?? null,
    })),
  };
}
