// Validator quality cards (docs/quality.md): per validator on a project, its votes, gold figures,
// leave-one-out agreement with the others, the rater model's bias and inconsistency, the mean
// weight its votes carried and its pause. One function builds the cards, for the developer API
// and MCP; the validator's own standing reads the same figures for one validator.
import type { Sql } from '../db/client.ts';
import { streamDecidedVotes } from '../db/proof-reports.ts';
import { liftPause, livePauses, type PauseRow } from '../db/validator-pauses.ts';
import * as db from '../db/validator-quality.ts';
import { goldFigures, leaveOneOutAgreement, type Agreement, type SharedDatapoint } from '../domain/gold.ts';
import { fitRaterModel, projectRaterModel } from '../domain/rater-model.ts';
import { agreementMatrix } from '../domain/reliability.ts';
import { qualityCardsFile, type QualityExportFormat } from '../domain/validator-quality-export.ts';
import { aiValidators, calibrationBlock, type AiValidatorRow } from '../db/ai-configurations.ts';
import { aiFigures } from './ai-calibration.ts';
import type { components } from '../generated/openapi-types.ts';

type Card = Omit<components['schemas']['ValidatorQualityCard'], '$schema'>;
type Pair = components['schemas']['ValidatorAgreementPair'];
type Pause = components['schemas']['ValidatorPause'];

const pauseOf = (p: PauseRow | undefined): Pause | null =>
  p
    ? {
        pausedAt: p.paused_at.toISOString(),
        reason: p.reason,
        goldVotes: p.gold_votes,
        meanAbsoluteError: p.mean_absolute_error,
        lowerBound: p.lower_bound,
        threshold: p.threshold,
      }
    : null;

/** A vote of a decided datapoint: what agreement, the rater model and the weight carried read. */
interface DecidedVote {
  datapointId: string;
  voter: string;
  rating: number;
  weight: number;
}

/** Leave-one-out agreement of each voter in `votes` (rows grouped by datapoint), by voter. */
function agreements(votes: readonly DecidedVote[]): Map<string, Agreement> {
  const byDatapoint = new Map<string, DecidedVote[]>();
  for (const v of votes) {
    const list = byDatapoint.get(v.datapointId);
    if (list) list.push(v);
    else byDatapoint.set(v.datapointId, [v]);
  }
  const shared = new Map<string, SharedDatapoint[]>();
  for (const list of byDatapoint.values()) {
    for (const v of list) {
      const item = { own: v.rating, others: list.filter((o) => o.voter !== v.voter).map((o) => o.rating) };
      const items = shared.get(v.voter);
      if (items) items.push(item);
      else shared.set(v.voter, [item]);
    }
  }
  return new Map([...shared].map(([voter, items]) => [voter, leaveOneOutAgreement(items)]));
}

const NO_AGREEMENT: Agreement = { datapoints: 0, meanAbsoluteDifference: null, ccc: null };

/**
 * Every vote of the project's decided datapoints, with the weight it carried: the same votes the
 * Proof Report's statistics are computed from, so the rater model's figures and the weight
 * carried are the payload's.
 */
async function decidedVotes(sql: Sql, projectId: string): Promise<DecidedVote[]> {
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const votes: DecidedVote[] = [];
    for await (const rows of streamDecidedVotes(tx, projectId))
      for (const r of rows)
        votes.push({ datapointId: r.datapointId, voter: r.voter, rating: r.rating, weight: r.weight });
    return votes;
  });
}

/**
 * The cards of the project's validators (or of one), ordered by validator id. Reads every vote
 * of the project's decided datapoints (the rater model is fitted over all of them).
 */
async function qualityCards(sql: Sql, projectId: string, userId?: string): Promise<Card[]> {
  return (await cardsAndAgreement(sql, projectId, userId)).cards;
}

/**
 * The agreement matrix of the decided votes (grouped by datapoint, in the order the Proof Report's
 * statistics read them): src/domain/reliability.ts's, the one computation of the signed
 * `statistics.agreement`, here under the voters' keys (validator ids) instead of pseudonyms.
 */
function agreementOf(votes: readonly DecidedVote[]): Pair[] {
  const units: DecidedVote[][] = [];
  for (const v of votes) {
    const last = units.at(-1);
    if (last && last[0]!.datapointId === v.datapointId) last.push(v);
    else units.push([v]);
  }
  return agreementMatrix(units);
}

