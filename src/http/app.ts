// The HTTP server: request ids and common headers, health, the served contract, the API reference
// page, the web app, and the doors of the request pipeline (pipeline.ts: REST and the MCP
// endpoint). Every error leaves through writeError.
import express, { type Request, type Response, type NextFunction } from 'express';
import { docsRouter } from './docs.ts';
import type { Api } from './api.ts';
import { ApiError } from '../errors.ts';
import { expressExchange, requestAddress, writeError, writeResult } from './respond.ts';
import { DOORS, serveRest } from './pipeline.ts';
import { newRequestId } from './request-id.ts';
import { accessLog } from './access-log.ts';
import { scopedLogger } from '../log.ts';
import { serverSpan } from '../tracing.ts';
import { documents } from '../generated/operations.ts';
import developerDocument from '../generated/openapi.developer.json' with { type: 'json' };
import validatorDocument from '../generated/openapi.validator.json' with { type: 'json' };
import { mountMcp } from '../mcp/endpoint.ts';
import { APP_PREFIX, webAppRouter } from './webapp.ts';
import { mountHealth, type ServerState } from './health.ts';
import type { AppDeps } from '../context.ts';

/** The MCP doors' paths: their answers are per caller too. */
const MCP_MOUNTS = new Set(DOORS.filter((d) => d.transport === 'mcp').map((d) => d.mount));

/** The published documents (openapi.yaml's x-documents), served at <server>/openapi.json. */
const PUBLISHED = [
  { ...documents.developer, json: JSON.stringify(developerDocument), title: 'Assay Developer API' },
  { ...documents.validator, json: JSON.stringify(validatorDocument), title: 'Assay Validator API' },
];

export async function createApp(
  deps: AppDeps,
  api: Api,
  state: ServerState = { draining: false },
): Promise<express.Express> {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', false);

  app.use((req, res, next) => {
    const requestId = newRequestId();
    res.locals.requestId = requestId;
    const record = accessLog(req, res, deps.log, {
      hops: deps.config.trustProxyHops,
      proxies: deps.config.trustedProxies,
    });
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
      MCP_MOUNTS.has(req.path)
    )
      res.setHeader('Cache-Control', 'no-store');
    // Every line the request logs (through its logger, requestLog) carries its id and, once
    // authenticated, its organization; with tracing on, it runs in a server span whose parent is
    // the caller's `traceparent`.
    res.locals.log = scopedLogger(deps.log, { requestId, audit: record });
    const span = serverSpan(req.method, req.headers.traceparent, next);
    if (span)
      res.once('close', () => {
        const operation = record.operation ?? 'other';
        span.end(
          `${req.method} ${operation}`,
          {
            'http.request.method': req.method,
            'http.response.status_code': res.statusCode,
            'assay.operation': operation,
            'assay.request_id': requestId,
            ...(record.orgId ? { 'assay.org_id': record.orgId } : {}),
          },
          res.statusCode >= 500 || !res.writableFinished,
        );
      });
  });

  // Readiness asks the database: an unauthenticated caller's in-memory budget comes first
  // (rate-limit.ts), so a flood of probes cannot turn into a flood of queries.
  app.get('/readyz', async (req, res, next) => {
    try {
      await deps.rateLimits.consumeUnauthenticated(requestAddress(req, deps));
      next();
    } catch (err) {
      writeError(res, err);
    }
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
  app.use(APP_PREFIX, webAppRouter({ storageEndpoint: deps.config.s3.publicEndpoint ?? deps.config.s3.endpoint }));

  // The doors: each runs the one request pipeline (pipeline.ts) over its transport. The developer
  // API authenticates before routing (every operation takes an API key); the validator API, which
  // mixes public operations (sign-in) with session-token ones, and the root's operations (the
  // public key set: verifiers have no key) route first and then authenticate as the operation's
  // `auth` says; a wrong method gets the router's 405 like any other path. Developer API keys are
  // never accepted on the validator API (the session check refuses their shape), nor session
  // tokens under /developer/v1.
  for (const door of DOORS) {
    if (door.transport === 'mcp') {
      mountMcp(app, deps, api, door);
      continue;
    }
    app.use(door.mount, async (req: Request, res: Response) => {
      try {
        await writeResult(res, await serveRest(api, deps, door, expressExchange(req, res, deps)));
      } catch (err) {
        writeError(res, err);
      }
    });
  }

  app.use((_req, res) => {
    writeError(res, new ApiError('unknown_endpoint'));
  });
  // Errors raised by express itself (e.g. a malformed percent-encoding in the URL).
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    const mapped =
      status && status >= 400 && status < 500
        ? new ApiError('parameter_invalid', 'The request URL is malformed.')
        : err;
    writeError(res, mapped);
  });
  return app;
}
