// Gold figures and the pause rule (src/domain/gold.ts) against known answers: Lin's CCC on the
// published quality vector (exactly 2270/2337), Student's t quantiles of the standard tables,
// and the pause rule on hand-computed cases.
import { describe, expect, it } from 'vitest';
import {
  goldFigures,
  goldPauseCheck,
  leaveOneOutAgreement,
  linCcc,
  studentTQuantile,
  studentTUpperTail,
} from '../../src/domain/gold.ts';

// The "lin_ccc" case of the published quality vectors (population moments, computed exactly).
const LIN = {
  gold: [10, 20, 30, 40, 50, 60, 70, 80],
  rater: [14, 22, 35, 41, 58, 63, 77, 90],
  ccc: 2270 / 2337,
  mae: 5,
  bias: 5,
};

describe("Lin's concordance correlation coefficient", () => {
  it('matches the published vector exactly (2270/2337)', () => {
    expect(linCcc(LIN.rater, LIN.gold)).toBeCloseTo(LIN.ccc, 12);
    expect(linCcc(LIN.rater, LIN.gold)).toBeCloseTo(0.9713307659392384, 12);
  });
  it('is symmetric, 1 for identical series, and penalizes a shift that Pearson ignores', () => {
    expect(linCcc(LIN.gold, LIN.rater)).toBeCloseTo(LIN.ccc, 12);
    expect(linCcc(LIN.gold, LIN.gold)).toBe(1);
    const shifted = LIN.gold.map((g) => g + 10);
    // Pearson would be 1; CCC = 2 s^2 / (2 s^2 + 100) with s^2 = 525.
    expect(linCcc(shifted, LIN.gold)).toBeCloseTo(1050 / 1150, 12);
  });
  it('is null when undefined: fewer than two pairs, or both series constant and equal', () => {
    expect(linCcc([50], [50])).toBeNull();
    expect(linCcc([50, 50], [50, 50])).toBeNull();
    expect(linCcc([50, 50], [40, 40])).toBe(0);
  });
});

describe('gold figures', () => {
  it('count, MAE, signed bias and CCC of the published vector', () => {
    const f = goldFigures(LIN.gold.map((expected, i) => ({ expected, rating: LIN.rater[i]! })));
    expect(f.count).toBe(8);
    expect(f.meanAbsoluteError).toBeCloseTo(LIN.mae, 12);
    expect(f.bias).toBeCloseTo(LIN.bias, 12);
    expect(f.ccc).toBeCloseTo(LIN.ccc, 12);
  });
  it('bias is signed: a validator rating low has a negative bias and the same MAE', () => {
    const f = goldFigures([
      { rating: 40, expected: 50 },
      { rating: 60, expected: 70 },
    ]);
    expect(f).toEqual({ count: 2, meanAbsoluteError: 10, bias: -10, ccc: expect.any(Number) });
  });
  it('nulls without gold votes', () => {
    expect(goldFigures([])).toEqual({ count: 0, meanAbsoluteError: null, bias: null, ccc: null });
  });
});

describe("Student's t", () => {
  // One-sided 95% (and 99%) critical values of the standard t tables.
  const TABLE: [p: number, df: number, t: number][] = [
    [0.95, 1, 6.313752],
    [0.95, 2, 2.919986],
    [0.95, 3, 2.353363],
    [0.95, 5, 2.015048],
    [0.95, 9, 1.833113],
    [0.95, 10, 1.812461],
    [0.95, 29, 1.699127],
    [0.95, 30, 1.697261],
    [0.95, 120, 1.657651],
    [0.99, 4, 3.746947],
    [0.99, 19, 2.539483],
    [0.975, 9, 2.262157],
  ];
  it.each(TABLE)('quantile %s with %s degrees of freedom is %s', (p, df, t) => {
    expect(studentTQuantile(p, df)).toBeCloseTo(t, 5);
    expect(studentTUpperTail(t, df)).toBeCloseTo(1 - p, 6);
  });
  it('the tail is 1/2 at 0, symmetric, and the median quantile is 0', () => {
    expect(studentTUpperTail(0, 7)).toBeCloseTo(0.5, 15);
    expect(studentTUpperTail(-1.5, 8) + studentTUpperTail(1.5, 8)).toBeCloseTo(1, 15);
    expect(studentTQuantile(0.5, 12)).toBeCloseTo(0, 12);
  });
  it('refuses degrees of freedom that are not positive integers', () => {
    expect(() => studentTUpperTail(1, 0)).toThrow(RangeError);
    expect(() => studentTUpperTail(1, 2.5)).toThrow(RangeError);
  });
});

describe('the pause rule', () => {
  const rule = { minVotes: 5, maxMeanAbsoluteError: 15, confidence: 0.95 };
  const pairs = (errors: number[]) => errors.map((e, i) => ({ expected: 50, rating: 50 + (i % 2 ? e : -e) }));

  it('pauses once the lower bound on the MAE is above the threshold after the minimum', () => {
    // Errors 40, 44, 36, 40, 40: mean 40, sd sqrt(8), bound 40 - 2.131847 * sqrt(8/5) = 37.303.
    const c = goldPauseCheck(pairs([40, 44, 36, 40, 40]), rule);
    expect(c.count).toBe(5);
    expect(c.meanAbsoluteError).toBe(40);
    expect(c.lowerBound).toBeCloseTo(40 - 2.131847 * Math.sqrt(8 / 5), 5);
    expect(c.pause).toBe(true);
  });
  it('never pauses below the minimum number of gold votes, however bad', () => {
    const c = goldPauseCheck(pairs([90, 90, 90, 90]), rule);
    expect(c.lowerBound).toBe(90);
    expect(c.pause).toBe(false);
  });
  it('does not pause when the mean is above the threshold but not confidently so', () => {
    // Mean 20 > 15, but errors 0, 40, 0, 40, 20: sd 20, bound 20 - 2.131847 * 20 / sqrt(5) < 15.
    const c = goldPauseCheck(pairs([0, 40, 0, 40, 20]), rule);
    expect(c.meanAbsoluteError).toBe(20);
    expect(c.lowerBound!).toBeLessThan(15);
    expect(c.pause).toBe(false);
  });
  it('does not pause a careful validator', () => {
    expect(goldPauseCheck(pairs([2, 5, 0, 3, 8, 1]), rule).pause).toBe(false);
  });
  it('a bound exactly at the threshold does not pause (strictly above)', () => {
    expect(goldPauseCheck(pairs([15, 15, 15, 15, 15]), rule).pause).toBe(false);
  });
});

describe('leave-one-out agreement', () => {
  it("compares each rating with the mean of the others' ratings of the same datapoint", () => {
    const a = leaveOneOutAgreement([
      { own: 80, others: [70, 90] },
      { own: 20, others: [30] },
      { own: 50, others: [] },
      { own: 60, others: [40, 40, 70] },
    ]);
    // Others' means 80, 30, 50 -> differences 0, 10, 10.
    expect(a.datapoints).toBe(3);
    expect(a.meanAbsoluteDifference).toBeCloseTo(20 / 3, 12);
    expect(a.ccc).toBeCloseTo(linCcc([80, 20, 60], [80, 30, 50])!, 12);
  });
  it('is empty when nobody else rated what the validator rated', () => {
    expect(leaveOneOutAgreement([{ own: 10, others: [] }])).toEqual({
      datapoints: 0,
      meanAbsoluteDifference: null,
      ccc: null,
    });
  });
});
