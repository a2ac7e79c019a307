// The `deliver_webhook` job: one attempt of one delivery. A 2xx answer ends it; 410 Gone
// disables the endpoint (its pending deliveries end with it); anything else, or no answer,
// schedules the next attempt by enqueueing the job again with a later run_at, following
// RETRY_DELAYS_MS (seconds, then minutes, then hours: about three days in all).
//
// Every attempt is recorded. The job's payload names the attempt it performs, and recording is
// conditional on the delivery still being at the previous attempt, so a job that graphile-worker
// re-runs after a crash never records or schedules twice. The receiver may see a message twice
// in that case, with the same `webhook-id`: Standard Webhooks receivers deduplicate on it.
//
// Egress is checked at connect time by the dispatcher (src/webhooks/egress.ts): only allowed
// addresses are ever connected to, redirects are never followed, and the tenant sees the HTTP
// status of an answer or "Delivery failed." (never the error class of a connection: that would
// tell a refused port from a filtered one). The reason goes to the log, for the operator.
// An endpoint whose attempts fail WEBHOOK_DISABLE_AFTER_FAILURES times in a row is disabled.
import { request, type Dispatcher } from 'undici';
import type { Sql } from '../db/client.ts';
import { logOrganization, type Logger } from '../log.ts';
import type { JobMetrics } from '../metrics.ts';
import { inSpan, SpanKind, SpanStatusCode } from '../tracing.ts';
import { open } from '../domain/secret-box.ts';
import { signatureHeader } from '../domain/webhook-signature.ts';
import * as db from '../db/webhooks.ts';
import { EgressRefused } from '../webhooks/egress.ts';
import { deliveryFlags, enqueue, type TaskPayloads } from './tasks.ts';
import { Batcher } from '../domain/batcher.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
/** Delay before attempt n+1 after attempt n failed; its length + 1 is the number of attempts. */
const RETRY_DELAYS_MS = [5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 14 * H, 20 * H, 24 * H];
const TIMEOUT_MS = 15 * S;

export interface DeliverDeps {
  sql: Sql;
  log: Logger;
  secretsKey: string | null;
  /** The checking dispatcher (Egress.createAgent): connects only to allowed addresses. */
  dispatcher: Dispatcher;
  /** Consecutive failed attempts that disable an endpoint. */
  disableAfterFailures: number;
  /** An attempt longer than this counts against the endpoint like a failure, even a success. */
  latencyBudgetMs?: number;
  retryDelaysMs?: readonly number[];
  /** graphile-worker's abort signal: an attempt cut by shutdown is not recorded; the job runs again. */
  signal?: AbortSignal;
  /** The process's batches (createDeliveryBatches); without them each delivery reads and records alone. */
  batches?: DeliveryBatches;
  /** The worker's counters (attempts by outcome); absent where a benchmark calls the job directly. */
  metrics?: JobMetrics;
}

/**
 * The statements deliveries share in one worker process. Each delivery costs graphile-worker's
 * fetch and completion plus ours: reading the delivery, and for a success (the common case) a
 * statement recording the attempt and resetting the endpoint's failure count. With 48
 * deliveries in flight these arrive together, so they run as batches: one read for the
 * deliveries that start together, one statement for the successes that end together. A job
 * still awaits its own batch, so it completes only once its attempt is recorded.
 */
export interface DeliveryBatches {
  load: Batcher<string, db.DeliveryRow | undefined>;
  recordSuccess: Batcher<{ deliveryId: string; attempt: number; httpStatus: number; durationMs: number }, boolean>;
}

export function createDeliveryBatches(sql: Sql): DeliveryBatches {
  return {
    load: new Batcher(async (ids) => {
      const rows = await db.getDeliveries(sql, ids);
      return ids.map((id) => rows.get(id));
    }),
    recordSuccess: new Batcher(async (items) => {
      const recorded = await db.recordSuccesses(sql, items);
      return items.map((i) => recorded.has(i.deliveryId));
    }),
  };
}

interface Outcome {
  succeeded: boolean;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
  /** Why it failed, for the log only (the tenant sees `error`). */
  cause?: string;
}

