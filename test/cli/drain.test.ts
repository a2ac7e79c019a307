// The process model: `assay serve` and `assay worker`, each started through bin/assay.js as PID 1
// of a new PID namespace (what a container without an init gives it), drain on SIGTERM: a request
// in flight is answered, a running job finishes (or, past the abort delay, is released to run
// again), and the process exits 0. As PID 1, a signal without a handler is dropped by the kernel:
// a wrapper that does not forward it leaves the CLI running until it is SIGKILLed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { serverProcessEnv } from '../helpers/config.ts';
import { until } from '../helpers/wait.ts';
import * as fx from '../helpers/fixtures.ts';
import { validSpec } from '../fixtures/specs.ts';
import { emitConsensusReached } from '../../src/webhooks/emit.ts';

let app: TestApp;
const children: ChildProcess[] = [];

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await app?.close();
});

const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => serverProcessEnv(app.databaseUrl, extra);

interface Namespaced {
  /** unshare, in this namespace. */
  outer: ChildProcess;
  /** The host's id of the namespace's PID 1 (bin/assay.js). */
  init: number;
  /** Log lines (parsed) as they arrive. */
  lines: Record<string, unknown>[];
  waitFor(msg: string): Promise<Record<string, unknown>>;
}

/** `unshare --pid --fork --mount-proc node bin/assay.js ARGS`: the wrapper is the namespace's PID 1. */
async function startAsPid1(args: string[], extraEnv: Record<string, string> = {}): Promise<Namespaced> {
  const outer = spawn('unshare', ['--pid', '--fork', '--mount-proc', 'node', 'bin/assay.js', ...args], {
    env: env(extraEnv),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(outer);
  const lines: Record<string, unknown>[] = [];
  const waiters: { msg: string; resolve: (l: Record<string, unknown>) => void }[] = [];
  createInterface({ input: outer.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    const parsed = JSON.parse(line) as Record<string, unknown>;
    lines.push(parsed);
    for (const w of waiters.filter((x) => x.msg === parsed.msg)) w.resolve(parsed);
  });
  const waitFor = (msg: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = lines.find((l) => l.msg === msg);
      if (seen) return resolve(seen);
      waiters.push({ msg, resolve });
      outer.once('exit', (code) => reject(new Error(`exited (${code}) before logging "${msg}"`)));
    });
  const init = await until(
    () => {
      try {
        return Number(readFileSync(`/proc/${outer.pid}/task/${outer.pid}/children`, 'utf8').trim().split(' ')[0]);
      } catch {
        return 0;
      }
    },
    (pid) => pid > 0,
  );
  // The wrapper is PID 1 inside (its NSpid line lists the host's id, then 1).
  expect(readFileSync(`/proc/${init}/status`, 'utf8')).toMatch(/^NSpid:\s+\d+\s+1$/m);
  return { outer, init, lines, waitFor };
}

/** The command line of the node process the wrapper (`init`) started. */
function wrappedCommandLine(init: number): string[] {
  const pid = Number(readFileSync(`/proc/${init}/task/${init}/children`, 'utf8').trim().split(' ')[0]);
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
}

const flagsOf = (file: string): string[] =>
  JSON.parse(readFileSync(new URL(`../../src/${file}`, import.meta.url), 'utf8')) as string[];

async function exitCode(p: ChildProcess): Promise<number | null> {
  if (p.exitCode !== null) return p.exitCode;
  const [code] = await once(p, 'exit');
  return code as number | null;
}

describe('drain as PID 1 of a PID namespace', { timeout: 120_000 }, () => {
  it('assay serve answers the request in flight, then exits 0', async () => {
    const ns = await startAsPid1(['serve']);
    const { url } = (await ns.waitFor('server listening')) as { url: string };
    // The server runs with its V8 flags (no memory reducer), as the image's entry point starts it.
    const serverFlags = flagsOf('http/server-node-flags.json');
    expect(serverFlags).toContain('--no-memory-reducer');
    const commandLine = wrappedCommandLine(ns.init);
    expect(commandLine.slice(1, 1 + serverFlags.length)).toEqual(serverFlags);
    const { port } = new URL(url);
    // A request whose body is not sent yet: `Expect: 100-continue` is answered once the handler
    // reads the body, so the request is in the handler when the signal arrives.
    const body = JSON.stringify({ name: 'Drained', spec: validSpec() });
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (d: Buffer) => {
      received += d.toString();
    });
    socket.write(
      [
        'POST /developer/v1/projects HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${app.orgA.originatorKey}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Expect: 100-continue',
        '',
        '',
      ].join('\r\n'),
    );
    await until(
      () => received,
      (r) => r.startsWith('HTTP/1.1 100 Continue'),
    );
    process.kill(ns.init, 'SIGTERM');
    await ns.waitFor('shutdown signal received; draining');
    // A second signal during the drain does not cut it short.
    process.kill(ns.init, 'SIGTERM');
    socket.write(body);
    // Answered, then the connection is closed by the server (the drain ends every connection).
    await once(socket, 'end');
    const final = received.slice(received.indexOf('\r\n\r\n') + 4);
    expect(final).toMatch(/^HTTP\/1\.1 201 /);
    const projectId = JSON.parse(final.slice(final.indexOf('\r\n\r\n') + 4)).projectId as string;
    const [row] = await app.sql`select name from projects where id = ${projectId}`;
    expect(row?.name).toBe('Drained');
    expect(await exitCode(ns.outer)).toBe(0);
    expect(ns.lines.map((l) => l.msg)).toContain('drained; exiting');
  });

  it('assay worker finishes a running job, releases one that outlasts the abort delay, and exits 0', async () => {
    // Two endpoints (one job queue each), so both deliveries run at once: the first receiver
    // answers once the drain has started, the second never does.
    const held: { path: string; res: ServerResponse }[] = [];
    const receiver: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      req.on('end', () => held.push({ path: req.url ?? '', res }));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as { port: number }).port;
    try {
      for (const path of ['/answered', '/silent']) {
        const endpoint = await call(app, 'createWebhookEndpoint', {
          body: { url: `http://127.0.0.1:${port}${path}`, eventTypes: ['datapoint.consensus_reached'] },
        });
        expect(endpoint.status).toBe(201);
      }
      const { projectId } = await fx.finalizedProject(app, 1);
      const [decision] = await fx.decisions(app.sql, projectId);
      await app.sql.begin((tx) =>
        emitConsensusReached(tx, [{ consensusDecisionId: decision!.id, projectId } as never]),
      );

      const ns = await startAsPid1(['worker', '--tasks', 'webhooks'], { WORKER_PORT: '0' });
      const { url } = (await ns.waitFor('worker probes listening')) as { url: string };
      const workerFlags = flagsOf('jobs/worker-node-flags.json');
      expect(wrappedCommandLine(ns.init).slice(1, 1 + workerFlags.length)).toEqual(workerFlags);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ ready: true });
      await until(
        () => held.length,
        (n) => n === 2,
      );
      process.kill(ns.init, 'SIGTERM');
      await ns.waitFor('shutdown signal received; draining');
      // Draining: not ready any more, still alive.
      expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ ready: false, reason: 'draining' });
      held
        .find((h) => h.path === '/answered')!
        .res.writeHead(204)
        .end();
      expect(await exitCode(ns.outer)).toBe(0);

      const deliveries = await app.sql<{ url: string; status: string }[]>`
        select e.url, d.status from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id order by e.url`;
      expect(deliveries).toEqual([
        { url: `http://127.0.0.1:${port}/answered`, status: 'succeeded' },
        { url: `http://127.0.0.1:${port}/silent`, status: expect.not.stringMatching(/^succeeded$/) },
      ]);
      // The cut attempt's job is unlocked and waits for its retry: nothing is left locked.
      const jobs = await app.sql<{ locked_by: string | null; attempts: number }[]>`
        select locked_by, attempts from graphile_worker.jobs where task_identifier = 'deliver_webhook'`;
      expect(jobs).toEqual([{ locked_by: null, attempts: 1 }]);
    } finally {
      for (const h of held) h.res.socket?.destroy();
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
  });
});
