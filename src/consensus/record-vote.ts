// The single entry point for votes: human, AI and synthetic validators all record their ratings
// here. `recordVotes` takes a batch (Auto Consensus sends hundreds of datapoints' votes at once;
// a person's single vote is a batch of one); every vote follows the same rules in one transaction:
//
// - the datapoints are locked first (`for update`, in id order so batches never deadlock), so
//   concurrent votes on one datapoint are serialized and a datapoint is finalized exactly once;
// - the project must be neither paused nor archived (its row is read `for share`, so a pause
//   waits for a batch in flight and no vote is written after the pause returns);
// - a validator votes at most once per datapoint, never on a terminal datapoint;
// - when a datapoint's required votes are in, it becomes terminal (decision + webhook event) or
//   escalates (more open slots), in the same transaction.
//
// The votes of a batch are applied in order to an in-memory picture of the locked datapoints
// (votes, open slots, escalations), exactly as one-by-one calls would apply them, and written
// with a few set-based statements at the end. A refused vote writes nothing.
import { randomUUID } from 'node:crypto';
import type { Sql, TxSql } from '../db/client.ts';
import { decide, type ConsensusRules, type Vote } from '../domain/consensus.ts';
import { emitConsensusReached } from '../webhooks/emit.ts';
import { projectSpec } from '../db/projects.ts';

export type VoteRefusal =
  | 'rating_out_of_range'
  | 'datapoint_not_found'
  | 'project_paused'
  | 'project_archived'
  | 'already_finalized'
  | 'already_voted'
  | 'no_open_slot';

export class VoteRefused extends Error {
  readonly reason: VoteRefusal;
  constructor(reason: VoteRefusal, message: string) {
    super(message);
    this.name = 'VoteRefused';
    this.reason = reason;
  }
}

const MESSAGES: Record<VoteRefusal, string> = {
  rating_out_of_range: 'A rating is a number from 0 to 100.',
  datapoint_not_found: 'No such datapoint.',
  project_archived: 'The project is archived and takes no votes.',
  project_paused: 'The project is paused and takes no votes.',
  already_finalized: 'The datapoint has reached terminal consensus.',
  already_voted: 'This validator has already voted on this datapoint.',
  no_open_slot: 'The datapoint has no open validation slot.',
};
const refusal = (reason: VoteRefusal) => new VoteRefused(reason, MESSAGES[reason]);

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
  /**
   * The slot the voter claimed. Without one, the first open slot is used; a synthetic vote with
   * no open slot left is refused (Auto Consensus only fills open slots), a person's is recorded.
   */
  slotId?: string | null;
}

export type VoteOutcome =
  | { kind: 'recorded'; votes: number; required: number }
  | { kind: 'terminal'; decisionId: string; contested: boolean }
  | { kind: 'escalated'; addedSlots: number; escalations: number };

export type VoteResult = VoteOutcome | { kind: 'refused'; error: VoteRefused };

interface Locked {
  id: string;
  project_id: string;
  num_validators: number;
  escalations: number;
  finalized: boolean;
  paused: boolean;
  archived: boolean;
  consensus: ConsensusRules;
}

/** What the batch knows about one locked datapoint, and what it changed. */
interface State {
  row: Locked;
  votes: { voter: string; rating: number; weight: number; synthetic: boolean }[];
  /** Slot ids still open (or claimed: a claimed slot is only taken by its own vote), in order. */
  open: string[];
  claimed: Set<string>;
  escalations: number;
  finalized: boolean;
}

interface Writes {
  votes: { id: string; datapoint_id: string; project_id: string; slot_id: string | null; voter: string; user_id: string | null; synthetic: boolean; rating: number; weight: number; class_id: string | null; comment: string | null }[];
  submittedSlots: string[];
  newSlots: { id: string; datapoint_id: string; project_id: string }[];
  escalated: Map<string, number>;
  decisions: { id: string; datapoint_id: string; project_id: string; mean: number; median: number; strength: number; contested: boolean; vote_count: number; synthetic_votes: number; escalations: number }[];
  syntheticProjects: Set<string>;
}

export async function recordVotes(sql: Sql, inputs: VoteInput[]): Promise<VoteResult[]> {
  return sql.begin((tx) => recordVotesIn(tx, inputs));
}

/**
 * The same inside the caller's transaction, for a caller that must decide something under the
 * same locks (the validator API checks the claim and resolves the class weight there). Such a
 * caller locks in the same order as `load` (project for share, then datapoints, then slots), so
 * it cannot deadlock with a batch.
 */
