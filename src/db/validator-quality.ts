// What gold items and validator quality cards are computed from (docs/quality.md): a project's
// gold items, its validators, and their votes. Reads only; the project has been checked to be
// the caller organization's by the handler.
import type { Db, Sql } from './client.ts';
import { keysetPage, type Page, type PageRequest } from './pagination.ts';
import { projectSpec } from './projects.ts';

export interface GoldItemRow {
  id: string;
  expected_rating: number;
  gold_votes: number;
  mean_absolute_error: number | null;
  created_at: Date;
}

const goldItems = (sql: Db, projectId: string) => sql`
  select d.id, d.gold_rating as expected_rating, d.created_at,
    (select count(*) from votes v where v.datapoint_id = d.id)::int as gold_votes,
    (select avg(abs(v.rating - d.gold_rating)) from votes v where v.datapoint_id = d.id)::float8 as mean_absolute_error
  from datapoints d
  where d.project_id = ${projectId} and d.gold_rating is not null`;

/** A project's gold items, newest first. */
export function listGoldItems(sql: Sql, projectId: string, page: PageRequest): Promise<Page<GoldItemRow>> {
  return keysetPage<GoldItemRow>(sql, goldItems(sql, projectId), 'created_at', page);
}

/** The named gold items of a project, by id. */
export async function goldItemsById(sql: Db, projectId: string, ids: string[]): Promise<Map<string, GoldItemRow>> {
  const rows = await sql<GoldItemRow[]>`${goldItems(sql, projectId)} and d.id = any(${ids}::uuid[])`;
  return new Map(rows.map((r) => [r.id, r]));
}

export interface ValidatorRow {
  user_id: string;
  email: string | null;
  class_id: string | null;
  /** Every vote on the project, gold votes included. */
  votes: number;
  /** Votes on datapoints that are not gold items. */
  consensus_votes: number;
}

/**
 * The project's validators (assigned now, or with a vote on it; `userId` for one), ordered by
 * id, with their vote counts and class. Synthetic voters are not validators.
 */
export async function projectValidators(sql: Db, projectId: string, userId?: string): Promise<ValidatorRow[]> {
  return sql<ValidatorRow[]>`
    with who as (
      select user_id from project_assignments where project_id = ${projectId} and revoked_at is null
      union
      select distinct user_id from votes where project_id = ${projectId} and user_id is not null
    )
    select u.id as user_id, u.email,
      (select g.class_id from class_grants g
       where g.project_id = ${projectId} and g.user_id = u.id and g.revoked_at is null) as class_id,
      coalesce(c.votes, 0)::int as votes, coalesce(c.consensus_votes, 0)::int as consensus_votes
    from who join users u on u.id = who.user_id
    left join lateral (
      select count(*) as votes, count(*) filter (where d.gold_rating is null) as consensus_votes
      from votes v join datapoints d on d.id = v.datapoint_id
      where v.user_id = u.id and v.project_id = ${projectId}
    ) c on true
    ${userId ? sql`where u.id = ${userId}` : sql``}
    order by u.id`;
}

/** Every gold vote of the project (or of one validator) with the item's expected rating. */
export async function goldVotes(
  sql: Db,
  projectId: string,
  userId?: string,
): Promise<{ user_id: string; rating: number; expected: number }[]> {
  return sql`
    select v.user_id, v.rating, d.gold_rating as expected
    from votes v join datapoints d on d.id = v.datapoint_id
    where v.project_id = ${projectId} and d.gold_rating is not null and v.user_id is not null
      ${userId ? sql`and v.user_id = ${userId}` : sql``}
    order by v.created_at, v.id`;
}

/**
 * The votes of the project's terminal datapoints that a validator (or `userId`) rated: what
 * leave-one-out agreement compares. `voter` is the user id, or `synthetic:<n>` for Auto Consensus.
 */
export async function terminalVotes(
  sql: Db,
  projectId: string,
  userId?: string,
): Promise<{ datapoint_id: string; voter: string; user_id: string | null; rating: number }[]> {
  return sql`
    select v.datapoint_id, v.voter, v.user_id, v.rating
    from votes v
    where v.project_id = ${projectId}
      and v.datapoint_id in (
        select o.datapoint_id from votes o join datapoints d on d.id = o.datapoint_id
        where o.project_id = ${projectId} and d.finalized_at is not null
          and ${userId ? sql`o.user_id = ${userId}` : sql`o.user_id is not null`})
    order by v.datapoint_id`;
}

/** The project's compiled spec's `consensus` (method and parameters), null without a spec. */
export async function projectConsensus(sql: Db, projectId: string): Promise<Record<string, unknown> | null> {
  const [row] = await sql<{ consensus: Record<string, unknown> | null }[]>`
    select s.compiled -> 'consensus' as consensus from ${projectSpec(sql, projectId)} s`;
  return row?.consensus ?? null;
}
