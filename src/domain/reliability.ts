// Krippendorff's alpha and its bootstrap: the dataset reliability figures of the signed Proof
// Report (docs/quality.md gives every formula with a worked example). Pure: no I/O.
//
// A unit is one finalized datapoint; its values are the ratings of its votes. Units with fewer
// than two values are not pairable and do not count (n = the number of pairable values).
//
// Interval alpha in O(values), exact closed form of Krippendorff's coincidence-matrix definition:
//   D_o = (2/n) · Σ_u m_u·SS_u/(m_u - 1)          SS_u = Σ_i (x_ui - mean_u)²
//   D_e = 2·SS/(n - 1)                             SS  = Σ x² - (Σ x)²/n over all pairable values
//   alpha = 1 - D_o/D_e
// (Σ_{i≠j} (x_i - x_j)² = 2m·SS_u within a unit, and the same identity over all n values.)
// The three sums over units are correctly rounded (Shewchuk's exact summation, as Python's
// math.fsum), so the figure does not depend on the order units arrive in, and within a unit the
// values are taken in ascending order: an independent implementation gets the same double.
//
// The coincidence-matrix path (any of nominal, ordinal, interval, ratio) is the textbook
// definition; it proves the closed form on the published vectors and feeds the bootstrap.
//
// The bootstrap is Krippendorff's algorithm for the distribution of alpha ("Algorithm for
// bootstrapping a distribution of alpha", 2006, revised 2011): M pairs of values are drawn with
// replacement from the observed coincidences, each with probability o_ck/n.., and
// alpha* = 1 - Σ δ²/(M·D_e) with the original D_e; see bootstrapAlpha for the details this
// implementation fixes (cell order, M, the draw, the corrections, the percentiles).
import { PRNG_NAME, Xoshiro256StarStar, seedHex } from './prng.ts';

export type Metric = 'nominal' | 'ordinal' | 'interval' | 'ratio';

/** The thresholds Krippendorff recommends: >= 0.800 reliable, >= 0.667 tentative conclusions only. */
const ALPHA_THRESHOLDS = ['0.667', '0.800'] as const;
export const DEFAULT_DRAWS = 1000;

/**
 * Correctly rounded floating-point sum (Shewchuk 1997, "Adaptive precision floating-point
 * arithmetic"): the partials hold the exact running sum; `value()` rounds it once, half to even,
 * as Python's math.fsum does, so both give the same double for the same multiset of addends.
 */
export class ExactSum {
  private partials: number[] = [];

  add(value: number): void {
    let x = value;
    let i = 0;
    const p = this.partials;
    for (let k = 0; k < p.length; k++) {
      let y = p[k]!;
      if (Math.abs(x) < Math.abs(y)) {
        const t = x;
        x = y;
        y = t;
      }
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) p[i++] = lo;
      x = hi;
    }
    p.length = i;
    p.push(x);
  }

  value(): number {
    const p = this.partials;
    let n = p.length;
    if (n === 0) return 0;
    let hi = p[--n]!;
    let lo = 0;
    while (n > 0) {
      const x = hi;
      const y = p[--n]!;
      hi = x + y;
      lo = y - (hi - x);
      if (lo !== 0) break;
    }
    // Half-even across partials: when the rest has the same sign as the rounding error, the
    // exact sum lies past the halfway point.
    if (n > 0 && ((lo < 0 && p[n - 1]! < 0) || (lo > 0 && p[n - 1]! > 0))) {
      const y = lo * 2;
      const x = hi + y;
      if (y === x - hi) hi = x;
    }
    return hi;
  }
}

/** m·SS_u/(m - 1) of one unit, its values taken in ascending order. */
function unitTerm(sorted: readonly number[]): number {
  const m = sorted.length;
  let total = 0;
  for (const x of sorted) total += x;
  const mean = total / m;
  let ss = 0;
  for (const x of sorted) {
    const d = x - mean;
    ss += d * d;
  }
  return (m * ss) / (m - 1);
}

export interface IntervalAlphaFigures {
  /** null when undefined: fewer than two pairable values, or no variation among them (D_e = 0). */
  value: number | null;
  pairableValues: number;
  pairableUnits: number;
  observedDisagreement: number | null;
  expectedDisagreement: number | null;
}

