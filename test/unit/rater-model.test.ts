// The rater model (x_ij = psi_j + Delta_i + upsilon_i·e) against sureal's three-rater example
// (test/fixtures/quality-vectors.json) and planted data.
import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/quality-vectors.json' with { type: 'json' };
import { DEFAULT_RATER_MODEL, fitRaterColumns, fitRaterModel, type Rating } from '../../src/domain/rater-model.ts';
import { Xoshiro256StarStar } from '../../src/domain/prng.ts';

const sureal: Rating[] = Object.entries(vectors.sureal_three_raters.ratings).flatMap(([unit, byRater]) =>
  Object.entries(byRater).map(([rater, rating]) => ({ unit, rater, rating })),
);

describe("sureal's three-rater example", () => {
  it('unregularised, reproduces the projection solver: Tom alone decides psi', () => {
    const m = fitRaterModel(sureal, {
      inconsistencyFloor: 1e-9,
      priorVotes: 0,
      maxIterations: 10000,
      tolerance: 1e-12,
      maxPrecision: Number.POSITIVE_INFINITY,
    });
    const psi = ['item0', 'item1', 'item2'].map((u) => m.scores.get(u)!);
    const pub = vectors.sureal_three_raters.projection_solver_psi;
    expect(psi[0]).toBeCloseTo(pub.published[0]!, pub.places);
    expect(psi[1]).toBeCloseTo(pub.published[1]!, pub.places);
    expect(psi[2]).toBeCloseTo(pub.item2_reproduced, pub.places);
    expect(m.raters.get('Tom')!.inconsistency).toBeLessThan(1e-6);
  });

  it('with the floor and prior, no validator decides alone', () => {
    const m = fitRaterModel(sureal);
    const psi = ['item0', 'item1', 'item2'].map((u) => m.scores.get(u)!);
    const pub = vectors.sureal_three_raters.projection_solver_psi;
    // psi is no longer Tom's ratings shifted: the others move it.
    expect(Math.abs(psi[0]! - pub.published[0]!)).toBeGreaterThan(0.05);
    const tom = m.raters.get('Tom')!;
    expect(tom.inconsistency).toBeGreaterThanOrEqual(DEFAULT_RATER_MODEL.inconsistencyFloor);
    // Tom's share of the weight on an item is below one half.
    const w = [...m.raters.values()].map((r) => 1 / r.inconsistency ** 2);
    expect(1 / tom.inconsistency ** 2 / w.reduce((a, b) => a + b)).toBeLessThan(0.5);
    expect(m.converged).toBe(true);
  });
});

describe('planted bias and noise', () => {
  it('recovers the biases and ranks the spammer noisiest', () => {
    const g = new Xoshiro256StarStar(3n);
    const normal = () => {
      // Box-Muller from two uniforms.
      const u = 1 - g.nextDouble();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * g.nextDouble());
    };
    const planted = [
      { bias: 5, noise: 3 },
      { bias: -5, noise: 3 },
      { bias: 0, noise: 6 },
      { bias: 2, noise: 10 },
      { bias: 0, noise: 40 }, // the spammer
    ];
    const ratings: Rating[] = [];
    for (let j = 0; j < 300; j++) {
      const truth = 20 + 60 * g.nextDouble();
      for (const [i, p] of planted.entries())
        ratings.push({ unit: `u${j}`, rater: `r${i}`, rating: truth + p.bias + p.noise * normal() });
    }
    const m = fitRaterModel(ratings);
    const est = planted.map((_, i) => m.raters.get(`r${i}`)!);
    const meanBias = planted.reduce((a, p) => a + p.bias, 0) / planted.length;
    for (const [i, e] of est.entries()) expect(Math.abs(e.bias - (planted[i]!.bias - meanBias))).toBeLessThan(3);
    const noisiest = est.reduce((a, b) => (b.inconsistency > a.inconsistency ? b : a));
    expect(noisiest.rater).toBe('r4');
    expect(est[0]!.precision).toBeGreaterThan(est[3]!.precision);
  });
});

describe('the order units are indexed in', () => {
  it('changes no figure: the same doubles as with the units indexed in sorted key order', () => {
    const g = new Xoshiro256StarStar(17n);
    // Units met out of their key order, ratings of a unit interleaved with others', uneven voters.
    const ratings: Rating[] = [];
    for (let n = 0; n < 2000; n++)
      ratings.push({
        unit: `u${Math.floor(g.nextDouble() * 400)}`,
        rater: `r${Math.floor(g.nextDouble() * 9)}`,
        rating: Math.round(g.nextDouble() * 100),
      });
    // The reference: units by sorted key, raters by sorted key, the ratings in their order.
    const raters = [...new Set(ratings.map((r) => r.rater))].sort();
    const units = [...new Set(ratings.map((r) => r.unit))].sort();
    expect(units[0]).not.toBe(ratings[0]!.unit);
    const fit = fitRaterColumns({
      rater: Int32Array.from(ratings, (r) => raters.indexOf(r.rater)),
      unit: Int32Array.from(ratings, (r) => units.indexOf(r.unit)),
      rating: Float64Array.from(ratings, (r) => r.rating),
      length: ratings.length,
      raters: raters.length,
      units: units.length,
    });
    const m = fitRaterModel(ratings);
    expect(m.iterations).toBe(fit.iterations);
    expect(m.pooledInconsistency).toBe(fit.pooledInconsistency);
    for (const [i, key] of raters.entries()) {
      const e = m.raters.get(key)!;
      expect([e.votes, e.bias, e.inconsistency, e.precision]).toEqual([
        fit.votes[i],
        fit.bias[i],
        fit.inconsistency[i],
        fit.precision[i],
      ]);
    }
    for (const [j, key] of units.entries()) expect(m.scores.get(key)).toBe(fit.psi[j]);
  });
});
