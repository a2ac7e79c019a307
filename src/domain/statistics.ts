// The quality statistics of a project, computed from its finalized datapoints' votes: what the
// signed Proof Report carries as `statistics` (docs/quality.md). One function computes each
// figure (alpha: reliability.ts; the rater model: rater-model.ts); this module only groups the
// votes and names the members. Pure: no I/O.
import { createHmac } from 'node:crypto';
import type { components } from '../generated/openapi-types.ts';
import { AgreementAccumulator, AlphaAccumulator, DEFAULT_DRAWS, type AlphaFigures } from './reliability.ts';
import { DEFAULT_RATER_MODEL, fitRaterColumns, type RaterModelParameters } from './rater-model.ts';

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

/** A growable column of 32-bit integers or doubles. */
function grown<T extends Int32Array | Float64Array>(column: T, size: number): T {
  if (size < column.length) return column;
  const next = new (column.constructor as new (n: number) => T)(column.length * 2);
  next.set(column);
  return next;
}

interface VoterTotals {
  key: string;
  classId: string | null;
  synthetic: boolean;
  weights: number;
  n: number;
}

/**
 * The statistics of a project, built in one pass over its votes in datapoint order (the order
 * streamDecidedVotes reads them in): every alpha (all votes, per class, human and AI) and the
 * agreement matrix accumulate one datapoint at a time (AlphaAccumulator, AgreementAccumulator),
 * and the votes are kept only as typed columns (validator, datapoint, rating: 16 bytes a vote)
 * for the rater model, which needs every vote on each of its iterations. O(votes) time.
 */
export class StatisticsBuilder {
  private readonly all = new AlphaAccumulator();
  private readonly byClass: AlphaAccumulator[];
  private readonly classSlot = new Map<string, number>();
  private readonly typeOf: Map<string, 'human' | 'ai'>;
  private readonly human = new AlphaAccumulator();
  private readonly ai = new AlphaAccumulator();
  private readonly agreement = new AgreementAccumulator();
  private readonly voterIndex = new Map<string, number>();
  private readonly voters: VoterTotals[] = [];
  private raterColumn = new Int32Array(1024);
  private unitColumn = new Int32Array(1024);
  private ratingColumn = new Float64Array(1024);
  private size = 0;
  private units = 0;
  private current: string | null = null;
  /** The open datapoint's voters and ratings. */
  private openVoters: number[] = [];
  private openRatings: number[] = [];

  private readonly classes: readonly ClassInfo[];

  constructor(classes: readonly ClassInfo[]) {
    this.classes = classes;
    this.byClass = classes.map(() => new AlphaAccumulator());
    classes.forEach((c, i) => {
      if (!this.classSlot.has(c.id)) this.classSlot.set(c.id, i);
    });
    this.typeOf = new Map(classes.map((c) => [c.id, c.type]));
  }

  /** One vote; the votes of a datapoint come together. */
  add(v: StatisticsVote): void {
    if (v.datapointId !== this.current) {
      this.closeUnit();
      this.current = v.datapointId;
    }
    let r = this.voterIndex.get(v.voter);
    if (r === undefined) {
      r = this.voters.length;
      this.voterIndex.set(v.voter, r);
      this.voters.push({ key: v.voter, classId: v.classId, synthetic: v.synthetic, weights: 0, n: 0 });
    }
    const e = this.voters[r]!;
    // A validator's class is the one of their latest vote (a class change applies to later votes).
    e.classId = v.classId;
    e.weights += v.weight;
    e.n++;
    this.raterColumn = grown(this.raterColumn, this.size);
    this.unitColumn = grown(this.unitColumn, this.size);
    this.ratingColumn = grown(this.ratingColumn, this.size);
    this.raterColumn[this.size] = r;
    this.unitColumn[this.size] = this.units;
    this.ratingColumn[this.size] = v.rating;
    this.size++;
    this.all.push(v.rating);
    if (v.classId !== null) {
      const slot = this.classSlot.get(v.classId);
      if (slot !== undefined) this.byClass[slot]!.push(v.rating);
      const type = this.typeOf.get(v.classId);
      if (type === 'human') this.human.push(v.rating);
      else if (type === 'ai') this.ai.push(v.rating);
    }
    this.openVoters.push(r);
    this.openRatings.push(v.rating);
  }

  private closeUnit(): void {
    if (this.current === null) return;
    this.all.endUnit();
    for (const acc of this.byClass) acc.endUnit();
    this.human.endUnit();
    this.ai.endUnit();
    this.agreement.addUnit(this.openVoters, this.openRatings);
    this.openVoters = [];
    this.openRatings = [];
    this.units++;
    this.current = null;
  }

  finish(opts: Omit<StatisticsOptions, 'classes'>): ReportStatistics {
    this.closeUnit();
    const draws = opts.draws ?? DEFAULT_DRAWS;
    const alpha = (acc: AlphaAccumulator) => signedAlpha(acc.figures(opts.seed, draws));
    const params = opts.raterModel ?? DEFAULT_RATER_MODEL;
    // The rater model centres the bias over the validators in sorted key order: re-index them so.
    const R = this.voters.length;
    const sorted = this.voters.map((_, i) => i).sort((a, b) => (this.voters[a]!.key < this.voters[b]!.key ? -1 : 1));
    const rank = new Int32Array(R);
    sorted.forEach((r, i) => {
      rank[r] = i;
    });
    const raters = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) raters[i] = rank[this.raterColumn[i]!]!;
    const fit = fitRaterColumns(
      {
        rater: raters,
        unit: this.unitColumn,
        rating: this.ratingColumn,
        length: this.size,
        raters: R,
        units: this.units,
      },
      params,
    );
    const names = this.voters.map((e) => pseudonymOf(opts.pseudonymKey, e.key));
    const validators = this.voters
      .map((e, r): ValidatorStatistic => {
        const i = rank[r]!;
        return {
          pseudonym: names[r]!,
          classId: e.classId,
          synthetic: e.synthetic,
          votes: e.n,
          bias: signedDecimal(fit.bias[i]!),
          inconsistency: signedDecimal(fit.inconsistency[i]!),
          precision: signedDecimal(fit.precision[i]!),
          weightCarried: signedDecimal(e.weights / e.n),
          ...(opts.gold ? { gold: opts.gold(e.key) } : {}),
        };
      })
      .sort((a, b) => (a.pseudonym < b.pseudonym ? -1 : a.pseudonym > b.pseudonym ? 1 : 0));
    return {
      alpha: alpha(this.all),
      alphaByClass: this.classes.map((c, i) => ({
        classId: c.id,
        type: c.type,
        // A class listed twice gets the figures of its first entry, as a filter by id would.
        alpha: alpha(this.byClass[this.classSlot.get(c.id) ?? i]!),
      })),
      alphaByType: { human: alpha(this.human), ai: alpha(this.ai) },
      raterModel: {
        method: 'alternating-projection',
        inconsistencyFloor: signedDecimal(params.inconsistencyFloor),
        priorVotes: signedDecimal(params.priorVotes),
        maxPrecision: signedDecimal(params.maxPrecision),
      },
      validators,
      agreement: this.agreement.result(names).map((p) => ({
        a: p.a,
        b: p.b,
        datapoints: p.datapoints,
        meanAbsoluteDifference: signedDecimal(p.meanAbsoluteDifference),
        within10: signedDecimal(p.within10),
      })),
    };
  }
}
