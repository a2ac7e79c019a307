// The quality statistics of a project, computed from its finalized datapoints' votes: what the
// signed Proof Report carries as `statistics` (docs/quality.md). One function computes each
// figure (alpha: reliability.ts; the rater model: rater-model.ts); this module only groups the
// votes and names the members. Pure: no I/O.
import { createHmac } from 'node:crypto';
import type { components } from '../generated/openapi-types.ts';
import { agreementMatrix, alphaFigures, DEFAULT_DRAWS, type AlphaFigures } from './reliability.ts';
import { DEFAULT_RATER_MODEL, fitRaterModel, type RaterModelParameters } from './rater-model.ts';

/** One vote of a finalized datapoint, as the report's statistics and the votes export read it. */
export interface StatisticsVote {
  datapointId: string;
  voter: string;
  classId: string | null;
  synthetic: boolean;
  rating: number;
  /** The weight the vote carried in its datapoint's decision. */
  weight: number;
}

interface ClassInfo {
  id: string;
  type: 'human' | 'ai';
}

type Schemas = components['schemas'];
export type ReportStatistics = Schemas['ReportStatistics'];
export type AlphaStatistic = Schemas['AlphaStatistic'];
type ValidatorStatistic = Schemas['ValidatorStatistic'];
/** Gold figures of one validator; filled by the gold module (gold items), absent without it. */
type GoldFigures = NonNullable<ValidatorStatistic['gold']>;

/**
 * A double as a signed record holds it: the RFC 8785 / ECMAScript Number::toString form (the
 * shortest decimal that reads back as the same double), as a string (openapi.yaml, SignedDecimal).
 */
export const signedDecimal = (x: number): string => {
  if (!Number.isFinite(x)) throw new RangeError(`${x} is not finite`);
  return String(x);
};

/** statistics.alpha's payload form of the figures. */
export const signedAlpha = (f: AlphaFigures): AlphaStatistic => ({
  ...f,
  value: f.value === null ? null : signedDecimal(f.value),
  ci95: f.ci95 && [signedDecimal(f.ci95[0]), signedDecimal(f.ci95[1])],
  pAlphaBelow: f.pAlphaBelow && {
    '0.667': signedDecimal(f.pAlphaBelow['0.667']),
    '0.800': signedDecimal(f.pAlphaBelow['0.800']),
  },
});

/** `v-` and 12 hex digits of HMAC-SHA256(project's pseudonym key, voter): stable per project, not reversible. */
export const pseudonymOf = (key: string, voter: string): string =>
  `v-${createHmac('sha256', key).update(voter, 'utf8').digest('hex').slice(0, 12)}`;

/** The bootstrap's seed: the first 64 bits of the results Merkle root, so the data fixes it. */
export const seedOfResults = (resultsDigest: string): bigint => BigInt(`0x${resultsDigest.slice(7, 23)}`);

export interface StatisticsOptions {
  seed: bigint;
  classes: readonly ClassInfo[];
  pseudonymKey: string;
  draws?: number;
  raterModel?: RaterModelParameters;
  /** The gold figures of a validator (by voter), when the project has gold items. */
  gold?: (voter: string) => GoldFigures | null;
}

/** Groups votes by datapoint; `keep` selects the votes of a subgroup. */
function unitsOf(votes: readonly StatisticsVote[], keep: (v: StatisticsVote) => boolean): number[][] {
  const units = new Map<string, number[]>();
  for (const v of votes) {
    if (!keep(v)) continue;
    let u = units.get(v.datapointId);
    if (!u) {
      u = [];
      units.set(v.datapointId, u);
    }
    u.push(v.rating);
  }
  return [...units.values()];
}

export function reportStatistics(votes: readonly StatisticsVote[], opts: StatisticsOptions): ReportStatistics {
  const draws = opts.draws ?? DEFAULT_DRAWS;
  const alpha = (keep: (v: StatisticsVote) => boolean) =>
    signedAlpha(alphaFigures(unitsOf(votes, keep), opts.seed, draws));
  const typeOf = new Map(opts.classes.map((c) => [c.id, c.type]));
  const params = opts.raterModel ?? DEFAULT_RATER_MODEL;
  const model = fitRaterModel(
    votes.map((v) => ({ unit: v.datapointId, rater: v.voter, rating: v.rating })),
    params,
  );
  const byVoter = new Map<string, { classId: string | null; synthetic: boolean; weights: number; n: number }>();
  for (const v of votes) {
    const e = byVoter.get(v.voter) ?? { classId: v.classId, synthetic: v.synthetic, weights: 0, n: 0 };
    // A validator's class is the one of their latest vote (a class change applies to later votes).
    e.classId = v.classId;
    e.weights += v.weight;
    e.n++;
    byVoter.set(v.voter, e);
  }
  const validators = [...byVoter.entries()]
    .map(([voter, e]): ValidatorStatistic => {
      const est = model.raters.get(voter)!;
      return {
        pseudonym: pseudonymOf(opts.pseudonymKey, voter),
        classId: e.classId,
        synthetic: e.synthetic,
        votes: e.n,
        bias: signedDecimal(est.bias),
        inconsistency: signedDecimal(est.inconsistency),
        precision: signedDecimal(est.precision),
        weightCarried: signedDecimal(e.weights / e.n),
        ...(opts.gold ? { gold: opts.gold(voter) } : {}),
      };
    })
    .sort((a, b) => (a.pseudonym < b.pseudonym ? -1 : a.pseudonym > b.pseudonym ? 1 : 0));
  return {
    alpha: alpha(() => true),
    alphaByClass: opts.classes.map((c) => ({
      classId: c.id,
      type: c.type,
      alpha: alpha((v) => v.classId === c.id),
    })),
    alphaByType: {
      human: alpha((v) => v.classId !== null && typeOf.get(v.classId) === 'human'),
      ai: alpha((v) => v.classId !== null && typeOf.get(v.classId) === 'ai'),
    },
    raterModel: {
      method: 'alternating-projection',
      inconsistencyFloor: signedDecimal(params.inconsistencyFloor),
      priorVotes: signedDecimal(params.priorVotes),
      maxPrecision: signedDecimal(params.maxPrecision),
    },
    validators,
    agreement: agreementOf(votes, (voter) => pseudonymOf(opts.pseudonymKey, voter)),
  };
}

/** The agreement matrix under pseudonyms (pairs re-ordered by pseudonym). */
function agreementOf(
  votes: readonly StatisticsVote[],
  pseudonym: (voter: string) => string,
): ReportStatistics['agreement'] {
  const units = new Map<string, { voter: string; rating: number }[]>();
  for (const v of votes) {
    const u = units.get(v.datapointId);
    const entry = { voter: pseudonym(v.voter), rating: v.rating };
    if (u) u.push(entry);
    else units.set(v.datapointId, [entry]);
  }
  return agreementMatrix(units.values()).map((p) => ({
    a: p.a,
    b: p.b,
    datapoints: p.datapoints,
    meanAbsoluteDifference: signedDecimal(p.meanAbsoluteDifference),
    within10: signedDecimal(p.within10),
  }));
}
