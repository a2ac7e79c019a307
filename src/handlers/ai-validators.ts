// AI validators (developer API, originators): create one with its first key, read it with its
// keys, issue another key, revoke one. The keys themselves are shown once, at issue; only their
// SHA-256 is stored (services/ai-validators.ts). Everything is scoped to the caller's organization:
// another organization's validator or key is not found.
import type {
  CreateAiValidatorInput,
  CreateAiValidatorKeyInput,
  CreateAiValidatorKeyResult,
  CreateAiValidatorResult,
  GetAiValidatorInput,
  GetAiValidatorResult,
  RevokeAiValidatorKeyInput,
  RevokeAiValidatorKeyResult,
} from '../generated/handlers.ts';
import type { components } from '../generated/openapi-types.ts';
import type { RequestContext } from '../context.ts';
import type { Sql } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import * as db from '../db/ai-validators.ts';
import {
  aiValidatorNotFound,
  createAiValidator as create,
  issueAiKey,
  type IssuedKey,
} from '../services/ai-validators.ts';

type AiValidator = components['schemas']['AiValidator'];
type AiValidatorKey = components['schemas']['AiValidatorKey'];

const NO_STORE = { 'Cache-Control': 'no-store' };

const keyOf = (k: db.AiKeyRow): AiValidatorKey => ({
  id: k.id,
  name: k.name,
  last4: k.key_last4,
  createdAt: k.created_at.toISOString(),
  lastUsedAt: k.last_used_at?.toISOString() ?? null,
  revokedAt: k.revoked_at?.toISOString() ?? null,
});

const issuedOf = ({ row, key }: IssuedKey): components['schemas']['AiValidatorKeyWithSecret'] => ({
  id: row.id,
  name: row.name,
  last4: row.key_last4,
  createdAt: row.created_at.toISOString(),
  key,
});

async function validatorOf(sql: Sql, orgId: string, v: db.AiValidatorRow): Promise<AiValidator> {
  const [projects, keys] = await Promise.all([
    db.aiValidatorProjects(sql, orgId, v.user_id),
    db.listAiKeys(sql, orgId, v.user_id),
  ]);
  return {
    validatorId: v.user_id,
    name: v.name,
    createdAt: v.created_at.toISOString(),
    projects: projects.map((p) => ({
      projectId: p.project_id,
      classId: p.class_id,
      assignedAt: p.assigned_at.toISOString(),
    })),
    keys: keys.map(keyOf),
  };
}

export async function createAiValidator(
  { body }: CreateAiValidatorInput,
  ctx: RequestContext,
): Promise<CreateAiValidatorResult> {
  const { validator, issued } = await create(ctx.sql, {
    orgId: ctx.auth.orgId,
    createdBy: ctx.auth.userId,
    name: body.name,
    projects: body.projects,
  });
  return {
    status: 201,
    headers: NO_STORE,
    body: { validator: await validatorOf(ctx.sql, ctx.auth.orgId, validator), key: issuedOf(issued) },
  };
}

export async function getAiValidator(
  { params }: GetAiValidatorInput,
  ctx: RequestContext,
): Promise<GetAiValidatorResult> {
  const v = await db.findAiValidator(ctx.sql, ctx.auth.orgId, params.validatorId);
  if (!v) throw aiValidatorNotFound(params.validatorId);
  return { status: 200, body: await validatorOf(ctx.sql, ctx.auth.orgId, v) };
}

export async function createAiValidatorKey(
  { params, body }: CreateAiValidatorKeyInput,
  ctx: RequestContext,
): Promise<CreateAiValidatorKeyResult> {
  const issued = await issueAiKey(ctx.sql, {
    orgId: ctx.auth.orgId,
    validatorId: params.validatorId,
    name: body.name,
    createdBy: ctx.auth.userId,
  });
  return { status: 201, headers: NO_STORE, body: issuedOf(issued) };
}

export async function revokeAiValidatorKey(
  { params }: RevokeAiValidatorKeyInput,
  ctx: RequestContext,
): Promise<RevokeAiValidatorKeyResult> {
  if (!(await db.findAiValidator(ctx.sql, ctx.auth.orgId, params.validatorId)))
    throw aiValidatorNotFound(params.validatorId);
  const row = await db.revokeAiKey(ctx.sql, ctx.auth.orgId, params.validatorId, params.keyId);
  if (!row)
    throw new ApiError(
      'ai_validator_key_not_found',
      `AI validator ${params.validatorId} has no key ${params.keyId}.`,
      'keyId',
    );
  return { status: 200, body: keyOf(row) };
}
