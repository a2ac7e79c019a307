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
// AlphaAccumulator takes the votes in one pass, a unit at a time (the order the database hands
// them over in), and keeps only what does not grow with the number of units: the closed form's
// sums, the distinct values' counts and the coincidence matrix's pair counts per unit size. The
// coincidence matrix (any of nominal, ordinal, interval, ratio) is the textbook definition; it
// proves the closed form on the published vectors and feeds the bootstrap.
//
// The bootstrap is Krippendorff's algorithm for the distribution of alpha ("Algorithm for
// bootstrapping a distribution of alpha", 2006, revised 2011): M pairs of values are drawn with
// replacement from the observed coincidences, each with probability o_ck/n.., and
// alpha* = 1 - Σ δ²/(M·D_e) with the original D_e; see bootstrapAlpha for the details this
// implementation fixes (cell order, M, the draw, the corrections, the percentiles). Its cost is
// X·M draws whatever the number of units (M <= 25·q, q the non-empty cells).
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

/** m·SS_u/(m - 1) of one unit, its m values ascending in `v`. */
function unitTerm(v: Float64Array, m: number): number {
  let total = 0;
  for (let i = 0; i < m; i++) total += v[i]!;
  const mean = total / m;
  let ss = 0;
  for (let i = 0; i < m; i++) {
    const d = v[i]! - mean;
    ss += d * d;
  }
  return (m * ss) / (m - 1);
}

/**
 * Adds count·x to an exact sum exactly, as `count` additions of x would: x·2^k is exact (a scaling
 * by a power of two) for each bit k of the integer count.
 */
function addTimes(sum: ExactSum, x: number, count: number): void {
  let scale = 1;
  for (let c = count; c > 0; c = Math.floor(c / 2)) {
    if (c % 2 === 1) sum.add(x * scale);
    scale *= 2;
  }
}

export interface IntervalAlphaFigures {
  /** null when undefined: fewer than two pairable values, or no variation among them (D_e = 0). */
  value: number | null;
  pairableValues: number;
  pairableUnits: number;
  observedDisagreement: number | null;
  expectedDisagreement: number | null;
}

/** Above this many distinct values the pair counts are kept in a map rather than a square array. */
const DENSE_VALUES = 256;
/** Key of the pair (i, j) of arrival indexes in the map form: exact below 2^52. */
const SPARSE_BASE = 2 ** 26;

/** How many pairs of each (lower, upper) value fell in units of one size m, by arrival index. */
class PairCounts {
  private cap = 0;
  private dense: Float64Array | null = new Float64Array(0);
  private sparse: Map<number, number> | null = null;

