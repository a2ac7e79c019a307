// The HTTP transport: request ids, auth, body reading, the REST core (api.ts), the MCP endpoint,
// the served contract and the API reference page. Every error leaves through writeError.
import express, { type Request, type Response, type NextFunction } from 'express';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { apiReference } from '@scalar/express-api-reference';
import { Api, type ApiResult, type Handlers } from './api.ts';
import { authenticate } from './auth.ts';
import { authenticateSession } from './validator-auth.ts';
import { ApiError } from './errors.ts';
import { writeError } from './respond.ts';
import { refuseNul } from './nul.ts';
import { newRequestId } from './request-id.ts';
import { readJsonBody } from './body.ts';
import { operationTable } from '../generated/operations.ts';
import contract from '../generated/openapi.json' with { type: 'json' };
import { mountMcp } from '../mcp/endpoint.ts';
import { jwksResult } from '../handlers/reports.ts';
import type { AppDeps, RequestContext } from '../context.ts';

export const API_PREFIX = '/developer/v1';
/** The validator API: its operations have the root server `/` and paths under this prefix. */
export const VALIDATOR_PREFIX = '/validator/v1';
const contractJson = JSON.stringify(contract);

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

export async function createApp(deps: AppDeps, handlers: Handlers): Promise<express.Express> {
  const api = await Api.create(handlers);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', false);

  app.use((_req, res, next) => {
    res.locals.requestId = newRequestId();
    res.set('X-Request-Id', res.locals.requestId);
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.get(`${API_PREFIX}/openapi.json`, (_req, res) => {
    res.type('application/json').send(contractJson);
  });
  // The reference page loads Scalar's standalone bundle from this server, not from a CDN.
  // (The package does not export the bundle's path, so it is found beside its entry point.)
  const scalarBundle = join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');
  app.get('/docs/scalar.js', (_req, res) => {
    res.sendFile(scalarBundle);
  });
  app.use('/docs', apiReference({ url: `${API_PREFIX}/openapi.json`, cdn: '/docs/scalar.js', pageTitle: 'Assay API reference' }));

  // The key set is public (verifiers have no API key) and lives at the well-known root path.
  app.get('/.well-known/jwks.json', async (_req, res) => {
    try {
      writeResult(res, await jwksResult(deps.sql));
    } catch (err) {
      writeError(res, err, res.locals.requestId as string, deps.log);
    }
  });
  app.all('/.well-known/jwks.json', (req, res) => {
    const error = new ApiError('method_not_allowed', `${req.method} is not supported on /.well-known/jwks.json; use GET.`, undefined, { Allow: 'GET' });
    writeError(res, error, res.locals.requestId as string, deps.log);
  });

  mountMcp(app, deps, api);

  app.use(API_PREFIX, async (req, res) => {
    const requestId = res.locals.requestId as string;
    try {
      const auth = await authenticate(deps.sql, req.headers.authorization);
      const op = api.match(req.method, req.path);
      // Query values too (a decoded %00 cannot be stored or compared in Postgres).
      refuseNul(Object.fromEntries(new URLSearchParams(rawQuery(req))), 'parameter_invalid');
      const info = operationTable[op.operationId];
      // Only JSON operations read the body here; the one-shot upload must answer before reading it.
      let body: unknown;
      if (info.bodyType === 'application/json') {
        if (String(req.headers.expect ?? '').toLowerCase() === '100-continue') res.writeContinue();
        body = await readJsonBody(req);
      }
      const ctx: RequestContext = { ...deps, requestId, auth, host: req.headers.host };
      const result = await api.run(op, { method: req.method, path: req.path, query: rawQuery(req), headers: req.headers, body }, ctx);
      writeResult(res, result);
    } catch (err) {
      writeError(res, err, requestId, deps.log);
    }
  });

  // The validator API mixes public operations (sign-in) with session-token ones, so it routes
  // first and then authenticates as the operation's `auth` says. Developer API keys are never
  // accepted here (the session check refuses their shape), nor session tokens under /developer/v1.
  app.use(VALIDATOR_PREFIX, async (req, res) => {
    const requestId = res.locals.requestId as string;
    try {
      const op = api.match(req.method, VALIDATOR_PREFIX + req.path, '/');
      const info = operationTable[op.operationId];
      const base = { ...deps, requestId, host: req.headers.host };
      const ctx = info.auth === 'validatorSession' ? { ...base, session: await authenticateSession(deps.sql, req.headers.authorization) } : base;
      refuseNul(Object.fromEntries(new URLSearchParams(rawQuery(req))), 'parameter_invalid');
      const body = info.bodyType === 'application/json' ? await readJsonBody(req) : undefined;
      const result = await api.run(op, { method: req.method, path: VALIDATOR_PREFIX + req.path, query: rawQuery(req), headers: req.headers, body }, ctx);
      writeResult(res, result);
    } catch (err) {
      writeError(res, err, requestId, deps.log);
    }
  });

  app.use((_req, res) => {
    writeError(res, new ApiError('unknown_endpoint'), res.locals.requestId as string, deps.log);
  });
  // Errors raised by express itself (e.g. a malformed percent-encoding in the URL).
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    const mapped = status && status >= 400 && status < 500 ? new ApiError('parameter_invalid', 'The request URL is malformed.') : err;
    writeError(res, mapped, res.locals.requestId as string, deps.log);
  });
  return app;
}
