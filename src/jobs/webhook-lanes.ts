// How many webhook deliveries run at once, per endpoint and per organization, in one worker
// process. Deliveries are jobs without a job queue (an endpoint's deliveries run concurrently,
// as Standard Webhooks allows: receivers order by the event's timestamp, not by arrival), and
// every delivery job carries the flags `org:<id>` and `endpoint:<id>` (tasks.ts deliveryFlags).
// Before each fetch graphile-worker asks `forbidden()` which flags to skip: an endpoint with
// `perEndpoint` deliveries in flight, or an organization with `perOrg`, gets no more slots, so
// the runner's other slots stay free for other organizations: one organization's backlog of slow
// endpoints cannot make another's first delivery wait behind it. Several slots may fetch at the
// same moment (the flags are read before each fetch), so a job that finds its lane full when it
// starts waits a moment for a place (`enterWithin`: under a backlog one frees every few
// milliseconds) and is put back only if none frees, instead of exceeding the bound. Putting a job
// back costs a job insert, its notification, a completion and a second fetch.
export class WebhookLanes {
  private readonly inFlight = new Map<string, number>();
  /** Jobs waiting for a place (enterWithin): woken to try again whenever a place is left. */
  private readonly waiting = new Set<() => void>();
  private readonly perEndpoint: number;
  private readonly perOrg: number;
  constructor(limits: { perEndpoint: number; perOrg: number }) {
    this.perEndpoint = limits.perEndpoint;
    this.perOrg = limits.perOrg;
  }

  /** The flags graphile-worker must not take a job of right now. */
  forbidden(): string[] {
    const out: string[] = [];
    for (const [flag, n] of this.inFlight) if (n >= this.limit(flag)) out.push(flag);
    return out;
  }

  private limit(flag: string): number {
    return flag.startsWith('org:') ? this.perOrg : this.perEndpoint;
  }

  /** Takes a place in each of the job's lanes; false (nothing taken) when one is full. */
  enter(flags: readonly string[]): boolean {
    if (flags.some((k) => (this.inFlight.get(k) ?? 0) >= this.limit(k))) return false;
    for (const k of flags) this.inFlight.set(k, (this.inFlight.get(k) ?? 0) + 1);
    return true;
  }

  /** Takes a place in each of the job's lanes, waiting up to `ms` for one to free; false if none did. */
  async enterWithin(flags: readonly string[], ms: number): Promise<boolean> {
    const deadline = performance.now() + ms;
    while (!this.enter(flags)) {
      const left = deadline - performance.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiting.add(wake);
      });
    }
    return true;
  }

  leave(flags: readonly string[]): void {
    for (const k of flags) {
      const n = (this.inFlight.get(k) ?? 1) - 1;
      if (n === 0) this.inFlight.delete(k);
      else this.inFlight.set(k, n);
    }
    for (const wake of [...this.waiting]) wake();
  }
}
