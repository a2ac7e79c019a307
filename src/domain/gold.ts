// Gold items: how a validator's ratings of datapoints with a known expected rating are scored,
// and the rule that pauses a validator whose error is confidently too large. Pure: no I/O. The
// formulas are written out in docs/quality.md ("Gold items").
import { signedDecimal } from './statistics.ts';

/** A validator's rating of a gold datapoint beside the originator's expected rating. */
export interface GoldPair {
  rating: number;
  expected: number;
}

export interface GoldFigures {
  /** Gold votes scored. */
  count: number;
  /** Mean of |rating - expected|; null without gold votes. */
  meanAbsoluteError: number | null;
  /** Mean of (rating - expected): positive rates high; null without gold votes. */
  bias: number | null;
  /** Lin's concordance correlation coefficient; null below two votes or when it is undefined. */
  ccc: number | null;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Lin's concordance correlation coefficient of paired values, with population moments (divide by
 * n): 2 s_xy / (s_x^2 + s_y^2 + (mean_x - mean_y)^2). Null for fewer than two pairs and when the
 * denominator is 0 (both constant and equal: nothing to measure agreement on).
 */
export function linCcc(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError('linCcc needs pairs');
  return x.length < 2 ? null : cccOf(pairMoments(x, y));
}

/** The means and the centred sums of squares and of products of paired values (equal lengths, n >= 1). */
export interface PairMoments {
  n: number;
  mx: number;
  my: number;
  sxx: number;
  syy: number;
  sxy: number;
}

export function pairMoments(x: readonly number[], y: readonly number[]): PairMoments {
  const n = x.length;
  const mx = mean(x);
  const my = mean(y);
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  return { n, mx, my, sxx, syy, sxy };
}

/** Lin's CCC from the moments; null when the denominator is 0. */
export function cccOf({ n, mx, my, sxx, syy, sxy }: PairMoments): number | null {
  const denominator = sxx / n + syy / n + (mx - my) ** 2;
  return denominator === 0 ? null : (2 * sxy) / n / denominator;
}

/** The gold figures as a signed record holds them: doubles as RFC 8785 number strings. */
export function signedGoldFigures(f: GoldFigures) {
  const signed = (x: number | null) => (x === null ? null : signedDecimal(x));
  return { count: f.count, meanAbsoluteError: signed(f.meanAbsoluteError), bias: signed(f.bias), ccc: signed(f.ccc) };
}

export function goldFigures(pairs: GoldPair[]): GoldFigures {
  if (pairs.length === 0) return { count: 0, meanAbsoluteError: null, bias: null, ccc: null };
  return {
    count: pairs.length,
    meanAbsoluteError: mean(pairs.map((p) => Math.abs(p.rating - p.expected))),
    bias: mean(pairs.map((p) => p.rating - p.expected)),
    ccc: linCcc(
      pairs.map((p) => p.rating),
      pairs.map((p) => p.expected),
    ),
  };
}

/**
 * P(T >= t) for Student's t with `df` (a positive integer) degrees of freedom, t >= 0, by the
 * finite series of Abramowitz and Stegun 26.7.3 / 26.7.4 in theta = atan(t / sqrt(df)): exact
 * for integer df, no gamma function needed.
 */
export function studentTUpperTail(t: number, df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`df must be a positive integer, not ${df}`);
  if (t < 0) return 1 - studentTUpperTail(-t, df);
  if (t === Number.POSITIVE_INFINITY) return 0;
  const theta = Math.atan(t / Math.sqrt(df));
  const s = Math.sin(theta);
  const c2 = Math.cos(theta) ** 2;
  // A(t|df) = P(|T| <= t).
  let a: number;
  if (df % 2 === 1) {
    // (2/pi) [theta + sin cos (1 + (2/3) cos^2 + (2*4)/(3*5) cos^4 + ... up to cos^(df-3))].
    let sum = 0;
    if (df > 1) {
      let term = 1;
      sum = 1;
      for (let k = 1; k <= (df - 3) / 2; k++) {
        term *= ((2 * k) / (2 * k + 1)) * c2;
        sum += term;
      }
      sum *= s * Math.cos(theta);
    }
    a = (2 / Math.PI) * (theta + sum);
  } else {
    // sin [1 + (1/2) cos^2 + (1*3)/(2*4) cos^4 + ... up to cos^(df-2)].
    let term = 1;
    let sum = 1;
    for (let k = 1; k <= (df - 2) / 2; k++) {
      term *= ((2 * k - 1) / (2 * k)) * c2;
      sum += term;
    }
    a = s * sum;
  }
  return Math.max(0, (1 - a) / 2);
}

