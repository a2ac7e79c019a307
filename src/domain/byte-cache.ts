// A cache of byte strings bounded by their total size, least recently used out first. Each
// entry carries the version it was made at; a reader states the version it needs (read in the
// same snapshot as the data it stands for), so a stale entry is never served, only replaced.
// Readers that miss on the same key and version while its value is being made wait for that one
// making (`get`): four concurrent readers of a session's 10 MB file list cost one build, not four.

/** What the cache keeps: anything that says how many bytes it holds (a Buffer, a JsonText). */
interface Sized {
  readonly length: number;
}

interface Entry<V> {
  version: string;
  bytes: V;
}

export class ByteCache<V extends Sized = Buffer> {
  private readonly entries = new Map<string, Entry<V>>();
  /** The makings under way, by key and the version their readers asked for. */
  private readonly making = new Map<string, Promise<V | null>>();
  private total = 0;
  /** Answers served without a making of their own (from an entry, or another reader's making), and makings. */
  hits = 0;
  misses = 0;

  /** The most all entries hold together; a larger value is served, never kept. */
  readonly maxBytes: number;

  /** Called with each value the cache lets go: evicted, replaced, or too large to keep. */
  private readonly dropped: ((bytes: V) => void) | undefined;

  constructor(maxBytes: number, dropped?: (bytes: V) => void) {
    this.maxBytes = maxBytes;
    this.dropped = dropped;
  }

  get bytes(): number {
    return this.total;
  }

  /**
   * `key`'s bytes at `version` or later: its entry when that is at `version` (a hit); else those
   * of a making of `key` for `version` already under way (a hit); else `make`'s, kept at the
   * version `make` read them at (a miss). Null when `make` found nothing. A failed making is
   * neither kept nor remembered: its readers get its error, and the next reader makes again.
   */
  get(key: string, version: string, make: () => Promise<{ version: string; bytes: V } | null>): Promise<V | null> {
    const e = this.entries.get(key);
    if (e?.version === version) {
      this.hit(key);
      return Promise.resolve(e.bytes);
    }
    const id = `${key}\n${version}`;
    const under = this.making.get(id);
    if (under) {
      this.hits++;
      return under;
    }
    const made = make()
      .then((m) => {
        if (!m) return null;
        this.set(key, m.version, m.bytes);
        return m.bytes;
      })
      .finally(() => this.making.delete(id));
    this.making.set(id, made);
    return made;
  }

  /** The entry under `key`, whatever its version (the caller asks its source whether it is current). */
  peek(key: string): Entry<V> | undefined {
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
  set(key: string, version: string, bytes: V): void {
    this.misses++;
    this.drop(key);
    if (bytes.length > this.maxBytes) {
      this.dropped?.(bytes);
      return;
    }
    this.entries.set(key, { version, bytes });
    this.total += bytes.length;
    this.reserve(0);
  }

  /** Evicts the least recently used entries until `bytes` more fit within the bound. */
  reserve(bytes: number): void {
    for (const [k] of this.entries) {
      if (this.total + bytes <= this.maxBytes) break;
      this.drop(k);
    }
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.bytes.length;
    this.dropped?.(e.bytes);
  }
}
