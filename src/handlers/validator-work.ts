// The validator's work (/validator/v1 with a session token or an AI validator key, and the
// validator tools at /validator/mcp): my projects, claim the next slot, rate
// it, release it. The slot / claim / vote lifecycle itself lives in src/lifecycle/ and names its
// refusals with registry codes; this module adds only their wording. A project the validator is
// not assigned to (of any organization) is "not found".
import type {
  ChangeVoteInput,
  ChangeVoteResult,
  ExtendClaimInput,
  ExtendClaimResult,
  ListMyClaimsInput,
  ListMyClaimsResult,
  ListMyVotesInput,
  ListMyVotesResult,
  SkipClaimInput,
  SkipClaimResult,
  ClaimSlotInput,
  ClaimSlotResult,
  GetMyStandingInput,
  GetMyStandingResult,
  ListMyProjectsResult,
  ReleaseClaimInput,
  ReleaseClaimResult,
  SubmitVoteInput,
  SubmitVoteResult,
} from '../generated/handlers.ts';
import type { ValidatorWorkContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { datasetPresentationOf, listMyProjects as myProjects } from '../db/validator-projects.ts';
import {
  claimNextSlot,
  extendClaim as extend,
  leftForValidator,
  liveClaims,
  releaseClaim as release,
  skipClaim as skip,
  takeableSlotCounts,
  type Claim,
} from '../lifecycle/slots.ts';
import { presignGet } from '../storage/s3.ts';
import { servedFile } from '../domain/served-files.ts';
import { myStanding } from '../services/validator-quality.ts';

/** A file_collection datapoint's presigned GET: long enough to load it, short as a credential. */
const CLAIM_FILE_SECONDS = 300;
import { changeVote as change, recentVotes, voteOnClaim } from '../lifecycle/votes.ts';
import type { components } from '../generated/openapi-types.ts';

export async function listMyProjects(_input: unknown, ctx: ValidatorWorkContext): Promise<ListMyProjectsResult> {
  const rows = await myProjects(ctx.sql, ctx.validator.userId);
  const ids = rows.map((r) => r.id);
  const open = await takeableSlotCounts(ctx.sql, ids);
  const mine = await leftForValidator(ctx.sql, ctx.validator.userId, ids);
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
        leftForYou: mine.get(r.id)?.left ?? 0,
        skippedByYou: mine.get(r.id)?.skipped ?? 0,
      })),
    },
  };
}

const notAssigned = (projectId: string) =>
  new ApiError('project_not_found', `No project ${projectId} among the projects you are assigned to.`, 'projectId');

export async function claimSlot(
  { params, query }: ClaimSlotInput,
  ctx: ValidatorWorkContext,
): Promise<ClaimSlotResult> {
  const r = await claimNextSlot(ctx.sql, params.projectId, ctx.validator.userId, {
    maxLiveClaims: ctx.config.maxLiveClaimsPerValidator,
    includeSkipped: query.includeSkipped === true,
  });
  if ('refused' in r) throw r.refused === 'project_not_found' ? notAssigned(params.projectId) : new ApiError(r.refused);
  const shown = await datasetPresentationOf(ctx.sql, params.projectId);
  return { status: 201, body: await claimBody(ctx, params.projectId, shown, r.claimed) };
}

export async function listMyClaims(
  { params }: ListMyClaimsInput,
  ctx: ValidatorWorkContext,
): Promise<ListMyClaimsResult> {
  const r = await liveClaims(ctx.sql, params.projectId, ctx.validator.userId);
  if ('refused' in r) throw notAssigned(params.projectId);
  const shown = await datasetPresentationOf(ctx.sql, params.projectId);
  return {
    status: 200,
    body: { data: await Promise.all(r.claims.map((c) => claimBody(ctx, params.projectId, shown, c))) },
  };
}

/** A claim as the contract shows it; a file is shown from object storage directly, by a presigned GET of its key. */
async function claimBody(
  ctx: ValidatorWorkContext,
  projectId: string,
  { format, markdownFields }: { format: components['schemas']['SpecDatasetFormat']; markdownFields: string[] },
  c: Claim,
): Promise<components['schemas']['Claim']> {
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
    slotId: c.slotId,
    projectId,
    datapointId: c.datapointId,
    content: c.content,
    instructions: c.instructions,
    fieldOrder: c.fieldOrder,
    keyOrder: c.keyOrder,
    markdownFields,
    claimedAt: c.claimedAt.toISOString(),
    expiresAt: c.expiresAt.toISOString(),
    remainingSeconds: Math.max(0, Math.round((c.expiresAt.getTime() - Date.now()) / 1000)),
    format,
    file,
  };
}

const claimNotFound = (slotId: string) =>
  new ApiError('claim_not_found', `You hold no claim on slot ${slotId}.`, 'slotId');

export async function releaseClaim(
  { params }: ReleaseClaimInput,
  ctx: ValidatorWorkContext,
): Promise<ReleaseClaimResult> {
  if (!(await release(ctx.sql, params.slotId, ctx.validator.userId))) throw claimNotFound(params.slotId);
  return { status: 204, body: undefined };
}