/** Interval alpha by the closed form, one unit at a time (streaming, O(values), O(1) memory). */
class IntervalAlpha {
  private n = 0;
  private units = 0;
  private readonly sum = new ExactSum();
  private readonly sumSquares = new ExactSum();
  private readonly within = new ExactSum();
  private min = Infinity;
  private max = -Infinity;

  addUnit(values: readonly number[]): void {
    if (values.length < 2) return;
    const sorted = [...values].sort((a, b) => a - b);
    this.n += sorted.length;
    this.units++;
    for (const x of sorted) {
      this.sum.add(x);
      this.sumSquares.add(x * x);
    }
    if (sorted[0]! < this.min) this.min = sorted[0]!;
    if (sorted[sorted.length - 1]! > this.max) this.max = sorted[sorted.length - 1]!;
    this.within.add(unitTerm(sorted));
  }

  figures(): IntervalAlphaFigures {
    const n = this.n;
    const base = { pairableValues: n, pairableUnits: this.units };
    if (n < 2 || this.min === this.max)
      return { ...base, value: null, observedDisagreement: null, expectedDisagreement: null };
    const s1 = this.sum.value();
    const ss = this.sumSquares.value() - (s1 * s1) / n;
    const dO = (2 * this.within.value()) / n;
    const dE = (2 * ss) / (n - 1);
    return { ...base, value: 1 - dO / dE, observedDisagreement: dO, expectedDisagreement: dE };
  }
}

export function intervalAlpha(units: Iterable<readonly number[]>): IntervalAlphaFigures {
  const acc = new IntervalAlpha();
  for (const u of units) acc.addUnit(u);
  return acc.figures();
}

// ---- coincidence matrix ------------------------------------------------------------------------

/**
 * The unordered cells {c <= k} of the coincidence matrix, in ascending (c, k) order, each with its
 * mass o_ck + o_kc (o_cc on the diagonal). A unit of m values adds 2/(m - 1) per pair of its
 * values to the pair's cell; the masses are summed per m, m ascending, each term one division
 * (2·count)/(m - 1), so they are the same double whatever order the units came in.
 */
export interface Coincidences {
  /** Distinct pairable values, ascending. */
  values: number[];
  /** n_c: how many pairable values equal values[c]. */
  counts: number[];
  n: number;
  pairs: number;
  cellC: Int32Array;
  cellK: Int32Array;
  mass: Float64Array;
}

export function coincidences(units: Iterable<readonly number[]>): Coincidences {
  const counter = new CoincidenceCounter();
  for (const u of units) counter.addUnit(u);
  return counter.result();
}

/**
 * The coincidences counted one unit at a time (a stream of units, memory O(distinct values and
 * pairs of them)): pair counts per (m, pair of values), masses summed per m at the end.
 */
class CoincidenceCounter {
  /** m -> "lo,hi" (the pair's two values, lo <= hi) -> pairs. */
  private readonly byM = new Map<number, Map<string, number>>();
  private readonly valueCounts = new Map<number, number>();
  private n = 0;
  private pairs = 0;

  addUnit(values: readonly number[]): void {
    const m = values.length;
    if (m < 2) return;
    const sorted = [...values].sort((a, b) => a - b);
    this.n += m;
    this.pairs += (m * (m - 1)) / 2;
    let cells = this.byM.get(m);
    if (!cells) {
      cells = new Map();
      this.byM.set(m, cells);
    }
    for (const x of sorted) this.valueCounts.set(x, (this.valueCounts.get(x) ?? 0) + 1);
    for (let i = 0; i < m; i++)
      for (let j = i + 1; j < m; j++) {
        const key = `${sorted[i]},${sorted[j]}`;
        cells.set(key, (cells.get(key) ?? 0) + 1);
      }
  }

