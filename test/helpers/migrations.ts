// Going back past a migration, for the tests that write data as the storage before it held it
// and check what the service's own migrate() makes of it.
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { resolveBinary } from 'dbmate';
import { MIGRATIONS_DIR } from '../../src/db/migrate.ts';
import { createSql, type Sql } from '../../src/db/client.ts';

export const appliedMigrations = async (sql: Sql): Promise<string[]> =>
  (await sql<{ version: string }[]>`select version from schema_migrations`).map((r) => r.version);

/** dbmate's rollback (the newest migration's `migrate:down`), until `version` is no longer applied. */
export async function rollBackPast(databaseUrl: string, version: string): Promise<void> {
  const url = new URL(databaseUrl);
  url.searchParams.set('sslmode', 'disable');
  for (;;) {
    const sql = createSql(databaseUrl, { max: 1 });
    const versions = await appliedMigrations(sql).finally(() => sql.end({ timeout: 5 }));
    if (!versions.includes(version)) return;
    const res = spawnSync(resolveBinary(), ['--migrations-dir', MIGRATIONS_DIR, '--no-dump-schema', 'rollback'], {
      env: { ...process.env, DATABASE_URL: url.toString() },
      encoding: 'utf8',
    });
    expect(res.status, res.stderr).toBe(0);
  }
}