/**
 * The `p` quantile of Student's t with `df` degrees of freedom, p in [0.5, 1): the t with
 * P(T <= t) = p, by bisection on the exact tail (to the last bits of a double).
 */
export function studentTQuantile(p: number, df: number): number {
  if (!(p >= 0.5 && p < 1)) throw new RangeError(`p must be in [0.5, 1), not ${p}`);
  const tail = 1 - p;
  let lo = 0;
  let hi = 1;
  while (studentTUpperTail(hi, df) > tail) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTUpperTail(mid, df) > tail) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The project's rule (its spec's `gold` settings, defaults filled). */
export interface GoldPauseRule {
  minVotes: number;
  maxMeanAbsoluteError: number;
  confidence: number;
}

export interface GoldPauseCheck {
  /** Gold votes the rule looked at (those since the validator's last pause was lifted). */
  count: number;
  meanAbsoluteError: number | null;
  /**
   * One-sided lower confidence bound on the validator's true mean absolute error:
   * mean - t(confidence, n - 1) * sd / sqrt(n) (sd with n - 1); null below two votes.
   */
  lowerBound: number | null;
  pause: boolean;
}

/**
 * Whether a validator's gold error is confidently above the threshold: at least `minVotes`
 * gold votes, and the one-sided `confidence` lower bound on the mean absolute error above
 * `maxMeanAbsoluteError`. The absolute errors are treated as a sample of the validator's error
 * on the project's gold items (a one-sample t bound); with no spread at all the bound is the mean.
 */
export function goldPauseCheck(pairs: GoldPair[], rule: GoldPauseRule): GoldPauseCheck {
  const n = pairs.length;
  if (n === 0) return { count: 0, meanAbsoluteError: null, lowerBound: null, pause: false };
  const errors = pairs.map((p) => Math.abs(p.rating - p.expected));
  const m = mean(errors);
  if (n < 2) return { count: n, meanAbsoluteError: m, lowerBound: null, pause: false };
  const sd = Math.sqrt(errors.reduce((a, e) => a + (e - m) ** 2, 0) / (n - 1));
  const lowerBound = sd === 0 ? m : m - (studentTQuantile(rule.confidence, n - 1) * sd) / Math.sqrt(n);
  return {
    count: n,
    meanAbsoluteError: m,
    lowerBound,
    pause: n >= rule.minVotes && lowerBound > rule.maxMeanAbsoluteError,
  };
}

/** One datapoint a validator rated, with the other validators' ratings of it. */
export interface SharedDatapoint {
  own: number;
  others: number[];
}

export interface Agreement {
  /** Datapoints with at least one other rating. */
  datapoints: number;
  /** Mean of |own - mean(others)|; null without datapoints. */
  meanAbsoluteDifference: number | null;
  /** Lin's CCC between own ratings and the others' means; null below two datapoints or undefined. */
  ccc: number | null;
}

/**
 * Leave-one-out agreement: each rating of the validator against the mean of the other
 * validators' ratings of the same datapoint (their own rating left out), over the datapoints
 * someone else rated too.
 */
export function leaveOneOutAgreement(items: SharedDatapoint[]): Agreement {
  const shared = items.filter((i) => i.others.length > 0);
  if (shared.length === 0) return { datapoints: 0, meanAbsoluteDifference: null, ccc: null };
  const own = shared.map((i) => i.own);
  const others = shared.map((i) => mean(i.others));
  return {
    datapoints: shared.length,
    meanAbsoluteDifference: mean(own.map((o, k) => Math.abs(o - others[k]!))),
    ccc: linCcc(own, others),
  };
}