  result(): Coincidences {
    const values = [...this.valueCounts.keys()].sort((a, b) => a - b);
    const index = new Map(values.map((v, i) => [v, i]));
    const V = values.length;
    const counts = values.map((v) => this.valueCounts.get(v)!);
    const mass = new Map<number, number>();
    for (const m of [...this.byM.keys()].sort((a, b) => a - b)) {
      for (const [pair, count] of this.byM.get(m)!) {
        const comma = pair.indexOf(',');
        const key = index.get(Number(pair.slice(0, comma)))! * V + index.get(Number(pair.slice(comma + 1)))!;
        mass.set(key, (mass.get(key) ?? 0) + (2 * count) / (m - 1));
      }
    }
    const keys = [...mass.keys()].sort((a, b) => a - b);
    const cellC = new Int32Array(keys.length);
    const cellK = new Int32Array(keys.length);
    const masses = new Float64Array(keys.length);
    keys.forEach((key, i) => {
      cellC[i] = Math.floor(key / V);
      cellK[i] = key % V;
      masses[i] = mass.get(key)!;
    });
    return { values, counts, n: this.n, pairs: this.pairs, cellC, cellK, mass: masses };
  }
}

/** δ²(c, k) of Krippendorff's metric for value indexes c <= k. */
function deltaFunction(co: Coincidences, metric: Metric): (c: number, k: number) => number {
  const v = co.values;
  switch (metric) {
    case 'nominal':
      return (c, k) => (c === k ? 0 : 1);
    case 'interval':
      return (c, k) => (v[c]! - v[k]!) * (v[c]! - v[k]!);
    case 'ratio':
      return (c, k) => (c === k ? 0 : ((v[c]! - v[k]!) / (v[c]! + v[k]!)) ** 2);
    case 'ordinal': {
      // Cumulative counts: Σ_{g=c..k} n_g - (n_c + n_k)/2, squared.
      const cum = [0];
      for (const x of co.counts) cum.push(cum[cum.length - 1]! + x);
      return (c, k) => {
        const d = cum[k + 1]! - cum[c]! - (co.counts[c]! + co.counts[k]!) / 2;
        return d * d;
      };
    }
  }
}

export interface CoincidenceAlpha {
  value: number | null;
  observedDisagreement: number;
  expectedDisagreement: number;
}

/** Alpha from the coincidence matrix (Krippendorff 2011, the general form), any metric. */
export function coincidenceAlpha(co: Coincidences, metric: Metric): CoincidenceAlpha {
  const delta = deltaFunction(co, metric);
  const n = co.n;
  let observed = 0;
  for (let i = 0; i < co.mass.length; i++) observed += co.mass[i]! * delta(co.cellC[i]!, co.cellK[i]!);
  observed /= n;
  // D_e = Σ_{c<k} 2·n_c·n_k·δ²_ck / (n(n - 1)) (the diagonal's δ² is 0).
  let expected = 0;
  const V = co.values.length;
  for (let c = 0; c < V; c++)
    for (let k = c + 1; k < V; k++) expected += 2 * co.counts[c]! * co.counts[k]! * delta(c, k);
  expected /= n * (n - 1);
  return {
    value: n < 2 || expected === 0 ? null : 1 - observed / expected,
    observedDisagreement: observed,
    expectedDisagreement: expected,
  };
}

// ---- bootstrap ---------------------------------------------------------------------------------

export interface BootstrapOptions {
  metric: Metric;
  draws: number;
  /** 64-bit seed of the PRNG. */
  seed: bigint;
  /** D_e of the original data: for the interval metric the closed form's value. */
  expectedDisagreement: number;
}

export interface BootstrapFigures {
  ci95: [number, number];
  /** P(alpha < t) for each threshold of ALPHA_THRESHOLDS. */
  pAlphaBelow: Record<(typeof ALPHA_THRESHOLDS)[number], number>;
  draws: number;
  /** Pairs drawn per replicate. */
  pairsPerDraw: number;
  seed: string;
  prng: typeof PRNG_NAME;
}

/** x^e by squaring (e a non-negative integer), the same operations in every language. */
function powInt(x: number, e: number): number {
  let result = 1;
  let base = x;
  let k = e;
  while (k > 0) {
    if (k % 2 === 1) result *= base;
    base *= base;
    k = Math.floor(k / 2);
  }
  return result;
}

