// Polling for something the job worker does in the background (no fixed sleeps in tests).
import type { Sql } from '../../src/db/client.ts';

/** Polls `probe` every 100 ms until `ok` holds for its value; fails after `ms` with the last value. */
export async function until<T>(probe: () => Promise<T> | T, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls until `probe` gives a value that is not null, undefined or false, and returns it. */
export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  return (await until(probe, (v) => v !== null && v !== undefined && v !== false, ms)) as T;
}

/**
 * Waits until graphile-worker's queue holds no job of `task` that will still run (queued,
 * scheduled for a retry, or running) whose payload `matches`. With the writes that enqueue
 * done, this is the deterministic point after which that task can change nothing more: a
 * "nothing else happened" check asserts after it, never after a fixed sleep.
 */
export async function jobsDrained(
  sql: Sql,
  task: string,
  matches: (payload: any) => boolean = () => true,
  ms = 30_000,
): Promise<void> {
  await until(
    async () =>
      (
        await sql<{ payload: unknown }[]>`
      select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = ${task} and j.attempts < j.max_attempts`
      ).filter((j) => matches(j.payload)).length,
    (n) => n === 0,
    ms,
  );
}