export async function deliverWebhook(deps: DeliverDeps, payload: TaskPayloads['deliver_webhook']): Promise<void> {
  const { sql } = deps;
  const d = deps.batches
    ? await deps.batches.load.add(payload.deliveryId)
    : await db.getDelivery(sql, payload.deliveryId);
  // Pending on an endpoint disabled while this attempt was being recorded (disableDeliveries).
  if (d && d.status === 'pending' && d.endpoint_status !== 'enabled') return db.endDelivery(sql, payload.deliveryId);
  // Deleted, finished, disabled, or this attempt already recorded by an earlier run of the job.
  if (d?.status !== 'pending' || d.endpoint_status !== 'enabled' || d.attempts !== payload.attempt - 1) return;
  logOrganization(d.org_id);

  // A delivery that cannot even be signed (the secret does not open: SECRETS_KEY was changed) is
  // recorded as a failed attempt like any other and retried on the schedule, so it shows in the
  // attempts list and goes through once the key is put right, instead of staying silently pending.
  let secrets: string[] | null = null;
  try {
    secrets = [open(deps.secretsKey, d.secret_sealed, d.endpoint_id)];
    if (d.previous_secret_sealed && d.previous_valid)
      secrets.push(open(deps.secretsKey, d.previous_secret_sealed, d.endpoint_id));
  } catch {
    secrets = null;
  }
  const outcome: Outcome = secrets
    ? await inSpan(
        'webhook POST',
        // The receiver's host only: a URL's path or query may carry the receiver's own token.
        { kind: SpanKind.CLIENT, attributes: { 'http.request.method': 'POST', 'server.address': hostOf(d.url) } },
        async (span) => {
          const o = await post(deps.dispatcher, d.url, d.event_id, d.body, secrets, deps.signal);
          if (o.httpStatus !== null) span?.setAttribute('http.response.status_code', o.httpStatus);
          if (!o.succeeded) span?.setStatus({ code: SpanStatusCode.ERROR, message: o.error ?? undefined });
          return o;
        },
      )
    : {
        succeeded: false,
        httpStatus: null,
        error: UNSIGNABLE,
        durationMs: 0,
        cause: "the endpoint's secret does not open with SECRETS_KEY (was the key changed?)",
      };
  deps.signal?.throwIfAborted();

  const budget = deps.latencyBudgetMs ?? Number.POSITIVE_INFINITY;
  if (deps.batches && outcome.succeeded && outcome.durationMs <= budget) {
    const recorded = await deps.batches.recordSuccess.add({
      deliveryId: payload.deliveryId,
      attempt: payload.attempt,
      httpStatus: outcome.httpStatus!,
      durationMs: outcome.durationMs,
    });
    if (recorded) deps.metrics?.webhook('succeeded', outcome.durationMs / 1000);
    return;
  }
  const delays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const gone = outcome.httpStatus === 410;
  const retryIn = !outcome.succeeded && !gone ? delays[payload.attempt - 1] : undefined;
  let recorded = false;
  await sql.begin(async (tx) => {
    const nextAt = retryIn === undefined ? null : new Date(Date.now() + retryIn);
    recorded = await db.recordAttempt(tx, {
      deliveryId: payload.deliveryId,
      endpointId: d.endpoint_id,
      attempt: payload.attempt,
      status: outcome.succeeded ? 'succeeded' : retryIn === undefined ? 'failed' : 'pending',
      succeeded: outcome.succeeded,
      httpStatus: outcome.httpStatus,
      error: outcome.error,
      durationMs: outcome.durationMs,
      nextAttemptAt: nextAt,
    });
    if (!recorded) return;
    if (nextAt)
      await enqueue(
        tx,
        'deliver_webhook',
        { deliveryId: payload.deliveryId, attempt: payload.attempt + 1 },
        { runAt: nextAt, flags: deliveryFlags(d.org_id, d.endpoint_id) },
      );
    if (gone) {
      await db.disableEndpoint(tx, d.endpoint_id, `The receiver answered 410 Gone at ${new Date().toISOString()}.`);
    } else {
      // A slow receiver holds delivery slots as a failing one does: past the latency budget an
      // attempt counts against the endpoint (and never resets the count), so an endpoint that
      // answers 200 after 14 s is disabled like one that fails.
      await db.countAttemptOutcome(
        tx,
        d.endpoint_id,
        outcome.succeeded && outcome.durationMs <= budget,
        deps.disableAfterFailures,
        `${deps.disableAfterFailures} attempts in a row failed or took longer than ${budget / 1000} s; the last at ` +
          `${new Date().toISOString()}.`,
      );
    }
  });
  if (recorded)
    deps.metrics?.webhook(
      outcome.succeeded ? 'succeeded' : retryIn === undefined ? 'failed' : 'retrying',
      outcome.durationMs / 1000,
    );
  if (!outcome.succeeded) {
    deps.log.info('webhook attempt failed', {
      deliveryId: payload.deliveryId,
      endpointId: d.endpoint_id,
      attempt: payload.attempt,
      httpStatus: outcome.httpStatus,
      cause: outcome.cause ?? outcome.error,
    });
  }
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

/** What a tenant sees for any failure without an HTTP answer. */
export const DELIVERY_FAILED = 'Delivery failed.';
/** What a tenant sees when the message could not be signed; nothing was sent. */
export const UNSIGNABLE = 'Delivery failed before sending: the message could not be signed.';

async function post(
  dispatcher: Dispatcher,
  url: string,
  id: string,
  body: string,
  secrets: string[],
  shutdown?: AbortSignal,
): Promise<Outcome> {
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const done = (o: Omit<Outcome, 'durationMs'>): Outcome => ({
    ...o,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    // undici's request never follows a redirect: a 3xx is an answer like any other non-2xx.
    const res = await request(url, {
      method: 'POST',
      dispatcher,
      signal: shutdown ? AbortSignal.any([AbortSignal.timeout(TIMEOUT_MS), shutdown]) : AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Assay-Webhooks/1',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(secrets, id, timestamp, body),
      },
      body,
    });
    await res.body.dump({ limit: 64 * 1024 }).catch(() => {});
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return done({
      succeeded: ok,
      httpStatus: res.statusCode,
      error: ok ? null : `The receiver answered HTTP ${res.statusCode}.`,
    });
  } catch (err) {
    return done({ succeeded: false, httpStatus: null, error: DELIVERY_FAILED, cause: describeFailure(err) });
  }
}

/** The reason, for the operator's log: never shown to the tenant. */
function describeFailure(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err instanceof EgressRefused || e?.cause instanceof EgressRefused)
    return `egress refused: ${(e.cause instanceof EgressRefused ? e.cause : e).message}`;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${TIMEOUT_MS / 1000} seconds`;
  return e?.code ?? e?.cause?.code ?? e?.message ?? 'unknown';
}
