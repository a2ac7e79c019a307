// Reports produced by a job (docs/decisions.md, "Reports produced by a job"). A request for an
// export or a cold Proof Report claims the artifact of the project's current data state and, when
// it is new (or its last attempt failed), enqueues the one job that produces it, in the same
// transaction; then it watches the row for a bounded time (REPORT_WAIT_SECONDS), so that a small
// project is answered in the same request and a large one is told that it is being prepared. The
// job is src/jobs/build-report.ts; the statements are src/db/report-artifacts.ts.
import type { Sql } from '../db/client.ts';
import * as db from '../db/report-artifacts.ts';
import { enqueue } from '../jobs/tasks.ts';
import { ApiError, ERRORS, type ErrorCode } from '../errors.ts';
import { pollUntil } from '../domain/poll.ts';

/** Seconds a client is told to wait (Retry-After) before asking again for an artifact being prepared. */
const REPORT_RETRY_AFTER_SECONDS = 2;

/** How long a request watches an artifact being prepared, and who asked (for the job's log lines). */
export interface PrepareOptions {
  waitMs: number;
  requestId?: string;
  /** The caller left: stop watching. */
  signal?: AbortSignal;
}

/**
 * The artifact is being prepared by its job: the operation's own "not ready" code, a message that
 * says so (unlike the code's other meaning, nothing finalized or not drained, which carries no
 * Retry-After), and the seconds to wait before asking again.
 */
export class BeingPrepared extends ApiError {
  constructor(code: 'report_not_ready' | 'proof_report_not_ready', what: string) {
    super(code, `${what} is being prepared; ask again after the number of seconds in Retry-After.`, undefined, {
      'Retry-After': String(REPORT_RETRY_AFTER_SECONDS),
    });
  }
}

/**
 * Claims the artifact of `key` (enqueuing its job when this request is the one that created or
 * re-armed it) and watches it for at most `waitMs`. Returns the row as last read: `ready`,
 * `failed` (the attempt this request waited on failed), or still `preparing`.
 */
export async function prepareArtifact(sql: Sql, key: db.ArtifactKey, options: PrepareOptions): Promise<db.ArtifactRow> {
  // Ready or being prepared already (every request after the first): nothing to claim.
  const found = await db.findArtifact(sql, key);
  if (found && found.status !== 'failed') return watchArtifact(sql, found, options.waitMs, options.signal);
  const row = await sql.begin(async (tx) => {
    const claimed = await db.claimArtifact(tx, key);
    if (claimed.start) {
      await enqueue(
        tx,
        'build_report',
        { artifactId: claimed.row.id, ...(options.requestId ? { requestId: options.requestId } : {}) },
        { queueKey: key.orgId },
      );
    }
    return claimed.row;
  });
  return watchArtifact(sql, row, options.waitMs, options.signal);
}

/** Reads the row until it leaves `preparing` or `waitMs` pass (first reads soon, then every 250 ms). */
async function watchArtifact(
  sql: Sql,
  row: db.ArtifactRow,
  waitMs: number,
  signal?: AbortSignal,
): Promise<db.ArtifactRow> {
  let current = row;
  let reads = 0;
  const last = await pollUntil(
    Date.now() + waitMs,
    async () => {
      // The first answer is the row in hand; later ones read it again.
      if (reads++ > 0) current = (await db.getArtifact(sql, row.id)) ?? current;
      return { done: current.status !== 'preparing', value: current };
    },
    (n) => Math.min(25 * 2 ** n, 250),
    signal,
  );
  return last.value;
}

/**
 * The error a failed attempt stands for: a registry refusal the job met (the project is no longer
 * drained, signing is unavailable) as that error, anything else as internal_error (its text stays
 * in the row and the worker's log).
 */
export function failureOf(row: db.ArtifactRow): ApiError {
  const code = row.errorCode as ErrorCode | null;
  if (code && code !== 'internal_error' && code in ERRORS) return new ApiError(code, row.errorMessage ?? undefined);
  return new ApiError('internal_error');
}
