// The one request pipeline. Every door runs the same steps, driven by the operation table
// (src/generated/operations.ts); a door differs from another only in its transport (express for
// REST, JSON-RPC for MCP) and in its row of DOORS:
//
//   authenticate   by the operation's security (`auth`: apiKey, validatorSession, validator (a
//                  session or an AI validator key), none), or by the door's one scheme
//   rate-limit     the caller's budget (API key, session, AI validator key), or the client address
//                  for public operations
//   refuse NUL     in the raw query (the body's values are checked as it is read)
//   read the body  once, JSON operations only, within the operation's `bodyLimit`
//   idempotency    where the operation is `idempotent` (it takes the Idempotency-Key)
//   validate, run  Api.run: the contract's validators, then the handler of the handler table
//   asApiError     every failure, whatever threw it, as a registry error, logged when internal
//
// Each step is a small function of its own, so a change to one (how a limit is keyed, what an
// idempotency key is scoped to) stays in one place.
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, toApiError } from '../errors.ts';
import { fromPgError } from '../db/errors.ts';
import { fromStorageError } from '../storage/s3.ts';
import {
  documents,
  operationIds,
  operationTable,
  type DocumentName,
  type OperationId,
} from '../generated/operations.ts';
import {
  authenticate,
  authenticateAiKey,
  authenticateSession,
  authenticateValidator,
  type AuthContext,
  type ValidatorCaller,
  type ValidatorSessionContext,
} from './auth.ts';
import { idempotent, parseIdempotencyKey, type IdempotencyScope } from './idempotency.ts';
import { refuseNulInQuery } from './nul.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { LARGE_BODY_BYTES } from './body-limits.ts';
import type { PolicyName } from './rate-limit.ts';
import type { AuditFields } from './access-log.ts';
import { isOperation, type Api, type ApiRequest, type ApiResult, type MatchedOperation, type ResultOf } from './api.ts';
import type { AppDeps, PublicRequestContext, RequestContext } from '../context.ts';
import type { Logger } from '../log.ts';

/**
 * How a caller is authenticated: an operation's `auth`, or `aiValidatorKey`, the one scheme of the
 * AI validators' tool server (the key alone: a person's session is refused there).
 */
type Scheme = (typeof operationTable)[OperationId]['auth'] | 'aiValidatorKey';

/** Whether a caller admitted by `scheme` may run an operation of `auth` (a door's tools, checked once). */
export const schemeServes = (scheme: Scheme, auth: (typeof operationTable)[OperationId]['auth']): boolean =>
  scheme === auth || (scheme === 'aiValidatorKey' && auth === 'validator');

/** A way in: where it is mounted and which operations it serves. */
export interface Door {
  /** What the transport mounts (express path). */
  readonly mount: string;
  /** The server whose operations the door serves (the operation table's `server`). */
  readonly server: string;
  /** What the mount takes off the path that the operation's path keeps (`/.well-known` at the root). */
  readonly pathPrefix: string;
  /**
   * The scheme a caller is authenticated by before routing, when every operation of the door
   * shares it (an unknown path without a key is then 401, as the reference says); null: by the
   * routed operation's scheme.
   */
  readonly scheme: Scheme | null;
  /** The policy public operations count under, per client address; null: not limited (the JWKS). */
  readonly publicPolicy: PolicyName | null;
  /** rest: express routes to operations; mcp: a JSON-RPC endpoint whose tools are operations. */
  readonly transport: 'rest' | 'mcp';
  /**
   * The published document of the door's server (null: the root's operations, in none). An MCP
   * door serves that document's tools (x-mcp, x-mcp-extra-tools) that its scheme may run.
   */
  readonly document: DocumentName | null;
  /** What an MCP door tells a client in `initialize`. */
  readonly instructions?: string;
}

/** The scheme every operation of `server` declares, or null when they differ. */
function sharedScheme(server: string): Scheme | null {
  const schemes = new Set(
    operationIds.filter((id) => operationTable[id].server === server).map((id) => operationTable[id].auth),
  );
  return schemes.size === 1 ? [...schemes][0]! : null;
}

const door = (d: Omit<Door, 'scheme' | 'document'> & { scheme?: Scheme }): Door => ({
  ...d,
  scheme: d.scheme ?? sharedScheme(d.server),
  document: (Object.keys(documents) as DocumentName[]).find((n) => documents[n].server === d.server) ?? null,
});

