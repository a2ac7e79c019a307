// AI validators' calibration (docs/quality.md, "AI validators"): what an AI configuration is, when
// a served model matches a class's declared one, and the statistic that decides whether a
// configuration has earned its weight: Lin's concordance correlation coefficient of its ratings
// with the human reference, with the 95% interval of Lin (1989; variance corrected in Lin 2000)
// on Fisher's z scale. The lifecycle decides when the weight applies (src/lifecycle/calibration.ts).
// Pure: no I/O.
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';
import { cccOf, pairMoments, studentTUpperTail } from './gold.ts';
import { signedDecimal } from './statistics.ts';
import type { components } from '../generated/openapi-types.ts';
import { schemaDefaults } from '../generated/operations.ts';

type Schemas = components['schemas'];
type Provenance = Schemas['VoteProvenance'];
export type AiConfiguration = Schemas['AiConfiguration'];
export type CalibrationSettings = Required<Schemas['SpecCalibration']>;

/** The defaults of the spec's `calibration` block (openapi.yaml, SpecCalibration, through codegen). */
const DEFAULT_CALIBRATION: CalibrationSettings = schemaDefaults.calibration;

/**
 * A compiled spec's calibration settings, defaults filled in at use (not written into the compiled
 * spec, so a spec without the block compiles as before and keeps its config digest).
 */
export function calibrationSettings(block: unknown): CalibrationSettings {
  const b = (block ?? {}) as Partial<CalibrationSettings>;
  return {
    minItems: b.minItems ?? DEFAULT_CALIBRATION.minItems,
    method: b.method ?? DEFAULT_CALIBRATION.method,
    minConcordance: b.minConcordance ?? DEFAULT_CALIBRATION.minConcordance,
    epsilon: b.epsilon ?? DEFAULT_CALIBRATION.epsilon,
    maxAiShare: b.maxAiShare ?? DEFAULT_CALIBRATION.maxAiShare,
  };
}

/**
 * The configuration part of a provenance: served model, provider, prompt template hash and the
 * sampling parameters given (non-integers as SignedDecimal, so its JCS form is well defined).
 */
export function aiConfiguration(p: Provenance): { configuration: AiConfiguration; hash: string } {
  const s = p.sampling;
  const configuration: AiConfiguration = {
    model: p.model,
    provider: p.provider,
    promptTemplateSha256: p.promptTemplateSha256,
    sampling: {
      ...(s.temperature === undefined ? {} : { temperature: signedDecimal(s.temperature) }),
      ...(s.topP === undefined ? {} : { topP: signedDecimal(s.topP) }),
      ...(s.maxTokens === undefined ? {} : { maxTokens: s.maxTokens }),
      ...(s.seed === undefined ? {} : { seed: s.seed }),
    },
  };
  return { configuration, hash: configurationHash(configuration) };
}

/** SHA-256 (hex) of a configuration's RFC 8785 (JCS) form: what a vote and the report refer to it by. */
export const configurationHash = (c: AiConfiguration): string =>
  createHash('sha256').update(canonicalJson(c), 'utf8').digest('hex');

/** Characters after which a served model name refines a declared one (a version, a tag, a variant). */
const REFINEMENT_SEPARATORS = new Set(['-', ':', '@', '.', '/', '_']);

/**
 * Whether the served model is the declared one or refines it: equal, or the declared name followed
 * by a separator (`gpt-5` -> `gpt-5-2025-08-07`, `llama3` -> `llama3:70b`; not `gpt-50`).
 */
export function modelMatches(declared: string, served: string): boolean {
  if (served === declared) return true;
  return served.startsWith(declared) && REFINEMENT_SEPARATORS.has(served.charAt(declared.length));
}

/** z_0.975, the two-sided 95% normal quantile. */
const Z95 = 1.959963984540054;

export interface Concordance {
  n: number;
  /** Lin's CCC (population moments); null below two pairs or when undefined. */
  value: number | null;
  /** The 95% interval on Fisher's z scale; null below three pairs or without positive correlation. */
  ci95: [number, number] | null;
  /** mean(x - y): the rater's signed difference from the reference. */
  bias: number | null;
}

