// The shortcut of the unauthenticated budget's check (src/http/rate-limit.ts SpendingAddresses):
// an address that spent nothing in its window is not looked up; one that may hold points always
// is, and past its cap the set answers "may hold" for every address rather than forget one early.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SpendingAddresses } from '../../src/http/rate-limit.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-29T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

it('holds an address for its window from its last point, then lets it go', () => {
  const s = new SpendingAddresses(60_000);
  expect(s.mayHold('10.0.0.1')).toBe(false);
  s.add('10.0.0.1');
  expect(s.mayHold('10.0.0.1')).toBe(true);
  expect(s.mayHold('10.0.0.2')).toBe(false);
  vi.advanceTimersByTime(30_000);
  s.add('10.0.0.1');
  vi.advanceTimersByTime(59_000);
  expect(s.mayHold('10.0.0.1')).toBe(true);
  vi.advanceTimersByTime(1_000);
  expect(s.mayHold('10.0.0.1')).toBe(false);
});

it('past its cap, answers "may hold" for every address until ended windows free room', () => {
  const s = new SpendingAddresses(60_000, 3);
  for (const a of ['a', 'b', 'c']) s.add(a);
  expect(s.mayHold('d')).toBe(false);
  s.add('d');
  // Full: nobody is forgotten early, so every address is looked up.
  expect(s.mayHold('d')).toBe(true);
  expect(s.mayHold('never-seen')).toBe(true);
  vi.advanceTimersByTime(60_000);
  s.add('e');
  expect(s.mayHold('e')).toBe(true);
  expect(s.mayHold('a')).toBe(false);
  expect(s.mayHold('never-seen')).toBe(false);
});

it('sweeps at most once a second while full', () => {
  const s = new SpendingAddresses(60_000, 2);
  s.add('a');
  vi.advanceTimersByTime(59_500);
  s.add('b');
  s.add('c'); // full: a sweep finds nothing ended
  expect(s.mayHold('zzz')).toBe(true);
  vi.advanceTimersByTime(600); // a's window ended, but the last sweep was 0.6 s ago
  s.add('d');
  expect(s.mayHold('zzz')).toBe(true);
  vi.advanceTimersByTime(400);
  s.add('d'); // a second after the last sweep: a goes, d comes in
  // c (and d at 60.1 s) came while full: every address may hold points until 120.1 s.
  expect(s.mayHold('zzz')).toBe(true);
  vi.advanceTimersByTime(59_600);
  // 120.1 s: d is known (its window, from 60.5 s, runs to 120.5 s), others are not.
  expect(s.mayHold('d')).toBe(true);
  expect(s.mayHold('zzz')).toBe(false);
});

it('still looks up an address it could not hold while full, until that address’s window has ended', () => {
  const s = new SpendingAddresses(60_000, 1);
  s.add('a');
  vi.advanceTimersByTime(500);
  s.add('x'); // full: x spent a point that the set could not record
  vi.advanceTimersByTime(59_500);
  s.add('b'); // a's window ended: swept, b comes in
  expect(s.mayHold('b')).toBe(true);
  // x's window (from 0.5 s) runs until 60.5 s: it may still hold points.
  expect(s.mayHold('x')).toBe(true);
  vi.advanceTimersByTime(500);
  expect(s.mayHold('x')).toBe(false);
});
