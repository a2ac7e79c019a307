// A cache of byte strings bounded by their total size, least recently used out first. Each
// entry carries the version it was made at; a reader states the version it needs (read in the
// same snapshot as the data it stands for), so a stale entry is never served, only replaced.

interface Entry {
  version: string;
  bytes: Buffer;
}

export class ByteCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  /** Answers served from an entry, and entries made (each a build from the source). */
  hits = 0;
  misses = 0;

  /** The most all entries hold together; a larger value is served, never kept. */
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.total;
  }

  /** The entry under `key`, whatever its version (the caller asks its source whether it is current). */
  peek(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  /** Counts a hit and marks the entry most recently used. */
  hit(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, e);
  }

  /** Counts a miss and keeps `bytes` as `key`'s entry at `version`, evicting the least recently used. */
  set(key: string, version: string, bytes: Buffer): void {
    this.misses++;
    this.drop(key);
    if (bytes.length > this.maxBytes) return;
    this.entries.set(key, { version, bytes });
    this.total += bytes.length;
    for (const [k] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.drop(k);
    }
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.bytes.length;
  }
}