/**
 * Krippendorff's bootstrap, fixed as follows so that it reproduces bit for bit:
 * - the cells are the unordered {c <= k}, ascending by (c, k); cum_i = cum_{i-1} + mass_i;
 * - M = min(25·q, P): q the number of non-empty cells, P = Σ_u m_u(m_u - 1)/2 the pairs in the
 *   data (Krippendorff caps M "by a practical limit"; 25·q is his and Hayes's cap);
 * - a draw: u = next double of the PRNG, r = u·cum_last, the cell is the first with cum_i > r;
 * - alpha* = 1 - S/(M·D_e), S the sum of the drawn cells' δ² in draw order; below -1 it is -1;
 * - a replicate whose M draws all fell on the diagonal (S = 0, alpha* = 1) is Krippendorff's
 *   indeterminate case: of those, floor(X·Σ_c p_cc^M + 1/2) become 0 (p_cc = mass_cc/cum_last,
 *   the power by squaring, the sum in cell order);
 * - the replicates sorted ascending, ci95 = [a_(lo), a_(hi)] with lo = max(floor(25X/1000), 1)
 *   and hi = min(floor(975X/1000) + 1, X) (1-based ranks); P(alpha < t) = #{a* < t}/X.
 */
export function bootstrapAlpha(co: Coincidences, opts: BootstrapOptions): BootstrapFigures | null {
  const X = opts.draws;
  const q = co.mass.length;
  if (q === 0 || !(opts.expectedDisagreement > 0) || !Number.isInteger(X) || X < 1) return null;
  const delta = deltaFunction(co, opts.metric);
  const cum = new Float64Array(q);
  const d2 = new Float64Array(q);
  let running = 0;
  for (let i = 0; i < q; i++) {
    running += co.mass[i]!;
    cum[i] = running;
    d2[i] = delta(co.cellC[i]!, co.cellK[i]!);
  }
  const total = running;
  const M = Math.min(25 * q, co.pairs);
  const denominator = M * opts.expectedDisagreement;
  // A guide table finds the first cum_i > r in O(1) expected: with G a power of two, b = floor(u·G)
  // is exact and u >= b/G, so (b/G)·total <= r and every cell before guide[b] has cum_i <= r; the
  // scan from there ends where a binary search would.
  let G = 1;
  while (G < q) G *= 2;
  const guide = new Int32Array(G);
  for (let b = 0, i = 0; b < G; b++) {
    const floor = (b / G) * total;
    while (i < q - 1 && cum[i]! <= floor) i++;
    guide[b] = i;
  }
  const rng = new Xoshiro256StarStar(opts.seed);
  const alphas = new Float64Array(X);
  let ones = 0;
  for (let x = 0; x < X; x++) {
    let s = 0;
    for (let j = 0; j < M; j++) {
      const u = rng.nextDouble();
      const r = u * total;
      let i = guide[Math.floor(u * G)]!;
      while (i < q - 1 && cum[i]! <= r) i++;
      s += d2[i]!;
    }
    let a = 1 - s / denominator;
    if (a < -1) a = -1;
    if (s === 0) ones++;
    alphas[x] = a;
  }
  let diagonal = 0;
  for (let i = 0; i < q; i++) if (co.cellC[i] === co.cellK[i]) diagonal += powInt(co.mass[i]! / total, M);
  const indeterminate = Math.min(Math.floor(X * diagonal + 0.5), ones);
  alphas.sort();
  // The indeterminate replicates are among the top `ones` values (all 1): make `indeterminate` of them 0.
  if (indeterminate > 0) {
    for (let i = 0; i < indeterminate; i++) alphas[X - 1 - i] = 0;
    alphas.sort();
  }
  const lo = Math.max(Math.floor((25 * X) / 1000), 1);
  const hi = Math.min(Math.floor((975 * X) / 1000) + 1, X);
  const below = (t: number) => {
    let c = 0;
    for (let i = 0; i < X; i++) if (alphas[i]! < t) c++;
    return c / X;
  };
  return {
    ci95: [alphas[lo - 1]!, alphas[hi - 1]!],
    pAlphaBelow: { '0.667': below(0.667), '0.800': below(0.8) },
    draws: X,
    pairsPerDraw: M,
    seed: seedHex(opts.seed),
    prng: PRNG_NAME,
  };
}

