// Validator pauses (docs/quality.md): a validator whose error on a project's gold items is
// confidently above the project's threshold is paused on that project. The pause is written in
// the transaction of the vote that triggered it (src/lifecycle/gold.ts); the originator lifts it.
import type { Db, Fragment, TxSql } from './client.ts';
import { uuidv7 } from '../domain/uuidv7.ts';

export interface PauseRow {
  id: string;
  project_id: string;
  user_id: string;
  reason: 'gold_error';
  gold_votes: number;
  mean_absolute_error: number;
  lower_bound: number;
  threshold: number;
  paused_at: Date;
}

const COLUMNS = (sql: Db) =>
  sql`id, project_id, user_id, reason, gold_votes, mean_absolute_error, lower_bound, threshold, paused_at`;

/** Whether the validator is paused on the project now, as a boolean SQL expression. */
export const validatorPaused = (sql: Db, projectId: Fragment | string, userId: string): Fragment =>
  sql`exists (select 1 from validator_pauses vp
    where vp.project_id = ${projectId} and vp.user_id = ${userId} and vp.lifted_at is null)`;

/** The live pauses of a project's validators (all of them, or `userIds`), by user id. */
export async function livePauses(sql: Db, projectId: string, userIds?: string[]): Promise<Map<string, PauseRow>> {
  const rows = await sql<PauseRow[]>`
    select ${COLUMNS(sql)} from validator_pauses
    where project_id = ${projectId} and lifted_at is null
      ${userIds ? sql`and user_id = any(${userIds}::uuid[])` : sql``}`;
  return new Map(rows.map((r) => [r.user_id, r]));
}

/** When the validator's last pause on the project was lifted: the pause rule looks at gold votes after it. */
export async function lastLift(sql: Db, projectId: string, userId: string): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>`
    select max(lifted_at) as at from validator_pauses where project_id = ${projectId} and user_id = ${userId}`;
  return row?.at ?? null;
}

/**
 * Pauses the validator on the project; undefined when a pause is live already (two votes of the
 * validator deciding at once write one pause: the live pause is unique).
 */
export async function insertPause(
  tx: TxSql,
  p: {
    projectId: string;
    userId: string;
    goldVotes: number;
    meanAbsoluteError: number;
    lowerBound: number;
    threshold: number;
  },
): Promise<PauseRow | undefined> {
  const [row] = await tx<PauseRow[]>`
    insert into validator_pauses
      (id, org_id, project_id, user_id, reason, gold_votes, mean_absolute_error, lower_bound, threshold)
    select ${uuidv7()}, p.org_id, p.id, ${p.userId}, 'gold_error', ${p.goldVotes}, ${p.meanAbsoluteError},
      ${p.lowerBound}, ${p.threshold}
    from projects p where p.id = ${p.projectId}
    on conflict (project_id, user_id) where lifted_at is null do nothing
    returning ${COLUMNS(tx)}`;
  return row;
}

/** Lifts the validator's live pause on the project, if any; true when one was lifted. */
export async function liftPause(sql: Db, projectId: string, userId: string, liftedBy: string | null): Promise<boolean> {
  const rows = await sql`
    update validator_pauses set lifted_at = now(), lifted_by = ${liftedBy}
    where project_id = ${projectId} and user_id = ${userId} and lifted_at is null
    returning id`;
  return rows.length > 0;
}
