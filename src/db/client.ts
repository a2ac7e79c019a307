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
import { inSpan, SpanKind, startClientSpan, tracingEnabled } from '../tracing.ts';

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
 * driver's files that the patch changes carry its marker. `dir`: the driver's ESM source folder.
 */
export function assertPatchedDriver(dir = dirname(fileURLToPath(import.meta.resolve('postgres')))): void {
  const file = join(dir, 'connection.js');
  if (!readFileSync(file, 'utf8').includes('Assay patch'))
    throw new Error(
      `postgres.js is not patched (${file}): run \`npx patch-package\` after installing (patches/, docs/decisions.md)`,
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

/**
 * A span per statement, from the moment it is awaited (when postgres.js runs it) until it settles,
 * a child of the span running then. Attributes: the statement's text as written (its template's
 * literal parts, `$?` where a value or a fragment goes: never a value) and its first keyword.
 * Statements read through `.cursor()`, `.forEach()` or a COPY stream are not traced.
 */
function traceStatement(query: Thenable, text: string): void {
  const then = query.then;
  let started = false;
  // biome-ignore lint/suspicious/noThenProperty: the hook is the query's own `then`, where postgres.js runs it.
  query.then = function (this: unknown, ok?: unknown, fail?: unknown) {
    if (!started) {
      started = true;
      const operation = (/^\s*(\w+)/.exec(text)?.[1] ?? 'statement').toUpperCase();
      const end = startClientSpan(operation, {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        'db.query.text': text.length > QUERY_TEXT_LIMIT ? text.slice(0, QUERY_TEXT_LIMIT) : text,
      });
      if (end)
        then.call(
          query,
          () => end(),
          (err: unknown) => end(err ?? new Error('statement failed')),
        );
    }
    return then.call(query, ok, fail);
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
      if (Array.isArray(strings) && Array.isArray(strings.raw)) traceStatement(query as Thenable, strings.join('$?'));
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
          traceStatement(query as Thenable, text);
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
