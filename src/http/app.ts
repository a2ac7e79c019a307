// The HTTP transport: request ids, auth, body reading, the REST core (api.ts), the MCP endpoint,
// the served contract and the API reference page. Every error leaves through writeError.
import express, { type Request, type Response, type NextFunction } from 'express';
import { docsRouter } from './docs.ts';
import { Api, type ApiResult, type Handlers } from './api.ts';
import { authenticate, authenticateSession } from './auth.ts';
import { ApiError } from '../errors.ts';
import { writeError } from './respond.ts';
import { refuseNulInQuery } from './nul.ts';
import { newRequestId } from './request-id.ts';
import { readJsonBody, refuseDeclaredLength } from './body.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { clientAddress } from './rate-limit.ts';
import { accessLog, audit } from './access-log.ts';
import { IDEMPOTENT_OPERATIONS, idempotent, parseIdempotencyKey } from './idempotency.ts';
import { documents, operationTable } from '../generated/operations.ts';
import developerDocument from '../generated/openapi.developer.json' with { type: 'json' };
import validatorDocument from '../generated/openapi.validator.json' with { type: 'json' };
import { mountMcp } from '../mcp/endpoint.ts';
import { APP_PREFIX, webAppRouter } from './webapp.ts';
import { mountHealth, type ServerState } from './health.ts';
import type { AppDeps, RequestContext } from '../context.ts';

/** The published documents (openapi.yaml's x-documents), served at <server>/openapi.json. */
const PUBLISHED = [
  { ...documents.developer, json: JSON.stringify(developerDocument), title: 'Assay Developer API' },
  { ...documents.validator, json: JSON.stringify(validatorDocument), title: 'Assay Validator API' },
];

function writeResult(res: Response, result: ApiResult): void {
  res.status(result.status);
  if (result.headers) res.set(result.headers);
  if (result.body === undefined) res.end();
  else res.json(result.body);
}

/** Raw query string without the `?`, so openapi-backend parses and validates it itself. */
const rawQuery = (req: Request): string => {
  const i = req.originalUrl.indexOf('?');
  return i < 0 ? '' : req.originalUrl.slice(i + 1);
};

