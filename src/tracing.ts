// OpenTelemetry tracing (docs/operations.md, "Traces"), off unless OTEL_EXPORTER_OTLP_ENDPOINT is
// set. Off, every helper here is a test of one module variable and a direct call: nothing is
// allocated on the request path. On, spans cover an API request (its parent taken from the
// caller's `traceparent` header), the jobs it enqueued (the `traceparent` travels in the job's
// payload), the statements each runs (src/db/client.ts), object storage, webhook deliveries and
// SMTP. No library is instrumented automatically: each span is opened where its work happens.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { SpanExporter, TracerProvider } from '@opentelemetry/sdk-trace';

export { SpanKind, SpanStatusCode, type Attributes, type Span };

/** null: tracing is off. */
let tracer: Tracer | null = null;
let provider: TracerProvider | null = null;

export const tracingEnabled = (): boolean => tracer !== null;

/**
 * Turns tracing on for this process: spans of `serviceName` go to the OTLP/HTTP endpoint of
 * OTEL_EXPORTER_OTLP_ENDPOINT (the exporter reads it and the other OTEL_EXPORTER_OTLP_* variables),
 * or, in tests, to `exporter` as each span ends. Call before the pools are created: their
 * statements are traced only when tracing was on when they were. The SDK and the exporter are
 * loaded here, not at start: a process with tracing off never holds them (the worker's memory
 * budget is measured without them).
 */
export async function startTracing(serviceName: string, options: { exporter?: SpanExporter } = {}): Promise<void> {
  if (tracer) return;
  const [{ AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { resourceFromAttributes }, sdk, otlp] =
    await Promise.all([
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
    ]);
  const { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider } = sdk;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || serviceName }),
    spanProcessors: [
      options.exporter
        ? new SimpleSpanProcessor({ exporter: options.exporter })
        : new BatchSpanProcessor({ exporter: new otlp.OTLPTraceExporter() }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer('assay');
}

/** Sends the spans not yet exported and stops (the end of a drain). */
export async function stopTracing(): Promise<void> {
  const p = provider;
  tracer = null;
  provider = null;
  if (p) await p.shutdown();
}

/** The trace id of the span running now, for the log line (src/log.ts); undefined when off. */
export function currentTraceId(): string | undefined {
  if (!tracer) return undefined;
  return trace.getSpan(context.active())?.spanContext().traceId;
}

/** The W3C `traceparent` of the span running now, to carry in a job's payload; undefined when off. */
export function currentTraceparent(): string | undefined {
  if (!tracer) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a `traceparent` (a caller's header, a job's payload) names; the root without one. */
function contextOf(traceparent: string | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent's `traceparent` instead of the span running now (a job's payload). */
  traceparent?: string;
}

/**
 * Runs `fn` in a span named `name` (a child of the span running now, or of `traceparent`); a
 * throw marks the span as an error with the exception's type and message. Off: `fn()`.
 */
export function inSpan<T>(name: string, options: SpanOptions, fn: (span?: Span) => Promise<T>): Promise<T> {
  if (!tracer) return fn();
  const parent = options.traceparent !== undefined ? contextOf(options.traceparent) : context.active();
  return tracer.startActiveSpan(name, { kind: options.kind, attributes: options.attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      failSpan(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Records a failure on `span`: the exception's type and message (never its other properties). */
function failSpan(span: Span, err: unknown): void {
  const e = err instanceof Error ? err : new Error(String(err));
  span.recordException({ name: e.name, message: e.message, stack: e.stack });
  span.setStatus({ code: SpanStatusCode.ERROR, message: e.message });
}

/** A request's server span, ended when its response is. */
export interface ServerSpan {
  end(name: string, attributes: Attributes, failed: boolean): void;
}

/**
 * Runs `run` (the rest of the request) inside a server span whose parent is the caller's
 * `traceparent` header, and returns the span for the response to end. Off: `run()`, and null.
 */
export function serverSpan(
  method: string,
  traceparent: string | string[] | undefined,
  run: () => void,
): ServerSpan | null {
  if (!tracer) {
    run();
    return null;
  }
  const parent = contextOf(typeof traceparent === 'string' ? traceparent : undefined);
  const span = tracer.startSpan(method, { kind: SpanKind.SERVER }, parent);
  context.with(trace.setSpan(context.active(), span), run);
  return {
    end(name, attributes, failed) {
      span.updateName(name);
      span.setAttributes(attributes);
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/**
 * A client span that starts now, not made current (nothing runs inside it: a postgres.js query,
 * which runs when it is awaited); the returned function ends it, with the error if one is given
 * and the attributes known only at the end (rows read or sent). Off: undefined.
 */
export function startClientSpan(
  name: string,
  attributes: Attributes,
): ((err?: unknown, atEnd?: Attributes) => void) | undefined {
  if (!tracer) return undefined;
  const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes });
  return (err, atEnd) => {
    if (atEnd) span.setAttributes(atEnd);
    if (err !== undefined) failSpan(span, err);
    span.end();
  };
}
