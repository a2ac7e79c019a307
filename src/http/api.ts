// The REST core shared by HTTP and MCP: openapi-backend routes a request to an operation of
// openapi.yaml and validates it with our Ajv 2020 instance; the typed handler for that
// operationId runs; the result or an ApiError comes back. Transport concerns (reading bodies,
// writing responses, MCP framing) live in app.ts and mcp/.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { OpenAPIBackend, OpenAPIValidator, ValidationContext, type Document, type Operation } from 'openapi-backend';
import type { ValidateFunction } from 'ajv';
import { contractDocument } from '../generated/contract.ts';
import { parse as parseQueryString } from 'qs';
import { createAjv } from '../schema/ajv.ts';
import { ApiError } from '../errors.ts';
import { requestErrorToApiError } from './schema-errors.ts';
import { isLargeBody, validatedOnThread } from './body.ts';
import { markConditionals } from '../schema/describe.ts';
import { requireOriginator, type AuthContext } from './auth.ts';
import { documents, operationTable, operationIds, type OperationId } from '../generated/operations.ts';
import type { HandlerMap, HandlerResult } from '../generated/handlers.ts';
import type { HandlerContexts, PublicRequestContext, RequestContext } from '../context.ts';

export interface ApiRequest {
  method: string;
  /** Path relative to the operation's server: `/projects/…` under /developer/v1 (the root's: `/.well-known/…`). */
  path: string;
  /** Raw query string without `?`, or already-split values. */
  query: string | Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}

export interface ApiResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * openapi-backend validates documents against the OpenAPI 3.0 meta-schema, which rejects 3.1
 * constructs such as `type: [string, "null"]`. The contract is linted as 3.1 by Redocly in
 * `make test` and is a committed, generated artifact, so that check is skipped here; everything
 * else (dereferencing, routing, request validation) is openapi-backend's.
 */
class ContractBackend extends OpenAPIBackend {
  override validateDefinition(): Document {
    return this.document;
  }
}

export type Handlers = HandlerMap<HandlerContexts>;

/**
 * One matcher per operation: `{param}` matches one non-empty path segment and captures it;
 * `names` are the path parameters in order.
 */
const ROUTES = operationIds.map((operationId) => {
  const info = operationTable[operationId];
  const source = info.path
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('([^/]+)');
  const names = [...info.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return {
    operationId,
    server: info.server as string,
    method: info.method as string,
    pattern: new RegExp(`^${source}$`),
    names,
  };
});

/** Slashes in a path: a template's (a parameter spans no `/`) equals every path it matches. */
const depth = (path: string): number => {
  let n = 0;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) n++;
  return n;
};

/**
 * ROUTES by server and depth, in table order: a request tries only the templates it can match
 * (a few, against the dozens of its server).
 */
const ROUTES_BY_DEPTH = new Map<string, (typeof ROUTES)[number][]>();
for (const route of ROUTES) {
  const key = `${route.server} ${depth(operationTable[route.operationId].path)}`;
  const routes = ROUTES_BY_DEPTH.get(key);
  if (routes) routes.push(route);
  else ROUTES_BY_DEPTH.set(key, [route]);
}

/**
 * What the request parser below assumes of the contract: parameters only in path, query and
 * header, scalar schemas, default style. openapi-backend's own parser also handles array and
 * JSON-content query parameters and cookies; a contract that declares one fails here, at start,
 * rather than being parsed differently from the library.
 */
export function assertPlainParameters(ops: Operation[]): void {
  for (const op of ops) {
    for (const p of (op.parameters ?? []) as {
      in: string;
      name: string;
      style?: string;
      explode?: boolean;
      content?: unknown;
      schema?: { type?: unknown };
    }[]) {
      const plain =
        ['path', 'query', 'header'].includes(p.in) &&
        p.style === undefined &&
        p.explode === undefined &&
        p.content === undefined &&
        p.schema?.type !== 'array';
      if (!plain)
        throw new Error(
          `${op.operationId}: parameter ` +
            `${p.in} ${p.name} needs openapi-backend's full request parser (src/http/api.ts)`,
        );
    }
  }
}

