// Consensus math for one datapoint (the architecture notes, section 3, "Consensus (per
// datapoint)"; docs/decisions.md, Consensus and Auto Consensus). Pure: no I/O.
//
//   mean     = Σ w·r / Σ w
//   median   = the smallest rating whose cumulative weight reaches half the total weight;
//              when the cumulative weight lands exactly on half, the midpoint of that rating
//              and the next higher one
//   strength = 1 - (Σ w·|r - median| / Σ w) / 50, clamped to [0, 1]
//              (50 is the largest possible mean deviation from a median on a 0..100 scale)
//
// Ratings are processed in a canonical order (by rating, then weight) so that the result does
// not depend on the order votes arrived in, down to the last bit.

export interface Vote {
  /** 0..100 */
  rating: number;
  /** > 0: the consensusWeight of the voter's class at the time of the vote (1 without a class). */
  weight: number;
}

export interface ConsensusFigures {
  mean: number;
  median: number;
  /** In [0, 1]. */
  strength: number;
}

export interface ConsensusRules {
  minStrength: number;
  escalationStep: number;
  maxEscalations: number;
}

export type Outcome =
  | { kind: 'terminal'; contested: boolean; figures: ConsensusFigures }
  | { kind: 'escalate'; addSlots: number; figures: ConsensusFigures };

/** Relative tolerance for "exactly half": weights are doubles (e.g. 0.1 + 0.2). */
const HALF_EPSILON = 1e-9;

export class ConsensusInputError extends Error {}

function checked(votes: readonly Vote[]): Vote[] {
  if (votes.length === 0) throw new ConsensusInputError('no votes');
  for (const v of votes) {
    if (!Number.isFinite(v.rating) || v.rating < 0 || v.rating > 100)
      throw new ConsensusInputError(`rating ${v.rating} is outside 0..100`);
    if (!Number.isFinite(v.weight) || v.weight <= 0)
      throw new ConsensusInputError(`weight ${v.weight} is not positive`);
  }
  return [...votes].sort((a, b) => a.rating - b.rating || a.weight - b.weight);
}

function sum(values: number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

export function weightedMedian(votes: readonly Vote[]): number {
  return medianOfSorted(checked(votes));
}

/** The weighted median of votes already checked and in canonical order. */
function medianOfSorted(sorted: readonly Vote[]): number {
  const total = sum(sorted.map((v) => v.weight));
  const half = total / 2;
  let cumulative = 0;
  for (let i = 0; i < sorted.length; i++) {
    cumulative += sorted[i].weight;
    // Compare only once all votes of this rating are counted: weight is per distinct rating.
    if (i + 1 < sorted.length && sorted[i + 1].rating === sorted[i].rating) continue;
    if (Math.abs(cumulative - half) <= HALF_EPSILON * total) {
      // Exactly half the weight is at or below this rating: the median lies between it and the
      // next higher rating.
      const next = sorted[i + 1];
      return next ? (sorted[i].rating + next.rating) / 2 : sorted[i].rating;
    }
    if (cumulative > half) return sorted[i].rating;
  }
  return sorted[sorted.length - 1].rating;
}

export function consensusFigures(votes: readonly Vote[]): ConsensusFigures {
  const sorted = checked(votes);
  const total = sum(sorted.map((v) => v.weight));
  const mean = sum(sorted.map((v) => v.weight * v.rating)) / total;
  const median = medianOfSorted(sorted);
  const deviation = sum(sorted.map((v) => v.weight * Math.abs(v.rating - median))) / total;
  const strength = Math.min(1, Math.max(0, 1 - deviation / 50));
  return { mean, median, strength };
}

/**
 * What happens when a datapoint's required votes are in: terminal when agreement reaches
 * minStrength; otherwise `escalationStep` more slots, at most `maxEscalations` times; after
 * the last escalation the datapoint is terminal and marked contested.
 */
export function decide(votes: readonly Vote[], rules: ConsensusRules, escalationsSoFar: number): Outcome {
  const figures = consensusFigures(votes);
  if (figures.strength >= rules.minStrength) return { kind: 'terminal', contested: false, figures };
  if (escalationsSoFar < rules.maxEscalations) return { kind: 'escalate', addSlots: rules.escalationStep, figures };
  return { kind: 'terminal', contested: true, figures };
}
