// What each part of the datapoints table costs a bulk write, measured the way ingest writes
// (one statement inserting many rows in one transaction): `node bench/schema-costs.ts`
// (BENCH_SCHEMA_ROWS, default 200,000). Each variant inserts the same pre-built rows into
// `datapoints` with one part removed for the measurement (then restored), rolled back; `bare` is
// an unindexed table of the same columns. Variants run twice, interleaved, on a fresh embedded
// Postgres; compare them within one run (the machine is shared). Not part of `make bench`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevStack } from '../src/dev/stack.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDev } from '../src/dev/seed.ts';
import { createSql } from '../src/db/client.ts';

const N = Number(process.env.BENCH_SCHEMA_ROWS ?? 200_000);

/** [how to remove the part, how to restore it] */
const VARIANTS: Record<string, [string, string]> = {
  'as migrated': ['', ''],
  'without the datapoints_added trigger (project_data_state)': [
    'alter table datapoints disable trigger datapoints_added',
    'alter table datapoints enable trigger datapoints_added',
  ],
  'without the unique (project_id, checksum) index': [
    'alter table datapoints drop constraint datapoints_project_id_checksum_key',
    'alter table datapoints add constraint datapoints_project_id_checksum_key unique (project_id, checksum)',
  ],
  'without the pending page index': [
    'drop index datapoints_pending_idx',
    'create index datapoints_pending_idx on datapoints (project_id, created_at, id) where finalized_at is null',
  ],
  'with foreign keys on project_id and run_id (as before migration 20261124700001)': [
    'alter table datapoints add constraint bench_project_fk foreign key (project_id) references projects(id), add ' +
      'constraint bench_run_fk foreign key (run_id) references ingest_runs(id)',
    'alter table datapoints drop constraint bench_project_fk, drop constraint bench_run_fk',
  ],
  'bare table, no index': ['create table bench_bare (like datapoints)', 'drop table bench_bare'],
};

const dir = mkdtempSync(join(tmpdir(), 'assay-schema-costs-'));
const stack = await startDevStack({ dataDir: join(dir, 'stack'), persistent: false });
try {
  await migrate(stack.databaseUrl, { quiet: true });
  const sql = createSql(stack.databaseUrl, { max: 2 });
  const { orgId } = await seedDev(sql);
  const [p] = await sql<
    { id: string }[]
  >`insert into projects (org_id, name, num_validators) values (${orgId}, 'Schema costs', 3) returning id`;
  const [s] = await sql<
    { id: string }[]
  >`insert into upload_sessions (org_id, project_id, key_prefix) values (${orgId}, ${p!.id}, 'schema-costs/') returning
  id`;
  const [r] = await sql<
    { id: string }[]
  >`insert into ingest_runs (session_id, project_id, dry_run, skip_existing) values (${s!.id}, ${p!.id}, false, false)
  returning id`;
  await sql`
    create unlogged table bench_rows as
    select uuidv7() as id, sha256(convert_to('row ' || g, 'UTF8')) as checksum, 'big.csv'::text as source_file, g as
    source_row,
      jsonb_build_object('id', g::text, 'question', 'What is the status of ticket ' || g || ' in queue ' || (g % 97) ||
      '?',
        'answer', 'Ticket ' || g || ' was resolved by agent ' || (g % 13) || ' after ' || (g % 48) || ' hours.')::text
        as content
    from generate_series(1, ${N}::int) g`;
  await sql`vacuum analyze bench_rows`;
  const times: Record<string, number[]> = {};
  for (const round of [1, 2]) {
    for (const [name, [remove, restore]] of Object.entries(VARIANTS)) {
      if (remove) await sql.unsafe(remove);
      const target = name.startsWith('bare') ? 'bench_bare' : 'datapoints';
      const start = performance.now();
      await sql
        .begin(async (tx) => {
          await tx.unsafe(
            `insert into ` +
              `${target} (id, project_id, run_id, checksum, source_file, source_row, content, slots_open)
          select id, '${p!.id}', '${r!.id}', checksum, source_file, source_row, content::jsonb, 3 from bench_rows`,
          );
          throw new Error('roll back');
        })
        .catch(() => {});
      times[name] ??= [];
      times[name].push(performance.now() - start);
      if (restore) await sql.unsafe(restore);
      await sql`vacuum datapoints`;
    }
    console.error(`round ${round} done`);
  }
  console.log(
    `\n${N.toLocaleString('en')} rows per insert, ms (two rounds)\n\n| datapoints | ms | µs per row |\n|---|---|---|`,
  );
  for (const [name, ms] of Object.entries(times))
    console.log(
      `| ${name} | ${ms.map((x) => x.toFixed(0)).join(', ')} | ${((Math.min(...ms) * 1000) / N).toFixed(1)} |`,
    );
  await sql.end();
} finally {
  await stack.stop();
}
