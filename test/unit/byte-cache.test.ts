// The byte-capped cache of the upload sessions' file lists (src/domain/byte-cache.ts): bounded by
// bytes, least recently used out first, an oversized value never kept, versions kept as given,
// and one making for all the readers of a key and version that miss at once.
import { describe, expect, it } from 'vitest';
import { ByteCache } from '../../src/domain/byte-cache.ts';

const bytes = (n: number) => Buffer.alloc(n, 1);

describe('ByteCache', () => {
  it('holds at most maxBytes, evicting the least recently used', () => {
    const c = new ByteCache(10);
    c.set('a', '1', bytes(4));
    c.set('b', '1', bytes(4));
    c.hit('a'); // b is now the least recently used
    c.set('c', '1', bytes(4));
    expect(c.peek('b')).toBeUndefined();
    expect(c.peek('a')?.bytes.length).toBe(4);
    expect(c.peek('c')?.bytes.length).toBe(4);
    expect(c.bytes).toBe(8);
    expect([c.hits, c.misses]).toEqual([1, 3]);
  });

  it('replaces a key with its new version and size', () => {
    const c = new ByteCache(10);
    c.set('a', '1', bytes(6));
    c.set('a', '2', bytes(3));
    expect(c.peek('a')).toEqual({ version: '2', bytes: bytes(3) });
    expect(c.bytes).toBe(3);
  });

  it('keeps nothing larger than its bound, and drops the older entry of that key', () => {
    const c = new ByteCache(10);
    c.set('a', '1', bytes(5));
    c.set('b', '1', bytes(2));
    c.set('a', '2', bytes(11));
    expect(c.peek('a')).toBeUndefined();
    expect(c.peek('b')?.version).toBe('1');
    expect(c.bytes).toBe(2);
  });

  it('counts no hit for a key it does not hold', () => {
    const c = new ByteCache(10);
    c.hit('nope');
    expect(c.hits).toBe(0);
  });

  it('makes a missing value once for the readers of one key and version, and again for another version', async () => {
    const c = new ByteCache(100);
    const makes: ((v: { version: string; bytes: Buffer }) => void)[] = [];
    const make = () => new Promise<{ version: string; bytes: Buffer }>((resolve) => makes.push(resolve));
    const readers = [c.get('a', '1', make), c.get('a', '1', make), c.get('a', '1', make), c.get('a', '2', make)];
    expect(makes).toHaveLength(2);
    makes[0]!({ version: '1', bytes: bytes(3) });
    makes[1]!({ version: '2', bytes: bytes(5) });
    const got = await Promise.all(readers);
    expect(got.map((b) => b?.length)).toEqual([3, 3, 3, 5]);
    expect([c.hits, c.misses]).toEqual([2, 2]);
    // The making is over: the entry (at version 2 now) serves version 2, and version 1 is made again.
    expect((await c.get('a', '2', make))?.length).toBe(5);
    expect(c.hits).toBe(3);
    const stale = c.get('a', '1', make);
    expect(makes).toHaveLength(3);
    makes[2]!({ version: '3', bytes: bytes(4) });
    expect((await stale)?.length).toBe(4);
    expect(c.peek('a')?.version).toBe('3');
  });

  it('keeps nothing when the making finds nothing or fails, and makes again for the next reader', async () => {
    const c = new ByteCache(100);
    expect(await c.get('a', '1', async () => null)).toBeNull();
    const failing = () => Promise.reject(new Error('gone'));
    await expect(Promise.all([c.get('a', '1', failing), c.get('a', '1', failing)])).rejects.toThrow('gone');
    expect(await c.get('a', '1', async () => ({ version: '1', bytes: bytes(2) }))).toEqual(bytes(2));
    expect(c.peek('a')?.version).toBe('1');
    expect([c.hits, c.misses]).toEqual([1, 1]);
  });
});
