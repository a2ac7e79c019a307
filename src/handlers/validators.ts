// The validator roster: list and lookup, a validator's assignments, assign (all-or-nothing, with
// optional class grants) and unassign. Everything is scoped to the key's organization: a user
// outside the roster is validator_not_found whether or not they exist elsewhere.
import type {
  AssignValidatorInput,
  AssignValidatorResult,
  ListValidatorProjectsInput,
  ListValidatorProjectsResult,
  ListValidatorsInput,
  ListValidatorsResult,
  UnassignValidatorInput,
  UnassignValidatorResult,
} from '../generated/handlers.ts';
import type { components } from '../generated/openapi-types.ts';
import type { RequestContext } from '../context.ts';
import type { Sql, TxSql } from '../db/client.ts';
import { ApiError, errors } from '../errors.ts';
import { decodeCursor, mapPage } from '../db/pagination.ts';
import { normalizeEmail } from '../admin/admin.ts';
import * as db from '../db/people.ts';
import { requireAiClasses } from '../services/ai-validators.ts';

type Validator = components['schemas']['Validator'];

function toValidator(row: db.ValidatorRow): Validator {
  return {
    userId: row.id,
    subject: row.subject,
    email: row.email ?? '',
    evmAddress: row.evm_address ?? '',
    isOriginator: row.is_originator,
    // Everyone on the roster is a validator: by the org flag or by a project assignment.
    isValidator: true,
    joinedAt: row.joined_at.toISOString(),
  };
}

/** A validator of the organization's roster, or validator_not_found. */
export async function requireValidator(sql: Sql | TxSql, orgId: string, userId: string): Promise<db.ValidatorRow> {
  const row = await db.findRosterValidator(sql, orgId, { userId });
  if (!row) throw errors.validatorNotFound(userId);
  return row;
}

export async function listValidators(
  { query }: ListValidatorsInput,
  ctx: RequestContext,
): Promise<ListValidatorsResult> {
  const limit = query.limit;
  if (query.email !== undefined) {
    // The cursor is validated in lookup mode too, and has no effect there (docs/decisions.md).
    decodeCursor(query.cursor);
    const row = await db.findRosterValidator(ctx.sql, ctx.auth.orgId, { email: normalizeEmail(query.email) });
    if (!row) throw new ApiError('validator_not_found', 'No validator with that email in this organization.', 'email');
    return { status: 200, body: { validator: toValidator(row), data: null, hasMore: false, nextCursor: null } };
  }
  const page = await db.listRoster(ctx.sql, ctx.auth.orgId, { limit, cursor: query.cursor });
  return { status: 200, body: { validator: null, ...mapPage(page, toValidator) } };
}

export async function listValidatorProjects(
  { params }: ListValidatorProjectsInput,
  ctx: RequestContext,
): Promise<ListValidatorProjectsResult> {
  const rows = await db.listAssignments(ctx.sql, ctx.auth.orgId, params.validatorId);
  return {
    status: 200,
    body: {
      data: rows.map((r) => ({
        assignmentId: r.id,
        projectId: r.project_id,
        projectName: r.project_name,
        assignedAt: r.assigned_at.toISOString(),
      })),
    },
  };
}

/** project_not_found naming the first id of `ids` that is not a project of the organization. */
async function requireProjects(
  sql: Sql | TxSql,
  orgId: string,
  ids: string[],
  param: (i: number) => string,
): Promise<void> {
  const found = await db.projectsInOrg(sql, orgId, ids);
  const i = ids.findIndex((id) => !found.has(id));
  if (i >= 0) throw errors.projectNotFound(ids[i], param(i));
}

export async function assignValidator(
  { params, body }: AssignValidatorInput,
  ctx: RequestContext,
): Promise<AssignValidatorResult> {
  const orgId = ctx.auth.orgId;
  const userId = params.validatorId;
  const counts = await ctx.sql.begin(async (tx) => {
    const onRoster = await db.findRosterValidator(tx, orgId, { userId });
    // autoEnroll promotes an existing member; it never creates a membership or a user.
    const member = !onRoster && body.autoEnroll === true ? await db.getMembership(tx, orgId, userId) : undefined;
    if (!onRoster && !member) throw errors.validatorNotFound(userId);

    // Every check before the first write, so a refused batch writes nothing (and the
    // transaction undoes everything should a write fail).
    await requireProjects(
      tx,
      orgId,
      body.projects.map((p) => p.id),
      (i) => `projects[${i}].id`,
    );
    const wanted = body.projects.flatMap((p) =>
      p.classId !== undefined ? [{ projectId: p.id, classId: p.classId }] : [],
    );
    const declared = await db.declaredClasses(tx, wanted);
    const bad = body.projects.findIndex((p) => p.classId !== undefined && !declared.has(`${p.id}/${p.classId}`));
    if (bad >= 0)
      throw errors.classNotInSpec(body.projects[bad].classId!, `projects[${bad}].classId`, body.projects[bad].id);
    await requireAiClasses(tx, orgId, userId, body.projects, (i) => `projects[${i}].classId`);

    if (member) await db.promoteToValidator(tx, orgId, userId);
    let assigned = 0,
      alreadyAssigned = 0,
      classesGranted = 0;
    for (const p of body.projects) {
      if (await db.assign(tx, orgId, p.id, userId)) assigned++;
      else alreadyAssigned++;
      if (p.classId !== undefined) {
        // dependentRequired in the contract guarantees the note whenever classId is set.
        const { created } = await db.grantClass(tx, p.id, userId, p.classId, p.evidenceNote!);
        if (created) classesGranted++;
      }
    }
    return { assigned, alreadyAssigned, classesGranted };
  });
  return { status: 200, body: counts };
}

export async function unassignValidator(
  { params, body }: UnassignValidatorInput,
  ctx: RequestContext,
): Promise<UnassignValidatorResult> {
  const orgId = ctx.auth.orgId;
  const userId = params.validatorId;
  const projectIds = [...new Set(body.projectIds)];
  await ctx.sql.begin(async (tx) => {
    // Someone unassigned from everything leaves the roster, yet a repeat unassign must still
    // succeed (idempotent): anyone ever assigned in the organization is known here.
    if (!(await db.findRosterValidator(tx, orgId, { userId })) && !(await db.everAssigned(tx, orgId, userId)))
      throw errors.validatorNotFound(userId);
    await requireProjects(tx, orgId, body.projectIds, (i) => `projectIds[${i}]`);
    await db.unassign(tx, orgId, projectIds, userId);
  });
  return { status: 200, body: { unassigned: projectIds.length } };
}
