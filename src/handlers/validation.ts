// The validation API (/validator/v1, session token): my projects, claim the next slot, rate it,
// release it. Every query is scoped to the signed-in user's live project assignments: a project
// they are not assigned to (of any organization) is "not found".
//
// Claims: a claimed slot is the validator's for CLAIM_MINUTES. Claims are never swept; a claim
// that ran out is treated as open wherever slots are picked (here, Auto Consensus, recordVotes),
// so it returns to the pool in place. Two validators claiming at once never get the same slot:
// the pick is `for update skip locked`, and the claim is written in the same transaction.
import type {
  ClaimSlotInput, ClaimSlotResult, ListMyProjectsResult, ReleaseClaimInput, ReleaseClaimResult, SubmitVoteInput, SubmitVoteResult,
} from '../generated/handlers.ts';
import type { ValidatorRequestContext } from '../context.ts';
import type { TxSql } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import { recordVotesIn, type VoteRefusal } from '../consensus/record-vote.ts';
import { wakeAutoConsensus } from '../jobs/auto-consensus.ts';
import { projectSpec } from '../db/projects.ts';

export const CLAIM_MINUTES = 10;
/**
 * Weight of a vote by a validator without a class on the project: 1.0, as the architecture's
 * consensus rule says (docs/decisions.md).
 */
export const CLASSLESS_WEIGHT = 1;

const instructionsOf = (compiled: string | null): string => compiled ?? '';

export async function listMyProjects(_input: unknown, ctx: ValidatorRequestContext): Promise<ListMyProjectsResult> {
  const rows = await ctx.sql<{ id: string; name: string; paused: boolean; assigned_at: Date; class_id: string | null; instructions: string | null }[]>`
    select p.id, p.name, p.paused_at is not null as paused, a.assigned_at, g.class_id,
      (select s.compiled #>> '{validation,instructions}' from ${projectSpec(ctx.sql, ctx.sql`p.id`)} s) as instructions
    from project_assignments a
    join projects p on p.id = a.project_id
    left join class_grants g on g.project_id = p.id and g.user_id = a.user_id and g.revoked_at is null
    where a.user_id = ${ctx.session.userId} and a.revoked_at is null and p.archived_at is null
    order by a.assigned_at desc, p.id desc`;
  return {
    status: 200,
    body: {
      data: rows.map((r) => ({
        projectId: r.id, name: r.name, paused: r.paused, assignedAt: r.assigned_at.toISOString(), classId: r.class_id, instructions: instructionsOf(r.instructions),
      })),
    },
  };
}

const projectNotFound = (projectId: string) =>
  new ApiError('project_not_found', `No project ${projectId} among the projects you are assigned to.`, 'projectId');

export async function claimSlot({ params }: ClaimSlotInput, ctx: ValidatorRequestContext): Promise<ClaimSlotResult> {
  const me = ctx.session.userId;
  return ctx.sql.begin(async (tx) => {
    // The project row for share (as recordVotes takes it): a pause waits for this claim.
    const [p] = await tx<{ paused: boolean; archived: boolean; instructions: string | null }[]>`
      select p.paused_at is not null as paused, p.archived_at is not null as archived,
        (select s.compiled #>> '{validation,instructions}' from ${projectSpec(tx, tx`p.id`)} s) as instructions
      from projects p
      where p.id = ${params.projectId}
        and exists (select 1 from project_assignments a where a.project_id = p.id and a.user_id = ${me} and a.revoked_at is null)
      for share of p`;
    if (!p) throw projectNotFound(params.projectId);
    if (p.archived) throw new ApiError('project_archived');
    if (p.paused) throw new ApiError('project_paused');
    // One claim at a time per validator and project, so two concurrent claims of one validator
    // cannot both pick slots of the same datapoint (neither would see the other's claim).
    await tx`select pg_advisory_xact_lock(hashtextextended(${`claim:${me}:${params.projectId}`}, 0))`;
    const slot = (await pickSlot(tx, params.projectId, me, 'open')) ?? (await pickSlot(tx, params.projectId, me, 'lapsed'));
    if (!slot) throw new ApiError('no_claimable_slot');
    const [claim] = await tx<{ claimed_at: Date; claim_expires_at: Date; content: unknown }[]>`
      update validation_slots s
      set status = 'claimed', claimed_by = ${me}, claimed_at = now(), claim_expires_at = now() + make_interval(mins => ${CLAIM_MINUTES})
      from datapoints d
      where s.id = ${slot.id} and d.id = s.datapoint_id
      returning s.claimed_at, s.claim_expires_at, d.content`;
    return {
      status: 201,
      body: {
        slotId: slot.id, projectId: params.projectId, datapointId: slot.datapoint_id, content: claim!.content,
        instructions: instructionsOf(p.instructions), claimedAt: claim!.claimed_at.toISOString(), expiresAt: claim!.claim_expires_at.toISOString(),
      },
    };
  });
}

/**
 * The first claimable slot of the project for this validator, locked; slots locked by a concurrent
 * claim are skipped. Open slots first (their partial index, in ingestion order), then lapsed
 * claims (the claimed-slots index): two plain index walks that stop at the first hit, where one
 * query with an OR would have to collect every open slot of a large project first.
 */