async function cardsAndAgreement(
  sql: Sql,
  projectId: string,
  userId?: string,
): Promise<{ cards: Card[]; agreement: Pair[] }> {
  const validators = await db.projectValidators(sql, projectId, userId);
  // Auto Consensus's voters have no card but are in the matrix, so a project without validators
  // may still have one.
  if (validators.length === 0)
    return { cards: [], agreement: userId === undefined ? agreementOf(await decidedVotes(sql, projectId)) : [] };
  const ai = new Map((await aiValidators(sql, projectId)).map((a) => [a.user_id, a]));
  const gold = new Map<string, { rating: number; expected: number }[]>();
  for (const g of await db.goldVotes(sql, projectId, userId)) {
    const list = gold.get(g.user_id);
    if (list) list.push(g);
    else gold.set(g.user_id, [g]);
  }
  const votes = await decidedVotes(sql, projectId);
  const agreement = agreements(votes);
  // The project's parameters, as its Proof Report's statistics use them: the card's figures are the signed ones.
  const model = fitRaterModel(
    votes.map((v) => ({ unit: v.datapointId, rater: v.voter, rating: v.rating })),
    projectRaterModel(await db.projectConsensus(sql, projectId)),
  );
  const weights = new Map<string, { sum: number; n: number }>();
  for (const v of votes) {
    const w = weights.get(v.voter) ?? { sum: 0, n: 0 };
    w.sum += v.weight;
    w.n++;
    weights.set(v.voter, w);
  }
  const pauses = await livePauses(
    sql,
    projectId,
    validators.map((v) => v.user_id),
  );
  const cards = validators.map((v): Card => {
    const pause = pauseOf(pauses.get(v.user_id));
    const est = model.raters.get(v.user_id);
    const w = weights.get(v.user_id);
    return {
      validatorId: v.user_id,
      email: v.email ?? '',
      classId: v.class_id,
      paused: pause !== null,
      pause,
      votes: v.votes,
      consensusVotes: v.consensus_votes,
      gold: goldFigures(gold.get(v.user_id) ?? []),
      agreement: agreement.get(v.user_id) ?? NO_AGREEMENT,
      weightCarried: w ? w.sum / w.n : null,
      raterModel: est ? { bias: est.bias, inconsistency: est.inconsistency, precision: est.precision } : null,
      ai: aiState(ai.get(v.user_id)),
    };
  });
  return { cards, agreement: userId === undefined ? agreementOf(votes) : [] };
}

/** An AI validator's declared model and latest configuration; a new configuration starts in shadow. */
const aiState = (a: AiValidatorRow | undefined): Card['ai'] =>
  a
    ? {
        declaredModel: a.declared_model,
        configurationHash: a.config_hash,
        servedModel: a.served_model,
        state: a.active ? 'active' : 'shadow',
      }
    : null;

/**
 * The cards of the project's validators with its AI configurations and the AI share of the
 * weight: the body of listValidatorQuality and of the originator's view.
 */
export async function qualityList(sql: Sql, projectId: string) {
  const { configurations, share } = await aiFigures(sql, projectId, await calibrationBlock(sql, projectId));
  const { cards, agreement } = await cardsAndAgreement(sql, projectId);
  return { data: cards, aiConfigurations: configurations, aiShare: share, agreement };
}

/** The cards, or the agreement matrix, as a file (exportValidatorQuality and the originator's download). */
export async function qualityExport(sql: Sql, projectId: string, format: QualityExportFormat, now: Date) {
  const { cards, agreement } = await cardsAndAgreement(sql, projectId);
  return qualityCardsFile(projectId, cards, agreement, format, now);
}

/**
 * A validator's own standing: its card's votes, agreement and pause, read for this validator
 * only (no rater model, no gold figures), through the same agreement function.
 */
export async function myStanding(sql: Sql, projectId: string, userId: string) {
  const [v] = await db.projectValidators(sql, projectId, userId);
  const rows = await db.terminalVotes(sql, projectId, userId);
  const agreement = agreements(
    rows.map((r) => ({ datapointId: r.datapoint_id, voter: r.voter, rating: r.rating, weight: 0 })),
  );
  const pause = pauseOf((await livePauses(sql, projectId, [userId])).get(userId));
  return {
    votes: v?.votes ?? 0,
    agreement: agreement.get(userId) ?? NO_AGREEMENT,
    paused: pause !== null,
    pause,
  };
}

/**
 * Lifts the validator's pause on the project (idempotent) and returns its card after the lift;
 * undefined when the validator has no card there (not assigned, no votes): the developer API's
 * and the web app's lift.
 */
export async function resumeValidator(
  sql: Sql,
  projectId: string,
  validatorId: string,
  byUserId: string | null,
): Promise<Card | undefined> {
  // Only a validator of the project (assigned, or with votes on it) has a card and a pause.
  if ((await db.projectValidators(sql, projectId, validatorId)).length === 0) return undefined;
  await liftPause(sql, projectId, validatorId, byUserId);
  const [card] = await qualityCards(sql, projectId, validatorId);
  return card;
}
