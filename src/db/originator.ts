// The originator's view through a browser session: projects of the organizations where the
// signed-in person is an originator. Membership is checked in every query, so a project of any
// other organization (or of one where the person is only a validator) is simply not found.
import type { Sql } from './client.ts';
import type { ProjectRow } from './projects.ts';
import { keysetPage, type Page, type PageRequest } from './pagination.ts';
import type { RunRow } from './uploads.ts';

export interface OriginatorProjectRow extends ProjectRow {
  org_id: string;
  org_code: string;
  org_name: string;
  datapoints: number;
  decisions: number;
  contested: number;
}

const columns = (sql: Sql) => sql`
  p.*, o.code as org_code, o.name as org_name,
  coalesce(s.datapoints, 0)::int as datapoints, coalesce(s.decisions, 0)::int as decisions,
  coalesce(s.contested, 0)::int as contested`;

/**
 * A page of the projects of the organizations where the person is an originator, newest first; `q` filters on the name.
 */
export async function originatorProjects(
  sql: Sql,
  userId: string,
  q: string | undefined,
  page: PageRequest,
): Promise<Page<OriginatorProjectRow>> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return keysetPage<OriginatorProjectRow>(
    sql,
    sql`
      select ${columns(sql)}
      from memberships m
      join organizations o on o.id = m.org_id
      join projects p on p.org_id = m.org_id
      left join project_data_state s on s.project_id = p.id
      where m.user_id = ${userId} and m.is_originator ${pattern ? sql`and p.name ilike ${pattern}` : sql``}`,
    'created_at',
    page,
  );
}

export async function originatorProject(
  sql: Sql,
  userId: string,
  projectId: string,
): Promise<OriginatorProjectRow | undefined> {
  const [row] = await sql<OriginatorProjectRow[]>`
    select ${columns(sql)}
    from projects p
    join memberships m on m.org_id = p.org_id and m.user_id = ${userId} and m.is_originator
    join organizations o on o.id = p.org_id
    left join project_data_state s on s.project_id = p.id
    where p.id = ${projectId}`;
  return row;
}

/** The means a Proof Report states: over the project's decisions (null without any). */
export async function headlineOf(
  sql: Sql,
  projectId: string,
): Promise<{ mean: number | null; strength: number | null }> {
  const [r] = await sql<{ mean: number | null; strength: number | null }[]>`
    select avg(quality_rating_mean)::float8 as mean, avg(consensus_strength)::float8 as strength
    from consensus_decisions where project_id = ${projectId}`;
  return r!;
}

/** The project's latest ingest runs, newest first (through the sessions' project index). */
export async function latestRuns(sql: Sql, projectId: string, limit = 20): Promise<RunRow[]> {
  return sql<RunRow[]>`
    select r.* from upload_sessions s join ingest_runs r on r.session_id = s.id
    where s.project_id = ${projectId}
    order by r.started_at desc, r.id desc
    limit ${limit}`;
}

export interface OriginatorDatapointRow {
  id: string;
  source_file: string;
  source_row: number;
  created_at: Date;
  content: unknown;
  /** datapoints.content_key_order: the source's key order where jsonb loses it. */
  key_order: string[][] | null;
  votes: number;
  skips: number;
  decision_id: string | null;
  mean: number | null;
  median: number | null;
  strength: number | null;
  contested: boolean | null;
}

export interface DatapointFilters {
  status?: 'pending' | 'terminal';
  contested?: boolean;
  minRating?: number;
  maxRating?: number;
  /** A voter key (votes.voter): a user id, or `synthetic:<n>`. */
  validator?: string;
}

const datapointColumns = (sql: Sql) => sql`
  d.id, d.source_file, d.source_row, d.created_at, d.content, d.content_key_order as key_order,
  (select count(*) from votes v where v.datapoint_id = d.id)::int as votes,
  (select count(*) from claim_skips k where k.datapoint_id = d.id)::int as skips,
  c.id as decision_id, c.quality_rating_mean as mean, c.quality_rating_median as median,
  c.consensus_strength as strength, c.contested`;

/** A page of a project's datapoints, newest first, with their decision; the caller has checked the project. */
export async function originatorDatapoints(
  sql: Sql,
  projectId: string,
  f: DatapointFilters,
  page: PageRequest,
): Promise<Page<OriginatorDatapointRow>> {
  const decided =
    f.status === 'terminal' || f.contested !== undefined || f.minRating !== undefined || f.maxRating !== undefined;
  return keysetPage<OriginatorDatapointRow>(
    sql,
    sql`
      select ${datapointColumns(sql)}
      from datapoints d left join consensus_decisions c on c.datapoint_id = d.id
      where d.project_id = ${projectId}
        ${f.status === 'pending' ? sql`and c.id is null` : decided ? sql`and c.id is not null` : sql``}
        ${f.contested !== undefined ? sql`and c.contested = ${f.contested}` : sql``}
        ${f.minRating !== undefined ? sql`and c.quality_rating_mean >= ${f.minRating}` : sql``}
        ${f.maxRating !== undefined ? sql`and c.quality_rating_mean <= ${f.maxRating}` : sql``}
        ${
          f.validator !== undefined
            ? sql`and exists (select 1 from votes v where v.datapoint_id = d.id and v.voter =
          ${f.validator})`
            : sql``
        }`,
    'created_at',
    page,
  );
}

export async function originatorDatapoint(
  sql: Sql,
  projectId: string,
  datapointId: string,
): Promise<OriginatorDatapointRow | undefined> {
  const [row] = await sql<OriginatorDatapointRow[]>`
    select ${datapointColumns(sql)}
    from datapoints d left join consensus_decisions c on c.datapoint_id = d.id
    where d.project_id = ${projectId} and d.id = ${datapointId}`;
  return row;
}

/** Every vote of a datapoint, oldest first, labelled as the project's agreement figures label validators. */
export async function datapointVotes(sql: Sql, datapointId: string) {
  return sql<
    {
      validator: string;
      /** The vote's voter key, which the project's pseudonym is made from (as in its Proof Report). */
      voter: string;
      class_id: string | null;
      rating: number;
      weight: number;
      synthetic: boolean;
      created_at: Date;
      changed: boolean;
    }[]
  >`
    select v.voter,
      case when v.synthetic then 'Auto Consensus voter ' || split_part(v.voter, ':', 2)
        else coalesce(u.email, v.voter) end as validator,
      -- An AI vote cast in shadow counts with weight 0 (docs/quality.md, "AI validators").
      v.class_id, v.rating, case when v.shadow then 0 else v.weight end as weight, v.synthetic, v.created_at,
      exists (select 1 from vote_changes c where c.vote_id = v.id) as changed
    from votes v left join users u on u.id = v.user_id
    where v.datapoint_id = ${datapointId}
    order by v.created_at, v.id`;
}

/** The skips of a datapoint with their reasons, oldest first. */
export async function datapointSkips(sql: Sql, datapointId: string) {
  return sql<{ validator: string; reason: string | null; created_at: Date }[]>`
    select coalesce(u.email, k.user_id::text) as validator, k.reason, k.created_at
    from claim_skips k left join users u on u.id = k.user_id
    where k.datapoint_id = ${datapointId}
    order by k.created_at`;
}
