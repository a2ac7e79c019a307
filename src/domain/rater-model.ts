// The rater model behind reliability-weighted consensus and the validators' figures: each rating
// is x_ij = psi_j + Delta_i + upsilon_i·e (Li, Bampis et al. 2020; Netflix sureal): psi_j the
// datapoint's true score, Delta_i validator i's bias, upsilon_i their inconsistency, e ~ N(0, 1).
// Estimated by alternating projection, the maximum-likelihood fixed point of the three updates
// (docs/quality.md, "The rater model"):
//
//   Delta_i    = Σ_j (x_ij - psi_j) / (n_i + k)                  then centred: Σ_i Delta_i = 0
//   upsilon_i² = max((Σ_j r_ij² + k·s²) / (n_i + k), floor²)     r_ij = x_ij - psi_j - Delta_i
//   psi_j      = Σ_i w_i (x_ij - Delta_i) / Σ_i w_i              w_i = 1/upsilon_i²
//
// s² is the pooled residual variance Σ r²/N. With k = 0 and no floor this is sureal's estimator,
// whose trap its own three-rater example shows: a validator who agrees perfectly on a few items
// gets zero estimated noise and decides psi alone. The prior (k pseudo-votes at the pooled
// variance, and the bias shrunk toward 0 by the same k) and the floor on upsilon bound every
// validator's weight, so none decides alone. Pure: no I/O.
import { schemaDefaults } from '../generated/operations.ts';

export interface Rating {
  /** Datapoint (unit) key. */
  unit: string;
  /** Validator key. */
  rater: string;
  rating: number;
}

export interface RaterModelParameters {
  /** Lower bound of upsilon, in rating points. */
  inconsistencyFloor: number;
  /** k: pseudo-votes of the prior (bias toward 0, inconsistency toward the pooled value). */
  priorVotes: number;
  maxIterations: number;
  /** Stop when no psi moves by more than this. */
  tolerance: number;
  /** Upper bound of precision (s²/upsilon²): a validator weighs at most this many times the pool's. */
  maxPrecision: number;
}

/**
 * The defaults: those of `consensus.reliability` from the contract (openapi.yaml, ProjectSpec,
 * through codegen), and the fit's own stopping rule, which no spec sets.
 */
export const DEFAULT_RATER_MODEL: RaterModelParameters = {
  ...schemaDefaults.reliability,
  maxIterations: 200,
  tolerance: 1e-9,
};

interface RaterEstimate {
  rater: string;
  votes: number;
  bias: number;
  /** upsilon: the standard deviation of the rater's noise, in rating points. */
  inconsistency: number;
  /** s²/upsilon²: 1 for a rater as consistent as the pool, above 1 more, below 1 less. */
  precision: number;
}

export interface RaterModel {
  raters: Map<string, RaterEstimate>;
  /** psi per unit. */
  scores: Map<string, number>;
  /** Pooled residual standard deviation s. */
  pooledInconsistency: number;
  iterations: number;
  converged: boolean;
  /**
   * N/(N - U - R + 1): the residuals are taken after fitting U scores and R biases (one fixed by
   * the centring), so Σr²/N underestimates the noise; an interval for psi scales its variance by
   * this (bench/quality-simulation.ts checks the coverage).
   */
  varianceInflation: number;
}

/**
 * The ratings as columns: rating i is `rating[i]` by rater `rater[i]` on unit `unit[i]` (indexes
 * from 0; `raters` and `units` of them). The raters' indexes are the order the bias is centred in.
 */
export interface RatingColumns {
  rater: Int32Array;
  unit: Int32Array;
  rating: Float64Array;
  /** Ratings in the columns (they may be longer). */
  length: number;
  raters: number;
  units: number;
}

/** The fit by rater index and unit index. */
export interface ColumnFit {
  votes: Float64Array;
  bias: Float64Array;
  inconsistency: Float64Array;
  precision: Float64Array;
  psi: Float64Array;
  pooledInconsistency: number;
  iterations: number;
  converged: boolean;
  varianceInflation: number;
}

