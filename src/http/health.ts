// Liveness and readiness, outside the API contract (operational endpoints, like a load
// balancer's or an orchestrator's probes; docs/operations.md):
// - GET /healthz: liveness. The process answers; it never looks at dependencies, so a database
//   outage does not get a healthy process restarted.
// - GET /readyz: readiness. 200 only when the process is not draining (shutdown started) and the
//   database answers `select 1` within READY_DB_TIMEOUT_MS; otherwise 503 with the reason, so
//   traffic is steered elsewhere meanwhile.
import type express from 'express';
import { ping, type Sql } from '../db/client.ts';

/** Shared between the server's lifecycle (server.ts) and the app. */
export interface ServerState {
  /** True from the start of a shutdown: readiness is false and responses close their connection. */
  draining: boolean;
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
  app.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (state.draining) return void res.status(503).json({ ready: false, reason: 'draining' });
    if (!(await databaseAnswers(sql)))
      return void res.status(503).json({ ready: false, reason: 'database unavailable' });
    res.json({ ready: true });
  });
}
