// Webhook endpoints of the organization (an addition to the reference, which names the event
// but not its registration; docs/webhooks.md). The secret is returned by create and rotate only;
// it is stored sealed under SECRETS_KEY (src/domain/secret-box.ts), never hashed, since we sign
// with it.
import { randomUUID } from 'node:crypto';
import type {
  CreateWebhookEndpointInput,
  CreateWebhookEndpointResult,
  DeleteWebhookEndpointInput,
  DeleteWebhookEndpointResult,
  GetWebhookEndpointInput,
  GetWebhookEndpointResult,
  ListWebhookAttemptsInput,
  ListWebhookAttemptsResult,
  ListWebhookEndpointsInput,
  ListWebhookEndpointsResult,
  RotateWebhookEndpointSecretInput,
  RotateWebhookEndpointSecretResult,
} from '../generated/handlers.ts';
import type { components } from '../generated/openapi-types.ts';
import type { RequestContext } from '../context.ts';
import { ApiError, errors } from '../errors.ts';
import { mapPage } from '../db/pagination.ts';
import * as db from '../db/webhooks.ts';
import { seal } from '../domain/secret-box.ts';
import { newWebhookSecret } from '../domain/webhook-signature.ts';
import { pointsAtSelf } from '../webhooks/self-url.ts';

type Endpoint = components['schemas']['WebhookEndpoint'];

function toEndpoint(r: db.EndpointRow): Endpoint {
  return {
    webhookEndpointId: r.id,
    url: r.url,
    eventTypes: r.event_types,
    description: r.description,
    status: r.status,
    disabledReason: r.disabled_reason,
    createdAt: r.created_at.toISOString(),
  };
}

async function requireEndpoint(ctx: RequestContext, id: string): Promise<db.EndpointRow> {
  const row = await db.getEndpoint(ctx.sql, ctx.auth.orgId, id);
  if (!row) throw errors.webhookEndpointNotFound(id);
  return row;
}

export async function createWebhookEndpoint(
  { body }: CreateWebhookEndpointInput,
  ctx: RequestContext,
): Promise<CreateWebhookEndpointResult> {
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
  const row = await db.withinEndpointCap(ctx.sql, ctx.auth.orgId, max, (tx) =>
    db.insertEndpoint(tx, {
      id,
      orgId: ctx.auth.orgId,
      url: body.url,
      eventTypes: body.eventTypes,
      description: body.description ?? null,
      secretSealed: seal(ctx.config.secretsKey, secret, id),
    }),
  );
  if (!row)
    throw new ApiError(
      'webhook_endpoint_limit_reached',
      `The organization already has ${max} webhook endpoints; delete one first.`,
    );
  return { status: 201, body: { ...toEndpoint(row), secret } };
}

export async function listWebhookEndpoints(
  { query }: ListWebhookEndpointsInput,
  ctx: RequestContext,
): Promise<ListWebhookEndpointsResult> {
  const page = await db.listEndpoints(ctx.sql, ctx.auth.orgId, { limit: query.limit, cursor: query.cursor });
  return { status: 200, body: mapPage(page, toEndpoint) };
}

export async function getWebhookEndpoint(
  { params }: GetWebhookEndpointInput,
  ctx: RequestContext,
): Promise<GetWebhookEndpointResult> {
  return { status: 200, body: toEndpoint(await requireEndpoint(ctx, params.webhookEndpointId)) };
}

export async function deleteWebhookEndpoint(
  { params }: DeleteWebhookEndpointInput,
  ctx: RequestContext,
): Promise<DeleteWebhookEndpointResult> {
  // Deliveries and attempts go with it; queued jobs find nothing and stop.
  if (!(await db.deleteEndpoint(ctx.sql, ctx.auth.orgId, params.webhookEndpointId)))
    throw errors.webhookEndpointNotFound(params.webhookEndpointId);
  return { status: 200, body: { webhookEndpointId: params.webhookEndpointId, deleted: true } };
}

/** How long the previous secret keeps signing after a rotation. */
const ROTATION_OVERLAP = '24 hours';

export async function rotateWebhookEndpointSecret(
  { params }: RotateWebhookEndpointSecretInput,
  ctx: RequestContext,
): Promise<RotateWebhookEndpointSecretResult> {
  const id = params.webhookEndpointId;
  const secret = newWebhookSecret();
  const row = await db.rotateSecret(
    ctx.sql,
    ctx.auth.orgId,
    id,
    seal(ctx.config.secretsKey, secret, id),
    ROTATION_OVERLAP,
  );
  if (!row) throw errors.webhookEndpointNotFound(id);
  return { status: 200, body: { ...toEndpoint(row), secret } };
}

export async function listWebhookAttempts(
  { params, query }: ListWebhookAttemptsInput,
  ctx: RequestContext,
): Promise<ListWebhookAttemptsResult> {
  const endpoint = await requireEndpoint(ctx, params.webhookEndpointId);
  const page = await db.listAttempts(ctx.sql, endpoint.id, { limit: query.limit, cursor: query.cursor });
  return {
    status: 200,
    body: mapPage(page, (r) => ({
      attemptId: r.id,
      webhookId: r.event_id,
      eventType: r.type,
      attemptNumber: r.attempt_number,
      outcome: r.succeeded ? 'succeeded' : 'failed',
      httpStatus: r.http_status,
      error: r.error,
      durationMs: r.duration_ms,
      attemptedAt: r.attempted_at.toISOString(),
      nextAttemptAt: r.next_attempt_at?.toISOString() ?? null,
    })),
  };
}
