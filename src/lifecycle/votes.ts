// Recording votes: the one entry point for human, AI and synthetic ratings (part of the slot /
// claim / vote lifecycle, see slots.ts for the slots, claims and the lock order). Two doors, one
// set of rules, one transaction per call:
//
// - `voteOnClaim`: a validator rates the slot it claimed (the validator API). The claim, the
//   validator's assignment and class weight are checked here, under the same locks as the vote.
// - `recordVotes`: a batch of votes that take any open slot of their datapoint (Auto Consensus
//   sends hundreds of datapoints' synthetic votes at once).
//
// Rules, for both:
// - the project row is read `for share` (a pause or archive waits for a vote in flight, and no
//   vote is written after the pause returns), then the datapoints are locked `for update` in id
//   order (batches never deadlock), so concurrent votes on one datapoint are serialized and a
//   datapoint is finalized exactly once; then their slots;
// - the project must be neither paused nor archived;
// - a validator votes at most once per datapoint, never on a terminal datapoint;
// - when a datapoint's required votes are in, it becomes terminal (decision + webhook event) or
//   escalates (more open slots, and Auto Consensus is woken when a person's vote escalated), in
//   the same transaction.
//
// The votes of a batch are applied in order to an in-memory picture of the locked datapoints
// (votes, slots, escalations), exactly as one-by-one calls would apply them, and written with a
// few set-based statements at the end. A refused vote writes nothing.
import type { Sql, TxSql } from '../db/client.ts';
import { loadPrecisions, recordDecisionWeights, refreshRaterModel, reliabilitySettings } from './reliability.ts';
import { decide, type ConsensusRules, type Vote } from '../domain/consensus.ts';
import type { RaterModelParameters } from '../domain/rater-model.ts';
import { emitConsensusReached } from '../webhooks/emit.ts';
import { projectSpec } from '../db/projects.ts';
import { wakeAutoConsensus } from './wake.ts';
import { liveClaim, takeable } from './slots.ts';
import { pauseIfGoldErrorHigh } from './gold.ts';
import { validatorPaused } from '../db/validator-pauses.ts';
import { uuidv7 } from '../domain/uuidv7.ts';
import { calibrationSettings, capAiShare, modelMatches, type CalibrationSettings } from '../domain/calibration.ts';
import { aiVoteContext, recalibrate, type AiVoteContext } from './calibration.ts';
import type { components } from '../generated/openapi-types.ts';
import type { ErrorCode } from '../errors.ts';

/**
 * Weight of a vote by a validator without a class on the project: 1.0, as the consensus rule
 * says (docs/decisions.md).
 */
const CLASSLESS_WEIGHT = 1;

/**
 * Why a vote was not recorded: a code of the error registry, so a refusal reaches the wire as the
 * lifecycle named it (the vote handler adds only wording). `no_claimable_slot` is the batch's
 * "no open slot left" for a synthetic vote (Auto Consensus only fills open slots).
 */
type VoteRefusal = Extract<
  ErrorCode,
  | 'datapoint_not_found'
  | 'project_paused'
  | 'project_archived'
  | 'datapoint_finalized'
  | 'already_voted'
  | 'no_claimable_slot'
>;

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
  /** An AI vote: its configuration, shadow state and per-vote provenance (calibration.ts). */
  ai?: AiVoteContext | null;
}

export type VoteOutcome =
  | { kind: 'recorded'; votes: number; required: number }
  | { kind: 'terminal'; decisionId: string; contested: boolean }
  | { kind: 'escalated'; addedSlots: number; escalations: number };

export type VoteResult = VoteOutcome | { kind: 'refused'; refused: VoteRefusal };

/**
 * Records a batch of votes, each on the first open slot of its datapoint (a lapsed claim counts
 * as open; a live claim is left to its holder). A synthetic vote with no open slot left is
 * refused (Auto Consensus only fills open slots); a person's is recorded without a slot.
 */
