// AI validators: creating one (its user, membership, assignments with AI class grants and first
// key, in one transaction), issuing its keys, and the one rule about its classes: an AI validator
// holds an AI class (`type: ai`) on every project it is assigned to, so its votes always count as
// its class says and never as an unclassed person's. The REST/MCP handlers and the admin CLI both
// come here.
import type { Sql, TxSql } from '../db/client.ts';
import * as db from '../db/ai-validators.ts';
import { assign, grantClass, projectsInOrg } from '../db/people.ts';
import { ApiError, errors } from '../errors.ts';
import { hashToken, newAiValidatorKey } from '../validator/tokens.ts';

export interface ProjectClass {
  id: string;
  classId?: string;
}

/**
 * When `userId` is an AI validator of the organization: every project item names a class its
 * spec declares (`class_not_in_spec`) of type ai (`ai_class_required`, also when none is named).
 * Nothing to check for a person. `param(i)` names the item's classId field.
 */
export async function requireAiClasses(
  sql: Sql | TxSql,
  orgId: string,
  userId: string,
  items: ProjectClass[],
  param: (i: number) => string,
): Promise<void> {
  if (!(await db.findAiValidator(sql, orgId, userId))) return;
  const types = await db.classTypes(
    sql,
    items.flatMap((p) => (p.classId === undefined ? [] : [{ projectId: p.id, classId: p.classId }])),
  );
  for (const [i, p] of items.entries()) {
    const type = p.classId === undefined ? undefined : types.get(`${p.id}/${p.classId}`);
    if (p.classId !== undefined && type === undefined) throw errors.classNotInSpec(p.classId, param(i), p.id);
    if (type !== 'ai')
      throw new ApiError(
        'ai_class_required',
        `An AI validator holds an AI class (type ai) on every project it is assigned to; ` +
          (p.classId === undefined ? `name one for project ${p.id}.` : `${p.classId} is a human class.`),
        param(i),
      );
  }
}

/** Whether the user is an AI validator of the organization (whose class cannot simply be revoked). */
export async function isAiValidator(sql: Sql | TxSql, orgId: string, userId: string): Promise<boolean> {
  return (await db.findAiValidator(sql, orgId, userId)) !== undefined;
}

export interface IssuedKey {
  row: db.AiKeyRow;
  /** The key in clear: returned this once, never stored. */
  key: string;
}

async function issue(
  sql: Sql | TxSql,
  k: { orgId: string; validatorId: string; name: string; createdBy: string | null },
): Promise<IssuedKey> {
  const key = newAiValidatorKey();
  const row = await db.insertAiKey(sql, { ...k, keyHash: hashToken(key), last4: key.slice(-4) });
  return { row, key };
}

/** A new key for an AI validator of the organization; `validator_not_found` otherwise. */
export async function issueAiKey(
  sql: Sql,
  k: { orgId: string; validatorId: string; name: string; createdBy: string | null },
): Promise<IssuedKey> {
  if (!(await db.findAiValidator(sql, k.orgId, k.validatorId))) throw aiValidatorNotFound(k.validatorId);
  return issue(sql, k);
}

export const aiValidatorNotFound = (validatorId: string): ApiError =>
  new ApiError('validator_not_found', `No AI validator ${validatorId} in this organization.`, 'validatorId');

/**
 * Creates the AI validator: every check (projects of the organization, AI classes their specs
 * declare) before the first write, all in one transaction.
 */
export async function createAiValidator(
  sql: Sql,
  v: { orgId: string; createdBy: string | null; name: string; projects: { id: string; classId: string }[] },
): Promise<{ validator: db.AiValidatorRow; issued: IssuedKey }> {
  return sql.begin(async (tx) => {
    const found = await projectsInOrg(tx, v.orgId, [...new Set(v.projects.map((p) => p.id))]);
    const missing = v.projects.findIndex((p) => !found.has(p.id));
    if (missing >= 0) throw errors.projectNotFound(v.projects[missing]!.id, `projects[${missing}].id`);
    const validator = await db.insertAiValidator(tx, { orgId: v.orgId, name: v.name, createdBy: v.createdBy });
    await requireAiClasses(tx, v.orgId, validator.user_id, v.projects, (i) => `projects[${i}].classId`);
    const note = `AI validator "${v.name}", created with this class.`;
    for (const p of v.projects) {
      await assign(tx, v.orgId, p.id, validator.user_id);
      await grantClass(tx, p.id, validator.user_id, p.classId, note);
    }
    const issued = await issue(tx, {
      orgId: v.orgId,
      validatorId: validator.user_id,
      name: '',
      createdBy: v.createdBy,
    });
    return { validator, issued };
  });
}
