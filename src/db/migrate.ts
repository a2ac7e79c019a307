// Applies sql/migrations with dbmate (numbered plain SQL files, one transaction each), and
// refuses a database that has migrations this code does not know: running old code against a
// newer schema is how data gets half-written.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveBinary } from 'dbmate';
import postgres from 'postgres';
import { runMigrations } from 'graphile-worker';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'sql', 'migrations');

function knownVersions(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .map((f) => f.split('_')[0])
    .sort();
}

/** dbmate's Postgres driver asks for TLS unless told otherwise; local servers have none. */
function withSslMode(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  if (!u.searchParams.has('sslmode') && ['localhost', '127.0.0.1', '::1', '[::1]'].includes(u.hostname))
    u.searchParams.set('sslmode', 'disable');
  return u.toString();
}

async function appliedVersions(databaseUrl: string): Promise<string[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ exists }] = await sql<
      { exists: boolean }[]
    >`select to_regclass('public.schema_migrations') is not null as exists`;
    if (!exists) return [];
    return (await sql<{ version: string }[]>`select version from schema_migrations order by version`).map(
      (r) => r.version,
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Creates the `assay` database on a server that has none (the embedded stack, src/dev/stack.ts), connected as its
 * superuser.
 */
export async function createAssayDatabase(adminUrl: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = 'assay'`;
    if (!exists) await admin`create database assay`;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/**
 * The advisory lock every `assay migrate` takes before it looks at the schema: with one migrator
 * per pod (a Helm hook, a compose one-off, an init container), two would otherwise run the same
 * migration at once (dbmate takes no lock). A session lock: it needs a direct connection, not a
 * pooler in transaction mode (DATABASE_DIRECT_URL).
 */
export const MIGRATION_LOCK_KEY = 4_417_220_266_431_105n;

export interface MigrationOutcome {
  /** Versions this run applied, oldest first; empty when the database was up to date. */
  applied: string[];
  /** True when another migrator held the lock and this one waited for it. */
  waited: boolean;
}

export async function migrate(
  databaseUrl: string,
  options: { quiet?: boolean; onWait?: () => void } = {},
): Promise<MigrationOutcome> {
  // The lock's own session: no statement timeout (waiting for another migrator may take as long
  // as its migrations do). It is released when the session ends, also if this process dies.
  const lock = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'assay migrate', statement_timeout: 0 },
  });
  try {
    return await underLock(lock, databaseUrl, options);
  } finally {
    await lock.end({ timeout: 5 });
  }
}

async function underLock(
  lock: postgres.Sql,
  databaseUrl: string,
  options: { quiet?: boolean; onWait?: () => void },
): Promise<MigrationOutcome> {
  const key = MIGRATION_LOCK_KEY.toString();
  return lock.reserve().then(async (session) => {
    try {
      const [{ got }] = await session<{ got: boolean }[]>`select pg_try_advisory_lock(${key}::bigint) as got`;
      if (!got) {
        options.onWait?.();
        await session`select pg_advisory_lock(${key}::bigint)`;
      }
      try {
        const before = await appliedVersions(databaseUrl);
        await migrateLocked(databaseUrl, before, options);
        const after = new Set(await appliedVersions(databaseUrl));
        const had = new Set(before);
        return { applied: [...after].filter((v) => !had.has(v)).sort(), waited: !got };
      } finally {
        await session`select pg_advisory_unlock(${key}::bigint)`;
      }
    } finally {
      session.release();
    }
  });
}

async function migrateLocked(databaseUrl: string, applied: string[], options: { quiet?: boolean }): Promise<void> {
  const known = new Set(knownVersions());
  const unknown = applied.filter((v) => !known.has(v));
  if (unknown.length) {
    throw new Error(
      `the database has migrations this code does not know ` +
        `(${unknown.join(', ')}): it is newer than the code; refusing to run`,
    );
  }
  // The URL goes through the environment, not `--url`: a command line (with its password) is
  // visible to every user of the machine in `ps`.
  const args = ['--migrations-dir', MIGRATIONS_DIR, '--no-dump-schema', 'up'];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(resolveBinary(), args, {
      stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'pipe'],
      env: { ...process.env, DATABASE_URL: withSslMode(databaseUrl) },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    // dbmate's own message names the failing migration; the URL (with its password) is not in it.
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migration failed: ${stderr.trim()}`))));
  });
  // The job queue's own schema, so that API processes can enqueue (graphile_worker.add_job)
  // before any worker has started.
  await runMigrations({ connectionString: databaseUrl, logger: undefined });
}