export async function recordVotes(sql: Sql, inputs: VoteInput[]): Promise<VoteResult[]> {
  return sql.begin(async (tx) => {
    // The rating is checked at the boundary (the contract's schema; Auto Consensus's ratings are
    // in range by construction) and guarded by the votes table's check constraint.
    const results: (VoteResult | undefined)[] = inputs.map(() => undefined);
    const ids = [...new Set(inputs.map((v) => v.datapointId))];
    const states = await load(tx, ids, []);
    const w = newWrites();
    inputs.forEach((v, i) => {
      const st = states.get(v.datapointId);
      const refused = st ? refuseOnDatapoint(st, v.voter) : 'datapoint_not_found';
      if (refused) {
        results[i] = { kind: 'refused', refused };
        return;
      }
      // An open slot row first (a released slot, a lapsed claim), else one from the counter.
      // A gold item is served to people through claims only; it has no slot for a synthetic vote.
      if (st!.row.gold && v.synthetic) {
        results[i] = { kind: 'refused', refused: 'no_claimable_slot' };
        return;
      }
      const slot = st!.open.shift() ?? null;
      const fromCounter = !slot && st!.slotsOpen > 0;
      if (!slot && !fromCounter && v.synthetic) {
        results[i] = { kind: 'refused', refused: 'no_claimable_slot' };
        return;
      }
      if (fromCounter) st!.slotsOpen -= 1;
      results[i] = apply(st!, v, slot, w);
    });
    await flush(tx, w);
    // A person's vote that escalated opened slots synthetic validators may fill. (Auto
    // Consensus's own escalations are picked up by the job that caused them.)
    for (const projectId of w.escalatedBy.human) await wakeAutoConsensus(tx, projectId);
    return results as VoteResult[];
  });
}

/** Why a vote on a claimed slot was not recorded: a code of the error registry. */
type ClaimVoteRefusal = Extract<
  ErrorCode,
  | 'claim_not_found'
  | 'validator_paused'
  | 'project_archived'
  | 'project_paused'
  | 'already_voted'
  | 'datapoint_finalized'
  | 'claim_expired'
  | 'provenance_required'
  | 'provenance_model_mismatch'
  | 'provenance_not_accepted'
>;

export interface ClaimVote {
  slotId: string;
  userId: string;
  /** 0..100: the contract's schema has checked it (the boundary); it is not checked again here. */
  rating: number;
  comment: string | null;
  /** How an AI validator produced the rating: required on a vote of an AI class, refused on others. */
  provenance?: components['schemas']['VoteProvenance'] | null;
}

export type ClaimVoteResult =
  | { refused: ClaimVoteRefusal }
  | {
      recorded: VoteOutcome;
      datapointId: string;
      weight: number;
      classId: string | null;
      /** The AI configuration's hash and whether the vote was cast in shadow; null for a person's vote. */
      ai: { configHash: string; shadow: boolean } | null;
    };

/**
 * A validator's vote on the slot it claimed. The slot must be claimed by the validator, who is
 * still assigned to the project, with the claim not run out; the vote counts with the weight of
 * the class the validator holds on the project at this moment.
 */
const VOTE_COLUMNS = [
  'id',
  'datapoint_id',
  'project_id',
  'slot_id',
  'voter',
  'user_id',
  'synthetic',
  'rating',
  'weight',
  'class_id',
  'comment',
  'ai_config',
  'provenance',
  'shadow',
  'decision_weight',
] as const;

