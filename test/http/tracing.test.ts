// OpenTelemetry tracing, to the SDK's in-memory exporter: one trace, started by the caller's
// `traceparent`, spans the request, the ingest job it enqueued, the Auto Consensus job that job
// enqueued, the webhook deliveries that one enqueued and the webhooks they sent, with the
// statements and object storage reads between. Spans carry no secret and no statement value.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { uploadFiles } from '../helpers/uploads.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';
import { jobsDrained, until } from '../helpers/wait.ts';
import { operationTable } from '../../src/generated/operations.ts';
import { startTracing, stopTracing, tracingEnabled } from '../../src/tracing.ts';

const exporter = new InMemorySpanExporter();
let app: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  expect(tracingEnabled()).toBe(false);
  // Before the server and the worker create their pools: their statements are traced.
  await startTracing('assay-test', { exporter });
  app = await startTestApp({ worker: true });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
  await stopTracing();
});

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

it('follows one trace from the caller through the request, its jobs and the webhooks they sent', async () => {
  const hook = await call(app, 'createWebhookEndpoint', {
    body: { url: receiver.url, eventTypes: ['datapoint.consensus_reached'] },
  });
  expect(hook.status).toBe(201);
  receiver.secret = hook.body.secret;
  const spec = {
    version: '1.0.0',
    dataset: { format: 'csv', idField: 'id' },
    validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
  };
  const { projectId } = (await call(app, 'createProject', { body: { name: 'Traced', spec } })).body;
  await call(app, 'updateProject', {
    params: { projectId },
    body: { autoConsensus: true, autoConsensusSpread: 'tight' },
  });
  const uploadId = await uploadFiles(app, projectId, { 't.csv': 'id,text\n1,one\n2,two\n' });

  const op = operationTable.processUploadSession;
  const path = op.server + op.path.replace('{projectId}', projectId).replace('{uploadId}', uploadId);
  const res = await raw(app, 'POST', path, {
    key: app.orgA.originatorKey,
    body: '{}',
    contentType: 'application/json',
    headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
  });
  expect(res.status).toBe(202);
  await until(
    async () => receiver.received.length,
    (n) => n === 2,
  );
  await jobsDrained(app.sql, { task: 'auto_consensus' });
  await jobsDrained(app.sql, { task: 'deliver_webhook' });

  const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === CALLER_TRACE);
  const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
  const named = (name: string) => spans.filter((s) => s.name === name);
  const ancestors = (s: ReadableSpan): string[] => {
    const names: string[] = [];
    for (let p = s.parentSpanContext?.spanId; p && byId.has(p); p = byId.get(p)!.parentSpanContext?.spanId)
      names.push(byId.get(p)!.name);
    return names;
  };

  // The request: a server span whose parent is the caller's span.
  const [request] = named('POST processUploadSession');
  expect(request).toBeDefined();
  expect(request!.parentSpanContext?.spanId).toBe(CALLER_SPAN);
  expect(request!.attributes).toMatchObject({ 'http.response.status_code': 202, 'assay.org_id': app.orgA.id });
  // The jobs, each below the one (or the request) that enqueued it.
  const [ingestJob] = named('job ingest');
  expect(ancestors(ingestJob!)).toContain('POST processUploadSession');
  const consensus = named('job auto_consensus');
  expect(consensus.length).toBeGreaterThan(0);
  for (const job of consensus) expect(ancestors(job)).toEqual(expect.arrayContaining(['job ingest']));
  const deliveries = named('job deliver_webhook');
  expect(deliveries).toHaveLength(2);
  for (const job of deliveries)
    expect(ancestors(job)).toEqual(
      expect.arrayContaining(['job auto_consensus', 'job ingest', 'POST processUploadSession']),
    );
  // The webhooks sent, inside their delivery jobs.
  const posts = named('webhook POST');
  expect(posts).toHaveLength(2);
  for (const post of posts) {
    expect(ancestors(post)[0]).toBe('job deliver_webhook');
    expect(post.attributes['http.response.status_code']).toBe(204);
  }
  // Statements and object storage inside the trace: the ingest job reads the session's file.
  const statements = spans.filter(
    (s) => s.attributes['db.system.name'] === 'postgresql' && s.attributes['db.query.text'],
  );
  expect(statements.length).toBeGreaterThan(5);
  expect(spans.some((s) => s.name === 'S3 GetObjectCommand' && ancestors(s).includes('job ingest'))).toBe(true);
  // The ingest's COPY of the file's two rows into datapoints: one span, with the lines sent.
  const copies = named('COPY').filter((s) => String(s.attributes['db.query.text']).includes('copy datapoints'));
  expect(copies).toHaveLength(1);
  expect(copies[0]!.attributes['assay.db.copy.sent_rows']).toBe(2);
  expect(ancestors(copies[0]!)).toContain('job ingest');
  // Every span of the trace descends from the request.
  for (const s of spans) if (s !== request) expect(ancestors(s)).toContain('POST processUploadSession');
  // No secret, no value: statements are their template text; the webhook span names the host only.
  const text = JSON.stringify(spans.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events })));
  for (const secret of [app.orgA.originatorKey, hook.body.secret, projectId, uploadId, receiver.url])
    expect(text).not.toContain(secret);
});
