// The realistic neighbour every per-project benchmark runs beside: other
// organizations' projects holding BENCH_NEIGHBOUR datapoints (default 1,000,000) in the same
// database, a quarter of them decided, the rest with open slots, written by SQL the way ingest and
// consensus leave them (time-ordered ids, raw checksums, counters). A per-project query that walks
// a global index and filters by project shows here: its cost grows with the neighbour, not with
// its own project.
import type { Sql } from '../src/db/client.ts';

export const NEIGHBOUR = Number(process.env.BENCH_NEIGHBOUR ?? 1_000_000);

/** Two organizations with two projects each share `n` datapoints; returns the seconds it took. */
const NEIGHBOUR_SPEC = {
  version: '1.0.0',
  dataset: { format: 'csv', idField: 'id' },
  validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' },
  consensus: { minStrength: 0.7, escalationStep: 1, maxEscalations: 2 },
};

export async function seedNeighbour(sql: Sql, n = NEIGHBOUR): Promise<number> {
  const start = performance.now();
  const perProject = Math.ceil(n / 4);
  for (const org of ['NBA', 'NBB']) {
    const [o] = await sql<
      { id: string }[]
    >`insert into organizations (name, code) values (${`Neighbour ${org}`}, ${org}) returning id`;
    for (const k of [1, 2]) {
      const [p] = await sql<{ id: string }[]>`
        insert into projects (org_id, name, num_validators) values (${o!.id}, ${`Neighbour ${org} ${k}`}, 3) returning
        id`;
      await sql`
        insert into project_specs (project_id, version, source, compiled, sha256)
        values (${p!.id}, '1.0.0', '{}'::jsonb,
        ${sql.json(NEIGHBOUR_SPEC)}, ${'0'.repeat(64)})`;
      const [s] = await sql<{ id: string }[]>`
        insert into upload_sessions (org_id, project_id, status, key_prefix) values (${o!.id}, ${p!.id}, 'complete',
        ${`neighbour/${p!.id}/`}) returning id`;
      const [r] = await sql<{ id: string }[]>`
        insert into ingest_runs (session_id, project_id, status, dry_run, skip_existing) values (${s!.id}, ${p!.id},
        'ok', false, false) returning id`;
      await sql`
        insert into datapoints (id, project_id, run_id, checksum, source_file, source_row, content, slots_open)
        select uuidv7(), ${p!.id}, ${r!.id}, sha256(convert_to(${p!.id}::text || g, 'UTF8')), 'neighbour.csv', g,
          jsonb_build_object('id', g::text, 'question', 'What is the status of ticket ' || g || ' in queue ' || (g %
          97) || '?',
            'answer', 'Ticket ' || g || ' was resolved by agent ' || (g % 13) || ' after ' || (g % 48) || ' hours.'), 3
        from generate_series(1, ${perProject}::int) g`;
      // A quarter decided: three synthetic votes' worth of decision, slots used up.
      await sql`
        with decided as (
          update datapoints set finalized_at = now(), slots_open = 0
          where project_id = ${p!.id} and source_row % 4 = 0
          returning id, project_id, seq)
        insert into consensus_decisions (datapoint_id, project_id, quality_rating_mean, quality_rating_median,
        consensus_strength, contested, vote_count, synthetic_votes, escalations)
        select id, project_id, (seq % 101), (seq % 101), 1, false, 3, 3, 0 from decided order by seq`;
    }
  }
  await sql`vacuum analyze datapoints`;
  await sql`vacuum analyze consensus_decisions`;
  return (performance.now() - start) / 1000;
}