/** qs's decoding of a key or value: `+` is a space, then percent-decoding (kept as is when malformed). */
function qsDecode(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Brackets, raw or percent-encoded: qs's nesting syntax (`a[b]=1`, `a[]=1`). */
const NESTING = /[[\]]|%5[bd]/i;

/**
 * The query as openapi-backend parses it (qs.parse with its defaults), with a copy when already
 * split. A query without brackets and without a repeated key, the usual one, is parsed here: for
 * it qs's result is one string per key (`a` alone is `a: ''`, an empty key and a name of
 * Object.prototype are dropped), and qs cost 26 µs of a listing request (bench/README.md, HTTP).
 * Anything else goes to qs itself; test/unit/query-parse.test.ts compares both on random queries.
 */
export function parseQuery(query: ApiRequest['query']): Record<string, unknown> {
  if (typeof query !== 'string') return structuredClone(query);
  if (query === '') return {};
  if (NESTING.test(query)) return parseQueryString(query);
  const parts = query.split('&');
  // qs reads at most its parameterLimit (1,000) pairs.
  if (parts.length > 1000) return parseQueryString(query);
  const out: Record<string, string> = {};
  for (const part of parts) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = qsDecode(eq === -1 ? part : part.slice(0, eq));
    if (key === '' || Object.hasOwn(Object.prototype, key)) continue;
    // A repeated key is an array in qs (and then refused by the validators): qs decides.
    if (Object.hasOwn(out, key)) return parseQueryString(query);
    out[key] = eq === -1 ? '' : qsDecode(part.slice(eq + 1));
  }
  return out;
}

/**
 * What `match` found: the operation and its path parameters' values as they stand in the path (still percent-encoded).
 */
export interface MatchedOperation<K extends OperationId = OperationId> {
  operationId: K;
  pathValues: [name: string, value: string][];
}

/**
 * What running operation K answers: its contract-typed success result, or, when K is any
 * operation (a tool that maps to one chosen at run time), the untyped ApiResult.
 */
export type ResultOf<K extends OperationId> = [OperationId] extends [K] ? ApiResult : HandlerResult<K>;

/** Whether `op` is the operation `operationId` (narrows its type to that operation's). */
export const isOperation = <K extends OperationId>(op: MatchedOperation, operationId: K): op is MatchedOperation<K> =>
  op.operationId === operationId;

/**
 * openapi-backend with the request validators only: of every operation, or of `operations` alone
 * (the large-body thread's, src/http/body-thread.ts). Its `init` would compile a validator for
 * every response and every response's headers as well, which nothing here calls (the tests check
 * responses with a backend of their own, test/helpers/contract.ts): about a third of the server's
 * heap, marked again by every full collection for the life of the process, and the longer part of
 * the start. So `init` builds no validator, and the one built here compiles the request validators
 * alone.
 */
export async function compileContract(operations?: readonly OperationId[]): Promise<ContractBackend> {
  const backend = new ContractBackend({
    // Marked so that errors inside a `then`/`else` are worded with their `if` (schema/describe.ts).
    definition: markConditionals(contractDocument),
    apiRoot: '/',
    strict: true,
    validate: false,
    coerceTypes: true,
    ignoreTrailingSlashes: false,
    customizeAjv: (_original: unknown, ajvOpts: object, context: ValidationContext) =>
      createAjv({ ...ajvOpts, coerceTypes: context === ValidationContext.Params }) as never,
  });
  await backend.init();
  backend.validator = new OpenAPIValidator({
    definition: backend.definition,
    ajvOpts: backend.ajvOpts,
    customizeAjv: backend.customizeAjv,
    router: backend.router,
    coerceTypes: backend.coerceTypes,
    lazyCompileValidators: true,
  });
  if (operations) for (const id of operations) requestValidators(backend, id);
  else backend.validator.preCompileRequestValidators();
  return backend;
}

/**
 * An operation's request validators, in openapi-backend's order: its JSON body's first (where it
 * has one), then its parameters'. The first error of the first that fails is the request's.
 */
export function requestValidators(
  backend: OpenAPIBackend,
  operationId: OperationId,
): { body: ValidateFunction | null; params: ValidateFunction } {
  const validators = backend.validator.getRequestValidatorsForOperation(operationId);
  const hasBody = operationTable[operationId].bodyType === 'application/json';
  if (validators.length !== (hasBody ? 2 : 1))
    throw new Error(`${operationId}: openapi-backend built ${validators.length} request validators`);
  return hasBody ? { body: validators[0]!, params: validators[1]! } : { body: null, params: validators[0]! };
}

/** The contract's router and validators, compiled once per process (Api.create). */
let compiled: Promise<ContractBackend> | undefined;

export class Api {
  private readonly backend: OpenAPIBackend;
  private readonly handlers: Handlers;

  private constructor(backend: OpenAPIBackend, handlers: Handlers) {
    this.backend = backend;
    this.handlers = handlers;
    assertPlainParameters(backend.getOperations());
  }

  /**
   * The router and validators (compiled at the first call in the process: seconds for the whole
   * contract) with `handlers`; fails loudly when an operation has no handler.
   */
  static async create(handlers: Handlers): Promise<Api> {
    const missing = operationIds.filter((id) => typeof (handlers as Record<string, unknown>)[id] !== 'function');
    const extra = Object.keys(handlers).filter((id) => !(id in operationTable));
    if (missing.length || extra.length) {
      throw new Error(
        `handler table does not match openapi.yaml: missing [${missing.join(', ')}], unknown [${extra.join(', ')}]`,
      );
    }
    compiled ??= compileContract().catch((err: unknown) => {
      compiled = undefined;
      throw err;
    });
    return new Api(await compiled, handlers);
  }

