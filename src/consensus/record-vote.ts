// The single entry point for votes: human, AI and synthetic validators all record their ratings
// here. In one transaction it checks the project accepts votes, stores the vote with its weight,
// and, when the datapoint's required votes are in, finalizes it (terminal decision) or escalates
// it (more slots). The datapoint row is locked first, so concurrent votes on one datapoint are
// serialized and a datapoint is finalized exactly once. A terminal decision's webhook event is
// written in the same transaction.
import type { Sql, TxSql } from '../db/client.ts';
import { decide, type ConsensusRules, type Vote } from '../domain/consensus.ts';
import { emitConsensusReached } from '../webhooks/emit.ts';

export type VoteRefusal =
  | 'rating_out_of_range'
  | 'datapoint_not_found'
  | 'project_paused'
  | 'project_archived'
  | 'already_finalized'
  | 'already_voted';

export class VoteRefused extends Error {
  readonly reason: VoteRefusal;
  constructor(reason: VoteRefusal, message: string) {
    super(message);
    this.name = 'VoteRefused';
    this.reason = reason;
  }
}

export interface VoteInput {
  datapointId: string;
  /** User id of a person or AI validator, or `synthetic:<n>` for Auto Consensus. */
  voter: string;
  userId: string | null;
  synthetic: boolean;
  rating: number;
  /** The consensusWeight of the voter's active class now (1 without a class). */
  weight: number;
  classId: string | null;
  comment?: string | null;
  /** The slot the voter claimed; without one, any open slot of the datapoint is used. */
  slotId?: string | null;
}

export type VoteOutcome =
  | { kind: 'recorded'; votes: number; required: number }
  | { kind: 'terminal'; decisionId: string; contested: boolean }
  | { kind: 'escalated'; addedSlots: number; escalations: number };

interface Locked {
  project_id: string;
  num_validators: number;
  escalations: number;
  finalized_at: Date | null;
  paused_at: Date | null;
  archived_at: Date | null;
  consensus: ConsensusRules;
}

export async function recordVote(sql: Sql, v: VoteInput): Promise<VoteOutcome> {
  if (!Number.isFinite(v.rating) || v.rating < 0 || v.rating > 100) {
    throw new VoteRefused('rating_out_of_range', 'A rating is a number from 0 to 100.');
  }
  return sql.begin(async (tx) => {
    const [dp] = await tx<Locked[]>`
      select d.project_id, p.num_validators, d.escalations, d.finalized_at, p.paused_at, p.archived_at,
        (select compiled -> 'consensus' from project_specs where project_id = p.id order by created_at limit 1) as consensus
      from datapoints d join projects p on p.id = d.project_id
      where d.id = ${v.datapointId}
      for update of d`;
    if (!dp) throw new VoteRefused('datapoint_not_found', 'No such datapoint.');
    if (dp.archived_at) throw new VoteRefused('project_archived', 'The project is archived and takes no votes.');
    if (dp.paused_at) throw new VoteRefused('project_paused', 'The project is paused and takes no votes.');
    if (dp.finalized_at) throw new VoteRefused('already_finalized', 'The datapoint has reached terminal consensus.');

    const slot = await takeSlot(tx, v);
    const inserted = await tx`
      insert into votes (datapoint_id, project_id, slot_id, voter, user_id, synthetic, rating, weight, class_id, comment)
      values (${v.datapointId}, ${dp.project_id}, ${slot}, ${v.voter}, ${v.userId}, ${v.synthetic}, ${v.rating}, ${v.weight}, ${v.classId}, ${v.comment ?? null})
      on conflict (datapoint_id, voter) do nothing
      returning id`;
    if (inserted.count === 0) throw new VoteRefused('already_voted', 'This validator has already voted on this datapoint.');
    if (v.synthetic) await tx`update projects set auto_consensus_used = true where id = ${dp.project_id} and not auto_consensus_used`;

    const required = dp.num_validators + dp.escalations * dp.consensus.escalationStep;
    const votes = await tx<{ rating: number; weight: number; synthetic: boolean }[]>`
      select rating, weight, synthetic from votes where datapoint_id = ${v.datapointId}`;
    if (votes.length < required) return { kind: 'recorded', votes: votes.length, required };
    return finalize(tx, v.datapointId, dp, votes);
  });
}

/** Marks the voter's slot (or any open one) submitted; null when the datapoint has none left. */
async function takeSlot(tx: TxSql, v: VoteInput): Promise<string | null> {
  const [slot] = v.slotId
    ? await tx<{ id: string }[]>`
        update validation_slots set status = 'submitted', submitted_at = now()
        where id = ${v.slotId} and datapoint_id = ${v.datapointId} and status in ('open', 'claimed')
        returning id`
    : await tx<{ id: string }[]>`
        update validation_slots set status = 'submitted', submitted_at = now()
        where id = (select id from validation_slots where datapoint_id = ${v.datapointId} and status = 'open' order by created_at, id limit 1 for update skip locked)
        returning id`;
  return slot?.id ?? null;
}

async function finalize(tx: TxSql, datapointId: string, dp: Locked, rows: { rating: number; weight: number; synthetic: boolean }[]): Promise<VoteOutcome> {
  const votes: Vote[] = rows.map((r) => ({ rating: r.rating, weight: r.weight }));
  const outcome = decide(votes, dp.consensus, dp.escalations);
  if (outcome.kind === 'escalate') {
    await tx`
      insert into validation_slots (datapoint_id, project_id)
      select ${datapointId}, ${dp.project_id} from generate_series(1, ${outcome.addSlots})`;
    await tx`update datapoints set escalations = escalations + 1 where id = ${datapointId}`;
    return { kind: 'escalated', addedSlots: outcome.addSlots, escalations: dp.escalations + 1 };
  }
  const { mean, median, strength } = outcome.figures;
  const [decision] = await tx<{ id: string }[]>`
    insert into consensus_decisions (datapoint_id, project_id, quality_rating_mean, quality_rating_median, consensus_strength, contested, vote_count, synthetic_votes, escalations)
    values (${datapointId}, ${dp.project_id}, ${mean}, ${median}, ${strength}, ${outcome.contested}, ${rows.length}, ${rows.filter((r) => r.synthetic).length}, ${dp.escalations})
    returning id`;
  await tx`update datapoints set finalized_at = now() where id = ${datapointId}`;
  await emitConsensusReached(tx, {
    datapointId, projectId: dp.project_id, consensusDecisionId: decision.id,
    qualityRatingMean: mean, qualityRatingMedian: median, consensusStrength: strength,
  });
  // Slots nobody needs any more (claimed but unsubmitted) expire with the decision.
  await tx`update validation_slots set status = 'expired' where datapoint_id = ${datapointId} and status in ('open', 'claimed')`;
  return { kind: 'terminal', decisionId: decision.id, contested: outcome.contested };
}
