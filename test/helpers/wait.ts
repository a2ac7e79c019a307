// Polling for something the job worker does in the background (no fixed sleeps in tests).

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
