// The API + MCP server process.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { createApp } from './http/app.ts';
import { bodyThreadReady } from './http/body-thread.ts';
import { Api } from './http/api.ts';
import { compileSpecValidators } from './domain/spec-compiler.ts';
import { collectCompileGarbage } from './schema/ajv.ts';
import { buildHandlers } from './handlers/index.ts';
import { API_TIMEOUTS, createSql, poolStats } from './db/client.ts';
import { createStorage } from './storage/s3.ts';
import { createLogger, type Logger, type Level } from './log.ts';
import type { Config } from './config.ts';
import { loadSigningKey } from './domain/signing.ts';
import { registerConfiguredKey } from './admin/signing-keys.ts';
import { webBundle } from './http/webapp.ts';
import type { ServerState } from './http/health.ts';
import { Egress } from './webhooks/egress.ts';
import { RateLimits } from './http/rate-limit.ts';
import { serverMetrics } from './metrics.ts';
import { PooledTextCache } from './domain/pooled-text.ts';
import { ByteRate } from './domain/byte-rate.ts';

export interface RunningServer {
  url: string;
  /**
   * Graceful shutdown: readiness turns false (/readyz 503) and every response closes its
   * connection; after `delayMs` (time for a load balancer to see it) the listener stops
   * accepting and idle connections close; requests in flight finish, for at most `graceMs`, after
   * which the connections left are cut; then the database pool ends.
   */
  close(options?: { delayMs?: number; graceMs?: number }): Promise<void>;
}

/** Longest wait for requests in flight at shutdown. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Connections of the pool whole-project aggregates run on (AppDeps.aggregateSql). */
const AGGREGATE_POOL_SIZE = 2;

export async function startServer(config: Config, options: { log?: Logger } = {}): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel as Level);
  // Every validator (the operations', the MCP tools' at import, the spec's and gold's) is compiled
  // first, then the compilation's garbage is collected (src/schema/ajv.ts says why), before the
  // start opens a connection or runs anything else. Done after the database work instead, the
  // server ran with Node's `nextTick` megamorphic for its whole life (3 starts of 3, against 0 of 3
  // this way; bench/README.md, HTTP, 2026-11-29). The operations' validators are compiled once per
  // process (Api.create), so a second server started beside the first does not block the event
  // loop for seconds while the first one's connections open.
  // The large-body thread compiles its validators beside the server's (on the other core, at its
  // lower priority), and is ready before the server listens: started by the first large body
  // instead, its compile took a core for a second while that tenant's and every other's requests
  // were being served (bench/README.md, hostile tenants, 2026-11-30 fourth session).
  const bodyThread = bodyThreadReady();
  const api = await Api.create(buildHandlers());
  compileSpecValidators();
  collectCompileGarbage();
  const sql = createSql(config.databaseUrl, {
    max: config.database.poolSize ?? 10,
    timeouts: API_TIMEOUTS,
    pool: config.database,
  });
  const aggregateSql = createSql(config.databaseUrl, {
    max: AGGREGATE_POOL_SIZE,
    timeouts: API_TIMEOUTS,
    pool: config.database,
  });
  // A configured key that cannot be parsed stops the start: signing must not silently fail later.
  const signer = config.signingKey ? await loadSigningKey(config.signingKey) : null;
  if (signer) {
    const status = await registerConfiguredKey(sql, signer);
    log.info('report signing key registered', { kid: signer.kid, status });
    if (status !== 'active')
      log.warn('the configured signing key is retired: proof reports answer 503 until another key is configured', {
        kid: signer.kid,
      });
  } else {
    log.warn('SIGNING_KEY is not set: proof reports answer proof_report_signing_unavailable');
  }
  // The web app's bundle is built before listening: a bundle that does not build stops the start.
  await webBundle();
  const uploadFileLists = new PooledTextCache(config.uploadFileLists.cacheBytes);
  const metrics = serverMetrics({ api: () => poolStats(sql) }, { uploadFileLists });
  const state: ServerState = { draining: false, metrics: metrics.registry };
  const rateLimits = new RateLimits(config.databaseUrl, config.rateLimits, log, config.database);
  const app = await createApp(
    {
      sql,
      aggregateSql,
      config,
      log,
      storage: createStorage(config.s3),
      signer,
      egress: new Egress(config.webhooks),
      rateLimits,
      uploadFileLists,
      uploadFileListBuilds: new ByteRate(
        config.uploadFileLists.buildBytesPerSecond,
        config.uploadFileLists.buildBurstBytes,
      ),
      uploadFileListReads: new ByteRate(
        config.uploadFileLists.readBytesPerSecond,
        config.uploadFileLists.readBurstBytes,
      ),
      requestBodies: new ByteRate(config.requestBodies.bytesPerSecond, config.requestBodies.burstBytes),
    },
    api,
    state,
  );
  // Slow-loris: a client that trickles its headers or its body holds a socket only this long
  // (Node's defaults: 60 s for headers, 300 s for the request, checked every 30 s). The largest
  // body an operation takes is a few MB; responses (MCP waits) are not bounded by these.
  const server: Server = createServer(
    {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs),
    },
    app,
  );
  // Not ready (it failed to start): large bodies are parsed on the event loop, as they would be.
  if (!(await bodyThread)) log.warn('the large-body thread did not start: large bodies are parsed on the event loop');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // `Expect: 100-continue` is answered by the app, not automatically: the one-shot upload must be
  // able to redirect before the client sends its body (app.ts sends 100 only when it reads one).
  server.on('checkContinue', (req, res) => app(req, res));
  // Idle keep-alive sockets outlive the clients' (DEFAULT_HTTP_TIMEOUTS); close() ends them all.
  server.keepAliveTimeout = config.http.keepAliveTimeoutMs;
  let inFlight = 0;
  let idle: (() => void) | null = null;
  const track = (_req: unknown, res: ServerResponse) => {
    inFlight++;
    const start = performance.now();
    res.once('close', () => {
      // The operation the REST core matched (src/http/access-log.ts's audit fields), else `other`.
      const audit = (res as ServerResponse & { locals?: { audit?: { operation?: string } } }).locals?.audit;
      metrics.request(
        audit?.operation ?? 'other',
        res.writableFinished ? res.statusCode : 'aborted',
        (performance.now() - start) / 1000,
      );
      if (--inFlight === 0) idle?.();
    });
  };
  // A request with `Expect: 100-continue` arrives as 'checkContinue', not 'request': counted too,
  // or a drain would cut an upload whose body is on its way.
  server.on('request', track);
  server.on('checkContinue', track);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  log.info('server listening', { url });
  let closing: Promise<void> | null = null;
  return {
    url,
    close(opts = {}) {
      closing ??= (async () => {
        state.draining = true;
        if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const finished = new Promise<void>((resolve) => {
          idle = resolve;
          if (inFlight === 0) resolve();
        });
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<'deadline'>(
          (resolve) => (timer = setTimeout(() => resolve('deadline'), opts.graceMs ?? SHUTDOWN_GRACE_MS)),
        );
        if ((await Promise.race([finished, deadline])) === 'deadline')
          log.warn('shutdown deadline reached; cutting the requests still in flight', { inFlight });
        clearTimeout(timer);
        // Every response so far asked to close its connection; what is left is idle or cut.
        server.closeAllConnections();
        await closed;
        await sql.end({ timeout: 5 });
        await aggregateSql.end({ timeout: 5 });
        await rateLimits.close();
      })();
      return closing;
    },
  };
}