/**
 * Lin's concordance correlation coefficient of x (the rater) with y (the reference) and its 95%
 * interval: z = atanh(ccc), with (r Pearson's correlation, u = (mean x - mean y)/(s_x s_y)^(1/2),
 * population moments)
 *
 *   var(z) = [ (1 - r²) ccc² / ((1 - ccc²) r²) + 2 ccc³ (1 - ccc) u² / (r (1 - ccc²)²)
 *              - ccc⁴ u⁴ / (2 r² (1 - ccc²)²) ] / (n - 2)
 *
 * and the interval tanh(z ± 1.959964·sqrt(var z)).
 */
export function concordance(x: readonly number[], y: readonly number[]): Concordance {
  if (x.length !== y.length) throw new RangeError('concordance needs pairs');
  const n = x.length;
  if (n === 0) return { n, value: null, ci95: null, bias: null };
  const moments = pairMoments(x, y);
  const { mx, my, sxx, syy, sxy } = moments;
  const bias = mx - my;
  // linCcc's rule: fewer than two pairs, or a zero denominator, measure nothing.
  const value = n < 2 ? null : cccOf(moments);
  if (value === null) return { n, value, ci95: null, bias };
  if (n < 3 || sxx === 0 || syy === 0 || sxy <= 0) return { n, value, ci95: null, bias };
  if (value >= 1) return { n, value, ci95: [1, 1], bias };
  const r = sxy / Math.sqrt(sxx * syy);
  const u = bias / Math.sqrt(Math.sqrt((sxx / n) * (syy / n)));
  const c2 = value * value;
  const oneMinus = 1 - c2;
  const varZ =
    ((1 - r * r) * c2) / (oneMinus * r * r) +
    (2 * value * c2 * (1 - value) * u * u) / (r * oneMinus * oneMinus) -
    (c2 * c2 * u ** 4) / (2 * r * r * oneMinus * oneMinus);
  const se = Math.sqrt(Math.max(varZ, 0) / (n - 2));
  const z = Math.atanh(value);
  return { n, value, ci95: [Math.tanh(z - Z95 * se), Math.tanh(z + Z95 * se)], bias };
}

/** One datapoint the AI rated and at least two people rated too: what the alt-test compares. */
export interface AltTestItem {
  ai: number;
  people: readonly { rater: string; rating: number }[];
}

/** Items an annotator needs for its t-test (its authors' guidance for the normal approximation). */
const ALT_TEST_MIN_ITEMS = 30;
/** The false discovery rate of the Benjamini-Yekutieli procedure over the annotators. */
const ALT_TEST_FDR = 0.05;

export interface AltTestResult {
  /** People with at least ALT_TEST_MIN_ITEMS items shared with the AI and another person. */
  annotators: number;
  /** Share of them whose null hypothesis was rejected; null below two annotators. */
  winningRate: number | null;
  passed: boolean;
}

/** Indices of the p-values the Benjamini-Yekutieli procedure rejects at false discovery rate q. */
export function benjaminiYekutieli(pValues: readonly number[], q: number): Set<number> {
  const m = pValues.length;
  let harmonic = 0;
  for (let i = 1; i <= m; i++) harmonic += 1 / i;
  const order = pValues.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let k = 0;
  order.forEach(([p], r) => {
    if (p <= ((r + 1) / m) * (q / harmonic)) k = r + 1;
  });
  return new Set(order.slice(0, k).map(([, i]) => i));
}

/** -RMSE of a rating against the others' ratings: how well it represents them. */
function alignment(x: number, others: readonly number[]): number {
  let s = 0;
  for (const o of others) s += (x - o) ** 2;
  return -Math.sqrt(s / others.length);
}

/**
 * The alternative annotator test (Calderon, Reichart and Dror, ACL 2025) for numeric ratings. For
 * each person j with enough items: on each item j rated, the AI's and j's alignment (-RMSE) with
 * the other people's ratings; W_f = 1 when the AI's is at least j's, W_h = 1 when j's is at least
 * the AI's; d = W_h - W_f, and a one-sided t-test of mean(d) < epsilon (the AI is not worse than j
 * by more than epsilon). The p-values of all such people go through the Benjamini-Yekutieli
 * procedure at 0.05; the winning rate is the share rejected, and the test passes at >= 0.5.
 */
