// Object storage unreachable, with real processes: the API and a worker in one process (as
// `make dev` runs them) reach the S3 server through a TCP proxy on loopback that this test can
// cut. While storage is refused:
// - processing a session answers 503 service_unavailable with Retry-After, and leaves the
//   session `open` without a run (nothing stuck), and the same call succeeds once storage is
//   back;
// - a run whose file is cut while the worker reads it ends `failed` with a message that names
//   object storage (no stack, no driver text), the session can be processed again, and that retry
//   writes exactly what a clean run writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevStack, type DevStack } from '../../src/dev/stack.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createSql, type Sql } from '../../src/db/client.ts';
import { seedDev } from '../../src/dev/seed.ts';
import { until } from '../helpers/wait.ts';
import { readyJson } from '../helpers/child.ts';
import * as fx from '../helpers/fixtures.ts';

/**
 * `up` forwards; `refuse` resets every connection at once; `cut` forwards until a connection has carried `cutAfter`
 * response bytes, then resets it.
 */
type Mode = 'up' | 'refuse' | 'cut';

class StorageProxy {
  mode: Mode = 'up';
  cutAfter = 256 * 1024;
  readonly sockets = new Set<Socket>();
  private server!: Server;
  port = 0;
  private readonly target: { host: string; port: number };
  constructor(target: { host: string; port: number }) {
    this.target = target;
  }
  async start(): Promise<void> {
    this.server = createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => {});
      if (this.mode === 'refuse') return void client.resetAndDestroy();
      const upstream = connect(this.target.port, this.target.host);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      let carried = 0;
      const mode = this.mode;
      upstream.on('data', (chunk: Buffer) => {
        carried += chunk.length;
        if (mode === 'cut' && carried > this.cutAfter) {
          upstream.destroy();
          client.resetAndDestroy();
          return;
        }
        client.write(chunk);
      });
      upstream.on('end', () => client.end());
      client.pipe(upstream);
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as { port: number }).port;
  }
  /** Switches mode and drops the connections kept alive under the previous one. */
  set(mode: Mode): void {
    this.mode = mode;
    for (const s of this.sockets) s.destroy();
  }
  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => this.server.close(r));
  }
}

let dir: string;
let stack: DevStack;
let sql: Sql;
let apiKey: string;
let proxy: StorageProxy;
let child: ChildProcess;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'assay-s3-outage-'));
  chmodSync(dir, 0o755);
  stack = await startDevStack({ dataDir: join(dir, 'stack'), persistent: false });
  await migrate(stack.databaseUrl, { quiet: true });
  sql = createSql(stack.databaseUrl, { max: 2 });
  ({ apiKey } = await seedDev(sql));
  const s3 = new URL(stack.s3.endpoint);
  proxy = new StorageProxy({ host: s3.hostname, port: Number(s3.port) });
  await proxy.start();
  child = spawn(process.execPath, ['test/fixtures/serve-and-work.ts'], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: stack.databaseUrl,
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      S3_BUCKET: stack.s3.bucket,
      S3_ACCESS_KEY_ID: stack.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: stack.s3.secretAccessKey,
      PUBLIC_BASE_URL: 'http://127.0.0.1',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      MAIL_MODE: 'log',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  ({ url } = await readyJson(child));
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await proxy?.close();
  await sql?.end({ timeout: 1 }).catch(() => {});
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const auth = () => ({ authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' });
const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${url}/developer/v1${path}`, {
    method,
    headers: auth(),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};
const spec = {
  version: '1.0.0',
  dataset: { format: 'csv', idField: 'id' },
  validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
};

/** A project with one uploaded file (storage up); returns its ids. */
async function uploaded(name: string, csv: string): Promise<{ projectId: string; uploadId: string }> {
  const p = await api('POST', '/projects', { name, spec });
  expect(p.status).toBe(201);
  const s = await api('POST', `/projects/${p.body.projectId}/upload-sessions`, {
    files: [{ relPath: 'data.csv', size: Buffer.byteLength(csv) }],
  });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  const put = await fetch(s.body.files[0].uploadUrl, { method: 'PUT', body: csv });
  expect(put.status).toBe(200);
  return { projectId: p.body.projectId, uploadId: s.body.uploadId };
}

const statusOf = (projectId: string, uploadId: string) =>
  api('GET', `/projects/${projectId}/upload-sessions/${uploadId}/status`);
const datapointCount = async (projectId: string) => (await fx.counts(sql, projectId)).datapoints;

describe('object storage unreachable', () => {
  it('process answers 503 service_unavailable and leaves the session open; it works once storage is back', async () => {
    const { projectId, uploadId } = await uploaded('Storage down at process', 'id,q\n1,a\n2,b\n3,c\n');
    proxy.set('refuse');
    try {
      const res = await api('POST', `/projects/${projectId}/upload-sessions/${uploadId}/process`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.error.code).toBe('service_unavailable');
      expect(res.body.error.message).toMatch(/object storage/i);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      const st = await statusOf(projectId, uploadId);
      expect(st.body).toMatchObject({ sessionStatus: 'open', run: null });
    } finally {
      proxy.set('up');
    }
    const again = await api('POST', `/projects/${projectId}/upload-sessions/${uploadId}/process`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    const done = await until(
      async () => (await statusOf(projectId, uploadId)).body,
      (b) => b.run?.status !== 'running',
      60_000,
    );
    expect(done.run.status, JSON.stringify(done.run)).toBe('ok');
    expect(await datapointCount(projectId)).toBe(3);
  }, 120_000);

  it('a file cut while the worker reads it fails the run with a clear message; the retry equals a clean ' +
    'run', async () => {
    const rows = 40_000;
    const csv = `id,question,answer\n${Array.from(
      { length: rows },
      (_, i) => `${i},question number ${i} of the file,answer ${i}`,
    ).join('\n')}\n`;
    expect(Buffer.byteLength(csv)).toBeGreaterThan(4 * proxy.cutAfter);
    const { projectId, uploadId } = await uploaded('Storage cut while reading', csv);
    // HEAD answers are small and pass; every read of the object is cut after 256 KiB.
    proxy.set('cut');
    let failed: any;
    try {
      const res = await api('POST', `/projects/${projectId}/upload-sessions/${uploadId}/process`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      failed = await until(
        async () => (await statusOf(projectId, uploadId)).body,
        (b) => b.run?.status !== 'running',
        90_000,
      );
    } finally {
      proxy.set('up');
    }
    expect(failed.sessionStatus).toBe('failed');
    expect(failed.run.status).toBe('failed');
    expect(failed.run.errorMessage).toMatch(/object storage/i);
    expect(failed.run.errorMessage).not.toMatch(/ECONN|at .*\.ts|Error:/);
    expect(await datapointCount(projectId)).toBe(0);

    const again = await api('POST', `/projects/${projectId}/upload-sessions/${uploadId}/process`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    const done = await until(
      async () => (await statusOf(projectId, uploadId)).body,
      (b) => b.run?.status !== 'running' && b.run?.runId === again.body.runId,
      120_000,
    );
    expect(done.run.status, JSON.stringify(done.run)).toBe('ok');
    expect(done.run.datapointsPersisted).toBe(rows);
    expect(await datapointCount(projectId)).toBe(rows);
  }, 240_000);
});