  /**
   * Routes a request. Unknown path: unknown_endpoint; known path, other method:
   * method_not_allowed. Routing uses regexes precompiled from the operation table: openapi-backend's
   * own matchOperation re-derives its matchers on every call (about 0.1 ms, a third of a core at
   * 3,000 requests/s; see bench/README.md). Validation stays openapi-backend's.
   */
  match(method: string, path: string, server: string = documents.developer.server): MatchedOperation {
    const m = method.toLowerCase();
    const allowed: string[] = [];
    // The developer and validator APIs are separate surfaces: a path matches only under its server.
    for (const route of ROUTES_BY_DEPTH.get(`${server} ${depth(path)}`) ?? []) {
      const captured = route.pattern.exec(path);
      if (!captured) continue;
      if (route.method === m)
        return { operationId: route.operationId, pathValues: route.names.map((name, i) => [name, captured[i + 1]!]) };
      allowed.push(route.method.toUpperCase());
    }
    const url = (server === '/' ? '' : server) + path;
    if (allowed.length) {
      const allow = allowed.join(', ');
      throw new ApiError(
        'method_not_allowed',
        `${method.toUpperCase()} is not supported on ${url}; use ${allow}.`,
        undefined,
        { Allow: allow },
      );
    }
    throw new ApiError('unknown_endpoint', `Unknown endpoint: ${method.toUpperCase()} ${url}.`);
  }

  /**
   * The operation's permission rule for the caller (the originator rule); also checked before an
   * idempotent replay, which does not reach `run`.
   */
  authorize(op: MatchedOperation, ctx: PublicRequestContext): void {
    if (operationTable[op.operationId].requiresOriginator)
      requireOriginator((ctx as RequestContext).auth as AuthContext);
  }

  /**
   * Checks permission, validates, and runs the operation's handler. `ctx` is the context of the
   * operation's `auth` (app.ts builds it from the operation table).
   */
  async run<K extends OperationId>(
    op: MatchedOperation<K>,
    req: ApiRequest,
    ctx: PublicRequestContext,
  ): Promise<ResultOf<K>> {
    const info = operationTable[op.operationId];
    this.authorize(op, ctx);
    // An absent optional JSON body is validated as {}, so the handler gets the contract's defaults.
    const body = info.bodyType === 'application/json' && !info.bodyRequired && req.body === undefined ? {} : req.body;
    const parameters = this.parameters(op, req, body);
    // openapi-backend's precompiled validators (Ajv, coercing parameters in place), in its order. A
    // large body the body thread found valid, unchanged by the validator, is not validated again
    // (src/http/body-thread.ts): the same validator, on the same value.
    const validators = requestValidators(this.backend, op.operationId);
    for (const validate of validatedOnThread(req.body, op.operationId)
      ? [validators.params]
      : [validators.body, validators.params]) {
      if (validate && !validate(parameters)) throw requestErrorToApiError(validate.errors![0], info.errorCodes);
    }
    // The handler's work on a large body starts in a turn of its own (src/http/body.ts).
    if (isLargeBody(req.body)) await yieldToEventLoop();
    // The table's handler for K takes the context of K's auth, which `ctx` is (pipeline.ts's
    // contextFor builds it from the same table): the one place the correlation is asserted.
    const handler = this.handlers[op.operationId] as (
      input: unknown,
      ctx: PublicRequestContext,
    ) => Promise<ResultOf<K>>;
    return handler({ params: parameters.path, query: parameters.query, body, headers: req.headers }, ctx);
  }

  /**
   * The object openapi-backend's validators take: path parameters (URI-decoded, as `match`
   * captured them), the parsed query, the headers, the cookies and the JSON body. This is
   * what its `parseRequest` builds, without re-deriving the path template's matcher and copying
   * every header through lodash on each request (bench/README.md, HTTP).
   */
  private parameters(op: MatchedOperation, req: ApiRequest, body: unknown) {
    const path: Record<string, string> = {};
    try {
      for (const [name, value] of op.pathValues) path[name] = decodeURIComponent(value);
    } catch {
      throw new ApiError('parameter_invalid', 'The request URL is malformed.');
    }
    const contentType = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    return {
      path,
      query: parseQuery(req.query),
      header: { ...req.headers },
      cookie: {},
      ...(typeof body === 'object' || contentType === 'application/json' ? { requestBody: body } : {}),
    };
  }
}