export async function voteOnClaim(sql: Sql, v: ClaimVote): Promise<ClaimVoteResult> {
  return sql.begin(async (tx): Promise<ClaimVoteResult> => {
    // Which datapoint the slot belongs to (never changes), to lock it; the claim itself is
    // checked below, under the locks.
    const [s] = await tx<{ datapoint_id: string; project_id: string }[]>`
      select s.datapoint_id, s.project_id from validation_slots s
      where s.id = ${v.slotId} and s.claimed_by = ${v.userId}
        and exists (select 1 from project_assignments a where a.project_id = s.project_id and a.user_id =
        ${v.userId} and a.revoked_at is null)`;
    if (!s) return { refused: 'claim_not_found' };
    const st = (await load(tx, [s.datapoint_id], [v.slotId])).get(s.datapoint_id)!;
    const slot = st.slots.get(v.slotId);
    if (!slot || slot.claimedBy !== v.userId) return { refused: 'claim_not_found' };
    const refused = refuseOnDatapoint(st, v.userId);
    if (refused) return { refused };
    const [{ paused }] = await tx<
      { paused: boolean }[]
    >`select ${validatorPaused(tx, s.project_id, v.userId)} as paused`;
    if (paused) return { refused: 'validator_paused' };
    // A decided datapoint expires its unsubmitted slots, claimed ones included.
    if (slot.status === 'expired') return { refused: 'datapoint_finalized' };
    if (slot.status !== 'claimed' || !slot.live) return { refused: 'claim_expired' };
    // The weight of the class held now; the grant row is read for share (last in the lock
    // order), so a concurrent revoke or grant lands before or after this vote, never half-way.
    const [grant] = await tx<{ class_id: string; weight: number; type: 'human' | 'ai'; model: string | null }[]>`
      select g.class_id, c.consensus_weight as weight, c.type, c.model
      from class_grants g join validator_classes c on c.project_id = g.project_id and c.class_id = g.class_id
      where g.project_id = ${s.project_id} and g.user_id = ${v.userId} and g.revoked_at is null
      for share of g`;
    const weight = grant?.weight ?? CLASSLESS_WEIGHT;
    const classId = grant?.class_id ?? null;
    // Provenance: required from an AI class, its model the class's or a refinement of it; a
    // person's vote carries none (docs/quality.md, "AI validators").
    const provenance = v.provenance ?? null;
    if (grant?.type === 'ai' && !provenance) return { refused: 'provenance_required' };
    if (grant?.type !== 'ai' && provenance) return { refused: 'provenance_not_accepted' };
    if (grant?.type === 'ai' && !modelMatches(grant.model!, provenance!.model))
      return { refused: 'provenance_model_mismatch' };
    const ai = grant?.type === 'ai' ? await aiVoteContext(tx, s.project_id, grant.class_id, provenance!) : null;
    const w = newWrites();
    const outcome = apply(
      st,
      {
        datapointId: s.datapoint_id,
        voter: v.userId,
        userId: v.userId,
        synthetic: false,
        rating: v.rating,
        weight,
        classId,
        comment: v.comment,
        ai,
      },
      v.slotId,
      w,
    ) as VoteOutcome;
    await flush(tx, w);
    // A shadow configuration's vote on a gold item is a calibration item at once.
    if (ai?.shadow && st.row.gold) await recalibrate(tx, [s.datapoint_id], () => calibrationOf(st.row));
    if (outcome.kind === 'escalated') await wakeAutoConsensus(tx, s.project_id);
    // After every vote, gold or not (the same path either way): the pause rule (gold.ts).
    await pauseIfGoldErrorHigh(tx, s.project_id, v.userId);
    return {
      recorded: outcome,
      datapointId: s.datapoint_id,
      weight,
      classId,
      ai: ai && { configHash: ai.configHash, shadow: ai.shadow },
    };
  });
}

interface Locked {
  id: string;
  project_id: string;
  num_validators: number;
  slots_open: number;
  escalations: number;
  finalized: boolean;
  paused: boolean;
  archived: boolean;
  consensus: ConsensusRules;
  /** The spec's `calibration` block as stored (defaults applied at use: calibrationOf). */
  calibration: unknown;
  /** A gold item (gold.ts): its votes are recorded and never decided on. */
  gold: boolean;
}

const calibrationOf = (row: Locked): CalibrationSettings => calibrationSettings(row.calibration);

interface SlotState {
  status: 'open' | 'claimed' | 'submitted' | 'expired';
  claimedBy: string | null;
  /** A claim not run out yet. */
  live: boolean;
}

/** What a call knows about one locked datapoint, and what it changed. */
interface State {
  row: Locked;
  /** `ai`: an AI vote; `shadow`: one cast before its configuration passed calibration (weight 0). */
  votes: { voter: string; rating: number; weight: number; synthetic: boolean; ai: boolean; shadow: boolean }[];
  /** Slot rows a vote may take (open, or a claim that ran out), in order. */
  open: string[];
  /** Slots nobody has taken yet, kept as the datapoint's counter (slots.ts). */
  slotsOpen: number;
  /** The loaded slots by id (open and claimed ones, and the slots named by the caller). */
  slots: Map<string, SlotState>;
  escalations: number;
  finalized: boolean;
  /** With `consensus.method: reliability`: the voters' precision (reliability.ts); null otherwise. */
  reliability: { settings: RaterModelParameters; precision: Map<string, number> } | null;
}

