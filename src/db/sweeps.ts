// The job worker's periodic sweeps (src/jobs/sweeps.ts): which process runs one, and when. A
// sweep runs on one process at a time (a session advisory lock, held on a reserved connection
// while it runs, so no transaction stays open around it) and once per interval across all
// processes (its worker_sweeps row, moved forward by the process that starts it).
import type { Sql } from './client.ts';

/**
 * Runs `run` if no other process is running the sweep `name` and none started it in the last
 * `minGapMs`; returns its result, or undefined when it did not run here.
 */
export async function runSweepOnce<T>(
  sql: Sql,
  name: string,
  minGapMs: number,
  run: () => Promise<T>,
): Promise<T | undefined> {
  const conn = await sql.reserve();
  try {
    const lock = conn`hashtextextended(${`assay.sweep:${name}`}, 0)`;
    const [{ locked }] = await conn<{ locked: boolean }[]>`select pg_try_advisory_lock(${lock}) as locked`;
    if (!locked) return undefined;
    try {
      const claimed = await conn`
        insert into worker_sweeps (name, last_run_at) values (${name}, clock_timestamp())
        on conflict (name) do update set last_run_at = excluded.last_run_at
        where worker_sweeps.last_run_at <= clock_timestamp() - make_interval(secs => ${minGapMs / 1000})
        returning name`;
      if (claimed.length === 0) return undefined;
      return await run();
    } finally {
      await conn`select pg_advisory_unlock(${lock})`;
    }
  } finally {
    conn.release();
  }
}
