// Reading what the report jobs leave behind (tests only): the artifact rows, the build_report jobs
// in graphile-worker's queue, and whether their objects are in the bucket.
import { inject } from 'vitest';
import type { Sql } from '../../src/db/client.ts';
import { countLiveJobs } from '../../src/db/jobs.ts';
import { jobKey } from '../../src/jobs/tasks.ts';
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

/** Live build_report jobs for the artifact (queued, waiting for a retry, or running): 0 or 1. */
export function buildJobs(sql: Sql, artifactId: string): Promise<number> {
  return countLiveJobs(sql, { key: jobKey('build_report', { artifactId }) ?? '' });
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
