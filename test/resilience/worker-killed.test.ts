// A worker process killed (SIGKILL) in the middle of a webhook delivery: its job was locked by a
// worker that no longer exists. Another worker process notices the silence (worker-liveness.ts),
// unlocks the job within seconds (not graphile-worker's four hours), and the delivery completes:
// recorded exactly once (one succeeded attempt, delivery succeeded), the receiver having seen the
// same webhook-id twice (the cut request and the completed one), as Standard Webhooks allows.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { inject } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/wait.ts';
import * as fx from '../helpers/fixtures.ts';
import { TEST_SECRETS_KEY } from '../helpers/config.ts';
import { emitConsensusReached } from '../../src/webhooks/emit.ts';
import { createLiveness } from '../../src/jobs/worker-liveness.ts';

let app: TestApp;
let receiver: Server;
const children: ChildProcess[] = [];
const requests: { id: string; res: ServerResponse }[] = [];

beforeAll(async () => {
  app = await startTestApp();
  // The first request is held without an answer (the worker dies while waiting); later ones get 204.
  receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      requests.push({ id: String(req.headers['webhook-id']), res });
      if (requests.length > 1) res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
  await app?.close();
});

async function databaseUrl(): Promise<string> {
  const [{ db }] = await app.sql<{ db: string }[]>`select current_database() as db`;
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${db}`;
  return url.toString();
}

async function startWorkerProcess(): Promise<ChildProcess> {
  const s3 = inject('s3');
  const child = spawn(process.execPath, ['test/fixtures/worker-process.ts'], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: await databaseUrl(),
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      SECRETS_KEY: TEST_SECRETS_KEY,
      MAIL_MODE: 'log',
      WEBHOOK_RECEIVERS: 'loopback',
      WEBHOOK_DNS_SERVERS: inject('dnsServer'),
      TEST_DEAD_WORKER_SECONDS: '3',
      TEST_WORKER_HEARTBEAT_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await once(child.stdout!, 'data');
  return child;
}

it('completes the delivery exactly once after the worker running it is killed', async () => {
  const port = (receiver.address() as { port: number }).port;
  const endpoint = await call(app, 'createWebhookEndpoint', {
    body: { url: `http://127.0.0.1:${port}/hooks`, eventTypes: ['datapoint.consensus_reached'] },
  });
  expect(endpoint.status).toBe(201);
  const { projectId } = await fx.finalizedProject(app, 1);
  const [decision] = await fx.decisions(app.sql, projectId);
  await app.sql.begin((tx) => emitConsensusReached(tx, [{ consensusDecisionId: decision!.id, projectId } as never]));
  const [delivery] = await app.sql<{ id: string }[]>`select id from webhook_deliveries`;

  const first = await startWorkerProcess();
  await until(
    () => requests.length,
    (n) => n === 1,
  );
  first.kill('SIGKILL');
  await once(first, 'exit');
  requests[0].res.socket?.destroy();
  // The job is still locked by the dead worker's id.
  const [locked] = await app.sql<
    { locked_by: string | null }[]
  >`select locked_by from graphile_worker.jobs where task_identifier = 'deliver_webhook'`;
  expect(locked.locked_by).not.toBeNull();

  await startWorkerProcess();
  const done = await until(
    () => app.sql<{ status: string }[]>`
    select d.status, (select json_agg(a) from webhook_attempts a where a.delivery_id = d.id) as attempts,
      (select json_agg(j) from graphile_worker.jobs j) as jobs, (select json_agg(w) from worker_processes w) as workers
    from webhook_deliveries d where d.id = ${delivery.id}`,
    (rows) => rows[0]?.status === 'succeeded',
    60_000,
  );
  expect(done[0].status).toBe('succeeded');
  const attempts = await app.sql<
    { attempt_number: number; succeeded: boolean }[]
  >`select attempt_number, succeeded from webhook_attempts where delivery_id = ${delivery.id}`;
  expect(attempts).toEqual([{ attempt_number: 1, succeeded: true }]);
  expect(requests).toHaveLength(2);
  expect(new Set(requests.map((r) => r.id)).size).toBe(1);
  const [{ n }] = await app.sql<{ n: number }[]>`select count(*)::int as n from worker_processes`;
  expect(n).toBe(1);
}, 120_000);

it(
  'unlocks a job locked under an id that no live worker lists (a worker killed before its first ' + 'heartbeat)',
  async () => {
    // Jobs of a task no runner here takes, so only the sweep touches them.
    const lock = async () => {
      await app.sql`select graphile_worker.add_job('liveness_probe', '{}'::json)`;
      // A real graphile-worker process takes the job and is killed holding it.
      const child = spawn(process.execPath, ['test/fixtures/hold-job.ts', 'liveness_probe'], {
        env: { PATH: process.env.PATH, DATABASE_URL: await databaseUrl() },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      await until(
        async () => out,
        (text) => /held \d+/.test(text),
        30_000,
      );
      child.kill('SIGKILL');
      await once(child, 'exit');
      const id = /held (\d+)/.exec(out)![1]!;
      const [job] = await app.sql<
        { locked_by: string }[]
      >`select locked_by from graphile_worker.jobs where id = ${id}::bigint`;
      return { id, by: job!.locked_by };
    };
    // Two killed workers; the second one's id is then listed by a process whose heartbeat is fresh.
    const ghost = await lock();
    const alive = await lock();
    expect(ghost.by).not.toBe(alive.by);
    await app.sql`insert into worker_processes (id, graphile_worker_ids, heartbeat_at)
      values ('assay-worker-live-probe', ${[alive.by]}, now() + interval '1 hour')`;
    // Both locks are older than the one-second silence the sweep is given here.
    await new Promise((r) => setTimeout(r, 1_100));
    await createLiveness(app.sql).sweep(1);
    const lockedBy = async (id: string) =>
      (
        await app.sql<
          { locked_by: string | null }[]
        >`select locked_by from graphile_worker.jobs where id = ${id}::bigint`
      )[0]!.locked_by;
    expect(await lockedBy(ghost.id)).toBeNull();
    expect(await lockedBy(alive.id)).toBe(alive.by);
  },
);