/** Fits the model over the columns, in their order: O(ratings) per iteration, nothing per rating allocated. */
export function fitRaterColumns(cols: RatingColumns, params: RaterModelParameters = DEFAULT_RATER_MODEL): ColumnFit {
  const { rater: rIdx, unit: uIdx, rating: x, raters: R, units: U, length: N } = cols;
  const n = new Float64Array(R);
  for (let i = 0; i < N; i++) n[rIdx[i]!]!++;

  const k = params.priorVotes;
  const floor2 = params.inconsistencyFloor * params.inconsistencyFloor;
  const psi = new Float64Array(U);
  const bias = new Float64Array(R);
  const v2 = new Float64Array(R).fill(1);
  const w = new Float64Array(R).fill(1);
  const num = new Float64Array(U);
  const den = new Float64Array(U);
  let pooled = 0;

  const updatePsi = (): number => {
    num.fill(0);
    den.fill(0);
    for (let i = 0; i < N; i++) {
      const r = rIdx[i]!;
      num[uIdx[i]!]! += w[r]! * (x[i]! - bias[r]!);
      den[uIdx[i]!]! += w[r]!;
    }
    let moved = 0;
    for (let j = 0; j < U; j++) {
      const next = num[j]! / den[j]!;
      moved = Math.max(moved, Math.abs(next - psi[j]!));
      psi[j] = next;
    }
    return moved;
  };

  updatePsi();
  let iterations = 0;
  let converged = false;
  const sums = new Float64Array(R);
  while (iterations < params.maxIterations) {
    iterations++;
    sums.fill(0);
    for (let i = 0; i < N; i++) sums[rIdx[i]!]! += x[i]! - psi[uIdx[i]!]!;
    let mean = 0;
    for (let r = 0; r < R; r++) {
      bias[r] = sums[r]! / (n[r]! + k);
      mean += bias[r]!;
    }
    mean /= R;
    for (let r = 0; r < R; r++) bias[r]! -= mean;
    sums.fill(0);
    let total = 0;
    for (let i = 0; i < N; i++) {
      const e = x[i]! - psi[uIdx[i]!]! - bias[rIdx[i]!]!;
      sums[rIdx[i]!]! += e * e;
      total += e * e;
    }
    pooled = total / N;
    for (let r = 0; r < R; r++) {
      v2[r] = Math.max((sums[r]! + k * pooled) / (n[r]! + k), floor2);
      w[r] = 1 / v2[r]!;
    }
    if (updatePsi() <= params.tolerance) {
      converged = true;
      break;
    }
  }

  // Precision relative to the pooled variance; with no residual at all every rater is 1.
  const scale = Math.max(pooled, floor2);
  const inconsistency = new Float64Array(R);
  const precision = new Float64Array(R);
  for (let r = 0; r < R; r++) {
    inconsistency[r] = Math.sqrt(v2[r]!);
    precision[r] = Math.min(scale > 0 ? scale / v2[r]! : 1, params.maxPrecision);
  }
  return {
    votes: n,
    bias,
    inconsistency,
    precision,
    psi,
    pooledInconsistency: Math.sqrt(pooled),
    iterations,
    converged,
    varianceInflation: N - U - R + 1 > 0 ? N / (N - U - R + 1) : Number.POSITIVE_INFINITY,
  };
}

/**
 * Fits the model over every rating given, in their order. Raters are indexed in sorted key order
 * (the order the bias is centred in); units in the order they are first met, which changes no
 * figure: a unit's psi sums its own ratings in the ratings' order whatever its index, and the
 * largest move of psi is a maximum. (No sort of the unit keys: it was a third of the time of a
 * re-estimate of reliability-weighted consensus.)
 */
export function fitRaterModel(
  ratings: readonly Rating[],
  params: RaterModelParameters = DEFAULT_RATER_MODEL,
): RaterModel {
  const raterKeys = [...new Set(ratings.map((r) => r.rater))].sort();
  const ri = new Map(raterKeys.map((k, i) => [k, i]));
  const ui = new Map<string, number>();
  const N = ratings.length;
  const cols: RatingColumns = {
    rater: new Int32Array(N),
    unit: new Int32Array(N),
    rating: new Float64Array(N),
    length: N,
    raters: raterKeys.length,
    units: 0,
  };
  for (let i = 0; i < N; i++) {
    const r = ratings[i]!;
    let u = ui.get(r.unit);
    if (u === undefined) {
      u = ui.size;
      ui.set(r.unit, u);
    }
    cols.rater[i] = ri.get(r.rater)!;
    cols.unit[i] = u;
    cols.rating[i] = r.rating;
  }
  cols.units = ui.size;
  const fit = fitRaterColumns(cols, params);
  const raters = new Map<string, RaterEstimate>();
  raterKeys.forEach((key, r) => {
    raters.set(key, {
      rater: key,
      votes: fit.votes[r]!,
      bias: fit.bias[r]!,
      inconsistency: fit.inconsistency[r]!,
      precision: fit.precision[r]!,
    });
  });
  return {
    raters,
    scores: new Map([...ui].map(([key, j]) => [key, fit.psi[j]!])),
    pooledInconsistency: fit.pooledInconsistency,
    iterations: fit.iterations,
    converged: fit.converged,
    varianceInflation: fit.varianceInflation,
  };
}

/** The parameters a compiled spec's `consensus.reliability` may set. */
type ReliabilityParameters = keyof typeof schemaDefaults.reliability;

/**
 * The rater model's parameters of a compiled spec's `consensus` when it selects the reliability
 * method, else null: its `reliability` settings, the defaults for what it leaves out.
 */
export function reliabilitySettings(consensus: Record<string, unknown>): RaterModelParameters | null {
  if (consensus.method !== 'reliability') return null;
  const r = (consensus.reliability ?? {}) as Partial<Record<ReliabilityParameters, number>>;
  return {
    ...DEFAULT_RATER_MODEL,
    inconsistencyFloor: r.inconsistencyFloor ?? DEFAULT_RATER_MODEL.inconsistencyFloor,
    priorVotes: r.priorVotes ?? DEFAULT_RATER_MODEL.priorVotes,
    maxPrecision: r.maxPrecision ?? DEFAULT_RATER_MODEL.maxPrecision,
  };
}

/**
 * The rater model's parameters of a project, from its compiled spec's `consensus`: the
 * reliability method's settings, the defaults for what it leaves out and for every other method.
 * The one source of them: the Proof Report's statistics, the validator quality cards and the
 * consensus weights all fit the model with these.
 */
export function projectRaterModel(consensus: Record<string, unknown> | null): RaterModelParameters {
  return reliabilitySettings(consensus ?? {}) ?? DEFAULT_RATER_MODEL;
}
