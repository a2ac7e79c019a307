// The one Postgres client. SQL is written only as postgres.js tagged templates: values are always
// bound parameters, never spliced into SQL text. int8 columns arrive as strings (postgres.js
// default), so counts that fit in a JS number are cast with ::int in the query itself.
//
// postgres.js 3.4.9 is patched (patches/, docs/decisions.md "Tooling"): its connection queue
// slowed a busy pool down query after query.
import postgres from 'postgres';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable, type Writable } from 'node:stream';
import { type Attributes, inSpan, SpanKind, startClientSpan, tracingEnabled } from '../tracing.ts';

export type Sql = postgres.Sql;
export type TxSql = postgres.TransactionSql;
/** Either: a function that takes `Db` runs in the caller's transaction when given one. */
export type Db = Sql | TxSql;
/** A piece of SQL (sql`...`) to embed in another statement. */
export type Fragment = postgres.Fragment;

/**
 * Server-side bounds of a pool's sessions. `statementMs`: no statement runs longer (Postgres
 * cancels it: 57014); `idleInTransactionMs`: a transaction left open with nothing running is
 * ended by the server, so a stuck caller cannot hold row locks and a connection forever.
 */
export interface SessionTimeouts {
  statementMs: number;
  idleInTransactionMs: number;
}

/** The API answers people: nothing it runs should take long. */
export const API_TIMEOUTS: SessionTimeouts = Object.freeze({ statementMs: 30_000, idleInTransactionMs: 30_000 });
/** Jobs publish whole ingest runs in one statement: minutes at millions of rows. */
export const WORKER_TIMEOUTS: SessionTimeouts = Object.freeze({
  statementMs: 30 * 60_000,
  idleInTransactionMs: 60_000,
});
/** Seconds to wait for a connection to open before the query fails (postgres.js default: 30). */
const CONNECT_TIMEOUT_SECONDS = 5;
/**
 * Seconds between a failed connection and the next attempt. postgres.js's default backs off
 * exponentially up to 20 s, and a query waits for that attempt: during a database outage
 * requests hung for up to 20 s before failing, and as long after it ended before recovering.
 * A short constant delay fails them (503) and recovers within a fraction of a second.
 */
const RECONNECT_DELAY_SECONDS = 0.25;

/**
 * How the process reaches Postgres (DATABASE_POOL_MODE, DATABASE_PREPARED_STATEMENTS):
 * `transaction`: through a pooler in transaction mode (PgBouncer), which refuses startup
 * parameters other than a few it knows, so the session timeouts are not sent (the pooler's
 * server connections carry them: docs/operations.md, "PgBouncer"); `prepare: false` sends every
 * statement unnamed, for a pooler that cannot track prepared statements (PgBouncer < 1.21).
 */
export interface PoolSettings {
  transactionMode: boolean;
  prepare: boolean;
}
const DIRECT: PoolSettings = Object.freeze({ transactionMode: false, prepare: true });

/**
 * Refuses to run on an unpatched postgres.js: the patch is applied by npm's postinstall, which
 * `npm ci --ignore-scripts` (usual in hardened builds) skips, and nothing else would notice. The
 * driver's files that the patch changes carry its marker; the newest hunks (Nagle on while a COPY
 * streams; a query's settling methods; a message that spans reads copied alone) are looked for
 * too, so that a driver patched by an older patch is refused as well. `dir`: the driver's ESM source folder.
 */
export function assertPatchedDriver(dir = dirname(fileURLToPath(import.meta.resolve('postgres')))): void {
  const file = join(dir, 'connection.js');
  const text = readFileSync(file, 'utf8');
  const query = readFileSync(join(dir, 'query.js'), 'utf8');
  const current =
    text.includes('Assay patch') &&
    text.includes('socket.setNoDelay(false)') &&
    text.includes('incomings && remaining < -1') &&
    query.includes('this[settle](x)');
  if (!current)
    throw new Error(
      `postgres.js is not patched (${dir}): run \`npx patch-package\` after installing (patches/, docs/decisions.md)`,
    );
}
let driverChecked = false;

export function createSql(
  databaseUrl: string,
  options: { max?: number; timeouts?: SessionTimeouts; pool?: PoolSettings } = {},
): Sql {
  if (!driverChecked) {
    assertPatchedDriver();
    driverChecked = true;
  }
  const t = options.timeouts;
  const pool = options.pool ?? DIRECT;
  const sql = postgres(databaseUrl, {
    max: options.max ?? 10,
    prepare: pool.prepare,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: () => RECONNECT_DELAY_SECONDS,
    connection: {
      application_name: 'assay',
      ...(t && !pool.transactionMode
        ? { statement_timeout: t.statementMs, idle_in_transaction_session_timeout: t.idleInTransactionMs }
        : {}),
    },
  });
  // Off, the pool is postgres.js's own function: tracing costs the request path nothing.
  return tracingEnabled() ? traced(sql) : sql;
}

