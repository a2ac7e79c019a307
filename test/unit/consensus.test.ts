// Consensus math, table-driven, with hand-computed expectations and property checks.
import { describe, expect, it } from 'vitest';
import {
  consensusFigures,
  decide,
  weightedMedian,
  ConsensusInputError,
  type Vote,
} from '../../src/domain/consensus.ts';

const v = (rating: number, weight = 1): Vote => ({ rating, weight });
const rules = { minStrength: 0.7, escalationStep: 2, maxEscalations: 2 };

describe('consensusFigures', () => {
  it.each<[string, Vote[], number, number, number]>([
    // name, votes, mean, median, strength
    ['all equal ratings', [v(80), v(80), v(80)], 80, 80, 1],
    ['equal weights, odd count', [v(60), v(70), v(80)], 70, 70, 1 - (10 + 0 + 10) / 3 / 50],
    ['equal weights, even count lands on half: midpoint', [v(60), v(80)], 70, 70, 1 - 10 / 50],
    ['one dominant weight', [v(10, 10), v(90), v(90)], (100 + 180) / 12, 10, 1 - (2 * 80) / 12 / 50],
    [
      'tie exactly at half weight',
      [v(20, 2), v(40, 1), v(100, 3)],
      (40 + 40 + 300) / 6,
      70,
      1 - (2 * 50 + 30 + 3 * 30) / 6 / 50,
    ],
    ['two opposed camps', [v(0), v(0), v(100), v(100)], 50, 50, 0],
    ['two opposed camps, one heavier', [v(0, 1), v(100, 1.5)], 60, 100, 1 - 100 / 2.5 / 50],
    ['single vote', [v(37.5, 0.25)], 37.5, 37.5, 1],
    [
      'fractional weights that sum to exactly half',
      [v(10, 0.1), v(20, 0.2), v(90, 0.3)],
      (1 + 4 + 27) / 0.6,
      55,
      1 - (0.1 * 45 + 0.2 * 35 + 0.3 * 35) / 0.6 / 50,
    ],
  ])('%s', (_, votes, mean, median, strength) => {
    const f = consensusFigures(votes);
    expect(f.mean).toBeCloseTo(mean, 12);
    expect(f.median).toBe(median);
    expect(f.strength).toBeCloseTo(strength, 12);
    expect(f.strength).toBeGreaterThanOrEqual(0);
    expect(f.strength).toBeLessThanOrEqual(1);
  });

  it.each<[string, Vote[]]>([
    ['no votes', []],
    ['rating above 100', [v(101)]],
    ['negative rating', [v(-1)]],
    ['NaN rating', [v(Number.NaN)]],
    ['infinite rating', [v(Number.POSITIVE_INFINITY)]],
    ['zero weight', [v(50, 0)]],
    ['negative weight', [v(50, -1)]],
  ])('refuses %s', (_, votes) => {
    expect(() => consensusFigures(votes)).toThrow(ConsensusInputError);
  });
});

describe('weightedMedian', () => {
  it.each<[Vote[], number]>([
    [[v(1), v(2), v(3), v(4)], 2.5],
    [[v(1), v(2), v(2), v(4)], 2],
    [[v(5, 3), v(9, 1)], 5],
    [[v(5, 1), v(9, 1), v(9, 1), v(5, 1)], 7],
    [[v(0, 1), v(0, 1), v(50, 2)], 25],
  ])('%j -> %d', (votes, median) => {
    expect(weightedMedian(votes)).toBe(median);
  });
});

describe('decide', () => {
  it('is terminal when strength reaches minStrength', () => {
    expect(decide([v(80), v(82), v(78)], rules, 0)).toMatchObject({ kind: 'terminal', contested: false });
  });

  it('escalates by escalationStep while escalations remain', () => {
    expect(decide([v(0), v(100)], rules, 0)).toMatchObject({ kind: 'escalate', addSlots: 2 });
    expect(decide([v(0), v(100)], rules, 1)).toMatchObject({ kind: 'escalate', addSlots: 2 });
  });

  it('is terminal and contested after the last escalation', () => {
    expect(decide([v(0), v(100)], rules, 2)).toMatchObject({ kind: 'terminal', contested: true });
  });

  it('treats strength exactly at minStrength as agreement', () => {
    // |60-70| + |80-70| over 2 = 10 -> strength 0.8
    expect(decide([v(60), v(80)], { ...rules, minStrength: 0.8 }, 0)).toMatchObject({
      kind: 'terminal',
      contested: false,
    });
  });

  it('with maxEscalations 0 a disagreement is contested at once', () => {
    expect(decide([v(0), v(100)], { ...rules, maxEscalations: 0 }, 0)).toMatchObject({
      kind: 'terminal',
      contested: true,
    });
  });
});

describe('properties', () => {
  // Deterministic pseudo-random cases (mulberry32), so a failure reproduces.
  function rng(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const cases = Array.from({ length: 300 }, (_, seed) => {
    const r = rng(seed + 1);
    const n = 1 + Math.floor(r() * 9);
    return Array.from({ length: n }, () => v(Math.round(r() * 100 * 4) / 4, Math.round((0.25 + r() * 4) * 8) / 8));
  });

  it('permuting the votes gives exactly the same result', () => {
    const r = rng(99);
    for (const votes of cases) {
      const shuffled = [...votes].sort(() => r() - 0.5).reverse();
      expect(consensusFigures(shuffled)).toEqual(consensusFigures(votes));
    }
  });

  it('scaling every weight by the same factor gives the same result', () => {
    for (const votes of cases) {
      const base = consensusFigures(votes);
      for (const k of [2, 0.5, 3, 1000]) {
        const scaled = consensusFigures(votes.map((x) => v(x.rating, x.weight * k)));
        expect(scaled.median).toBe(base.median);
        expect(scaled.mean).toBeCloseTo(base.mean, 9);
        expect(scaled.strength).toBeCloseTo(base.strength, 9);
      }
    }
  });

  it('keeps mean and median within the range of the ratings', () => {
    for (const votes of cases) {
      const f = consensusFigures(votes);
      const lo = Math.min(...votes.map((x) => x.rating));
      const hi = Math.max(...votes.map((x) => x.rating));
      expect(f.mean).toBeGreaterThanOrEqual(lo - 1e-9);
      expect(f.mean).toBeLessThanOrEqual(hi + 1e-9);
      expect(f.median).toBeGreaterThanOrEqual(lo);
      expect(f.median).toBeLessThanOrEqual(hi);
    }
  });
});