// ---- the figure of the report ------------------------------------------------------------------

/** The figures of statistics.alpha, as doubles (statistics.ts writes them into the payload). */
export interface AlphaFigures {
  metric: 'interval';
  value: number | null;
  ci95: [number, number] | null;
  pairableValues: number;
  pairableUnits: number;
  pAlphaBelow: Record<(typeof ALPHA_THRESHOLDS)[number], number> | null;
  draws: number;
  pairsPerDraw: number;
  seed: string;
  prng: typeof PRNG_NAME;
}

/**
 * Interval alpha with its bootstrap over the given units: what statistics.alpha carries. The
 * units are iterated twice (the closed form, then the coincidences).
 */
export function alphaFigures(units: readonly (readonly number[])[], seed: bigint, draws = DEFAULT_DRAWS): AlphaFigures {
  const acc = new AlphaAccumulator();
  for (const u of units) acc.addUnit(u);
  return acc.figures(seed, draws);
}

/** statistics.alpha's figures from units streamed one at a time (`assay verify --recompute`). */
export class AlphaAccumulator {
  private readonly interval = new IntervalAlpha();
  private readonly counter = new CoincidenceCounter();

  addUnit(values: readonly number[]): void {
    this.interval.addUnit(values);
    this.counter.addUnit(values);
  }

  figures(seed: bigint, draws = DEFAULT_DRAWS): AlphaFigures {
    const f = this.interval.figures();
    const base = {
      metric: 'interval' as const,
      value: f.value,
      pairableValues: f.pairableValues,
      pairableUnits: f.pairableUnits,
      draws,
      seed: seedHex(seed),
      prng: PRNG_NAME,
    };
    if (f.value === null) return { ...base, ci95: null, pAlphaBelow: null, pairsPerDraw: 0 };
    const boot = bootstrapAlpha(this.counter.result(), {
      metric: 'interval',
      draws,
      seed,
      expectedDisagreement: f.expectedDisagreement!,
    });
    if (!boot) return { ...base, ci95: null, pAlphaBelow: null, pairsPerDraw: 0 };
    return { ...base, ci95: boot.ci95, pAlphaBelow: boot.pAlphaBelow, pairsPerDraw: boot.pairsPerDraw };
  }
}

// ---- agreement matrix ----------------------------------------------------------------------------

export interface PairAgreement {
  /** The two validators, a < b. */
  a: string;
  b: string;
  /** Datapoints both rated. */
  datapoints: number;
  /** Mean |r_a - r_b| over those datapoints, rating points. */
  meanAbsoluteDifference: number;
  /** Share of those datapoints where the two ratings are within 10 points. */
  within10: number;
}

/**
 * Pairwise agreement between validators over the units they share: for every pair with at least
 * one shared unit, the count, the mean absolute difference and the share within 10 points. Units
 * are (voter, rating) lists; O(Σ_u m_u²). Pairs ordered by (a, b); sums in unit order.
 */
export function agreementMatrix(units: Iterable<readonly { voter: string; rating: number }[]>): PairAgreement[] {
  const pairs = new Map<string, { a: string; b: string; n: number; diff: number; close: number }>();
  for (const u of units) {
    for (let i = 0; i < u.length; i++)
      for (let j = i + 1; j < u.length; j++) {
        const [x, y] = u[i]!.voter < u[j]!.voter ? [u[i]!, u[j]!] : [u[j]!, u[i]!];
        const key = `${x.voter}\u0000${y.voter}`;
        let p = pairs.get(key);
        if (!p) {
          p = { a: x.voter, b: y.voter, n: 0, diff: 0, close: 0 };
          pairs.set(key, p);
        }
        const d = Math.abs(x.rating - y.rating);
        p.n++;
        p.diff += d;
        if (d <= 10) p.close++;
      }
  }
  return [...pairs.values()]
    .sort((p, q) => (p.a < q.a ? -1 : p.a > q.a ? 1 : p.b < q.b ? -1 : p.b > q.b ? 1 : 0))
    .map((p) => ({ a: p.a, b: p.b, datapoints: p.n, meanAbsoluteDifference: p.diff / p.n, within10: p.close / p.n }));
}
