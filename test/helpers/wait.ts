// Polling for something the job worker does in the background (no fixed sleeps in tests).
import type { Sql } from '../../src/db/client.ts';
import { countLiveJobs, type JobFilter } from '../../src/db/jobs.ts';

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
 * Waits until graphile-worker's queue holds no live job matching `filter` (queued, scheduled for
 * a retry, or running, its last attempt included: the source's own predicate, countLiveJobs in
 * src/db/jobs.ts). With the writes that enqueue done, this is the deterministic point after
 * which those jobs can change nothing more: a "nothing else happened" check asserts after it,
 * never after a fixed sleep. A job of a keyed task is found by `jobKey(task, payload)`, a
 * webhook delivery by its endpoint's queue (`queueName('deliver_webhook', endpointId)`).
 */
export async function jobsDrained(sql: Sql, filter: JobFilter, ms = 30_000): Promise<void> {
  await until(
    () => countLiveJobs(sql, filter),
    (n) => n === 0,
    ms,
  );
}