  add(i: number, j: number): void {
    const dense = this.dense;
    if (dense !== null) {
      if (i < this.cap && j < this.cap) {
        dense[i * this.cap + j]!++;
        return;
      }
      this.grow(Math.max(i, j) + 1);
      this.add(i, j);
      return;
    }
    const key = i * SPARSE_BASE + j;
    const map = this.sparse!;
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  private grow(need: number): void {
    const old = this.dense!;
    const oldCap = this.cap;
    let cap = Math.max(16, oldCap * 2);
    while (cap < need) cap *= 2;
    if (cap > DENSE_VALUES) {
      const map = new Map<number, number>();
      for (let i = 0; i < oldCap; i++)
        for (let j = 0; j < oldCap; j++) {
          const c = old[i * oldCap + j]!;
          if (c > 0) map.set(i * SPARSE_BASE + j, c);
        }
      this.dense = null;
      this.sparse = map;
      return;
    }
    const next = new Float64Array(cap * cap);
    for (let i = 0; i < oldCap; i++) next.set(old.subarray(i * oldCap, (i + 1) * oldCap), i * cap);
    this.dense = next;
    this.cap = cap;
  }

  /** Calls f(i, j, count) for every non-zero count. */
  forEach(f: (i: number, j: number, count: number) => void): void {
    const dense = this.dense;
    if (dense !== null) {
      const cap = this.cap;
      for (let k = 0; k < dense.length; k++) if (dense[k]! > 0) f(Math.floor(k / cap), k % cap, dense[k]!);
      return;
    }
    for (const [key, count] of this.sparse!) f(Math.floor(key / SPARSE_BASE), key % SPARSE_BASE, count);
  }
}

/**
 * Interval alpha (the closed form) and the coincidence matrix, accumulated in one pass, one unit
 * at a time: O(values) time; memory independent of the number of units (the distinct values'
 * counts and the pair counts per unit size m; a square array while the distinct values are
 * few, as a 0-100 integer scale's 101). Feed a unit's values with `push`, close it with
 * `endUnit` (or give it whole to `addUnit`); units with fewer than two values are not pairable.
 *
 * Σx and Σx² come from the distinct values and their counts, added exactly (addTimes), so they
 * are the correctly rounded sums over every value, as if each were added one by one.
 */
export class AlphaAccumulator {
  private n = 0;
  private units = 0;
  private pairs = 0;
  private readonly within = new ExactSum();
  private min = Infinity;
  private max = -Infinity;
  /** Distinct values in arrival order, their index and count. */
  private readonly values: number[] = [];
  private readonly index = new Map<number, number>();
  private counts = new Float64Array(16);
  /** Pair counts per unit size m. */
  private readonly byM = new Map<number, PairCounts>();
  /** The open unit: its values, then their arrival indexes. */
  private unit = new Float64Array(8);
  private idx = new Int32Array(8);
  private m = 0;

  push(x: number): void {
    if (this.m === this.unit.length) {
      const next = new Float64Array(this.unit.length * 2);
      next.set(this.unit);
      this.unit = next;
      this.idx = new Int32Array(next.length);
    }
    this.unit[this.m++] = x;
  }

  addUnit(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.push(values[i]!);
    this.endUnit();
  }

  endUnit(): void {
    const m = this.m;
    this.m = 0;
    if (m < 2) return;
    const v = this.unit;
    // Ascending: insertion sort for the usual few values.
    if (m <= 16)
      for (let i = 1; i < m; i++) {
        const x = v[i]!;
        let j = i - 1;
        while (j >= 0 && v[j]! > x) {
          v[j + 1] = v[j]!;
          j--;
        }
        v[j + 1] = x;
      }
    else v.subarray(0, m).sort();
    this.n += m;
    this.units++;
    this.pairs += (m * (m - 1)) / 2;
    if (v[0]! < this.min) this.min = v[0]!;
    if (v[m - 1]! > this.max) this.max = v[m - 1]!;
    this.within.add(unitTerm(v, m));
    const idx = this.idx;
    for (let i = 0; i < m; i++) {
      const x = v[i]!;
      let k: number;
      if (i > 0 && x === v[i - 1]!) k = idx[i - 1]!;
      else {
        const known = this.index.get(x);
        if (known === undefined) {
          k = this.values.length;
          if (k >= SPARSE_BASE) throw new RangeError('too many distinct values for the coincidence matrix');
          this.values.push(x);
          this.index.set(x, k);
          if (k === this.counts.length) {
            const next = new Float64Array(k * 2);
            next.set(this.counts);
            this.counts = next;
          }
        } else k = known;
      }
      idx[i] = k;
      this.counts[k]!++;
    }
    let cells = this.byM.get(m);
    if (!cells) {
      cells = new PairCounts();
      this.byM.set(m, cells);
    }
    for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) cells.add(idx[i]!, idx[j]!);
  }

