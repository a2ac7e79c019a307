// The file lists' cache over pooled chunks (src/domain/pooled-text.ts): bytes come back exactly,
// an evicted list's chunks are reused, a lent list keeps its bytes until released, and the cache
// falls back to the built pieces when the pool has too few chunks free.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ChunkPool, PooledText, PooledTextCache } from '../../src/domain/pooled-text.ts';
import type { JsonText } from '../../src/domain/json-text.ts';

const list = (seed: string, n: number) => Buffer.from(seed.repeat(n));
/** `bytes` in pieces of the given sizes (the rows of a built list). */
const split = (bytes: Buffer, ...sizes: number[]) => {
  const pieces: Buffer[] = [];
  let at = 0;
  for (const n of sizes) {
    pieces.push(bytes.subarray(at, at + n));
    at += n;
  }
  if (at < bytes.length) pieces.push(bytes.subarray(at));
  return pieces;
};
const joined = (t: JsonText | null) => Buffer.concat(t!.pieces).toString();
/** A making of `pieces` for cache `c`, as the handler's: the making keeps its own pieces. */
const made = (c: PooledTextCache, version: string, pieces: Buffer[]) => async () => ({
  version,
  bytes: c.keep(pieces),
});

describe('ChunkPool', () => {
  it('makes chunks up to its bound, then reuses the ones given back', () => {
    const pool = new ChunkPool(8, 3);
    const a = pool.take(2)!;
    expect(pool.take(2)).toBeNull();
    const b = pool.take(1)!;
    expect([pool.madeChunks, pool.freeChunks]).toEqual([3, 0]);
    pool.give(a);
    const c = pool.take(2)!;
    expect(new Set([...c, ...b]).size).toBe(3);
    expect(c.every((chunk) => a.includes(chunk))).toBe(true);
    expect(pool.madeChunks).toBe(3);
  });
});

describe('PooledText', () => {
  it.each([
    ['pieces that end inside a chunk', [3, 5, 7]],
    ['pieces that end on chunk boundaries', [8, 8, 16]],
    ['one piece across several chunks', [29]],
    ['empty pieces among the others', [0, 9, 0, 4]],
  ])('copies %s byte for byte', (_, sizes) => {
    const bytes = Buffer.from('abcdefghijklmnopqrstuvwxyz0123456789');
    const kept = PooledText.of(new ChunkPool(8, 10), split(bytes, ...sizes));
    expect(kept.pooled).toBe(true);
    expect(kept.length).toBe(40); // five chunks of 8
    expect(joined(kept.lend())).toBe(bytes.toString());
  });

  it('keeps the pieces as they are when the pool has too few chunks free', () => {
    const pieces = [list('x', 20)];
    const kept = PooledText.of(new ChunkPool(8, 2), pieces);
    expect(kept.pooled).toBe(false);
    expect(kept.length).toBe(20);
    expect(kept.lend()!.pieces[0]).toBe(pieces[0]);
  });
});

describe('PooledTextCache', () => {
  it('reuses the chunks of an evicted list that nothing reads', async () => {
    const c = new PooledTextCache(32, 8);
    const a = await c.get('a', '1', made(c, '1', [list('a', 30)]));
    a!.release();
    const b = await c.get('b', '1', made(c, '1', [list('b', 30)]));
    expect(joined(b)).toBe('b'.repeat(30));
    expect(c.chunks).toEqual({ made: 4, free: 0 });
    expect(c.bytes).toBe(32);
    expect([c.hits, c.misses]).toEqual([0, 2]);
  });

  it('keeps a lent list intact through its eviction, and takes its chunks back once released', async () => {
    const c = new PooledTextCache(32, 8);
    const a = await c.get('a', '1', made(c, '1', [list('a', 30)]));
    // Evicted for b while lent: b cannot have a's chunks, so b is kept as built.
    const b = await c.get('b', '1', made(c, '1', [list('b', 30)]));
    expect(joined(a)).toBe('a'.repeat(30));
    expect(joined(b)).toBe('b'.repeat(30));
    expect(c.chunks).toEqual({ made: 4, free: 0 });
    a!.release();
    a!.release(); // a second release changes nothing
    expect(c.chunks).toEqual({ made: 4, free: 4 });
    b!.release();
    const d = await c.get('d', '1', made(c, '1', [list('d', 16)]));
    expect(joined(d)).toBe('d'.repeat(16));
    expect(c.chunks.made).toBe(4);
  });

  it('lends one list to many readers, and frees it after the last', async () => {
    const c = new PooledTextCache(16, 8);
    const make = made(c, '1', [list('a', 12)]);
    const [r1, r2] = await Promise.all([c.get('a', '1', make), c.get('a', '1', make)]);
    const r3 = await c.get('a', '1', make);
    expect([c.hits, c.misses]).toEqual([2, 1]);
    await c.get('b', '1', made(c, '1', [list('b', 12)])); // evicts a, lent three times
    expect(c.chunks.free).toBe(0);
    for (const r of [r1, r2]) r!.release();
    expect(c.chunks.free).toBe(0);
    expect(joined(r3)).toBe('a'.repeat(12));
    r3!.release();
    expect(c.chunks.free).toBe(2);
  });

  it('makes a list again when it was dropped before its reader took it', async () => {
    const c = new PooledTextCache(16, 8);
    let makesOfA = 0;
    let releaseA!: () => void;
    let releaseB!: () => void;
    const a = c.get('a', '1', async () => {
      makesOfA++;
      if (makesOfA === 1) await new Promise<void>((r) => (releaseA = r));
      return { version: '1', bytes: c.keep([list('a', 12)]) };
    });
    const b = c.get('b', '1', async () => {
      await new Promise<void>((r) => (releaseB = r));
      return { version: '1', bytes: c.keep([list('b', 12)]) };
    });
    await new Promise((r) => setImmediate(r));
    // Both makings end in one turn: b's is kept after a's, which it evicts before a's reader runs.
    releaseA();
    releaseB();
    const [ta, tb] = await Promise.all([a, b]);
    expect(joined(ta)).toBe('a'.repeat(12));
    expect(joined(tb)).toBe('b'.repeat(12));
    expect(makesOfA).toBe(2);
  });

  it('keeps nothing when its bound is 0, and still answers', async () => {
    const c = new PooledTextCache(0, 8);
    const a = await c.get('a', '1', made(c, '1', [list('a', 12)]));
    expect(joined(a)).toBe('a'.repeat(12));
    expect([c.bytes, c.chunks.made]).toEqual([0, 0]);
  });

  it('takes back the chunks of a lent list collected unreleased', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const c = new PooledTextCache(16, 8);
    // Read and let go without a release, as a caller that serializes the value does.
    await (async () => {
      const a = await c.get('a', '1', made(c, '1', [list('a', 12)]));
      expect(joined(a)).toBe('a'.repeat(12));
    })();
    await c.get('b', '1', made(c, '1', [list('b', 12)])).then((b) => b!.release()); // evicts a
    for (let i = 0; i < 20 && c.chunks.free < 2; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(c.chunks.free).toBe(2);
  });
});
