// UUIDv7 (RFC 9562): version and variant bits, the millisecond timestamp, and strict order.
import { describe, expect, it } from 'vitest';
import { Uuidv7 } from '../../src/domain/uuidv7.ts';

const SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Uuidv7', () => {
  it('carries version 7, the RFC variant and the Unix milliseconds', () => {
    const at = Date.UTC(2026, 10, 24, 12, 0, 0, 123);
    const id = new Uuidv7().next(at);
    expect(id).toMatch(SHAPE);
    expect(parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(at);
  });

  it('increases strictly within one millisecond, across milliseconds and when the clock steps back', () => {
    const g = new Uuidv7();
    const ids: string[] = [];
    for (let i = 0; i < 50_000; i++) ids.push(g.next(1_700_000_000_000 + Math.floor(i / 10_000)));
    ids.push(g.next(1_600_000_000_000)); // clock went back: still after the last one
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!, `${ids[i - 1]} < ${ids[i]}`).toBe(true);
    for (const id of ids) expect(id).toMatch(SHAPE);
  });

  it('starts each millisecond at a random point (two generators do not collide)', () => {
    const at = 1_700_000_000_000;
    const a = new Set(Array.from({ length: 1000 }, (_, i) => new Uuidv7().next(at + i)));
    const b = Array.from({ length: 1000 }, (_, i) => new Uuidv7().next(at + i));
    expect(b.filter((id) => a.has(id))).toEqual([]);
  });
});