  intervalFigures(): IntervalAlphaFigures {
    const n = this.n;
    const base = { pairableValues: n, pairableUnits: this.units };
    if (n < 2 || this.min === this.max)
      return { ...base, value: null, observedDisagreement: null, expectedDisagreement: null };
    const sum = new ExactSum();
    const sumSquares = new ExactSum();
    for (let k = 0; k < this.values.length; k++) {
      const x = this.values[k]!;
      addTimes(sum, x, this.counts[k]!);
      addTimes(sumSquares, x * x, this.counts[k]!);
    }
    const s1 = sum.value();
    const ss = sumSquares.value() - (s1 * s1) / n;
    const dO = (2 * this.within.value()) / n;
    const dE = (2 * ss) / (n - 1);
    return { ...base, value: 1 - dO / dE, observedDisagreement: dO, expectedDisagreement: dE };
  }

  /**
   * The coincidence matrix of the units so far. The masses are summed per m, m ascending, each
   * term one division (2·count)/(m - 1), so they are the same double whatever order the units came in.
   */
  coincidences(): Coincidences {
    const V = this.values.length;
    const order = Array.from({ length: V }, (_, i) => i).sort((a, b) => this.values[a]! - this.values[b]!);
    const rank = new Int32Array(V);
    order.forEach((arrival, r) => {
      rank[arrival] = r;
    });
    const values = order.map((i) => this.values[i]!);
    const counts = order.map((i) => this.counts[i]!);
    const dense = V <= DENSE_VALUES ? new Float64Array(V * V) : null;
    const sparse = dense ? null : new Map<number, number>();
    for (const m of [...this.byM.keys()].sort((a, b) => a - b)) {
      // The lower value's index comes first (the unit's values were ascending): rank[i] <= rank[j].
      this.byM.get(m)!.forEach((i, j, count) => {
        const key = rank[i]! * V + rank[j]!;
        const term = (2 * count) / (m - 1);
        if (dense) dense[key]! += term;
        else sparse!.set(key, (sparse!.get(key) ?? 0) + term);
      });
    }
    let keys: Float64Array;
    if (dense) {
      let q = 0;
      for (let k = 0; k < dense.length; k++) if (dense[k]! > 0) q++;
      keys = new Float64Array(q);
      for (let k = 0, i = 0; k < dense.length; k++) if (dense[k]! > 0) keys[i++] = k;
    } else keys = Float64Array.from(sparse!.keys()).sort();
    const cellC = new Int32Array(keys.length);
    const cellK = new Int32Array(keys.length);
    const mass = new Float64Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      cellC[i] = Math.floor(key / V);
      cellK[i] = key % V;
      mass[i] = dense ? dense[key]! : sparse!.get(key)!;
    }
    return { values, counts, n: this.n, pairs: this.pairs, cellC, cellK, mass };
  }

  /** Interval alpha with its bootstrap: what statistics.alpha carries. */
  figures(seed: bigint, draws = DEFAULT_DRAWS): AlphaFigures {
    const f = this.intervalFigures();
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
    const boot = bootstrapAlpha(this.coincidences(), {
      metric: 'interval',
      draws,
      seed,
      expectedDisagreement: f.expectedDisagreement!,
    });
    if (!boot) return { ...base, ci95: null, pAlphaBelow: null, pairsPerDraw: 0 };
    return { ...base, ci95: boot.ci95, pAlphaBelow: boot.pAlphaBelow, pairsPerDraw: boot.pairsPerDraw };
  }
}

export function intervalAlpha(units: Iterable<ArrayLike<number>>): IntervalAlphaFigures {
  const acc = new AlphaAccumulator();
  for (const u of units) acc.addUnit(u);
  return acc.intervalFigures();
}

// ---- coincidence matrix ------------------------------------------------------------------------