async function pickSlot(tx: TxSql, projectId: string, me: string, kind: 'open' | 'lapsed'): Promise<{ id: string; datapoint_id: string } | undefined> {
  const [slot] = await tx<{ id: string; datapoint_id: string }[]>`
    select s.id, s.datapoint_id
    from validation_slots s join datapoints d on d.id = s.datapoint_id
    where s.project_id = ${projectId} and d.finalized_at is null
      and ${kind === 'open' ? tx`s.status = 'open'` : tx`s.status = 'claimed' and s.claim_expires_at <= now()`}
      and not exists (select 1 from votes v where v.datapoint_id = s.datapoint_id and v.voter = ${me})
      and not exists (
        select 1 from validation_slots c
        where c.datapoint_id = s.datapoint_id and c.status = 'claimed' and c.claimed_by = ${me} and c.claim_expires_at > now())
    limit 1
    for update of s skip locked`;
  return slot;
}

const claimNotFound = (slotId: string) => new ApiError('claim_not_found', `You hold no claim on slot ${slotId}.`, 'slotId');

export async function releaseClaim({ params }: ReleaseClaimInput, ctx: ValidatorRequestContext): Promise<ReleaseClaimResult> {
  await ctx.sql.begin(async (tx) => {
    const [released] = await tx<{ project_id: string }[]>`
      update validation_slots set status = 'open', claimed_by = null, claimed_at = null, claim_expires_at = null
      where id = ${params.slotId} and status = 'claimed' and claimed_by = ${ctx.session.userId}
      returning project_id`;
    if (!released) throw claimNotFound(params.slotId);
    await wakeAutoConsensus(tx, released.project_id);
  });
  return { status: 204, body: undefined };
}

const REFUSALS: Record<VoteRefusal, (slotId: string) => ApiError> = {
  rating_out_of_range: () => new ApiError('request_body_invalid', 'rating must be a number from 0 to 100.', 'rating'),
  datapoint_not_found: claimNotFound,
  project_paused: () => new ApiError('project_paused'),
  project_archived: () => new ApiError('project_archived'),
  already_finalized: () => new ApiError('claim_expired', 'The datapoint reached consensus before your vote; claim another.'),
  already_voted: () => new ApiError('already_voted'),
  no_open_slot: claimNotFound,
};

export async function submitVote({ params, body }: SubmitVoteInput, ctx: ValidatorRequestContext): Promise<SubmitVoteResult> {
  const me = ctx.session.userId;
  return ctx.sql.begin(async (tx) => {
    const [s] = await tx<{ datapoint_id: string; project_id: string }[]>`
      select s.datapoint_id, s.project_id from validation_slots s
      where s.id = ${params.slotId} and s.claimed_by = ${me}
        and exists (select 1 from project_assignments a where a.project_id = s.project_id and a.user_id = ${me} and a.revoked_at is null)`;
    if (!s) throw claimNotFound(params.slotId);
    // Locks in recordVotes' order (project for share, datapoint, slot), then the checks under them.
    await tx`select 1 from projects where id = ${s.project_id} for share`;
    await tx`select 1 from datapoints where id = ${s.datapoint_id} for update`;
    const [slot] = await tx<{ status: string; mine: boolean; live: boolean; voted: boolean }[]>`
      select status, claimed_by is not distinct from ${me}::uuid as mine, claim_expires_at > now() as live,
        exists (select 1 from votes where datapoint_id = ${s.datapoint_id} and voter = ${me}) as voted
      from validation_slots where id = ${params.slotId} for update`;
    if (slot!.voted) throw new ApiError('already_voted');
    if (!slot!.mine) throw claimNotFound(params.slotId);
    // A decided datapoint expires its unsubmitted slots (recordVotes), claimed ones included.
    if (slot!.status === 'expired') throw REFUSALS.already_finalized(params.slotId);
    if (slot!.status !== 'claimed' || !slot!.live) throw new ApiError('claim_expired');
    // The weight of the class held now; the grant row is read for share so a concurrent revoke
    // or grant lands before or after this vote, never half-way.
    const [grant] = await tx<{ class_id: string; weight: number }[]>`
      select g.class_id, c.consensus_weight as weight
      from class_grants g join validator_classes c on c.project_id = g.project_id and c.class_id = g.class_id
      where g.project_id = ${s.project_id} and g.user_id = ${me} and g.revoked_at is null
      for share of g`;
    const weight = grant?.weight ?? CLASSLESS_WEIGHT;
    const classId = grant?.class_id ?? null;
    const [result] = await recordVotesIn(tx, [{
      datapointId: s.datapoint_id, voter: me, userId: me, synthetic: false, rating: body.rating, weight, classId,
      comment: body.comment ?? null, slotId: params.slotId,
    }]);
    if (result!.kind === 'refused') throw REFUSALS[result!.error.reason](params.slotId);
    if (result!.kind === 'escalated') await wakeAutoConsensus(tx, s.project_id);
    return { status: 200, body: { slotId: params.slotId, datapointId: s.datapoint_id, weight, classId, outcome: result!.kind } };
  });
}
