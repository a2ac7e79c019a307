// `assay serve` with OTEL_EXPORTER_OTLP_ENDPOINT set sends its spans to that collector over
// OTLP/HTTP (here a receiver on 127.0.0.1): the request's server span, in the caller's trace, is
// exported by the time the drain ends. Without the variable tracing stays off (the in-process
// tests start with it off: test/http/tracing.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { createInterface } from 'node:readline';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { serverProcessEnv } from '../helpers/config.ts';
import { until } from '../helpers/wait.ts';

let app: TestApp;
let collector: Server;
const exported: { path: string; type: string; body: Buffer }[] = [];
let child: ChildProcess | null = null;

beforeAll(async () => {
  app = await startTestApp();
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      exported.push({ path: req.url ?? '', type: String(req.headers['content-type']), body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    // SIGTERM first: bin/assay.js forwards it to the server it runs, which a SIGKILL of the
    // wrapper would leave running (holding this file's stderr, so the test run never ends).
    child.kill('SIGTERM');
    await Promise.race([once(child, 'exit'), new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  collector?.close();
  await app?.close();
});

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';

// A whole `assay serve` starts, answers and drains: up to 60 s for the start alone on a loaded machine.
it('exports the request span to the OTLP endpoint, in the caller trace, before the drain ends', {
  timeout: 120_000,
}, async () => {
  const { port } = collector.address() as { port: number };
  child = spawn(process.execPath, ['bin/assay.js', 'serve'], {
    env: serverProcessEnv(app.databaseUrl, { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  createInterface({ input: child.stdout! }).on('line', (l) => {
    if (l.startsWith('{')) lines.push(JSON.parse(l));
  });
  const listening = await until(
    async () => lines.find((l) => l.msg === 'server listening'),
    (l) => l !== undefined,
    60_000,
  );
  const res = await fetch(`${listening!.url}/developer/v1/ping`, {
    headers: { authorization: `Bearer ${app.orgA.originatorKey}`, traceparent: `00-${TRACE}-${CALLER_SPAN}-01` },
  });
  expect(res.status).toBe(200);
  // The request's log lines carry the caller's trace id.
  const access = await until(
    async () => lines.find((l) => l.msg === 'request' && l.requestId === res.headers.get('x-request-id')),
    (l) => l !== undefined,
  );
  expect(access).toMatchObject({ traceId: TRACE, orgId: app.orgA.id, operation: 'ping' });
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  expect(code).toBe(0);

  const traces = exported.filter((e) => e.path === '/v1/traces');
  expect(traces.length).toBeGreaterThan(0);
  // OTLP/HTTP with JSON bodies (the exporter's encoding): ids as hex.
  expect(traces.every((t) => t.type.startsWith('application/json'))).toBe(true);
  type Exported = {
    resourceSpans: {
      resource: { attributes: { key: string; value: { stringValue?: string } }[] };
      scopeSpans: { spans: { name: string; traceId: string; parentSpanId?: string }[] }[];
    }[];
  };
  const batches = traces.map((t) => JSON.parse(t.body.toString('utf8')) as Exported);
  const resources = batches.flatMap((b) => b.resourceSpans);
  expect(
    resources.every((r) =>
      r.resource.attributes.some((a) => a.key === 'service.name' && a.value.stringValue === 'assay-server'),
    ),
  ).toBe(true);
  const spans = resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
  expect(spans.find((sp) => sp.name === 'GET ping')).toMatchObject({ traceId: TRACE, parentSpanId: CALLER_SPAN });
  // Its statements (the key lookup) in the same trace.
  expect(spans.filter((sp) => sp.traceId === TRACE && sp.name === 'SELECT').length).toBeGreaterThan(0);
  expect(Buffer.concat(traces.map((t) => t.body)).includes(Buffer.from(app.orgA.originatorKey))).toBe(false);
});