export async function skipClaim({ params, body }: SkipClaimInput, ctx: ValidatorWorkContext): Promise<SkipClaimResult> {
  const reason = body?.reason?.trim() || null;
  if (!(await skip(ctx.sql, params.slotId, ctx.validator.userId, reason))) throw claimNotFound(params.slotId);
  return { status: 204, body: undefined };
}

export async function extendClaim({ params }: ExtendClaimInput, ctx: ValidatorWorkContext): Promise<ExtendClaimResult> {
  const r = await extend(ctx.sql, params.slotId, ctx.validator.userId);
  if ('refused' in r) throw r.refused === 'claim_not_found' ? claimNotFound(params.slotId) : new ApiError(r.refused);
  return {
    status: 200,
    body: {
      slotId: params.slotId,
      expiresAt: r.extended.expiresAt.toISOString(),
      remainingSeconds: r.extended.remainingSeconds,
    },
  };
}

export async function changeVote(
  { params, body }: ChangeVoteInput,
  ctx: ValidatorWorkContext,
): Promise<ChangeVoteResult> {
  const r = await change(ctx.sql, {
    slotId: params.slotId,
    userId: ctx.validator.userId,
    rating: body.rating,
    comment: body.comment ?? null,
  });
  if ('refused' in r)
    throw r.refused === 'claim_not_found'
      ? new ApiError('claim_not_found', `You cast no vote on slot ${params.slotId}.`, 'slotId')
      : new ApiError(r.refused);
  return {
    status: 200,
    body: {
      slotId: params.slotId,
      datapointId: r.changed.datapointId,
      rating: r.changed.rating,
      previousRating: r.changed.previousRating,
      changedAt: r.changed.changedAt.toISOString(),
    },
  };
}

export async function listMyVotes(
  { params, query }: ListMyVotesInput,
  ctx: ValidatorWorkContext,
): Promise<ListMyVotesResult> {
  const r = await recentVotes(ctx.sql, params.projectId, ctx.validator.userId, query.limit ?? 10);
  if ('refused' in r) throw notAssigned(params.projectId);
  return {
    status: 200,
    body: {
      data: r.votes.map((v) => ({
        slotId: v.slotId,
        datapointId: v.datapointId,
        rating: v.rating,
        comment: v.comment,
        createdAt: v.createdAt.toISOString(),
        changedAt: v.changedAt?.toISOString() ?? null,
        changeableUntil: v.changeableUntil?.toISOString() ?? null,
        content: v.content,
      })),
    },
  };
}

/** The provenance refusals: which field they are about, and why (docs/quality.md, "AI validators"). */
const PROVENANCE_REFUSALS = {
  provenance_required: {
    param: 'provenance',
    message: 'Your class on this project is an AI class: send provenance with the vote.',
  },
  provenance_model_mismatch: {
    param: 'provenance.model',
    message: "provenance.model is neither the class's declared model nor a refinement of it.",
  },
  provenance_not_accepted: {
    param: 'provenance',
    message: 'Provenance describes an AI vote; your class on this project is not an AI class.',
  },
} as const;

export async function submitVote(
  { params, body }: SubmitVoteInput,
  ctx: ValidatorWorkContext,
): Promise<SubmitVoteResult> {
  const r = await voteOnClaim(ctx.sql, {
    slotId: params.slotId,
    userId: ctx.validator.userId,
    rating: body.rating,
    comment: body.comment ?? null,
    provenance: body.provenance ?? null,
  });
  if ('refused' in r) {
    if (r.refused === 'claim_not_found') throw claimNotFound(params.slotId);
    const provenance = PROVENANCE_REFUSALS[r.refused as keyof typeof PROVENANCE_REFUSALS];
    if (provenance) throw new ApiError(r.refused, provenance.message, provenance.param);
    throw new ApiError(r.refused);
  }
  return {
    status: 200,
    body: {
      slotId: params.slotId,
      datapointId: r.datapointId,
      weight: r.weight,
      classId: r.classId,
      outcome: r.recorded.kind,
      shadow: r.ai?.shadow ?? false,
      configurationHash: r.ai?.configHash ?? null,
    },
  };
}

export async function getMyStanding(
  { params }: GetMyStandingInput,
  ctx: ValidatorWorkContext,
): Promise<GetMyStandingResult> {
  const mine = await myProjects(ctx.sql, ctx.validator.userId);
  if (!mine.some((p) => p.id === params.projectId))
    throw new ApiError(
      'project_not_found',
      `No project ${params.projectId} among the projects you are assigned to.`,
      'projectId',
    );
  // Without gold figures: nothing a validator receives may tell gold items apart (docs/quality.md).
  return {
    status: 200,
    body: { projectId: params.projectId, ...(await myStanding(ctx.sql, params.projectId, ctx.validator.userId)) },
  };
}
