// Test data for reports: a project whose datapoints and terminal decisions are written straight
// into the database (the consensus path itself is tested in test/consensus/).
import { randomBytes } from 'node:crypto';
import { call, type TestApp } from './app.ts';
import type { Sql } from '../../src/db/client.ts';

export async function createProject(app: TestApp, key?: string): Promise<string> {
  const res = await call(app, 'createProject', {
    key,
    body: { name: 'Report project', spec: { version: '1.2.0', dataset: { format: 'csv', idField: 'id' }, validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' } } },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.projectId;
}

/** Inserts `n` datapoints (content may carry hostile text) in one run; returns their ids in ingestion order. */
export async function addDatapoints(sql: Sql, projectId: string, n: number, content: (i: number) => unknown = (i) => ({ id: String(i), text: `item ${i}` })): Promise<string[]> {
  const [p] = await sql<{ org_id: string }[]>`select org_id from projects where id = ${projectId}`;
  const [session] = await sql<{ id: string }[]>`
    insert into upload_sessions (org_id, project_id, status, key_prefix) values (${p.org_id}, ${projectId}, 'complete', ${'test/' + randomBytes(8).toString('hex')}) returning id`;
  const [run] = await sql<{ id: string }[]>`
    insert into ingest_runs (session_id, project_id, status, dry_run, skip_existing) values (${session.id}, ${projectId}, 'ok', false, false) returning id`;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await sql<{ id: string }[]>`
      insert into datapoints (project_id, run_id, checksum, source_file, source_row, content)
      values (${projectId}, ${run.id}, ${randomBytes(32)}, 'a.csv', ${i + 1}, ${sql.json(content(i) as never)}) returning id`;
    ids.push(row.id);
  }
  return ids;
}

/** Finalizes the given datapoints in that order with figures derived from their position. */
export async function finalize(sql: Sql, projectId: string, datapointIds: string[], synthetic = false): Promise<void> {
  for (const [i, id] of datapointIds.entries()) {
    const mean = (i * 37) % 101 + 0.25;
    await sql`
      insert into consensus_decisions (datapoint_id, project_id, quality_rating_mean, quality_rating_median, consensus_strength, contested, vote_count, synthetic_votes, escalations)
      values (${id}, ${projectId}, ${Math.min(mean, 100)}, ${Math.min(mean + 0.5, 100)}, ${0.5 + (i % 5) / 10}, false, 3, ${synthetic ? 3 : 0}, 0)`;
    await sql`update datapoints set finalized_at = now() where id = ${id}`;
  }
  if (synthetic) await sql`update projects set auto_consensus_used = true where id = ${projectId}`;
}
