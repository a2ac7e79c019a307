import { mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevStack } from '../src/dev/stack.ts';
import { createSql } from '../src/db/client.ts';
import { bareCopy } from './ingest.ts';
const dir = mkdtempSync(join(tmpdir(), 'assay-probe-'));
chmodSync(dir, 0o755);
const stack = await startDevStack({ dataDir: join(dir, 'stack'), persistent: false });
try {
  const sql = createSql(stack.databaseUrl, { max: 2 });
  const t = async (name: string, f: () => Promise<unknown>) => {
    const s = performance.now(); await f(); console.log(name, (performance.now() - s).toFixed(1));
  };
  for (let i = 0; i < 3; i++) await t('select1', () => sql`select 1`);
  for (let i = 0; i < 3; i++) await t('begin-commit', () => sql.begin(async (tx) => { await tx`select 1`; }));
  await sql`create table p (id int, c jsonb)`;
  for (let i = 0; i < 3; i++) await t('insert1000', () => sql`insert into p select g, '{"a":1}'::jsonb from generate_series(1,1000) g`);
  for (let i = 0; i < 3; i++) await t('copy-small', () => sql.begin(async (tx) => {
    const w = await tx`copy p (id, c) from stdin`.writable();
    let s = ''; for (let k = 0; k < 1000; k++) s += `${k}\t{"text":"${'x'.repeat(90)}"}\n`;
    await new Promise<void>((res, rej) => { w.on('error', rej); w.on('finish', () => res()); w.end(s); });
  }));
  for (let i = 0; i < 5; i++) await t('bareCopy', async () => console.log(' inner', (await bareCopy(sql, 1000)).toFixed(1)));
  await sql.end();
} finally { await stack.stop(); }
