// Debian's PgBouncer in transaction mode in front of the test Postgres (one database alias per
// test database). `.ci/run` installs it; a run with CI=true fails without it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort } from '../../src/dev/stack.ts';

export const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';
export const pgbouncerInstalled = (): boolean => existsSync(PGBOUNCER);

export interface Bouncer {
  /** DATABASE_URL through the pooler, for the alias of `directUrl`'s database. */
  url: string;
  stop(): Promise<void>;
}

/**
 * `poolSize` server connections at most for all clients together, so that clients take turns on
 * the same server connections (the point of the test). The server connections carry the API's
 * session bounds by `connect_query`, as docs/operations.md tells operators to configure them.
 */
export async function startPgBouncer(directUrl: string, options: { poolSize?: number } = {}): Promise<Bouncer> {
  const direct = new URL(directUrl);
  const dir = mkdtempSync(join(tmpdir(), 'assay-pgbouncer-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const db = direct.pathname.slice(1);
  const password = decodeURIComponent(direct.password);
  const server = [
    `host=${direct.hostname}`,
    `port=${direct.port}`,
    `dbname=${db}`,
    `user=${decodeURIComponent(direct.username)}`,
    `password=${password}`,
    "connect_query='set statement_timeout = 30000; set idle_in_transaction_session_timeout = 30000'",
  ].join(' ');
  const ini = `[databases]
${db} = ${server}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'users.txt')}
pool_mode = transaction
default_pool_size = ${options.poolSize ?? 3}
max_client_conn = 200
ignore_startup_parameters = extra_float_digits
server_reset_query =
log_connections = 0
log_disconnections = 0
`;
  writeFileSync(join(dir, 'pgbouncer.ini'), ini, { mode: 0o644 });
  writeFileSync(join(dir, 'users.txt'), `"assay" ""\n`, { mode: 0o644 });
  // PgBouncer refuses to run as root: -u drops to the postgres user (Debian's package creates it).
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its log goes to stderr; the tail is kept for the error should it stop.
  let log = '';
  child.stderr!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`pgbouncer exited (${code}): ${log}`))),
  );
  child.once('error', () => {});
  const url = `postgres://assay@127.0.0.1:${port}/${db}`;
  const probe = async () => {
    for (let i = 0; ; i++) {
      const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {}, connect_timeout: 2 });
      try {
        await sql`select 1`;
        return;
      } catch (err) {
        if (i > 100) throw err;
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        await sql.end({ timeout: 1 });
      }
    }
  };
  await Promise.race([probe(), exited]);
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