/** The doors of this service. A new one (another MCP tool server) is a row here, not a copy of the steps. */
export const DOORS: readonly Door[] = [
  door({
    transport: 'mcp',
    mount: '/mcp',
    server: documents.developer.server,
    pathPrefix: '',
    publicPolicy: null,
    instructions: 'Assay data-quality projects. Call get_started first for the recommended tool sequence.',
  }),
  // The validator tools for AI validators: the validation operations of the validator API, with an
  // AI validator key only (a person works through the web app with a session).
  door({
    transport: 'mcp',
    mount: '/validator/mcp',
    server: documents.validator.server,
    pathPrefix: '',
    publicPolicy: null,
    scheme: 'aiValidatorKey',
    instructions:
      'Assay validator tools for an AI validator: list_my_projects, then claim_next_datapoint (or wait_for_work ' +
      'when idle), rate the content by the instructions, and submit_vote (or release_claim / skip_datapoint).',
  }),
  door({
    transport: 'rest',
    mount: documents.developer.server,
    server: documents.developer.server,
    pathPrefix: '',
    publicPolicy: 'public',
  }),
  door({
    transport: 'rest',
    mount: documents.validator.server,
    server: documents.validator.server,
    pathPrefix: '',
    publicPolicy: 'public',
  }),
  door({ transport: 'rest', mount: '/.well-known', server: '/', pathPrefix: '/.well-known', publicPolicy: null }),
];

/** What a transport hands the pipeline for one request. */
export interface Exchange {
  readonly requestId: string;
  /** The request's logger: its lines carry the request id and, once authenticated, the organization. */
  readonly log: Logger;
  readonly method: string;
  /** Path relative to the door's mount. */
  readonly path: string;
  /** Raw query string without `?`. */
  readonly rawQuery: string;
  readonly headers: IncomingHttpHeaders;
  /** The address a public request is counted under. */
  clientAddress(): string;
  /** The JSON body within `limit`, read once (src/http/body.ts): undefined when empty. */
  readBody(limit: number, operationId: OperationId): Promise<unknown>;
  /** Response headers the steps add (the RateLimit headers). */
  setHeaders(headers: Record<string, string>): void;
  audit(fields: AuditFields): void;
  /** Calls `done` with the bytes of the answer once it is written, or once the client has left. */
  answered(done: (bytes: number) => void): void;
}

/** Who is calling, once authenticated. */
export interface Caller {
  auth?: AuthContext;
  session?: ValidatorSessionContext;
  /** A validator's work: the person (session) or AI validator (key) acting. */
  validator?: ValidatorCaller;
}

/** A credential that was looked up and not found: it counts against the address's unauthenticated budget. */
const FAILED_CREDENTIAL: ReadonlySet<string> = new Set([
  'api_key_invalid',
  'session_token_invalid',
  'ai_validator_key_invalid',
]);

/**
 * Authenticates by `scheme`; records who called in the access log. Before any database work, a
 * request without a credential counts against its address's in-memory unauthenticated budget,
 * and one with a credential is refused when that budget is spent (guessed keys count there).
 */
async function authenticateCaller(
  scheme: Scheme,
  x: Pick<Exchange, 'headers' | 'audit' | 'clientAddress'>,
  deps: AppDeps,
): Promise<Caller> {
  const limits = deps.rateLimits;
  if (scheme === 'none') {
    if (limits.limitsAddresses) await limits.consumeUnauthenticated(x.clientAddress());
    return {};
  }
  if (limits.limitsAddresses) {
    const spent = limits.checkCredentialAttempt(x.clientAddress());
    if (spent) await spent;
  }
  try {
    if (scheme === 'apiKey') {
      const auth = await authenticate(deps.sql, x.headers.authorization);
      x.audit({ orgId: auth.orgId, keyId: auth.keyId });
      return { auth };
    }
    if (scheme === 'validator')
      return validatorCaller(await authenticateValidator(deps.sql, x.headers.authorization), x);
    if (scheme === 'aiValidatorKey') {
      const aiKey = await authenticateAiKey(deps.sql, x.headers.authorization);
      return validatorCaller({ userId: aiKey.userId, aiKey }, x);
    }
    const session = await authenticateSession(deps.sql, x.headers.authorization);
    x.audit({ userId: session.userId, sessionId: session.sessionId });
    return { session };
  } catch (err) {
    if (err instanceof ApiError && FAILED_CREDENTIAL.has(err.code) && limits.limitsAddresses)
      await limits.countFailedCredential(x.clientAddress());
    throw err;
  }
}

