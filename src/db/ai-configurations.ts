// AI configurations and what their calibration is computed from (docs/quality.md, "AI
// validators"). The lifecycle registers configurations and activates them
// (src/lifecycle/calibration.ts); the quality cards and the Proof Report read them here. The
// project has been checked to be the caller organization's by the handler (or the job's).
import type { Db } from './client.ts';
import { projectSpec } from './projects.ts';
import type { AiConfiguration, AltTestItem } from '../domain/calibration.ts';

export interface AiConfigurationRow {
  class_id: string;
  config_hash: string;
  configuration: AiConfiguration;
  first_vote_at: Date;
  activated_at: Date | null;
  items_at_check: number;
  votes: number;
}

/** The project's AI configurations with their vote counts, by class then first vote. */
export function aiConfigurations(sql: Db, projectId: string): Promise<AiConfigurationRow[]> {
  return sql<AiConfigurationRow[]>`
    select c.class_id, c.config_hash, c.configuration, c.first_vote_at, c.activated_at, c.items_at_check,
      (select count(*) from votes v where v.project_id = c.project_id and v.class_id = c.class_id
        and v.ai_config = c.config_hash)::float8 as votes
    from ai_configurations c
    where c.project_id = ${projectId}
    order by c.class_id, c.first_vote_at, c.config_hash`;
}

/**
 * A person's vote: not an AI vote and not Auto Consensus's. The human reference of a decided
 * datapoint is the mean of its people's votes.
 */
const itemsOf = (sql: Db, projectId: string, classId: string, hash: string) => sql`
  from votes v join datapoints d on d.id = v.datapoint_id
  where v.project_id = ${projectId} and v.class_id = ${classId} and v.ai_config = ${hash}
    and (d.gold_rating is not null or (exists (select 1 from consensus_decisions c where c.datapoint_id = d.id)
      and exists (select 1 from votes h where h.datapoint_id = d.id and h.ai_config is null and not h.synthetic)))`;

/** How many calibration items the configuration has: gold items and decided datapoints people rated. */
export async function calibrationItemCount(sql: Db, projectId: string, classId: string, hash: string) {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::float8 as n ${itemsOf(sql, projectId, classId, hash)}`;
  return n;
}

/** The configuration's ratings with their human reference (a gold item's expected rating, or the people's mean). */
export function calibrationPairs(
  sql: Db,
  projectId: string,
  classId: string,
  hash: string,
): Promise<{ rating: number; reference: number }[]> {
  return sql<{ rating: number; reference: number }[]>`
    select v.rating, coalesce(d.gold_rating, (select avg(h.rating) from votes h where h.datapoint_id = d.id
      and h.ai_config is null and not h.synthetic))::float8 as reference
    ${itemsOf(sql, projectId, classId, hash)}
    order by v.datapoint_id`;
}

/** Per decided datapoint with an AI vote: the AI votes' and all votes' decision weight. */
export function aiWeightShares(sql: Db, projectId: string): Promise<{ ai: number; total: number }[]> {
  return sql<{ ai: number; total: number }[]>`
    select sum(coalesce(v.decision_weight, v.weight)) filter (where v.ai_config is not null)::float8 as ai,
      sum(coalesce(v.decision_weight, v.weight))::float8 as total
    from votes v join consensus_decisions c on c.datapoint_id = v.datapoint_id
    where v.project_id = ${projectId} and c.project_id = ${projectId}
    group by v.datapoint_id
    order by v.datapoint_id`;
}

export interface AiValidatorRow {
  user_id: string;
  declared_model: string;
  config_hash: string | null;
  served_model: string | null;
  active: boolean | null;
}

/** The project's validators holding an AI class now, with the configuration of their latest vote. */
export function aiValidators(sql: Db, projectId: string): Promise<AiValidatorRow[]> {
  return sql<AiValidatorRow[]>`
    select g.user_id, c.model as declared_model, lv.config_hash, lv.served_model, lv.active
    from class_grants g join validator_classes c on c.project_id = g.project_id and c.class_id = g.class_id
    left join lateral (
      select v.ai_config as config_hash, a.configuration ->> 'model' as served_model,
        a.activated_at is not null as active
      from votes v join ai_configurations a on a.project_id = v.project_id and a.class_id = v.class_id
        and a.config_hash = v.ai_config
      where v.project_id = g.project_id and v.user_id = g.user_id
      order by v.created_at desc, v.id desc
      limit 1
    ) lv on true
    where g.project_id = ${projectId} and g.revoked_at is null and c.type = 'ai'
    order by g.user_id`;
}

/** The project's spec `calibration` block as stored (null without one; defaults at use). */
export async function calibrationBlock(sql: Db, projectId: string): Promise<unknown> {
  const [row] = await sql<{ calibration: unknown }[]>`
    select (select s.compiled -> 'calibration' from ${projectSpec(sql, sql`p.id`)} s) as calibration
    from projects p where p.id = ${projectId}`;
  return row?.calibration ?? null;
}

/**
 * The configuration's decided datapoints that at least two people rated, with its rating and the
 * people's (what the alt-test compares), by datapoint then voter.
 */
export async function altTestItems(sql: Db, projectId: string, classId: string, hash: string): Promise<AltTestItem[]> {
  const rows = await sql<{ datapoint_id: string; ai: number; rater: string; rating: number }[]>`
    select v.datapoint_id, v.rating as ai, h.voter as rater, h.rating
    from votes v
    join consensus_decisions c on c.datapoint_id = v.datapoint_id
    join votes h on h.datapoint_id = v.datapoint_id and h.ai_config is null and not h.synthetic
    where v.project_id = ${projectId} and v.class_id = ${classId} and v.ai_config = ${hash}
      and (select count(*) from votes p where p.datapoint_id = v.datapoint_id and p.ai_config is null
        and not p.synthetic) >= 2
    order by v.datapoint_id, h.voter`;
  const items = new Map<string, { ai: number; people: { rater: string; rating: number }[] }>();
  for (const r of rows) {
    const it = items.get(r.datapoint_id) ?? { ai: r.ai, people: [] };
    it.people.push({ rater: r.rater, rating: r.rating });
    items.set(r.datapoint_id, it);
  }
  return [...items.values()];
}
