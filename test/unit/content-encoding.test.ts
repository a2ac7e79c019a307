// A datapoint's content encoding (src/domain/content-encoding.ts) and the bit set of rows an
// ingest run leaves out (src/domain/bitmap.ts).
import { describe, expect, it } from 'vitest';
import { contentChecksum, storableJson } from '../../src/domain/content-encoding.ts';
import { Bitmap } from '../../src/domain/bitmap.ts';

describe('contentChecksum', () => {
  it('hashes the RFC 8785 form: key order and number spelling do not change it', () => {
    expect(contentChecksum({ b: 1, a: [1.0, 'x'] })).toBe(contentChecksum({ a: [1, 'x'], b: 1 }));
    expect(contentChecksum({ a: 1 })).not.toBe(contentChecksum({ a: 2 }));
    // SHA-256 of the JCS text `{"a":1}`.
    expect(contentChecksum({ a: 1 })).toBe('015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862');
  });
});

describe('storableJson', () => {
  it.each([
    ['the NUL character', { t: 'a\u0000b' }],
    ['a lone high surrogate', { t: 'a\ud800b' }],
    ['a lone low surrogate', { t: '\udfff' }],
  ])('refuses %s (jsonb cannot hold it)', (_, content) => {
    expect(storableJson(content)).toBeNull();
  });

  it.each([
    ['a backslash followed by u0000, as text', { t: '\\u0000' }, '{"t":"\\\\u0000"}'],
    ['a whole surrogate pair', { t: '\ud83d\ude00' }, '{"t":"\ud83d\ude00"}'],
    ['plain content', { a: [1, 'b'] }, '{"a":[1,"b"]}'],
  ])('keeps %s', (_, content, json) => {
    expect(storableJson(content)).toBe(json);
  });
});

describe('Bitmap', () => {
  it('holds the members it was given, across growth, and nothing else', () => {
    const b = new Bitmap();
    const members = [0, 1, 7, 8, 8191, 8192, 10_000_000];
    for (const n of members) b.add(n);
    for (const n of members) expect(b.has(n)).toBe(true);
    for (const n of [2, 9, 8190, 8193, 9_999_999, 10_000_001, 50_000_000]) expect(b.has(n)).toBe(false);
  });
});