export async function recordVotesIn(tx: TxSql, inputs: VoteInput[]): Promise<VoteResult[]> {
  const results: (VoteResult | undefined)[] = inputs.map((v) =>
    Number.isFinite(v.rating) && v.rating >= 0 && v.rating <= 100 ? undefined : { kind: 'refused', error: refusal('rating_out_of_range') });
  const ids = [...new Set(inputs.filter((_, i) => !results[i]).map((v) => v.datapointId))].sort();
  if (ids.length === 0) return results as VoteResult[];

  const states = await load(tx, ids);
  const w: Writes = { votes: [], submittedSlots: [], newSlots: [], escalated: new Map(), decisions: [], syntheticProjects: new Set() };
  inputs.forEach((v, i) => {
    if (!results[i]) results[i] = apply(states.get(v.datapointId), v, w);
  });
  await flush(tx, w);
  return results as VoteResult[];
}

async function load(tx: TxSql, ids: string[]): Promise<Map<string, State>> {
  // Projects first (for share: a pause or archive waits for this transaction), then datapoints.
  await tx`select 1 from projects where id in (select project_id from datapoints where id = any(${ids}::uuid[])) order by id for share`;
  const rows = await tx<Locked[]>`
    select d.id, d.project_id, p.num_validators, d.escalations, d.finalized_at is not null as finalized,
      p.paused_at is not null as paused, p.archived_at is not null as archived,
      (select s.compiled -> 'consensus' from ${projectSpec(tx, tx`p.id`)} s) as consensus
    from datapoints d join projects p on p.id = d.project_id
    where d.id = any(${ids}::uuid[])
    order by d.id
    for update of d`;
  const states = new Map<string, State>(rows.map((r) => [r.id, { row: r, votes: [], open: [], claimed: new Set(), escalations: r.escalations, finalized: r.finalized }]));
  const votes = await tx<{ datapoint_id: string; voter: string; rating: number; weight: number; synthetic: boolean }[]>`
    select datapoint_id, voter, rating, weight, synthetic from votes where datapoint_id = any(${ids}::uuid[]) order by created_at, id`;
  for (const v of votes) states.get(v.datapoint_id)!.votes.push(v);
  // A claim that ran out returns its slot to open (claims are never swept: they lapse in place).
  const slots = await tx<{ id: string; datapoint_id: string; status: string }[]>`
    select id, datapoint_id, case when status = 'claimed' and claim_expires_at <= now() then 'open' else status end as status
    from validation_slots
    where datapoint_id = any(${ids}::uuid[]) and status in ('open', 'claimed')
    order by created_at, id
    for update`;
  for (const s of slots) {
    const st = states.get(s.datapoint_id)!;
    if (s.status === 'open') st.open.push(s.id);
    else st.claimed.add(s.id);
  }
  return states;
}

function apply(st: State | undefined, v: VoteInput, w: Writes): VoteResult {
  const refuse = (reason: VoteRefusal): VoteResult => ({ kind: 'refused', error: refusal(reason) });
  if (!st) return refuse('datapoint_not_found');
  if (st.row.archived) return refuse('project_archived');
  if (st.row.paused) return refuse('project_paused');
  if (st.finalized) return refuse('already_finalized');
  if (st.votes.some((x) => x.voter === v.voter)) return refuse('already_voted');

  let slot: string | null = null;
  if (v.slotId && (st.claimed.has(v.slotId) || st.open.includes(v.slotId))) {
    slot = v.slotId;
    st.claimed.delete(slot);
    st.open = st.open.filter((s) => s !== slot);
  } else if (st.open.length > 0) {
    slot = st.open.shift()!;
  } else if (v.synthetic) {
    return refuse('no_open_slot');
  }
  if (slot) w.submittedSlots.push(slot);
  const { row } = st;
  st.votes.push({ voter: v.voter, rating: v.rating, weight: v.weight, synthetic: v.synthetic });
  w.votes.push({
    id: randomUUID(), datapoint_id: row.id, project_id: row.project_id, slot_id: slot, voter: v.voter, user_id: v.userId,
    synthetic: v.synthetic, rating: v.rating, weight: v.weight, class_id: v.classId, comment: v.comment ?? null,
  });
  if (v.synthetic) w.syntheticProjects.add(row.project_id);

  const required = row.num_validators + st.escalations * row.consensus.escalationStep;
  if (st.votes.length < required) return { kind: 'recorded', votes: st.votes.length, required };

  const outcome = decide(st.votes.map((x): Vote => ({ rating: x.rating, weight: x.weight })), row.consensus, st.escalations);
  if (outcome.kind === 'escalate') {
    for (let k = 0; k < outcome.addSlots; k++) {
      const id = randomUUID();
      w.newSlots.push({ id, datapoint_id: row.id, project_id: row.project_id });
      st.open.push(id);
    }
    st.escalations += 1;
    w.escalated.set(row.id, st.escalations);
    return { kind: 'escalated', addedSlots: outcome.addSlots, escalations: st.escalations };
  }
  st.finalized = true;
  const id = randomUUID();
  const { mean, median, strength } = outcome.figures;
  w.decisions.push({
    id, datapoint_id: row.id, project_id: row.project_id, mean, median, strength, contested: outcome.contested,
    vote_count: st.votes.length, synthetic_votes: st.votes.filter((x) => x.synthetic).length, escalations: st.escalations,
  });
  return { kind: 'terminal', decisionId: id, contested: outcome.contested };
}

