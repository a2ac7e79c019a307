// The byte-capped cache of the upload sessions' file lists (src/domain/byte-cache.ts): bounded by
// bytes, least recently used out first, an oversized value never kept, versions kept as given.
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
});
