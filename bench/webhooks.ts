// Webhook delivery benchmark (`BENCH=webhooks`): the two targets of delivery, each next to its
// baseline in the same run. The baseline is the delivery as it was before it became concurrent:
// one delivery at a time per endpoint and 8 webhook slots per worker (WEBHOOK_ENDPOINT_CONCURRENCY=1,
// WEBHOOK_CONCURRENCY=8, WEBHOOK_ORG_CONCURRENCY=8).
//
// - Throughput: one endpoint's backlog to a loopback receiver that answers 204 after 100 ms, in
//   deliveries/s from the events' commit to the last delivery received (target >= 300/s).
// - Fairness: one organization with 20 endpoints that answer after 14 s and a backlog of 50
//   events each; 2 s later another organization's first event: seconds from its commit to its
//   delivery (target <= 5 s).
//
// The worker runs in this process (webhooks task set only), with the receivers; both are light
// (a receiver answers from a timer), and the API server only registers the endpoints.
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../src/config.ts';
import { createSql, type Sql } from '../src/db/client.ts';
import { startWorker, type RunningWorker } from '../src/jobs/worker.ts';
import { startServer } from '../src/server.ts';
import { createLogger } from '../src/log.ts';
import { emitConsensusReached } from '../src/webhooks/emit.ts';
import { addMember, createApiKey, createOrganization, createUser } from '../src/admin/admin.ts';
import { postgresCpuReader } from './pg-cpu.ts';

const THROUGHPUT_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3000);
const BASELINE_EVENTS = 60;
/** `throughput`, `fairness` (both by default); the baselines run with their part. */
const PARTS = new Set((process.env.BENCH_WEBHOOK_PARTS ?? 'throughput,fairness').split(','));
const BASELINE = { WEBHOOK_ENDPOINT_CONCURRENCY: '1', WEBHOOK_CONCURRENCY: '8', WEBHOOK_ORG_CONCURRENCY: '8' };

interface Receiver {
  url: string;
  received(): number;
  /** ms timestamp of each delivery received. */
  times: number[];
  close(): Promise<void>;
}