/** A validator at work, recorded in the access log as its credential says (an AI key is a key of its organization). */
function validatorCaller(validator: ValidatorCaller, x: Pick<Exchange, 'audit'>): Caller {
  if (validator.aiKey)
    x.audit({ orgId: validator.aiKey.orgId, keyId: validator.aiKey.keyId, userId: validator.userId });
  else x.audit({ userId: validator.userId, sessionId: validator.session!.sessionId });
  return { validator };
}

/**
 * The budget a request counts against: an API key's (REST and MCP count together), a session's,
 * or, for a public operation, the client address's under the door's public policy.
 */
function rateLimitKey(
  scheme: Scheme,
  caller: Caller,
  d: Door,
  x: Pick<Exchange, 'clientAddress'>,
): [PolicyName, string] | null {
  if (scheme === 'apiKey') return ['api', caller.auth!.keyId];
  if (scheme === 'validatorSession') return ['api', `session:${caller.session!.sessionId}`];
  // An AI validator key counts like an API key (REST and MCP together); a person at work like their session.
  if (caller.validator?.aiKey) return ['api', `ai:${caller.validator.aiKey.keyId}`];
  if (caller.validator?.session) return ['api', `session:${caller.validator.session.sessionId}`];
  return d.publicPolicy ? [d.publicPolicy, x.clientAddress()] : null;
}

/** Authenticates and counts the request; throws 401/429 as the registry says. */
export async function admit(
  scheme: Scheme,
  d: Door,
  x: Pick<Exchange, 'headers' | 'audit' | 'clientAddress' | 'setHeaders'>,
  deps: AppDeps,
): Promise<Caller> {
  const caller = await authenticateCaller(scheme, x, deps);
  const key = rateLimitKey(scheme, caller, d, x);
  if (key && deps.rateLimits.limits(key[0])) x.setHeaders(await deps.rateLimits.consume(key[0], key[1]));
  return caller;
}

/** The handler's context: the request's and the caller's. */
export function contextFor(
  deps: AppDeps,
  x: Pick<Exchange, 'requestId' | 'log' | 'headers'>,
  caller: Caller,
): PublicRequestContext & Caller {
  return { ...deps, log: x.log, requestId: x.requestId, host: x.headers.host, ...caller };
}

/** Whose retries share idempotency records: the caller's organization and API key. */
function idempotencyScope(ctx: PublicRequestContext): IdempotencyScope {
  const auth = (ctx as Partial<RequestContext>).auth;
  if (!auth) throw new Error('an idempotent operation needs an API key caller');
  return { orgId: auth.orgId, apiKeyId: auth.keyId };
}

/**
 * The operation's last steps, on every door: idempotency where declared (a null key: none sent),
 * then validation and the handler (Api.run).
 */
function execute<K extends OperationId>(
  api: Api,
  op: MatchedOperation<K>,
  request: ApiRequest,
  ctx: PublicRequestContext,
  idempotencyKey: string | null,
): Promise<ResultOf<K>> {
  const run = () => api.run(op, request, ctx);
  if (idempotencyKey === null || !operationTable[op.operationId].idempotent) return run();
  return idempotent(
    { sql: ctx.sql, secretsKey: ctx.config.secretsKey },
    idempotencyScope(ctx),
    idempotencyKey,
    op.operationId,
    request.path,
    request.body,
    () => api.authorize(op, ctx),
    run,
  );
}

/**
 * The longest a large body waits for its organization's budget (readBody); beyond, the request is
 * refused with `rate_limited` and Retry-After. Node closes a request not received within
 * HTTP_REQUEST_TIMEOUT_MS (30 s by default) with a bare 408, so a request is never held that long.
 */
const MAX_BODY_WAIT_MS = 10_000;

/**
 * The request's JSON body (`read`, on every door: REST and the MCP endpoint), a large one
 * (LARGE_BODY_BYTES or more, or chunked of no declared length) read once its organization's budget
 * allows (AppDeps.requestBodies; an unauthenticated caller's address stands for it): until then
 * the body stays in the socket, so a waiting request holds no memory for it. A large body costs
 * the API about its size in parsing, validation and garbage that outlives young collections,
 * whose pauses every tenant waits on, and its answer about the answer's size again (a declare
 * answers about three times its body: a key and a signed URL per path, most of the request's CPU);
 * one organization sending them in a loop is paced, and every other organization's requests are
 * not (bench/README.md, hostile tenants). The body's size is reserved before the read: the
 * declared length, or the operation's limit for a body of no declared length; the answer's bytes
 * are charged once it is written, so they delay the organization's next large body. A body
 * declared over the limit is refused at once (readJson); a small one never waits, and its answer
 * is not charged (a file list's answers have a budget of their own: src/handlers/uploads.ts).
 */
