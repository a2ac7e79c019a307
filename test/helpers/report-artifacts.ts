// Reading what the report jobs leave behind (tests only): the artifact rows, the build_report jobs
// in graphile-worker's queue, and whether their objects are in the bucket.
import { inject } from 'vitest';
import type { Sql } from '../../src/db/client.ts';
import { createStorage, headSize } from '../../src/storage/s3.ts';

export interface ArtifactRecord {
  id: string;
  format: string;
  status: string;
  attempt: number;
  s3_key: string | null;
  report_id: string | null;
  error_code: string | null;
  ready_at: Date | null;
  served_at: Date | null;
}

/** The project's report artifacts, oldest first. */
export function artifacts(sql: Sql, projectId: string, format?: string): Promise<ArtifactRecord[]> {
  return sql<ArtifactRecord[]>`
    select id, format, status, attempt, s3_key, report_id, error_code, ready_at, served_at from report_artifacts
    where project_id = ${projectId} ${format ? sql`and format = ${format}` : sql``}
    order by created_at, id`;
}

/** build_report jobs still to run (queued, waiting for a retry, or running) for the artifact. */
export async function buildJobs(sql: Sql, artifactId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id =
    j.task_id
    where t.identifier = 'build_report' and j.payload->>'artifactId' = ${artifactId} and j.attempts < j.max_attempts`;
  return row!.n;
}

/** Makes the artifact's last URL look handed out `seconds` ago (the sweep keeps it until its URLs expired). */
export async function ageServedAt(sql: Sql, artifactId: string, seconds: number): Promise<void> {
  await sql`update report_artifacts set served_at = now() - make_interval(secs => ${seconds}), updated_at = now() -
    make_interval(secs => ${seconds}) where id = ${artifactId}`;
}

/** Which of `keys` exist in the test bucket. */
export async function storedKeys(keys: string[]): Promise<string[]> {
  const storage = createStorage(inject('s3'));
  try {
    const found: string[] = [];
    for (const key of keys) if ((await headSize(storage, key)) !== null) found.push(key);
    return found;
  } finally {
    storage.client.destroy();
  }
}