/**
 * Locks, in the lifecycle's order, and reads the datapoints, their votes and their open and
 * claimed slots (plus `slotIds`, whatever their status).
 */
async function load(tx: TxSql, datapointIds: string[], slotIds: string[]): Promise<Map<string, State>> {
  const ids = [...datapointIds].sort();
  await tx`select 1 from projects where id in (select project_id from datapoints where id = any(${ids}::uuid[])) order
    by id for share`;
  const rows = await tx<Locked[]>`
    select d.id, d.project_id, p.num_validators, d.slots_open, d.escalations, d.finalized_at is not null as finalized,
      p.paused_at is not null as paused, p.archived_at is not null as archived, d.gold_rating is not null as gold,
      s.compiled -> 'consensus' as consensus, s.compiled -> 'calibration' as calibration
    from datapoints d join projects p on p.id = d.project_id
    left join lateral ${projectSpec(tx, tx`p.id`)} s on true
    where d.id = any(${ids}::uuid[])
    order by d.id
    for update of d`;
  const states = new Map<string, State>(
    rows.map((r) => [
      r.id,
      {
        row: r,
        votes: [],
        open: [],
        slotsOpen: r.slots_open,
        slots: new Map(),
        escalations: r.escalations,
        finalized: r.finalized,
        reliability: null,
      },
    ]),
  );
  const reliable = rows.filter((r) => reliabilitySettings(r.consensus as unknown as Record<string, unknown>));
  if (reliable.length) {
    const precisions = await loadPrecisions(tx, [...new Set(reliable.map((r) => r.project_id))].sort());
    for (const r of reliable)
      states.get(r.id)!.reliability = {
        settings: reliabilitySettings(r.consensus as unknown as Record<string, unknown>)!,
        precision: precisions.get(r.project_id)!,
      };
  }
  const votes = await tx<(State['votes'][number] & { datapoint_id: string })[]>`
    select datapoint_id, voter, rating, weight, synthetic, ai_config is not null as ai, shadow from votes
    where datapoint_id = any(${ids}::uuid[]) order by created_at, id`;
  for (const v of votes) states.get(v.datapoint_id)!.votes.push(v);
  const slots = await tx<
    {
      id: string;
      datapoint_id: string;
      status: SlotState['status'];
      claimed_by: string | null;
      takeable: boolean;
      live: boolean;
    }[]
  >`
    select s.id, s.datapoint_id, s.status, s.claimed_by, ${takeable(tx)} as takeable, ${liveClaim(tx)} as live
    from validation_slots s
    where s.datapoint_id = any(${ids}::uuid[]) and (s.status in ('open', 'claimed') or s.id = any(${slotIds}::uuid[]))
    order by s.created_at, s.id
    for update`;
  for (const s of slots) {
    const st = states.get(s.datapoint_id)!;
    st.slots.set(s.id, { status: s.status, claimedBy: s.claimed_by, live: s.live });
    if (s.takeable) st.open.push(s.id);
  }
  return states;
}

/** The refusals every vote meets, in this order. */
function refuseOnDatapoint(
  st: State,
  voter: string,
): Extract<VoteRefusal, 'project_archived' | 'project_paused' | 'datapoint_finalized' | 'already_voted'> | null {
  if (st.row.archived) return 'project_archived';
  if (st.row.paused) return 'project_paused';
  if (st.votes.some((x) => x.voter === voter)) return 'already_voted';
  if (st.finalized) return 'datapoint_finalized';
  return null;
}