export function altTest(items: readonly AltTestItem[], epsilon: number): AltTestResult {
  const diffs = new Map<string, number[]>();
  for (const it of items) {
    if (it.people.length < 2) continue;
    for (const j of it.people) {
      const others = it.people.filter((o) => o !== j).map((o) => o.rating);
      const f = alignment(it.ai, others);
      const h = alignment(j.rating, others);
      const d = (h >= f ? 1 : 0) - (f >= h ? 1 : 0);
      const list = diffs.get(j.rater);
      if (list) list.push(d);
      else diffs.set(j.rater, [d]);
    }
  }
  const pValues: number[] = [];
  for (const rater of [...diffs.keys()].sort()) {
    const d = diffs.get(rater)!;
    const n = d.length;
    if (n < ALT_TEST_MIN_ITEMS) continue;
    const mean = d.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
    // P(T <= t), t = (mean - epsilon) / (sd / sqrt(n)); without spread, the sign decides.
    if (sd === 0) pValues.push(mean < epsilon ? 0 : 1);
    else pValues.push(1 - studentTUpperTail((mean - epsilon) / (sd / Math.sqrt(n)), n - 1));
  }
  const m = pValues.length;
  if (m < 2) return { annotators: m, winningRate: null, passed: false };
  const winningRate = benjaminiYekutieli(pValues, ALT_TEST_FDR).size / m;
  return { annotators: m, winningRate, passed: winningRate >= 0.5 };
}

export interface CalibrationResult extends Concordance {
  /** The alt-test's figures (computed whatever the method, for the record). */
  altTest: AltTestResult;
  /** At least minItems pairs, and the spec's method passed. */
  passed: boolean;
}

/**
 * The calibration of one configuration over its (rating, reference) pairs and, for the alt-test,
 * its items with the people's ratings.
 */
export function calibrate(
  pairs: readonly { rating: number; reference: number }[],
  settings: CalibrationSettings,
  altItems: readonly AltTestItem[] = [],
): CalibrationResult {
  const c = concordance(
    pairs.map((p) => p.rating),
    pairs.map((p) => p.reference),
  );
  const alt = altTest(altItems, settings.epsilon);
  const methodPassed =
    settings.method === 'alt_test' ? alt.passed : c.ci95 !== null && c.ci95[0] >= settings.minConcordance;
  return { ...c, altTest: alt, passed: c.n >= settings.minItems && methodPassed };
}

/**
 * Whether a configuration in shadow should be checked again: first at minItems items, then each
 * time its items grew by a tenth (at least one) since the last check, so a judge that never passes
 * costs O(items) amortized, not O(items²).
 */
export function calibrationDue(items: number, itemsAtLastCheck: number, minItems: number): boolean {
  if (items < minItems) return false;
  if (itemsAtLastCheck < minItems) return true;
  return items >= itemsAtLastCheck + Math.max(1, Math.ceil(itemsAtLastCheck / 10));
}

/**
 * The weights of one datapoint's counting votes with AI votes capped at `maxAiShare` of the total:
 * when the AI votes' weight A exceeds cap/(1 - cap) times the other votes' weight H, each AI weight
 * is scaled by cap·H/((1 - cap)·A). Null when the cap leaves the AI votes no weight at all (no
 * other vote yet): the datapoint then waits for one.
 */
export function capAiShare(votes: readonly { weight: number; ai: boolean }[], cap: number): number[] | null {
  if (cap >= 1) return votes.map((v) => v.weight);
  let a = 0;
  let h = 0;
  for (const v of votes) {
    if (v.ai) a += v.weight;
    else h += v.weight;
  }
  if (a === 0) return votes.map((v) => v.weight);
  if (h === 0) return null;
  const limit = (cap * h) / (1 - cap);
  if (a <= limit) return votes.map((v) => v.weight);
  const scale = limit / a;
  return votes.map((v) => (v.ai ? v.weight * scale : v.weight));
}
