// Validator quality cards (docs/quality.md): per validator on a project, its votes, gold figures,
// leave-one-out agreement with the others, the mean weight its votes carried and its pause. One
// function builds them, for the developer API, MCP and (without gold figures) the validator's
// own standing, so every surface shows the same numbers.
import type { Db } from '../db/client.ts';
import { livePauses, type PauseRow } from '../db/validator-pauses.ts';
import * as db from '../db/validator-quality.ts';
import { goldFigures, leaveOneOutAgreement, type Agreement, type SharedDatapoint } from '../domain/gold.ts';
import type { components } from '../generated/openapi-types.ts';

type Card = Omit<components['schemas']['ValidatorQualityCard'], '$schema'>;
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

/** Leave-one-out agreement of each validator in `votes` (rows grouped by datapoint). */
function agreements(votes: Awaited<ReturnType<typeof db.terminalVotes>>): Map<string, Agreement> {
  const byDatapoint = new Map<string, typeof votes>();
  for (const v of votes) {
    const list = byDatapoint.get(v.datapoint_id);
    if (list) list.push(v);
    else byDatapoint.set(v.datapoint_id, [v]);
  }
  const shared = new Map<string, SharedDatapoint[]>();
  for (const list of byDatapoint.values()) {
    for (const v of list) {
      if (v.user_id === null) continue;
      const item = { own: v.rating, others: list.filter((o) => o.voter !== v.voter).map((o) => o.rating) };
      const items = shared.get(v.user_id);
      if (items) items.push(item);
      else shared.set(v.user_id, [item]);
    }
  }
  return new Map([...shared].map(([userId, items]) => [userId, leaveOneOutAgreement(items)]));
}

const NO_AGREEMENT: Agreement = { datapoints: 0, meanAbsoluteDifference: null, ccc: null };

/** The cards of the project's validators (or of one), ordered by validator id. */
export async function qualityCards(sql: Db, projectId: string, userId?: string): Promise<Card[]> {
  const validators = await db.projectValidators(sql, projectId, userId);
  if (validators.length === 0) return [];
  const gold = new Map<string, { rating: number; expected: number }[]>();
  for (const g of await db.goldVotes(sql, projectId, userId)) {
    const list = gold.get(g.user_id);
    if (list) list.push(g);
    else gold.set(g.user_id, [g]);
  }
  const agreement = agreements(await db.terminalVotes(sql, projectId, userId));
  const pauses = await livePauses(
    sql,
    projectId,
    validators.map((v) => v.user_id),
  );
  return validators.map((v) => {
    const pause = pauseOf(pauses.get(v.user_id));
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
      meanWeight: v.mean_weight,
      raterModel: null,
    };
  });
}