interface Writes {
  votes: {
    id: string;
    datapoint_id: string;
    project_id: string;
    slot_id: string | null;
    voter: string;
    user_id: string | null;
    synthetic: boolean;
    rating: number;
    weight: number;
    class_id: string | null;
    comment: string | null;
    ai_config: string | null;
    /** JSON text of the per-vote provenance. */
    provenance: string | null;
    shadow: boolean;
    /** The weight it carried when this call decided its datapoint with a recorded weight (below), else null. */
    decision_weight: number | null;
  }[];
  submittedSlots: string[];
  /** Every datapoint whose counter, escalations or finalization changed: written from its State. */
  changed: Map<string, State>;
  /** Projects where a person's (not a synthetic) vote escalated a datapoint. */
  escalatedBy: { human: Set<string> };
  /**
   * The weight each vote of a decision carried (votes.decision_weight) when it is recorded, for the
   * votes cast before this call; a vote of this call carries it in its row of `votes`.
   */
  decisionWeights: { datapointId: string; voter: string; weight: number }[];
  /**
   * Projects with a reliability-weighted decision in this call, with the votes those decisions
   * made decided (every vote of each decided datapoint): their rater model may be re-estimated.
   */
  reliabilityProjects: Map<string, { settings: RaterModelParameters; decidedVotes: number }>;
  decisions: {
    id: string;
    datapoint_id: string;
    project_id: string;
    mean: number;
    median: number;
    strength: number;
    contested: boolean;
    vote_count: number;
    synthetic_votes: number;
    escalations: number;
  }[];
  syntheticProjects: Set<string>;
  /** Each locked row of a project with a decision in this call: its calibration settings. */
  calibration: Map<string, Locked>;
}

const newWrites = (): Writes => ({
  votes: [],
  submittedSlots: [],
  changed: new Map(),
  escalatedBy: { human: new Set() },
  decisionWeights: [],
  reliabilityProjects: new Map(),
  decisions: [],
  syntheticProjects: new Set(),
  calibration: new Map(),
});

/**
 * Records an accepted vote on `slot` (a row taken out of the open list by the caller, or null
 * when the vote took one from the counter or none) and decides.
 */
