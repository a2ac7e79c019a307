// A budget of bytes per key and second with a burst (GCRA, a virtual clock per key): the work
// a key has had done moves its clock ahead by bytes / rate; new work starts once the clock is
// at most `burst` ahead of now. Used for upload sessions' file lists built per organization
// (src/handlers/uploads.ts): the cost of a build follows its bytes, so does the bound; and for
// large request bodies read per organization (src/http/pipeline.ts), whose size is declared
// before they are read (`reserve`).
//
// The size of a piece of work is known only once it is done, so `run` admits one piece per key
// at a time: concurrent callers of one key queue behind each other, and each starts only when
// the bytes of those before it have been charged (checked and charged apart, concurrent callers
// would all read the same clock and start together, whatever the budget).

export class ByteRate {
  private readonly clocks = new Map<string, number>();
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly msPerByte: number;
  private readonly burstMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    bytesPerSecond: number,
    burstBytes: number,
    now: () => number = Date.now,
    sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.msPerByte = 1000 / bytesPerSecond;
    this.burstMs = burstBytes * this.msPerByte;
    this.now = now;
    this.sleep = sleep;
  }

  /** Milliseconds before `key` may start more work (0: now). */
  wait(key: string): number {
    const clock = this.clocks.get(key);
    return clock === undefined ? 0 : Math.max(0, clock - this.burstMs - this.now());
  }

  /** Records `bytes` of work done for `key`. */
  charge(key: string, bytes: number): void {
    const now = this.now();
    if (this.clocks.size >= 10_000) for (const [k, c] of this.clocks) if (c <= now) this.clocks.delete(k);
    this.clocks.set(key, Math.max(this.clocks.get(key) ?? now, now) + bytes * this.msPerByte);
  }

  /**
   * Runs `work` for `key` after the key's earlier work (queued through here) has finished and the
   * budget allows, then charges the bytes `size` says it produced. A failed piece charges nothing.
   */
  run<T>(key: string, work: () => Promise<T>, size: (result: T) => number): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const mine = previous
      .catch(() => {})
      .then(async () => {
        const wait = this.wait(key);
        if (wait > 0) await this.sleep(wait);
        const result = await work();
        this.charge(key, size(result));
        return result;
      });
    this.tails.set(key, mine);
    // The queue of a key is forgotten once its last piece is done.
    const forget = () => {
      if (this.tails.get(key) === mine) this.tails.delete(key);
    };
    mine.then(forget, forget);
    return mine;
  }

  /**
   * Reserves `bytes` of work whose size is known before it starts: the milliseconds `key` must
   * wait before starting it (0: now), or null, charging nothing, when that wait would be longer
   * than `maxWaitMs`. Reservations queue by time, not by promise: concurrent ones each wait for
   * the ones before them, and none waits for the work of another to finish.
   */
  reserve(key: string, bytes: number, maxWaitMs: number): number | null {
    const wait = this.wait(key);
    if (wait > maxWaitMs) return null;
    this.charge(key, bytes);
    return wait;
  }

  /** Waits, as `run` does, until `key` may spend `bytes` whose size is known before the work. */
  async spend(key: string, bytes: number): Promise<void> {
    await this.run(
      key,
      async () => bytes,
      (n) => n,
    );
  }
}
