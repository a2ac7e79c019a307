// A budget of bytes per key and second with a burst (GCRA, a virtual clock per key): the work
// a key has had done moves its clock ahead by bytes / rate; new work starts once the clock is
// at most `burst` ahead of now. Used for upload sessions' file lists built per organization
// (src/handlers/uploads.ts): the cost of a build follows its bytes, so does the bound.

export class ByteRate {
  private readonly clocks = new Map<string, number>();
  private readonly msPerByte: number;
  private readonly burstMs: number;
  private readonly now: () => number;

  constructor(bytesPerSecond: number, burstBytes: number, now: () => number = Date.now) {
    this.msPerByte = 1000 / bytesPerSecond;
    this.burstMs = burstBytes * this.msPerByte;
    this.now = now;
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
}