function apply(st: State, v: VoteInput, slot: string | null, w: Writes): VoteOutcome {
  if (slot) {
    w.submittedSlots.push(slot);
    st.open = st.open.filter((s) => s !== slot);
    st.slots.set(slot, { status: 'submitted', claimedBy: st.slots.get(slot)?.claimedBy ?? null, live: false });
  }
  const { row } = st;
  w.changed.set(row.id, st);
  const ai = v.ai ?? null;
  st.votes.push({
    voter: v.voter,
    rating: v.rating,
    weight: v.weight,
    synthetic: v.synthetic,
    ai: ai !== null,
    shadow: ai?.shadow ?? false,
  });
  w.votes.push({
    id: uuidv7(),
    datapoint_id: row.id,
    project_id: row.project_id,
    slot_id: slot,
    voter: v.voter,
    user_id: v.userId,
    synthetic: v.synthetic,
    rating: v.rating,
    weight: v.weight,
    class_id: v.classId,
    comment: v.comment ?? null,
    ai_config: ai?.configHash ?? null,
    provenance: ai ? JSON.stringify(ai.provenance) : null,
    shadow: ai?.shadow ?? false,
    decision_weight: null,
  });
  if (v.synthetic) w.syntheticProjects.add(row.project_id);
  // A gold item never reaches a decision: its votes score validators and never enter consensus.
  if (row.gold) return { kind: 'recorded', votes: st.votes.length, required: Number.POSITIVE_INFINITY };

  // A shadow vote (an AI configuration that has not passed calibration) is recorded and scored but
  // moves nothing: it fills no required vote, so it gives its slot back.
  if (ai?.shadow) st.slotsOpen += 1;
  const counting = st.votes.filter((x) => !x.shadow);
  const required = row.num_validators + st.escalations * row.consensus.escalationStep;
  if (counting.length < required) return { kind: 'recorded', votes: counting.length, required };

  // Class-weighted (the default): the class weight recorded with each vote. Reliability-weighted:
  // times the voter's current precision, recorded with the votes once the decision is terminal.
  // Then the spec's cap on the AI votes' share of the weight, if any.
  const rel = st.reliability;
  const cap = calibrationOf(row).maxAiShare;
  const capped = capAiShare(
    counting.map((x) => ({ weight: rel ? x.weight * (rel.precision.get(x.voter) ?? 1) : x.weight, ai: x.ai })),
    cap,
  );
  // Under a cap, AI votes alone decide nothing: one more slot for a vote that is not an AI's.
  if (!capped) {
    st.slotsOpen += 1;
    return { kind: 'recorded', votes: counting.length, required: counting.length + 1 };
  }
  const weighted = counting.map((x, i): Vote => ({ rating: x.rating, weight: capped[i]! }));
  const outcome = decide(
    weighted.filter((x) => x.weight > 0),
    row.consensus,
    st.escalations,
  );
  if (outcome.kind === 'escalate') {
    st.slotsOpen += outcome.addSlots;
    st.escalations += 1;
    if (!v.synthetic) w.escalatedBy.human.add(row.project_id);
    return { kind: 'escalated', addedSlots: outcome.addSlots, escalations: st.escalations };
  }
  st.finalized = true;
  st.slotsOpen = 0;
  // The weight each vote carried, recorded when it is not simply the class weight of the vote:
  // reliability-weighted, capped, or with shadow votes (weight 0). Without any of them nothing is
  // written, so the default method's rows are as they always were.
  const shadows = st.votes.length !== counting.length;
  if (rel || cap < 1 || shadows) {
    const carried = new Map(counting.map((x, i) => [x.voter, weighted[i]!.weight]));
    // The votes of this call are rows not yet written: they are inserted with the weight (one
    // write per vote instead of an insert and an update); the earlier ones are updated.
    const fresh = new Map<string, Writes['votes'][number]>();
    for (const r of w.votes) if (r.datapoint_id === row.id) fresh.set(r.voter, r);
    for (const x of st.votes) {
      const weight = carried.get(x.voter) ?? 0;
      const r = fresh.get(x.voter);
      if (r) r.decision_weight = weight;
      else w.decisionWeights.push({ datapointId: row.id, voter: x.voter, weight });
    }
  }
  if (rel) {
    const p = w.reliabilityProjects.get(row.project_id);
    // Every vote of the datapoint is decided now: a terminal datapoint takes no further vote.
    w.reliabilityProjects.set(row.project_id, {
      settings: rel.settings,
      decidedVotes: (p?.decidedVotes ?? 0) + st.votes.length,
    });
  }
  if (st.votes.some((x) => x.ai)) w.calibration.set(row.id, row);
  const id = uuidv7();
  const { mean, median, strength } = outcome.figures;
  w.decisions.push({
    id,
    datapoint_id: row.id,
    project_id: row.project_id,
    mean,
    median,
    strength,
    contested: outcome.contested,
    vote_count: counting.length,
    synthetic_votes: counting.filter((x) => x.synthetic).length,
    escalations: st.escalations,
  });
  return { kind: 'terminal', decisionId: id, contested: outcome.contested };
}

/** Rows per multi-row INSERT: well under Postgres's 65,535 bind parameters. */
const CHUNK = 2000;