export async function readBody<T>(
  deps: AppDeps,
  x: Exchange,
  caller: Caller,
  limit: number,
  read: () => Promise<T>,
): Promise<T> {
  // No Content-Length: a chunked body of unknown length, or (without Transfer-Encoding) none.
  const length = x.headers['content-length'];
  const declared = length !== undefined ? Number(length) : x.headers['transfer-encoding'] ? Number.NaN : 0;
  if (declared < LARGE_BODY_BYTES || declared > limit) return read();
  const key = caller.auth?.orgId ?? caller.validator?.aiKey?.orgId ?? `address ${x.clientAddress()}`;
  const cost = Number.isFinite(declared) ? declared : limit;
  const wait = deps.requestBodies.reserve(key, cost, MAX_BODY_WAIT_MS);
  if (wait === null) {
    const retryAfter = Math.ceil((deps.requestBodies.wait(key) - MAX_BODY_WAIT_MS) / 1000) + 1;
    throw new ApiError(
      'rate_limited',
      `Too many large request bodies from this organization at once; retry after ${retryAfter} seconds.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
  x.answered((bytes) => deps.requestBodies.charge(key, bytes));
  if (wait > 0) await sleep(wait);
  return read();
}

/** A REST request through every step, for the door's transport to write. */
export async function serveRest(api: Api, deps: AppDeps, d: Door, x: Exchange): Promise<ApiResult> {
  const early = d.scheme === null ? null : await admit(d.scheme, d, x, deps);
  const path = d.pathPrefix + x.path;
  const op = api.match(x.method, path, d.server);
  x.audit({ operation: op.operationId });
  const info = operationTable[op.operationId];
  const caller = early ?? (await admit(info.auth, d, x, deps));
  // Query values too (a decoded %00 cannot be stored or compared in Postgres).
  refuseNulInQuery(x.rawQuery);
  // Only JSON operations read the body here; the one-shot upload must answer before reading it.
  const body =
    info.bodyType === 'application/json'
      ? await readBody(deps, x, caller, info.bodyLimit, () => x.readBody(info.bodyLimit, op.operationId))
      : undefined;
  const ctx = contextFor(deps, x, caller);
  const key = info.idempotent ? parseIdempotencyKey(x.headers['idempotency-key']) : null;
  return execute(api, op, { method: x.method, path, query: x.rawQuery, headers: x.headers, body }, ctx, key);
}

/**
 * The one normalizer: whatever was thrown becomes a registry error (Postgres and storage errors
 * a request can cause mapped first; anything else internal_error, whose cause goes to the log
 * only, with the request id).
 */
export function asApiError(
  err: unknown,
  log: Logger,
  requestId: string,
  detail: Record<string, string> = {},
): ApiError {
  const apiErr = toApiError(fromStorageError(fromPgError(err)));
  if (apiErr.code === 'internal_error') {
    log.error('request failed', { requestId, ...detail, error: err instanceof Error ? err : String(err) });
  } else if (apiErr.code === 'service_unavailable') {
    // One line, no stack: an outage would otherwise fill the log with identical traces.
    const cause = (apiErr as { cause?: { code?: string; name?: string; message?: string } }).cause;
    log.warn('dependency unavailable', {
      requestId,
      ...detail,
      message: apiErr.message,
      cause: cause?.code ?? cause?.name ?? cause?.message,
    });
  }
  return apiErr;
}

/** The operation a tool or a wait step calls, as its REST request (path from the table, no body read). */
export function operationRequest(
  operationId: OperationId,
  input: { params?: Record<string, unknown>; query?: Record<string, string>; body?: unknown },
): ApiRequest {
  const info = operationTable[operationId];
  const path = info.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(input.params?.[name])));
  const json = info.bodyType === 'application/json';
  return {
    method: info.method,
    path,
    query: new URLSearchParams(input.query ?? {}).toString(),
    headers: json ? { 'content-type': 'application/json' } : {},
    body: json ? (input.body ?? {}) : undefined,
  };
}

/** Runs an operation for a caller already admitted (an MCP tool call): route, idempotency, validate, run. */
export async function callOperation<K extends OperationId>(
  api: Api,
  server: string,
  operationId: K,
  request: ApiRequest,
  ctx: PublicRequestContext,
  idempotencyKey: string | null = null,
): Promise<ResultOf<K>> {
  const op = api.match(request.method, request.path, server);
  if (!isOperation(op, operationId)) throw new ApiError('internal_error');
  return execute(api, op, request, ctx, idempotencyKey);
}