type Thenable = { then: (ok?: unknown, fail?: unknown) => unknown };
type Callable = (...args: unknown[]) => unknown;
const QUERY_TEXT_LIMIT = 2048;
/** Rows a cursor or a COPY TO handed out, in its span (OpenTelemetry's database conventions). */
const ROWS_READ = 'db.response.returned_rows';
/** Rows (lines) written into a COPY FROM STDIN. */
const ROWS_SENT = 'assay.db.copy.sent_rows';

/** The postgres.js query methods that run a statement otherwise than by awaiting it. */
interface StreamingQuery extends Thenable {
  /** Settles the query's promise (the driver calls it; a COPY's with its stream). */
  resolve: (value: unknown) => unknown;
  cursor: (rows?: unknown, fn?: unknown) => unknown;
  writable: () => Promise<Writable>;
  readable: () => Promise<Readable>;
}

/**
 * Newlines in a chunk of COPY text: its rows (each line ends with one; a newline in a value is
 * escaped). A scan for one byte, cheap beside sending the chunk.
 */
function lines(chunk: unknown): number {
  let n = 0;
  if (typeof chunk === 'string') for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) n++;
  else if (chunk instanceof Uint8Array) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

/**
 * A span per statement, from the moment it is awaited (when postgres.js runs it) until it settles,
 * a child of the span running then. Attributes: the statement's text as written (its template's
 * literal parts, `$?` where a value or a fragment goes: never a value) and its first keyword.
 * Statements that do not run by being awaited get one span each too: a `.cursor()` read as an
 * async iterator from its first batch until the last (or until the reader stops), with the rows
 * read; a COPY from the moment its stream is asked for until the server confirmed it (`writable`:
 * the stream's finish, with the lines sent) or sent its last row (`readable`, with the rows
 * read). `.cursor(n, fn)` and `.forEach()` are awaited: their span is the statement's.
 */
function traceStatement(query: StreamingQuery, text: string): void {
  const then = query.then;
  const { cursor, writable, readable } = query;
  let started = false;
  const operation = () => (/^\s*(\w+)/.exec(text)?.[1] ?? 'statement').toUpperCase();
  const start = () => {
    started = true;
    const name = operation();
    return startClientSpan(name, {
      'db.system.name': 'postgresql',
      'db.operation.name': name,
      'db.query.text': text.length > QUERY_TEXT_LIMIT ? text.slice(0, QUERY_TEXT_LIMIT) : text,
    });
  };
  // biome-ignore lint/suspicious/noThenProperty: the hook is the query's own `then`, where postgres.js runs it.
  query.then = function (this: unknown, ok?: unknown, fail?: unknown) {
    if (!started) {
      const end = start();
      if (end)
        then.call(
          query,
          () => end(),
          (err: unknown) => end(err ?? new Error('statement failed')),
        );
    }
    return then.call(query, ok, fail);
  };
  query.cursor = (rows?: unknown, fn?: unknown) => {
    const result = cursor.call(query, rows, fn);
    // With a callback the query is awaited (its `then` span); without, an async iterator of batches.
    if (result === query) return result;
    return tracedCursor(result as AsyncIterable<unknown[]>, start);
  };
  query.writable = async () => {
    const end = start();
    let stream: Writable;
    try {
      stream = await writable.call(query);
    } catch (err) {
      end?.(err);
      throw err;
    }
    if (!end) return stream;
    let sent = 0;
    const write = stream.write;
    stream.write = function (this: Writable, chunk: unknown, ...rest: unknown[]) {
      sent += lines(chunk);
      return (write as Callable).call(this, chunk, ...rest) as boolean;
    };
    // `end(chunk)` writes its chunk without calling `write`.
    const finish = stream.end;
    stream.end = function (this: Writable, ...args: unknown[]) {
      sent += lines(args[0]);
      return (finish as Callable).apply(this, args) as Writable;
    };
    // No 'error' listener: one would change what an error the caller does not listen for does.
    // The stream closes after an error (autoDestroy) and keeps it in `errored`.
    const once = onceOnly(end);
    stream.once('finish', () => once(undefined, { [ROWS_SENT]: sent }));
    stream.once('close', () =>
      once(stream.errored ?? new Error('COPY stream closed before it finished'), { [ROWS_SENT]: sent }),
    );
    return stream;
  };
  query.readable = async () => {
    const end = start();
    const once = end && onceOnly(end);
    if (once) {
      // The connection resolves the query with the stream and pushes the server's rows into it in
      // the same turn, before an awaiting caller resumes: the stream is hooked as it is handed over.
      const resolve = query.resolve;
      query.resolve = (value: unknown) => {
        if (value instanceof Readable) countPushes(value, once);
        return resolve.call(query, value);
      };
    }
    try {
      return await readable.call(query);
    } catch (err) {
      once?.(err, { [ROWS_READ]: 0 });
      throw err;
    }
  };
}

