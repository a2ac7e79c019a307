// The upload sessions' file lists kept by a server (src/handlers/uploads.ts `getUploadSession`),
// in chunks of memory allocated once and reused. A list is built as about 10 MB of socket reads
// (src/db/uploads.ts `fileListJson`); kept as those reads, a list lived through young collections
// and was promoted, and once evicted its buffers were old garbage that only a full collection
// frees. V8 starts one when external memory has grown enough since the last: an organization
// reading more full sessions than the cache holds, in turn, started one every 15-20 s, and each
// held every tenant's requests for about 100 ms (bench/README.md, hostile tenants, fifth session).
// Copied into pooled chunks, a build's reads die young, and an evicted list's chunks take the next
// list. A list lent to an answer keeps its chunks until the answer's `release` (its response
// closed): evicted meanwhile, they go back to the pool only then.
import { ByteCache } from './byte-cache.ts';
import { JsonText } from './json-text.ts';

/** Chunks of `chunkBytes`, made when first needed, at most `maxChunks`, reused and never freed. */
export class ChunkPool {
  private readonly free: Buffer[] = [];
  private made = 0;

  readonly chunkBytes: number;
  readonly maxChunks: number;

  constructor(chunkBytes: number, maxChunks: number) {
    this.chunkBytes = chunkBytes;
    this.maxChunks = maxChunks;
  }

  /** Chunks made so far (each `chunkBytes`): the memory the pool holds. */
  get madeChunks(): number {
    return this.made;
  }

  get freeChunks(): number {
    return this.free.length + this.maxChunks - this.made;
  }

  /** `n` chunks, or null when the pool has fewer free (its chunks lent or kept). */
  take(n: number): Buffer[] | null {
    if (n > this.freeChunks) return null;
    const chunks = this.free.splice(Math.max(0, this.free.length - n));
    while (chunks.length < n) {
      chunks.push(Buffer.allocUnsafeSlow(this.chunkBytes));
      this.made++;
    }
    return chunks;
  }

  give(chunks: readonly Buffer[]): void {
    this.free.push(...chunks);
  }
}

/**
 * Bytes kept by the cache: copied into the pool's chunks (`chunks`), or, when the pool had too
 * few free, the built pieces as they are (`pool` null: kept the old way, never lent back).
 * `length` is what the cache counts: the chunks' bytes, or the pieces'.
 */
export class PooledText {
  readonly length: number;
  /** The cache's reference and one per lease; the chunks go back to the pool at zero. */
  private refs = 1;

  private readonly pool: ChunkPool | null;
  private readonly chunks: readonly Buffer[];
  private readonly pieces: readonly Buffer[];

  private constructor(pool: ChunkPool | null, chunks: readonly Buffer[], pieces: readonly Buffer[]) {
    this.pool = pool;
    this.chunks = chunks;
    this.pieces = pieces;
    this.length = pool ? chunks.length * pool.chunkBytes : pieces.reduce((n, p) => n + p.length, 0);
  }

  /** `pieces` copied into chunks of `pool`, or kept as they are when it has too few free. */
  static of(pool: ChunkPool, pieces: readonly Buffer[]): PooledText {
    const bytes = pieces.reduce((n, p) => n + p.length, 0);
    const chunks = bytes > 0 ? pool.take(Math.ceil(bytes / pool.chunkBytes)) : null;
    if (!chunks) return new PooledText(null, [], pieces);
    const views: Buffer[] = [];
    let chunk = 0;
    let at = 0;
    for (const piece of pieces) {
      for (let from = 0; from < piece.length; ) {
        const n = piece.copy(chunks[chunk]!, at, from);
        from += n;
        at += n;
        if (at === pool.chunkBytes) {
          chunk++;
          at = 0;
        }
      }
    }
    for (let i = 0; i < chunks.length; i++)
      views.push(i < chunks.length - 1 || at === 0 ? chunks[i]! : chunks[i]!.subarray(0, at));
    return new PooledText(pool, chunks, views);
  }

  /** Whether the bytes are in the pool's chunks. */
  get pooled(): boolean {
    return this.pool !== null;
  }

  /** The text, lent until its `release`; null when the cache dropped it and nothing held it. */
  lend(): JsonText | null {
    // Pieces that are not the pool's are the collector's: lent to anyone, for as long as held.
    if (!this.pool) return new JsonText(this.pieces);
    if (this.refs === 0) return null;
    this.refs++;
    const text: JsonText = new JsonText(this.pieces, () => {
      unreleased.unregister(text);
      this.unref();
    });
    unreleased.register(text, this, text);
    return text;
  }

  /**
   * One reference ends: the cache's (ByteCache `dropped`), or that of a lease collected unreleased
   * (no writer can still hold its pieces).
   */
  drop(): void {
    this.unref();
  }

  private unref(): void {
    if (this.refs === 0) return;
    this.refs--;
    if (this.refs === 0 && this.pool) this.pool.give(this.chunks);
  }
}

/**
 * A lent text that no one released (a caller that serialized it and let it go): once it is
 * collected, nothing can read its pieces, and its reference ends. The response writer releases
 * explicitly, holding the text until its response closed (src/http/respond.ts).
 */
const unreleased = new FinalizationRegistry<PooledText>((held) => held.drop());

/**
 * The file lists' cache: ByteCache's bound, versions and single making, over lists kept in a
 * ChunkPool as large as the bound. `get` answers a lent JsonText: its reader calls `release` when
 * its pieces are no longer read.
 */
export class PooledTextCache {
  private readonly cache: ByteCache<PooledText>;
  private readonly pool: ChunkPool;

  constructor(maxBytes: number, chunkBytes = 256 * 1024) {
    this.cache = new ByteCache<PooledText>(maxBytes, (v) => v.drop());
    this.pool = new ChunkPool(chunkBytes, Math.floor(maxBytes / chunkBytes));
  }

  get maxBytes(): number {
    return this.cache.maxBytes;
  }
  get bytes(): number {
    return this.cache.bytes;
  }
  get hits(): number {
    return this.cache.hits;
  }
  get misses(): number {
    return this.cache.misses;
  }
  /** The pool's chunks made so far, and free (made and not yet made). */
  get chunks(): { made: number; free: number } {
    return { made: this.pool.madeChunks, free: this.pool.freeChunks };
  }

  /**
   * `key`'s text at `version` (ByteCache `get`), lent: the caller releases it. A text dropped
   * between its making and this reader's turn (evicted by another list kept meanwhile) is made again.
   */
  async get(
    key: string,
    version: string,
    make: () => Promise<{ version: string; bytes: PooledText } | null>,
  ): Promise<JsonText | null> {
    for (;;) {
      const kept = await this.cache.get(key, version, make);
      if (!kept) return null;
      const text = kept.lend();
      if (text) return text;
    }
  }

  /**
   * `pieces` as the cache keeps them, copied into the pool after making room. Called by the making
   * itself, in the turn its pieces arrived: passed on through a promise or a frame that waited (for
   * a budget, for the making), they were held by an object already promoted, and every young
   * collection kept them until a full one.
   */
  keep(pieces: readonly Buffer[]): PooledText {
    const bytes = pieces.reduce((n, p) => n + p.length, 0);
    this.cache.reserve(Math.ceil(bytes / this.pool.chunkBytes) * this.pool.chunkBytes);
    return PooledText.of(this.pool, pieces);
  }
}
