// One PostgreSQL server (embedded, or the one in DATABASE_URL) and one S3 server for the whole
// run. A template database is migrated once; every test file clones it (test/helpers/db.ts).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { freePort, startDevStack, DEV_BUCKET } from '../src/dev/stack.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Config } from '../src/config.ts';
import { startDnsStub, DEFAULT_ZONE } from './helpers/dns-stub.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
    s3: Config['s3'];
    /** The DNS stub every test server resolves webhook hosts through (test/helpers/dns-stub.ts). */
    dnsServer: string;
  }
}

const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver') as new (
  options: Record<string, unknown>,
) => { run(): Promise<unknown>; close(): Promise<void> };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'assay-test-'));
  // The embedded server runs as an unprivileged `postgres` user when we are root: it must be
  // able to enter this directory (mkdtemp makes it 0700).
  chmodSync(dir, 0o755);
  const cleanups: (() => Promise<void>)[] = [];
  let adminUrl: string;
  let s3: Config['s3'];
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    adminUrl = u.toString();
    const s3Port = await freePort();
    const server = new S3rver({
      address: '127.0.0.1',
      port: s3Port,
      directory: join(dir, 's3'),
      silent: true,
      configureBuckets: [{ name: DEV_BUCKET }],
      vhostBuckets: false,
    });
    await server.run();
    cleanups.push(() => server.close());
    s3 = {
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: 'us-east-1',
      bucket: DEV_BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      publicEndpoint: null,
    };
  } else {
    const stack = await startDevStack({ dataDir: join(dir, 'stack'), persistent: false });
    cleanups.push(() => stack.stop());
    adminUrl = stack.adminUrl;
    s3 = stack.s3;
  }
  const templateDatabase = `assay_template_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${templateDatabase}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${templateDatabase}`;
  await migrate(templateUrl.toString(), { quiet: true });
  cleanups.unshift(async () => {
    await admin.unsafe(`drop database if exists ${templateDatabase} with (force)`);
    await admin.end({ timeout: 5 });
  });

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('s3', s3);
  const dns = await startDnsStub(DEFAULT_ZONE);
  cleanups.push(() => dns.close());
  project.provide('dnsServer', dns.server);

  // Every cleanup runs even when one fails; then the failures fail the run: they are written
  // beside the verdict file for scripts/test-summary.mjs (the reporter wrote the verdict before
  // this teardown ran) and thrown, for a plain `vitest run`.
  return async () => {
    const errors: string[] = [];
    for (const c of cleanups)
      await c().catch((err: unknown) => errors.push(err instanceof Error ? (err.stack ?? err.message) : String(err)));
    rmSync(dir, { recursive: true, force: true });
    if (errors.length === 0) return;
    const verdictFile = process.env.ASSAY_VERDICT_FILE;
    if (verdictFile) writeFileSync(`${verdictFile}.teardown.json`, JSON.stringify(errors));
    throw new Error(`global teardown failed:\n${errors.join('\n')}`);
  };
}