async function receiver(delayMs: number): Promise<Receiver> {
  const times: number[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      times.push(performance.now());
      setTimeout(() => res.writeHead(204).end(), delayMs);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received: () => times.length,
    times,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function tenant(sql: Sql, base: string): Promise<{ key: string; projectId: string }> {
  const n = Math.floor(Math.random() * 1e9);
  const org = await createOrganization(sql, { name: `Hooks ${n}`, code: `WH${n}` });
  const user = await createUser(sql, { email: `hooks-${n}@example.com`, subject: `bench|hooks-${n}` });
  await addMember(sql, { orgId: org.id, userId: user.id, originator: true });
  const { key } = await createApiKey(sql, { orgId: org.id, userId: user.id });
  const spec = {
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: 1, instructions: 'Rate.' },
  };
  const project = await post(base, key, '/projects', { name: 'Webhook bench', spec });
  return { key, projectId: project.projectId };
}

async function post(base: string, key: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${base}/developer/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const register = (base: string, key: string, url: string) =>
  post(base, key, '/webhook-endpoints', { url, eventTypes: ['datapoint.consensus_reached'] });

async function emit(sql: Sql, projectId: string, n: number): Promise<number> {
  const decisions = Array.from({ length: n }, () => ({
    datapointId: randomUUID(),
    projectId,
    consensusDecisionId: randomUUID(),
    qualityRatingMean: 50,
    qualityRatingMedian: 50,
    consensusStrength: 1,
  }));
  for (let i = 0; i < decisions.length; i += 500)
    await sql.begin((tx) => emitConsensusReached(tx, decisions.slice(i, i + 500)));
  return performance.now();
}

async function waitFor(probe: () => boolean, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!probe()) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** Runs `body` with an API server and a webhooks worker configured by `env` plus `extra`. */
async function withService<T>(
  env: NodeJS.ProcessEnv,
  extra: Record<string, string>,
  body: (base: string, sql: Sql, worker: RunningWorker) => Promise<T>,
): Promise<T> {
  const config = loadConfig(
    {
      ...env,
      PUBLIC_BASE_URL: 'http://127.0.0.1',
      PORT: '0',
      MAIL_MODE: 'log',
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
      WEBHOOK_RECEIVERS: 'loopback',
      RATE_LIMIT_API: 'off',
      ...extra,
    },
    { db: true, s3: true, http: true, secrets: true },
  );
  const log = createLogger('error');
  const server = await startServer(config, { log });
  const worker = await startWorker(config, { taskSets: ['webhooks'], log, shutdownAbortAfterMs: 500 });
  const sql = createSql(config.databaseUrl, { max: 4 });
  try {
    return await body(server.url, sql, worker);
  } finally {
    await worker.stop();
    await server.close();
    await sql.end();
  }
}

interface Throughput {
  rate: number;
  /** CPU milliseconds per delivery: this process (worker, API server, receiver) and Postgres. */
  processCpuMs: number;
  postgresCpuMs: number;
  /** Jobs created beyond one per event (a job fetched while its lane was full is put back). */
  extraJobs: number;
}

async function throughput(env: NodeJS.ProcessEnv, extra: Record<string, string>, events: number): Promise<Throughput> {
  return withService(env, extra, async (base, sql, worker) => {
    const r = await receiver(100);
    try {
      const t = await tenant(sql, base);
      await register(base, t.key, r.url);
      const pgCpu = await postgresCpuReader(sql);
      // Delivery jobs this worker ran, whatever their outcome (its /metrics counter): a job put
      // back while its lane was full runs once more than its event.
      const jobIds = async () => {
        const metric = await worker.metrics.registry.getSingleMetric('assay_jobs_total')!.get();
        return metric.values.filter((v) => v.labels.task === 'deliver_webhook').reduce((n, v) => n + v.value, 0);
      };
      const jobsBefore = await jobIds();
      const cpuBefore = process.cpuUsage();
      const pgBefore = pgCpu();
      const committed = await emit(sql, t.projectId, events);
      await waitFor(() => r.received() >= events, 600_000);
      const cpu = process.cpuUsage(cpuBefore);
      const pgSeconds = pgCpu() - pgBefore;
      // The last deliveries' jobs are recorded as run just after their POSTs arrive.
      const deadline = performance.now() + 10_000;
      while ((await jobIds()) - jobsBefore < events && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      return {
        rate: (events * 1000) / (r.times[events - 1]! - committed),
        processCpuMs: (cpu.user + cpu.system) / 1000 / events,
        postgresCpuMs: (pgSeconds * 1000) / events,
        extraJobs: (await jobIds()) - jobsBefore - events,
      };
    } finally {
      await r.close();
    }
  });
}

async function fairness(env: NodeJS.ProcessEnv, extra: Record<string, string>): Promise<number | null> {
  return withService(env, extra, async (base, sql) => {
    const slow = await receiver(14_000);
    const fast = await receiver(0);
    try {
      const heavy = await tenant(sql, base);
      for (let i = 0; i < 20; i++) await register(base, heavy.key, `${slow.url}/${i}`);
      await emit(sql, heavy.projectId, 50);
      await new Promise((r) => setTimeout(r, 2000));
      const light = await tenant(sql, base);
      await register(base, light.key, fast.url);
      const committed = await emit(sql, light.projectId, 1);
      const arrived = await waitFor(() => fast.received() === 1, 30_000);
      return arrived ? (fast.times[0]! - committed) / 1000 : null;
    } finally {
      await slow.close();
      await fast.close();
    }
  });
}

export async function webhooksBench(env: NodeJS.ProcessEnv): Promise<{ lines: string[]; met: boolean }> {
  const lines = [''];
  let met = true;
  if (PARTS.has('throughput')) {
    const t = await throughput(env, {}, THROUGHPUT_EVENTS);
    const b = await throughput(env, BASELINE, BASELINE_EVENTS);
    const cpu = (x: Throughput) =>
      `CPU per delivery ${x.processCpuMs.toFixed(2)} ms this process + ${x.postgresCpuMs.toFixed(2)} ms Postgres`;
    lines.push(
      `Webhooks, one endpoint's backlog, receiver answering in 100 ms: ${t.rate.toFixed(0)} deliveries/s (` +
        `${THROUGHPUT_EVENTS} events; target >= 300/s; ${cpu(t)}; ${t.extraJobs} jobs put back); baseline one at ` +
        `a time per endpoint: ${b.rate.toFixed(1)}/s (${BASELINE_EVENTS} events; ${cpu(b)})`,
    );
    met &&= t.rate >= 300;
  }
  if (PARTS.has('fairness')) {
    const first = await fairness(env, {});
    const baseFirst = await fairness(env, BASELINE);
    const secs = (s: number | null) => (s === null ? 'not within 30 s' : `${s.toFixed(2)} s`);
    lines.push(
      `Webhooks, another organization's first delivery behind one organization's 20 endpoints answering in 14 s ` +
        `(1,000 deliveries backlogged): ${secs(first)} (target <= 5 s); baseline: ${secs(baseFirst)}`,
    );
    met &&= first !== null && first <= 5;
  }
  return { lines, met };
}