async function flush(tx: TxSql, w: Writes): Promise<void> {
  if (w.submittedSlots.length) {
    await tx`update validation_slots set status = 'submitted', submitted_at = now() where id =
      any(${w.submittedSlots}::uuid[])`;
  }
  for (let i = 0; i < w.votes.length; i += CHUNK) {
    await tx`insert into votes
      ${tx(w.votes.slice(i, i + CHUNK), ...VOTE_COLUMNS)}`;
  }
  // One update per datapoint, whatever changed: the counter, escalations, finalization. Booleans
  // travel as text: postgres.js serializes the elements of a bool[] parameter wrongly.
  const changed = [...w.changed.values()];
  if (changed.length) {
    await tx`
      update datapoints d
      set slots_open = x.slots_open, escalations = x.escalations,
        finalized_at = case when x.finalized and d.finalized_at is null then now() else d.finalized_at end
      from unnest(${changed.map((c) => c.row.id)}::uuid[], ${changed.map((c) => c.slotsOpen)}::int[],
      ${changed.map((c) => c.escalations)}::int[],
        ${changed.map((c) => String(c.finalized))}::text[]::bool[]) as x(id, slots_open, escalations, finalized)
      where d.id = x.id`;
  }
  if (w.syntheticProjects.size) {
    await tx`update projects set auto_consensus_used = true where id = any(${[...w.syntheticProjects]}::uuid[]) and not
      auto_consensus_used`;
  }
  if (w.decisions.length === 0) return;
  // `seq` (finalization order) follows the order of the decisions in the batch.
  const d = w.decisions;
  await tx`
    insert into consensus_decisions (id, datapoint_id, project_id, quality_rating_mean, quality_rating_median,
    consensus_strength, contested, vote_count, synthetic_votes, escalations)
    select id, datapoint_id, project_id, mean, median, strength, contested, vote_count, synthetic_votes, escalations
    from unnest(${d.map((x) => x.id)}::uuid[], ${d.map((x) => x.datapoint_id)}::uuid[],
    ${d.map((x) => x.project_id)}::uuid[],
      ${d.map((x) => x.mean)}::float8[], ${d.map((x) => x.median)}::float8[], ${d.map((x) => x.strength)}::float8[],
      ${d.map((x) => String(x.contested))}::text[]::bool[], ${d.map((x) => x.vote_count)}::int[],
      ${d.map((x) => x.synthetic_votes)}::int[], ${d.map((x) => x.escalations)}::int[])
      with ordinality as x(id, datapoint_id, project_id, mean, median, strength, contested, vote_count,
      synthetic_votes, escalations, n)
    order by n`;
  await recordDecisionWeights(tx, w.decisionWeights);
  for (const [projectId, p] of [...w.reliabilityProjects].sort(([a], [b]) => (a < b ? -1 : 1)))
    await refreshRaterModel(tx, projectId, p.settings, p.decidedVotes);
  // Decided datapoints with AI votes are calibration items of their shadow configurations.
  if (w.calibration.size) {
    const rows = [...w.calibration.values()];
    const byProject = new Map(rows.map((r) => [r.project_id, r]));
    await recalibrate(tx, [...w.calibration.keys()].sort(), (p) => calibrationOf(byProject.get(p)!));
  }
  // Slot rows nobody needs any more (claimed but unsubmitted, or released) expire with the decision.
  await tx`update validation_slots set status = 'expired' where datapoint_id =
    any(${d.map((x) => x.datapoint_id)}::uuid[]) and status in ('open', 'claimed')`;
  await emitConsensusReached(
    tx,
    d.map((x) => ({
      datapointId: x.datapoint_id,
      projectId: x.project_id,
      consensusDecisionId: x.id,
      qualityRatingMean: x.mean,
      qualityRatingMedian: x.median,
      consensusStrength: x.strength,
    })),
  );
}

/**
 * How long a person's latest vote may be replaced after it was cast (docs/decisions.md, "Undo"):
 * long enough to notice a mistyped digit, short enough that a vote is soon final. Counted from
 * when the vote was cast, so replacing it does not extend the window.
 */
const VOTE_CHANGE_SECONDS = 120;

export type VoteChangeRefusal = Extract<
  ErrorCode,
  | 'claim_not_found'
  | 'project_archived'
  | 'project_paused'
  | 'validator_paused'
  | 'datapoint_finalized'
  | 'vote_not_changeable'
>;

/**
 * Replaces a validator's vote on a slot: it must be their latest vote on the project, cast within
 * VOTE_CHANGE_SECONDS, on a datapoint that is not terminal. A vote is final once it has counted
 * toward a terminal decision; before that it has been used at most for an escalation, which only
 * opened more slots. The datapoint is locked as every vote locks it (the lifecycle's order), so a
 * change and the vote that finalizes the datapoint are serialized: the decision is computed from
 * the replaced rating, or the change is refused as `datapoint_finalized`. The vote keeps its
 * weight and class; the old rating and comment are recorded in vote_changes. A validator paused
 * on the project is refused as its claims and votes are (`validator_paused`): a pause stops every
 * rating it gives, a changed one included. The gold pause rule runs after the change, as after a
 * vote.
 */
export async function changeVote(
  sql: Sql,
  v: ClaimVote,
): Promise<
  | { changed: { datapointId: string; rating: number; previousRating: number; changedAt: Date } }
  | { refused: VoteChangeRefusal }
