// Spans for the statements postgres.js runs without their being awaited: a cursor read as an
// async iterator, COPY FROM STDIN through `.writable()` and COPY TO STDOUT through `.readable()`.
// One span each, from its start to the server's end of it, with the rows read or sent; to the
// SDK's in-memory exporter, as test/http/tracing.test.ts.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { once } from 'node:events';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { SpanKind, SpanStatusCode, startTracing, stopTracing } from '../../src/tracing.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const exporter = new InMemorySpanExporter();
let db: TestDatabase;

beforeAll(async () => {
  // Before the pool is created: its statements are traced only then.
  await startTracing('assay-test', { exporter });
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
  await stopTracing();
});
beforeEach(() => exporter.reset());

/** The finished spans of statements whose text contains `fragment`. */
const spansOf = (fragment: string): ReadableSpan[] =>
  exporter.getFinishedSpans().filter((s) => String(s.attributes['db.query.text'] ?? '').includes(fragment));

it('a cursor read to its end: one span with every row read', async () => {
  let rows = 0;
  for await (const batch of db.sql`select n from generate_series(1, 25) n`.cursor(10)) rows += batch.length;
  expect(rows).toBe(25);
  const [span, ...more] = spansOf('generate_series(1, 25)');
  expect(more).toEqual([]);
  expect(span).toBeDefined();
  expect(span!.name).toBe('SELECT');
  expect(span!.kind).toBe(SpanKind.CLIENT);
  expect(span!.attributes['db.response.returned_rows']).toBe(25);
  expect(span!.status.code).toBe(SpanStatusCode.UNSET);
});

it('a cursor the reader leaves early: its span ends there, with the rows handed out', async () => {
  for await (const batch of db.sql`select n from generate_series(1, 1000) n`.cursor(10)) {
    expect(batch).toHaveLength(10);
    break;
  }
  const spans = spansOf('generate_series(1, 1000)');
  expect(spans).toHaveLength(1);
  expect(spans[0]!.attributes['db.response.returned_rows']).toBe(10);
  // The pool is usable afterwards: the cursor's connection was released.
  expect((await db.sql`select 1 as one`)[0]!.one).toBe(1);
});

it('a failing cursor: its span records the error', async () => {
  const read = async () => {
    for await (const _ of db.sql`select 1 / (n - 3) from generate_series(1, 5) n`.cursor(1));
  };
  await expect(read()).rejects.toThrow(/division by zero/);
  const spans = spansOf('1 / (n - 3)');
  expect(spans).toHaveLength(1);
  expect(spans[0]!.status.code).toBe(SpanStatusCode.ERROR);
  expect(spans[0]!.attributes['db.response.returned_rows']).toBe(2);
});

it('COPY FROM STDIN: one span, ended once the server confirmed the copy, with the lines sent', async () => {
  await db.sql.begin(async (tx) => {
    await tx`create temp table copied (n int, s text) on commit drop`;
    const copy = await tx`copy copied (n, s) from stdin`.writable();
    copy.write('1\tone\n');
    copy.write(Buffer.from('2\ttwo\n3\tthree\n'));
    // The last line by `end`, a newline and a tab inside its value escaped (one row).
    copy.end('4\tfour, with a tab \\t and a newline \\n escaped\n');
    await once(copy, 'finish');
    // Ended by the time the stream finished (its span is exported on end).
    const [span, ...more] = spansOf('copy copied (n, s) from stdin');
    expect(more).toEqual([]);
    expect(span!.name).toBe('COPY');
    expect(span!.attributes['assay.db.copy.sent_rows']).toBe(4);
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    expect((await tx`select count(*)::int as n from copied`)[0]!.n).toBe(4);
  });
});

it('COPY FROM STDIN the server refuses: its span records the error', async () => {
  const run = db.sql.begin(async (tx) => {
    await tx`create temp table refused (n int) on commit drop`;
    const copy = await tx`copy refused (n) from stdin`.writable();
    copy.write('1\n');
    copy.write('not a number\n');
    copy.end();
    await once(copy, 'finish');
  });
  await expect(run).rejects.toThrow(/invalid input syntax/);
  const spans = spansOf('copy refused (n) from stdin');
  expect(spans).toHaveLength(1);
  expect(spans[0]!.status.code).toBe(SpanStatusCode.ERROR);
});

it('COPY TO STDOUT: one span with the rows the server sent', async () => {
  let text = '';
  const out = await db.sql`copy (select n, 'row ' || n from generate_series(1, 7) n) to stdout`.readable();
  for await (const chunk of out) text += chunk.toString();
  expect(text.split('\n').filter(Boolean)).toHaveLength(7);
  const [span, ...more] = spansOf('generate_series(1, 7)');
  expect(more).toEqual([]);
  expect(span!.name).toBe('COPY');
  expect(span!.attributes['db.response.returned_rows']).toBe(7);
});
