// Migrations cannot race: every `assay migrate` takes one advisory lock before it looks at the
// schema. Two started at once on an empty database (the test holds the lock until both are
// waiting for it): one applies every migration, the other waits, then finds nothing to do.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { readdirSync } from 'node:fs';
import { MIGRATION_LOCK_KEY, MIGRATIONS_DIR } from '../../src/db/migrate.ts';
import { until } from '../helpers/wait.ts';

const name = `assay_migrate_${randomBytes(5).toString('hex')}`;
let admin: postgres.Sql;
let databaseUrl: string;

beforeAll(async () => {
  admin = postgres(inject('adminUrl'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const u = new URL(inject('adminUrl'));
  u.pathname = `/${name}`;
  databaseUrl = u.toString();
});
afterAll(async () => {
  await admin?.unsafe(`drop database if exists ${name} with (force)`);
  await admin?.end({ timeout: 5 });
});

async function migrateProcess(): Promise<{ code: number | null; out: string }> {
  const child = spawn('node', ['bin/assay.js', 'migrate'], {
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const [code] = await once(child, 'exit');
  return { code: code as number | null, out };
}

it('a second concurrent migrate waits for the lock, then finds nothing to do', { timeout: 120_000 }, async () => {
  const holder = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const session = await holder.reserve();
    await session`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    const runs = [migrateProcess(), migrateProcess()];
    // Both are blocked on the lock (not merely started) before it is let go.
    await until(
      () => admin<{ n: number }[]>`
        select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and not l.granted and d.datname = ${name}`,
      (rows) => rows[0]!.n === 2,
      60_000,
    );
    await session`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    session.release();
    const results = await Promise.all(runs);
    for (const r of results) {
      expect(r.code, r.out).toBe(0);
      expect(r.out).toContain('another migrator holds the migration lock; waiting for it');
    }
    const known = readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d+_.+\.sql$/.test(f))
      .map((f) => f.split('_')[0]!)
      .sort();
    const applied = results.filter((r) => r.out.includes(`applied ${known.length} migration(s)`));
    const idle = results.filter((r) => r.out.includes('nothing to do, the database is up to date'));
    expect(applied).toHaveLength(1);
    expect(idle).toHaveLength(1);
    const versions = await holder<{ version: string }[]>`select version from schema_migrations order by version`;
    expect(versions.map((v) => v.version)).toEqual(known);
  } finally {
    await holder.end({ timeout: 5 });
  }
});