> {
  return sql.begin(async (tx) => {
    const [found] = await tx<{ id: string; datapoint_id: string }[]>`
      select v.id, v.datapoint_id from votes v
      where v.slot_id = ${v.slotId} and v.user_id = ${v.userId}
        and exists (select 1 from project_assignments a where a.project_id = v.project_id and a.user_id =
        ${v.userId} and a.revoked_at is null)`;
    if (!found) return { refused: 'claim_not_found' };
    const st = (await load(tx, [found.datapoint_id], [])).get(found.datapoint_id)!;
    if (st.row.archived) return { refused: 'project_archived' };
    if (st.row.paused) return { refused: 'project_paused' };
    const [{ paused }] = await tx<
      { paused: boolean }[]
    >`select ${validatorPaused(tx, st.row.project_id, v.userId)} as paused`;
    if (paused) return { refused: 'validator_paused' };
    if (st.finalized) return { refused: 'datapoint_finalized' };
    const [cur] = await tx<{ rating: number; comment: string | null; changeable: boolean }[]>`
      select v.rating, v.comment,
        -- An AI vote is not changed: its provenance hashes the output that gave its rating.
        v.ai_config is null and v.created_at > now() - make_interval(secs => ${VOTE_CHANGE_SECONDS})
          and not exists (select 1 from votes w where w.user_id = v.user_id and w.project_id = v.project_id
            and (w.created_at, w.id) > (v.created_at, v.id)) as changeable
      from votes v where v.id = ${found.id}
      for update`;
    if (!cur!.changeable) return { refused: 'vote_not_changeable' };
    await tx`update votes set rating = ${v.rating}, comment = ${v.comment} where id = ${found.id}`;
    const [c] = await tx<{ changed_at: Date }[]>`
      insert into vote_changes (id, vote_id, old_rating, new_rating, old_comment)
      values (${uuidv7()}, ${found.id}, ${cur!.rating}, ${v.rating}, ${cur!.comment})
      returning changed_at`;
    // A changed rating is held against the pause rule as a new vote is (gold.ts), the same path
    // for gold and other datapoints.
    await pauseIfGoldErrorHigh(tx, st.row.project_id, v.userId);
    return {
      changed: {
        datapointId: found.datapoint_id,
        rating: v.rating,
        previousRating: cur!.rating,
        changedAt: c!.changed_at,
      },
    };
  });
}

export interface RecentVote {
  slotId: string | null;
  datapointId: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
  changedAt: Date | null;
  /** Until when changeVote accepts it; null when it no longer does (only the latest vote can). */
  changeableUntil: Date | null;
  content: unknown;
}

/**
 * A validator's latest votes on a project, newest first; `project_not_found` when the validator
 * is not assigned. The newest carries its change deadline while changeVote would accept it.
 */
export async function recentVotes(
  sql: Sql,
  projectId: string,
  userId: string,
  limit: number,
): Promise<{ votes: RecentVote[] } | { refused: 'project_not_found' }> {
  const [assigned] = await sql`
    select 1 from project_assignments a where a.project_id = ${projectId} and a.user_id = ${userId} and a.revoked_at is
    null`;
  if (!assigned) return { refused: 'project_not_found' };
  const rows = await sql<
    {
      slot_id: string | null;
      datapoint_id: string;
      rating: number;
      comment: string | null;
      created_at: Date;
      changed_at: Date | null;
      until: Date;
      changeable: boolean;
      content: unknown;
    }[]
  >`
    select v.slot_id, v.datapoint_id, v.rating, v.comment, v.created_at, d.content,
      (select max(c.changed_at) from vote_changes c where c.vote_id = v.id) as changed_at,
      v.created_at + make_interval(secs => ${VOTE_CHANGE_SECONDS}) as until,
      d.finalized_at is null and v.created_at > now() - make_interval(secs => ${VOTE_CHANGE_SECONDS}) as changeable
    from votes v join datapoints d on d.id = v.datapoint_id
    where v.user_id = ${userId} and v.project_id = ${projectId}
    order by v.created_at desc, v.id desc
    limit ${limit}`;
  return {
    votes: rows.map((r, i) => ({
      slotId: r.slot_id,
      datapointId: r.datapoint_id,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.created_at,
      changedAt: r.changed_at,
      changeableUntil: i === 0 && r.changeable && r.slot_id !== null ? r.until : null,
      content: r.content,
    })),
  };
}
