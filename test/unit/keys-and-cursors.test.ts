import { describe, expect, it } from 'vitest';
import { KEY_PATTERN, generateApiKey, hashApiKey } from '../../src/admin/keys.ts';
import { bearerToken } from '../../src/http/auth.ts';
import { decodeCursor, encodeCursor, toPage } from '../../src/db/pagination.ts';

describe('API keys', () => {
  it('generates keys of the documented shape, all different', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const k of keys) expect(k).toMatch(KEY_PATTERN);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses every base62 character (no bias towards a subset)', () => {
    const chars = new Set(Array.from({ length: 300 }, generateApiKey).flatMap((k) => [...k.slice(11)]));
    expect(chars.size).toBe(62);
  });

  it('stores SHA-256 of the key (FIPS 180 "abc" vector)', () => {
    expect(hashApiKey('abc').toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it.each([
    [undefined, 'api_key_missing'],
    ['', 'api_key_missing'],
    ['Token abc', 'api_key_missing'],
    ['Bearer', 'api_key_missing'],
    ['Bearer abc', 'api_key_malformed'],
    [`Bearer assay_test_${'a'.repeat(32)}`, 'api_key_malformed'],
    [`Bearer assay_live_${'a'.repeat(33)}`, 'api_key_malformed'],
  ])('header %j -> %s', (header, code) => {
    expect(() => bearerToken(header)).toThrow(expect.objectContaining({ code }));
  });

  it('accepts a well-formed bearer token, case-insensitive scheme', () => {
    const key = generateApiKey();
    expect(bearerToken(`bearer ${key}`)).toBe(key);
  });
});

describe('cursors', () => {
  const c = { t: '2026-11-22T10:00:00.123456Z', id: '0b0c7c1e-4d7e-4b4c-9d1e-8f1a2b3c4d5e' };

  it('round-trips', () => {
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor(undefined)).toBeNull();
  });

  it.each([
    '',
    'abc',
    Buffer.from('x|y').toString('base64url'),
    Buffer.from(`${c.t}|${c.id}|extra`).toString('base64url'),
    Buffer.from(`2026-13-45T99:00:00.000000Z|${c.id}`).toString('base64url'),
    // Shaped right, but no such instant: JavaScript rolls them over, Postgres refuses them.
    Buffer.from(`2024-02-31T00:00:00.000000Z|${c.id}`).toString('base64url'),
    Buffer.from(`2023-02-29T12:00:00.000000Z|${c.id}`).toString('base64url'),
    Buffer.from(`2024-04-31T12:00:00.000000Z|${c.id}`).toString('base64url'),
    Buffer.from(`2024-01-01T24:00:00.000000Z|${c.id}`).toString('base64url'),
    Buffer.from(`2024-01-01T23:59:60.000000Z|${c.id}`).toString('base64url'),
  ])('refuses %j with parameter_invalid on cursor', (raw) => {
    expect(() => decodeCursor(raw)).toThrow(expect.objectContaining({ code: 'parameter_invalid', param: 'cursor' }));
  });

  it('pages: the extra row sets hasMore and the cursor points at the last kept row', () => {
    const rows = [1, 2, 3].map((i) => ({ id: `${c.id.slice(0, -1)}${i}`, cursor_t: c.t, n: i }));
    const page = toPage(rows, 2, (r) => r.n);
    expect(page.data).toEqual([1, 2]);
    expect(page.hasMore).toBe(true);
    expect(decodeCursor(page.nextCursor!)!.id).toBe(rows[1].id);
    expect(toPage(rows, 3, (r) => r.n)).toEqual({ data: [1, 2, 3], hasMore: false, nextCursor: null });
  });
});
