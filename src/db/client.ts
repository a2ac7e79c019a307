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
  return postgres(databaseUrl, {
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
}

/** The database answers a trivial statement (the readiness probe, src/http/health.ts). */
export async function ping(sql: Db): Promise<void> {
  await sql`select 1`;
}
