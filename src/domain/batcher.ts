// Micro-batching: callers each hand one item and await its own result, while the items that
// arrive together run as one batch. At most one batch runs at a time; items that arrive while it
// runs form the next one, so under load batches grow by themselves and when idle an item waits
// only for the batch in flight. No I/O here: `run` is the caller's.
export class Batcher<T, R> {
  private queue: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running = false;
  private readonly run: (items: T[]) => Promise<R[]>;
  private readonly maxItems: number;

  /** `run` answers one result per item, in order. */
  constructor(run: (items: T[]) => Promise<R[]>, maxItems = 100) {
    this.run = run;
    this.maxItems = maxItems;
  }

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    // Let the callers of this tick of the event loop join the first batch.
    await new Promise((r) => setImmediate(r));
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxItems);
      try {
        const results = await this.run(batch.map((b) => b.item));
        for (const [i, b] of batch.entries()) b.resolve(results[i]!);
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    this.running = false;
  }
}