/**
 * The unordered cells {c <= k} of the coincidence matrix, in ascending (c, k) order, each with its
 * mass o_ck + o_kc (o_cc on the diagonal). A unit of m values adds 2/(m - 1) per pair of its
 * values to the pair's cell (AlphaAccumulator.coincidences).
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

export function coincidences(units: Iterable<ArrayLike<number>>): Coincidences {
  const acc = new AlphaAccumulator();
  for (const u of units) acc.addUnit(u);
  return acc.coincidences();
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
  while (G < 4 * q) G *= 2;
  const guide = new Int32Array(G);
  for (let b = 0, i = 0; b < G; b++) {
    const floor = (b / G) * total;
    while (i < q - 1 && cum[i]! <= floor) i++;
    guide[b] = i;
  }
  const rng = new Xoshiro256StarStar(opts.seed);
  const alphas = new Float64Array(X);
  let ones = 0;
  const uniforms = new Float64Array(Math.min(M, 1 << 14));
  const last = q - 1;
  for (let x = 0; x < X; x++) {
    let s = 0;
    for (let left = M; left > 0; ) {
      const len = Math.min(left, uniforms.length);
      rng.fillDoubles(uniforms, len);
      for (let j = 0; j < len; j++) {
        const u = uniforms[j]!;
        const r = u * total;
        // G <= 2^31 and u < 1: the truncation is floor(u·G).
        let i = guide[(u * G) >>> 0]!;
        while (i < last && cum[i]! <= r) i++;
        s += d2[i]!;
      }
      left -= len;
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

/** Interval alpha with its bootstrap over the given units: what statistics.alpha carries. */
export function alphaFigures(units: Iterable<ArrayLike<number>>, seed: bigint, draws = DEFAULT_DRAWS): AlphaFigures {
  const acc = new AlphaAccumulator();
  for (const u of units) acc.addUnit(u);
  return acc.figures(seed, draws);
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
 * Pairwise agreement between validators over the units they share, one unit at a time: for every
 * pair with at least one shared unit, the count, the mean absolute difference and the share
 * within 10 points. Validators are indexes (below 2^26) named at the end; O(Σ_u m_u²) time,
 * memory per pair of validators. Sums in unit order.
 */
export class AgreementAccumulator {
  private readonly pairs = new Map<number, { i: number; j: number; n: number; diff: number; close: number }>();

  /** One unit: validators[k] rated ratings[k], k < m. */
  addUnit(validators: ArrayLike<number>, ratings: ArrayLike<number>, m = validators.length): void {
    for (let x = 0; x < m; x++)
      for (let y = x + 1; y < m; y++) {
        const a = validators[x]!;
        const b = validators[y]!;
        const [i, j] = a <= b ? [a, b] : [b, a];
        const key = i * SPARSE_BASE + j;
        let p = this.pairs.get(key);
        if (!p) {
          p = { i, j, n: 0, diff: 0, close: 0 };
          this.pairs.set(key, p);
        }
        const d = Math.abs(ratings[x]! - ratings[y]!);
        p.n++;
        p.diff += d;
        if (d <= 10) p.close++;
      }
  }

  /** The pairs under the validators' names, a < b, ordered by (a, b). */
  result(names: readonly string[]): PairAgreement[] {
    return [...this.pairs.values()]
      .map((p) => {
        const [a, b] = names[p.i]! <= names[p.j]! ? [names[p.i]!, names[p.j]!] : [names[p.j]!, names[p.i]!];
        return { a, b, datapoints: p.n, meanAbsoluteDifference: p.diff / p.n, within10: p.close / p.n };
      })
      .sort((p, q) => (p.a < q.a ? -1 : p.a > q.a ? 1 : p.b < q.b ? -1 : p.b > q.b ? 1 : 0));
  }
}

/** The agreement matrix of (voter, rating) units (AgreementAccumulator). */
export function agreementMatrix(units: Iterable<readonly { voter: string; rating: number }[]>): PairAgreement[] {
  const acc = new AgreementAccumulator();
  const index = new Map<string, number>();
  const names: string[] = [];
  for (const u of units) {
    const ids = u.map((v) => {
      let i = index.get(v.voter);
      if (i === undefined) {
        i = names.length;
        names.push(v.voter);
        index.set(v.voter, i);
      }
      return i;
    });
    acc.addUnit(
      ids,
      u.map((v) => v.rating),
    );
  }
  return acc.result(names);
}