/** Rows per multi-row INSERT: well under Postgres's 65,535 bind parameters. */
const CHUNK = 2000;

async function flush(tx: TxSql, w: Writes): Promise<void> {
  // New (escalation) slots exist before votes point at them.
  for (let i = 0; i < w.newSlots.length; i += CHUNK) {
    await tx`insert into validation_slots ${tx(w.newSlots.slice(i, i + CHUNK), 'id', 'datapoint_id', 'project_id')}`;
  }
  if (w.escalated.size) {
    await tx`
      update datapoints d set escalations = x.e
      from unnest(${[...w.escalated.keys()]}::uuid[], ${[...w.escalated.values()]}::int[]) as x(id, e)
      where d.id = x.id`;
  }
  if (w.submittedSlots.length) {
    await tx`update validation_slots set status = 'submitted', submitted_at = now() where id = any(${w.submittedSlots}::uuid[])`;
  }
  for (let i = 0; i < w.votes.length; i += CHUNK) {
    await tx`insert into votes ${tx(w.votes.slice(i, i + CHUNK), 'id', 'datapoint_id', 'project_id', 'slot_id', 'voter', 'user_id', 'synthetic', 'rating', 'weight', 'class_id', 'comment')}`;
  }
  if (w.syntheticProjects.size) {
    await tx`update projects set auto_consensus_used = true where id = any(${[...w.syntheticProjects]}::uuid[]) and not auto_consensus_used`;
  }
  if (w.decisions.length === 0) return;
  // `seq` (finalization order) follows the order of the decisions in the batch. Booleans travel
  // as text: postgres.js serializes the elements of a bool[] parameter wrongly.
  const d = w.decisions;
  await tx`
    insert into consensus_decisions (id, datapoint_id, project_id, quality_rating_mean, quality_rating_median, consensus_strength, contested, vote_count, synthetic_votes, escalations)
    select id, datapoint_id, project_id, mean, median, strength, contested, vote_count, synthetic_votes, escalations
    from unnest(${d.map((x) => x.id)}::uuid[], ${d.map((x) => x.datapoint_id)}::uuid[], ${d.map((x) => x.project_id)}::uuid[],
      ${d.map((x) => x.mean)}::float8[], ${d.map((x) => x.median)}::float8[], ${d.map((x) => x.strength)}::float8[],
      ${d.map((x) => String(x.contested))}::text[]::bool[], ${d.map((x) => x.vote_count)}::int[], ${d.map((x) => x.synthetic_votes)}::int[], ${d.map((x) => x.escalations)}::int[])
      with ordinality as x(id, datapoint_id, project_id, mean, median, strength, contested, vote_count, synthetic_votes, escalations, n)
    order by n`;
  const finalized = d.map((x) => x.datapoint_id);
  await tx`update datapoints set finalized_at = now() where id = any(${finalized}::uuid[])`;
  // Slots nobody needs any more (claimed but unsubmitted) expire with the decision.
  await tx`update validation_slots set status = 'expired' where datapoint_id = any(${finalized}::uuid[]) and status in ('open', 'claimed')`;
  await emitConsensusReached(tx, d.map((x) => ({
    datapointId: x.datapoint_id, projectId: x.project_id, consensusDecisionId: x.id,
    qualityRatingMean: x.mean, qualityRatingMedian: x.median, consensusStrength: x.strength,
  })));
}