/** The rows pushed into a COPY TO stream; the last push (null) is the end of the COPY. */
function countPushes(stream: Readable, end: (err: unknown, atEnd: Attributes) => void): void {
  let read = 0;
  const push = stream.push;
  stream.push = function (this: Readable, chunk: unknown, ...rest: unknown[]) {
    if (chunk === null) end(undefined, { [ROWS_READ]: read });
    else read += lines(chunk);
    return (push as Callable).call(this, chunk, ...rest) as boolean;
  };
  // A COPY TO the server fails midway: no 'close' was seen before the reader's rejection, so the
  // error is taken as it is emitted, not by a listener (see the writable's). (postgres.js then
  // also throws it uncaught, traced or not: no test covers that case.)
  const emit = stream.emit;
  stream.emit = function (this: Readable, event: string | symbol, ...args: unknown[]) {
    if (event === 'error') end(args[0], { [ROWS_READ]: read });
    return (emit as Callable).call(this, event, ...args) as boolean;
  };
  stream.once('close', () => end(stream.errored ?? undefined, { [ROWS_READ]: read }));
}

/** `end` called once: the first of a stream's finish, error or close says how it ended. */
function onceOnly(end: (err?: unknown, atEnd?: Attributes) => void) {
  let done = false;
  return (err: unknown, atEnd: Attributes) => {
    if (done) return;
    done = true;
    end(err, atEnd);
  };
}

/**
 * A cursor's batches with a span from the first batch asked for to the last (or to the reader's
 * stop: `return`, as `break` in a `for await` calls it), with the rows handed out.
 */
function tracedCursor(
  batches: AsyncIterable<unknown[]>,
  start: () => ((err?: unknown, atEnd?: Attributes) => void) | undefined,
): AsyncIterable<unknown[]> {
  return {
    [Symbol.asyncIterator]() {
      const inner = batches[Symbol.asyncIterator]();
      let end: ((err: unknown, atEnd: Attributes) => void) | undefined;
      let read = 0;
      let begun = false;
      return {
        async next() {
          if (!begun) {
            begun = true;
            const e = start();
            end = e && onceOnly(e);
          }
          try {
            const batch = await inner.next();
            if (batch.done) end?.(undefined, { [ROWS_READ]: read });
            else read += batch.value.length;
            return batch;
          } catch (err) {
            end?.(err, { [ROWS_READ]: read });
            throw err;
          }
        },
        async return(value?: unknown) {
          end?.(undefined, { [ROWS_READ]: read });
          return (await inner.return?.(value)) ?? { done: true, value: undefined };
        },
      };
    },
  };
}

/**
 * The pool (or a transaction's client) with a span around each statement and each transaction:
 * postgres.js has no instrumentation hooks, so its tagged-template function, `unsafe`, `begin` and
 * `savepoint` are wrapped; a transaction's client is wrapped alike.
 */
function traced<T extends Db>(client: T): T {
  const wrapTransaction =
    (name: string, start: Callable) =>
    (...args: unknown[]) => {
      const fn = args.pop() as Callable;
      return inSpan(name, { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql' } }, async () =>
        start(...args, async (tx: Db) => {
          const result = await fn(traced(tx));
          // postgres.js runs a returned array of statements together: so does the wrapper.
          return Array.isArray(result) ? Promise.all(result) : result;
        }),
      );
    };
  return new Proxy(client, {
    apply(target, self, args: unknown[]) {
      const query = Reflect.apply(target as unknown as Callable, self, args);
      const strings = args[0] as { raw?: unknown } | undefined;
      if (Array.isArray(strings) && Array.isArray(strings.raw))
        traceStatement(query as StreamingQuery, strings.join('$?'));
      return query;
    },
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== 'function') return value;
      if (prop === 'begin') return wrapTransaction('transaction', value.bind(target) as Callable);
      if (prop === 'savepoint') return wrapTransaction('savepoint', value.bind(target) as Callable);
      if (prop === 'unsafe')
        return (text: string, ...rest: unknown[]) => {
          const query = (value as Callable).call(target, text, ...rest);
          traceStatement(query as StreamingQuery, text);
          return query;
        };
      return value;
    },
  });
}

/**
 * A pool's connections now: `max` the pool's size, `busy` running statements, `reserved` held by a
 * transaction (or a reserved session), `idle` open and free, `connecting` being opened, and
 * `waiting` statements queued for a free connection. Read from the patched driver (patches/).
 */
export interface PoolStats {
  max: number;
  idle: number;
  busy: number;
  reserved: number;
  connecting: number;
  waiting: number;
}

export function poolStats(sql: Sql): PoolStats {
  return (sql as unknown as { stats(): PoolStats }).stats();
}

/** The database answers a trivial statement (the readiness probe, src/http/health.ts). */
export async function ping(sql: Db): Promise<void> {
  await sql`select 1`;
}
