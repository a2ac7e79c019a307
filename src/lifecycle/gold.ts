// Gold items in the vote lifecycle (docs/quality.md). A gold item is a datapoint with an expected
// rating (`datapoints.gold_rating`). It has no open slots, so the ordinary picks of a claim never
// offer it and Auto Consensus never fills it; instead a claim is served one, at the spec's
// `gold.rate`, through the same claim row and response as any other (`goldClaim`). Its votes go
// through the same vote path and are never decided on (votes.ts), so they never enter consensus.
// After every vote on a claim, the validator's gold votes on the project are held against the
// pause rule (`pauseIfGoldErrorHigh`), whatever the vote was on, so a gold vote and another one
// take the same path.
//
// Lock order (slots.ts): marking datapoints gold takes the project row `for share`, then the
// datapoints `for update` in id order, then their slot rows. The pause rule runs last in a vote's
// transaction, under a lock of its own per validator and project.
import { randomInt } from 'node:crypto';
import type { Sql, TxSql } from '../db/client.ts';
import { projectSpec } from '../db/projects.ts';
import { insertPause, lastLift, livePauses } from '../db/validator-pauses.ts';
import { goldPauseCheck, type GoldPair } from '../domain/gold.ts';
import { goldSettings } from '../domain/spec-compiler.ts';
import { uuidv7 } from '../domain/uuidv7.ts';
import { emitValidatorPaused } from '../webhooks/emit.ts';
import { CLAIM_MINUTES, offerable, takeable, type ClaimRow, type Pick } from './slots.ts';

export type SetGoldResult =
  | { set: { datapointId: string }[] }
  | { refused: 'datapoint_not_found' | 'datapoint_has_votes'; index: number };

/**
 * Marks datapoints of the project as gold with their expected rating, or changes the rating of
 * gold ones; all or nothing. A datapoint with votes that count toward consensus, or a terminal
 * one, is refused. A new gold item's slots close: its counter goes to 0 and its takeable slot
 * rows expire (a live claim stays with its holder, whose vote becomes a gold vote), and it leaves
 * the project's data-state count, so reports wait only for datapoints that can reach consensus.
 */
export async function setGoldItems(
  sql: Sql,
  projectId: string,
  items: { datapointId: string; expectedRating: number }[],
): Promise<SetGoldResult> {
  return sql.begin(async (tx): Promise<SetGoldResult> => {
    await tx`select 1 from projects where id = ${projectId} for share`;
    const ids = [...new Set(items.map((i) => i.datapointId))].sort();
    const rows = await tx<{ id: string; gold: boolean; finalized: boolean; voted: boolean }[]>`
      select d.id, d.gold_rating is not null as gold, d.finalized_at is not null as finalized,
        exists (select 1 from votes v where v.datapoint_id = d.id) as voted
      from datapoints d
      where d.project_id = ${projectId} and d.id = any(${ids}::uuid[])
      order by d.id
      for update of d`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [index, item] of items.entries()) {
      const row = byId.get(item.datapointId);
      if (!row) return { refused: 'datapoint_not_found', index };
      if (!row.gold && (row.voted || row.finalized)) return { refused: 'datapoint_has_votes', index };
    }
    // The last rating of a datapoint listed twice.
    const rating = new Map(items.map((i) => [i.datapointId, i.expectedRating]));
    const fresh = rows.filter((r) => !r.gold).map((r) => r.id);
    await tx`
      update datapoints d set gold_rating = x.rating, slots_open = 0
      from unnest(${ids}::uuid[], ${ids.map((id) => rating.get(id)!)}::float8[]) as x(id, rating)
      where d.id = x.id`;
    if (fresh.length) {
      await tx`
        update validation_slots s set status = 'expired'
        where s.datapoint_id = any(${fresh}::uuid[]) and ${takeable(tx)}`;
      await tx`update project_data_state set datapoints = datapoints - ${fresh.length} where project_id = ${projectId}`;
    }
    return { set: items.map((i) => ({ datapointId: i.datapointId })) };
  });
}

