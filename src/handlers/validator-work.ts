// The validator's work (/validator/v1, session token): my projects, claim the next slot, rate
// it, release it. The slot / claim / vote lifecycle itself lives in src/lifecycle/; this module
// maps its outcomes to the contract. A project the validator is not assigned to (of any
// organization) is "not found".
import type {
  ClaimSlotInput,
  ClaimSlotResult,
  ListMyProjectsResult,
  ReleaseClaimInput,
  ReleaseClaimResult,
  SubmitVoteInput,
  SubmitVoteResult,
} from '../generated/handlers.ts';
import type { ValidatorRequestContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { datasetFormatOf, listMyProjects as myProjects } from '../db/validator-projects.ts';
import { claimNextSlot, releaseClaim as release, takeableSlotCounts, type ClaimRefusal } from '../lifecycle/slots.ts';
import { presignGet } from '../storage/s3.ts';
import { servedFile } from '../domain/served-files.ts';

/** A file_collection datapoint's presigned GET: long enough to load it, short as a credential. */
export const CLAIM_FILE_SECONDS = 300;
import { voteOnClaim, type ClaimVoteRefusal } from '../lifecycle/votes.ts';

export async function listMyProjects(_input: unknown, ctx: ValidatorRequestContext): Promise<ListMyProjectsResult> {
  const rows = await myProjects(ctx.sql, ctx.session.userId);
  const open = await takeableSlotCounts(
    ctx.sql,
    rows.map((r) => r.id),
  );
  return {
    status: 200,
    body: {
      data: rows.map((r) => ({
        projectId: r.id,
        name: r.name,
        paused: r.paused,
        assignedAt: r.assigned_at.toISOString(),
        classId: r.class_id,
        instructions: r.instructions ?? '',
        format: r.format,
        ratedToday: r.rated_today,
        ratedTotal: r.rated_total,
        openSlots: open.get(r.id) ?? 0,
      })),
    },
  };
}

const CLAIM_REFUSALS: Record<ClaimRefusal, (projectId: string) => ApiError> = {
  project_not_found: (projectId) =>
    new ApiError('project_not_found', `No project ${projectId} among the projects you are assigned to.`, 'projectId'),
  project_archived: () => new ApiError('project_archived'),
  project_paused: () => new ApiError('project_paused'),
  no_claimable_slot: () => new ApiError('no_claimable_slot'),
  claim_limit_reached: () => new ApiError('claim_limit_reached'),
};

export async function claimSlot({ params }: ClaimSlotInput, ctx: ValidatorRequestContext): Promise<ClaimSlotResult> {
  const r = await claimNextSlot(ctx.sql, params.projectId, ctx.session.userId, {
    maxLiveClaims: ctx.config.maxLiveClaimsPerValidator,
  });
  if ('refused' in r) throw CLAIM_REFUSALS[r.refused](params.projectId);
  const c = r.claimed;
  const format = await datasetFormatOf(ctx.sql, params.projectId);
  // A file is shown from object storage directly: a presigned GET of exactly its key.
  const stored = c.content as { key?: unknown; relPath?: unknown; contentType?: unknown };
  const key = format === 'file_collection' ? stored.key : undefined;
  // Served with a safe type: an allowed image inline, anything else as an attachment.
  const served = servedFile(
    typeof stored.relPath === 'string' ? stored.relPath : 'file',
    typeof stored.contentType === 'string' ? stored.contentType : undefined,
  );
  const file =
    typeof key === 'string'
      ? {
          url: await presignGet(ctx.storage, key, CLAIM_FILE_SECONDS, undefined, served),
          expiresAt: new Date(Date.now() + CLAIM_FILE_SECONDS * 1000).toISOString(),
        }
      : null;
  return {
    status: 201,
    body: {
      slotId: c.slotId,
      projectId: params.projectId,
      datapointId: c.datapointId,
      content: c.content,
      instructions: c.instructions,
      claimedAt: c.claimedAt.toISOString(),
      expiresAt: c.expiresAt.toISOString(),
      format,
      file,
    },
  };
}

const claimNotFound = (slotId: string) =>
  new ApiError('claim_not_found', `You hold no claim on slot ${slotId}.`, 'slotId');

export async function releaseClaim(
  { params }: ReleaseClaimInput,
  ctx: ValidatorRequestContext,
): Promise<ReleaseClaimResult> {
  if (!(await release(ctx.sql, params.slotId, ctx.session.userId))) throw claimNotFound(params.slotId);
  return { status: 204, body: undefined };
}

const VOTE_REFUSALS: Record<ClaimVoteRefusal, (slotId: string) => ApiError> = {
  claim_not_found: claimNotFound,
  project_archived: () => new ApiError('project_archived'),
  project_paused: () => new ApiError('project_paused'),
  already_voted: () => new ApiError('already_voted'),
  already_finalized: () =>
    new ApiError('claim_expired', 'The datapoint reached consensus before your vote; claim another.'),
  claim_expired: () => new ApiError('claim_expired'),
};

export async function submitVote(
  { params, body }: SubmitVoteInput,
  ctx: ValidatorRequestContext,
): Promise<SubmitVoteResult> {
  const r = await voteOnClaim(ctx.sql, {
    slotId: params.slotId,
    userId: ctx.session.userId,
    rating: body.rating,
    comment: body.comment ?? null,
  });
  if ('refused' in r) throw VOTE_REFUSALS[r.refused](params.slotId);
  return {
    status: 200,
    body: {
      slotId: params.slotId,
      datapointId: r.datapointId,
      weight: r.weight,
      classId: r.classId,
      outcome: r.recorded.kind,
    },
  };
}
