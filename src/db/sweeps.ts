// The job worker's periodic sweeps (src/jobs/sweeps.ts): which process runs one, and when. A
// sweep runs on one process at a time and once per interval across all processes: its
// worker_sweeps row is claimed in one short statement (no connection or transaction is held
// while the sweep runs, so a database outage cannot wedge the scheduler), with a lease that a
// process killed mid-sweep does not hold past.
import type { Sql } from './client.ts';

/**
 * A run holds its sweep for three intervals at most: a process killed mid-sweep (a worker is
 * nearly always in one) holds it no longer. A run that outlasts its lease may start again on
 * another process; every sweep is safe to run twice at once (single statements, `skip locked`,
 * job keys that replace a queued job).
 */
const LEASE_INTERVALS = 3;

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
  const lease = (LEASE_INTERVALS * Math.max(minGapMs, 1000)) / 1000;
  const [claimed] = await sql<{ holder: string }[]>`
    insert into worker_sweeps as s (name, last_run_at, running_until, holder)
    values (${name}, clock_timestamp(), clock_timestamp() + make_interval(secs => ${lease}), gen_random_uuid())
    on conflict (name) do update set
      last_run_at = excluded.last_run_at, running_until = excluded.running_until, holder = excluded.holder
    where s.last_run_at <= clock_timestamp() - make_interval(secs => ${minGapMs / 1000})
      and (s.running_until is null or s.running_until < clock_timestamp())
    returning holder`;
  if (!claimed) return undefined;
  try {
    return await run();
  } finally {
    await sql`update worker_sweeps set running_until = null where name = ${name} and holder = ${claimed.holder}`.catch(
      () => {},
    );
  }
}