/** A uniform draw in [0, 1) from the system's CSPRNG: a validator cannot predict which claim is gold. */
const draw = (): number => randomInt(2 ** 47) / 2 ** 47;

/**
 * With probability `pick.goldRate`, a claim of a gold item the picker may offer the validator
 * (not rated, not held, not skipped unless skipped ones are asked for: the same rule as any
 * datapoint), chosen at random, written as the same claimed slot row an ordinary claim writes.
 * Only when ordinary work is offerable too: a gold item is never the only thing a validator can
 * claim, which would tell it apart. Runs inside the picker, in the claim's transaction.
 */
export async function goldClaim(tx: TxSql, pick: Pick): Promise<ClaimRow | undefined> {
  const { projectId, userId, goldRate: rate } = pick;
  if (!(rate > 0 && draw() < rate)) return undefined;
  const [claim] = await tx<ClaimRow[]>`
    with gold as (
      select d.id, d.content, d.content_key_order from datapoints d
      where d.project_id = ${projectId} and d.gold_rating is not null and ${offerable(tx, pick)}
      order by random()
      limit 1
    ), slot as (
      insert into validation_slots (id, datapoint_id, project_id, status, claimed_by, claimed_at, claim_expires_at)
      select ${uuidv7()}, gold.id, ${projectId}, 'claimed', ${userId}, now(),
        now() + make_interval(mins => ${CLAIM_MINUTES})
      from gold
      where exists (
        select 1 from datapoints d
        where d.project_id = ${projectId} and d.finalized_at is null and d.gold_rating is null
          and ${offerable(tx, pick)}
          and (d.slots_open > 0
            or exists (select 1 from validation_slots s where s.datapoint_id = d.id and ${takeable(tx)})))
      returning id, datapoint_id, claimed_at, claim_expires_at)
    select slot.id, slot.datapoint_id, slot.claimed_at, slot.claim_expires_at, gold.content,
      gold.content_key_order as key_order
    from slot join gold on gold.id = slot.datapoint_id`;
  return claim;
}

/**
 * Holds the validator's gold votes on the project (those after the last lift of a pause)
 * against the project's pause rule and, when it says so, pauses the validator and emits
 * `validator.paused`, in the vote's transaction. Nothing when a pause is live already.
 */
export async function pauseIfGoldErrorHigh(tx: TxSql, projectId: string, userId: string): Promise<void> {
  // One rule check at a time per validator and project, last in the lock order: a check waits
  // for the vote transactions of the same validator ahead of it to commit, so it reads their gold
  // votes, and of several votes landing together the last one sees them all.
  await tx`select pg_advisory_xact_lock(hashtextextended(${`gold:${userId}:${projectId}`}, 0))`;
  if ((await livePauses(tx, projectId, [userId])).size) return;
  const [spec] = await tx<
    { gold: unknown }[]
  >`select s.compiled -> 'gold' as gold from ${projectSpec(tx, projectId)} s`;
  const rule = goldSettings(spec?.gold);
  const since = await lastLift(tx, projectId, userId);
  const pairs = await tx<GoldPair[]>`
    select v.rating, d.gold_rating as expected
    from votes v join datapoints d on d.id = v.datapoint_id
    where v.user_id = ${userId} and v.project_id = ${projectId} and d.gold_rating is not null
      ${since ? tx`and v.created_at > ${since}` : tx``}`;
  const check = goldPauseCheck(pairs, rule);
  if (!check.pause) return;
  const pause = await insertPause(tx, {
    projectId,
    userId,
    goldVotes: check.count,
    meanAbsoluteError: check.meanAbsoluteError!,
    lowerBound: check.lowerBound!,
    threshold: rule.maxMeanAbsoluteError,
  });
  if (!pause) return;
  await emitValidatorPaused(tx, pause.id, {
    projectId,
    validatorId: userId,
    pausedAt: pause.paused_at.toISOString(),
    reason: pause.reason,
    goldVotes: pause.gold_votes,
    meanAbsoluteError: pause.mean_absolute_error,
    lowerBound: pause.lower_bound,
    threshold: pause.threshold,
  });
}