export async function createApp(
  deps: AppDeps,
  handlers: Handlers,
  state: ServerState = { draining: false },
): Promise<express.Express> {
  const api = await Api.create(handlers);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', false);

  app.use((req, res, next) => {
    res.locals.requestId = newRequestId();
    accessLog(req, res, deps.log);
    // (setHeader: plain string values need none of express's res.set handling, on every request.)
    res.setHeader('X-Request-Id', res.locals.requestId as string);
    // Every response: no MIME sniffing, no Referer leaking a URL to another site.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    // API answers are per caller, and some carry secrets (session tokens, webhook secrets,
    // presigned URLs): no cache keeps them. (The contract, the JWKS and the reference page may be cached.)
    if (
      req.path.startsWith(documents.developer.server) ||
      req.path.startsWith(documents.validator.server) ||
      req.path === '/mcp'
    )
      res.setHeader('Cache-Control', 'no-store');
    next();
  });

  mountHealth(app, deps.sql, state);
  for (const published of PUBLISHED) {
    app.get(published.openapi, (_req, res) => {
      res.type('application/json').send(published.json);
    });
  }
  // The reference page, under its own Content-Security-Policy (docs.ts).
  app.use(
    '/docs',
    docsRouter(
      PUBLISHED.map((p) => ({ url: p.openapi, title: p.title })),
      'Assay API reference',
    ),
  );

  // The web app for validators and originators (a browser client of the validator API).
  app.use(APP_PREFIX, webAppRouter({ storageEndpoint: deps.config.s3.endpoint }));

  mountMcp(app, deps, api);

  // The developer API: every operation takes an API key, so the key is checked before routing.
  app.use(documents.developer.server, async (req, res) => {
    const requestId = res.locals.requestId as string;
    try {
      const auth = await authenticate(deps.sql, req.headers.authorization);
      audit(res, { orgId: auth.orgId, keyId: auth.keyId });
      // One budget per key, before any other work (REST and MCP count together).
      res.set(await deps.rateLimits.consume('api', auth.keyId));
      const op = api.match(req.method, req.path);
      audit(res, { operation: op.operationId });
      // Query values too (a decoded %00 cannot be stored or compared in Postgres).
      refuseNulInQuery(rawQuery(req));
      const info = operationTable[op.operationId];
      // Only JSON operations read the body here; the one-shot upload must answer before reading it.
      let body: unknown;
      if (info.bodyType === 'application/json') {
        // Too large by its Content-Length: refused before the client is told to send it.
        refuseDeclaredLength(req, BODY_LIMITS[op.operationId]);
        if (String(req.headers.expect ?? '').toLowerCase() === '100-continue') res.writeContinue();
        body = await readJsonBody(req, BODY_LIMITS[op.operationId]);
      }
      const ctx: RequestContext = { ...deps, requestId, auth, host: req.headers.host };
      const run = () =>
        api.run(op, { method: req.method, path: req.path, query: rawQuery(req), headers: req.headers, body }, ctx);
      const key = IDEMPOTENT_OPERATIONS.has(op.operationId)
        ? parseIdempotencyKey(req.headers['idempotency-key'])
        : null;
      const result =
        key === null
          ? await run()
          : await idempotent(
              { sql: deps.sql, secretsKey: deps.config.secretsKey },
              auth.orgId,
              key,
              op.operationId,
              req.path,
              body,
              run,
            );
      writeResult(res, result);
    } catch (err) {
      writeError(res, err, requestId, deps.log);
    }
  });

  // The validator API, which mixes public operations (sign-in) with session-token ones, and the
  // operations served at the root (the public key set: verifiers have no key). They route first
  // and then authenticate as the operation's `auth` says; a wrong method gets the router's 405
  // like any other path. Developer API keys are never accepted here (the session check refuses
  // their shape), nor session tokens under /developer/v1.
  const routeThenAuthenticate =
    (server: string, prefix = '') =>
    async (req: Request, res: Response) => {
      const requestId = res.locals.requestId as string;
      try {
        const path = prefix + req.path;
        const op = api.match(req.method, path, server);
        audit(res, { operation: op.operationId });
        const info = operationTable[op.operationId];
        const base = { ...deps, requestId, host: req.headers.host };
        // Public operations (sign-in) count per client address before anything else, the body
        // included; session operations per session once authenticated. The JWKS is not limited.
        if (info.auth === 'none' && server !== '/') {
          res.set(
            await deps.rateLimits.consume(
              'public',
              clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], deps.config.trustProxyHops),
            ),
          );
        }
        const session =
          info.auth === 'validatorSession' ? await authenticateSession(deps.sql, req.headers.authorization) : null;
        if (session) {
          audit(res, { userId: session.userId, sessionId: session.sessionId });
          res.set(await deps.rateLimits.consume('api', `session:${session.sessionId}`));
        }
        const ctx = session ? { ...base, session } : base;
        refuseNulInQuery(rawQuery(req));
        const body =
          info.bodyType === 'application/json' ? await readJsonBody(req, BODY_LIMITS[op.operationId]) : undefined;
        const result = await api.run(
          op,
          { method: req.method, path, query: rawQuery(req), headers: req.headers, body },
          ctx,
        );
        writeResult(res, result);
      } catch (err) {
        writeError(res, err, requestId, deps.log);
      }
    };
  app.use(documents.validator.server, routeThenAuthenticate(documents.validator.server));
  app.use('/.well-known', routeThenAuthenticate('/', '/.well-known'));

  app.use((_req, res) => {
    writeError(res, new ApiError('unknown_endpoint'), res.locals.requestId as string, deps.log);
  });
  // Errors raised by express itself (e.g. a malformed percent-encoding in the URL).
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    const mapped =
      status && status >= 400 && status < 500
        ? new ApiError('parameter_invalid', 'The request URL is malformed.')
        : err;
    writeError(res, mapped, res.locals.requestId as string, deps.log);
  });
  return app;
}
