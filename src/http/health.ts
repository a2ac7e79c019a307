// Liveness and readiness, outside the API contract (operational endpoints, like a load
// balancer's or an orchestrator's probes; docs/operations.md):
// - GET /healthz: liveness. The process answers; it never looks at dependencies, so a database
//   outage does not get a healthy process restarted.
// - GET /readyz: readiness. 200 only when the process is not draining (shutdown started) and the
//   database answers `select 1` within READY_DB_TIMEOUT_MS; otherwise 503 with the reason, so
//   traffic is steered elsewhere meanwhile.
// The API serves both on its own port (mountHealth); the worker, which has no HTTP API, on a port
// of its own (startProbeServer, WORKER_PORT), so an orchestrator probes both the same way. Both
// serve GET /metrics (src/metrics.ts) beside them.
import { createServer } from 'node:http';
import type express from 'express';
import { ping, type Sql } from '../db/client.ts';
import type { Logger } from '../log.ts';
import type { Registry } from 'prom-client';

/** Shared between the server's lifecycle (server.ts) and the app. */
export interface ServerState {
  /** True from the start of a shutdown: readiness is false and responses close their connection. */
  draining: boolean;
  /** Served at GET /metrics (Prometheus text format) when set. */
  metrics?: Registry;
}

const READY_DB_TIMEOUT_MS = 1000;

async function databaseAnswers(sql: Sql): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS)));
  try {
    return await Promise.race([
      ping(sql).then(
        () => true,
        () => false,
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function mountHealth(app: express.Express, sql: Sql, state: ServerState): void {
  // While draining, every response asks its client to close the connection, so keep-alive
  // clients move to another instance instead of sending more requests here.
  app.use((_req, res, next) => {
    if (state.draining) res.set('Connection', 'close');
    next();
  });
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true });
  });
  app.get('/metrics', async (_req, res, next) => {
    if (!state.metrics) return next();
    res
      .set('Cache-Control', 'no-store')
      .type(state.metrics.contentType)
      .send(await state.metrics.metrics());
  });
  app.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    const r = await readiness(sql, state);
    res.status(r.status).json(r.body);
  });
}

/** The answer of /readyz: status and body, the same for the API and the worker. */
async function readiness(sql: Sql, state: ServerState): Promise<{ status: number; body: object }> {
  if (state.draining) return { status: 503, body: { ready: false, reason: 'draining' } };
  if (!(await databaseAnswers(sql))) return { status: 503, body: { ready: false, reason: 'database unavailable' } };
  return { status: 200, body: { ready: true } };
}

export interface ProbeServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The worker's probes: /healthz and /readyz (as the API's) on their own port, plain node:http
 * (no API, no middleware). Anything else is 404.
 */
export async function startProbeServer(options: {
  host: string;
  port: number;
  sql: Sql;
  state: ServerState;
  log: Logger;
}): Promise<ProbeServer> {
  const { sql, state } = options;
  const server = createServer((req, res) => {
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { error: 'method not allowed' });
    if (path === '/healthz') return send(200, { ok: true });
    if (path === '/metrics' && state.metrics) {
      const registry = state.metrics;
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
          res.end(text);
        },
        () => send(500, { error: 'metrics unavailable' }),
      );
      return;
    }
    if (path === '/readyz') {
      readiness(sql, state).then(
        (r) => send(r.status, r.body),
        () => send(503, { ready: false, reason: 'database unavailable' }),
      );
      return;
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  options.log.info('worker probes listening', { url });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
