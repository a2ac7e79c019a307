// The source's key order of a content (src/domain/key-order.ts): recorded against jsonb's order,
// applied to the content as jsonb gives it back, it restores the text as written; the record is
// never longer than the content's JSON and is null when there is nothing to record.
import { describe, expect, it } from 'vitest';
import { fieldPlaces, jsonbKeyOrder, orderContent, orderedJson, recordKeyOrder } from '../../src/domain/key-order.ts';

/** The content as jsonb stores it: every object's keys in jsonb's order. */
function asJsonb(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(asJsonb);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(jsonbKeyOrder(Object.keys(o)).map((k) => [k, asJsonb(o[k])]));
}

/** A seeded random content: nested objects and arrays, keys that are not integer-like. */
function randomContent(seed: number): Record<string, unknown> {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const key = () =>
    ['a', 'bb', 'é', 'z', 'ccc', 'long key', 'x1', '𝄞'][Math.floor(rnd() * 8)] + (rnd() < 0.5 ? 'k' : '');
  const value = (depth: number): unknown => {
    const r = rnd();
    if (depth > 3 || r < 0.4) return r < 0.2 ? Math.floor(rnd() * 100) : 'text';
    if (r < 0.6) return Array.from({ length: Math.floor(rnd() * 3) }, () => value(depth + 1));
    const o: Record<string, unknown> = {};
    for (let i = Math.floor(rnd() * 5); i > 0; i--) o[key()] = value(depth + 1);
    return o;
  };
  const root: Record<string, unknown> = {};
  for (let i = 1 + Math.floor(rnd() * 5); i > 0; i--) root[key()] = value(1);
  return root;
}

describe('key order', () => {
  it('jsonb order: shorter in UTF-8 bytes first, then bytewise', () => {
    expect(jsonbKeyOrder(['bb', 'a', 'é', 'ab', 'b'])).toEqual(['a', 'b', 'ab', 'bb', 'é']);
  });

  it('restores 500 random contents as written, from the jsonb form and a record no longer than the content', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const written = randomContent(seed);
      const fieldOrder = Object.keys(randomContent(seed + 1000)); // fields of other records come first
      for (const k of Object.keys(written)) if (!fieldOrder.includes(k)) fieldOrder.push(k);
      const order = recordKeyOrder(written, fieldPlaces(fieldOrder));
      const restored = orderedJson(orderContent(asJsonb(written), order, fieldOrder));
      expect(restored).toBe(JSON.stringify(written));
      expect(JSON.stringify(order ?? []).length).toBeLessThanOrEqual(JSON.stringify(written).length);
    }
  });

  it('records nothing when every object is in its default order', () => {
    expect(recordKeyOrder({ b: 1, a: { a: 1, bb: [{ x: 1, yy: 2 }] } }, fieldPlaces(['b', 'a']))).toBeNull();
    expect(recordKeyOrder({ a: 1, b: { bb: 1, a: 2 } }, fieldPlaces(['a', 'b']))).toEqual([[], ['bb', 'a']]);
  });

  it('ignores a record that does not fit its object, and keeps integer-like keys where the order puts them', () => {
    const o = orderContent({ a: 1, b: 2 }, [['b', 'c']], ['a', 'b']);
    expect(orderedJson(o)).toBe('{"a":1,"b":2}');
    // A JavaScript object lists "2" before "a"; the recorded order puts it back after.
    expect(orderedJson(orderContent({ a: 1, 2: 'x' }, [['a', '2']], []))).toBe('{"a":1,"2":"x"}');
    expect(orderedJson(orderContent({ a: [1, { z: 1 }] }, null, ['a']), true)).toBe('{"a": [1, {"z": 1}]}');
  });
});
