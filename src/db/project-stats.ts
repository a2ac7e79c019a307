// The figures behind the charts of a project (web app and report exports): distributions of the
// finalized datapoints' consensus rating and strength, agreement of votes with the consensus per
// class and per validator, and finalized datapoints over time. Every query reads one project's
// decisions through consensus_decisions_project_idx and their votes through the votes'
// (datapoint_id, voter) key. The bins are those of domain/distributions.ts.
import type { Db, Sql } from './client.ts';
import { AGREEMENT_POINTS, type Distributions } from '../domain/distributions.ts';

export async function distributionsOf(sql: Db, projectId: string): Promise<Distributions> {
  const rows = await sql<{ kind: 'rating' | 'strength'; bin: number; n: number }[]>`
    select 'rating' as kind, least(floor(quality_rating_mean / 10), 9)::int as bin, count(*)::int as n
    from consensus_decisions where project_id = ${projectId} group by 2
    union all
    select 'strength', least(floor(consensus_strength * 10), 9)::int, count(*)::int
    from consensus_decisions where project_id = ${projectId} group by 2`;
  const ratingHistogram = Array<number>(10).fill(0);
  const strengthHistogram = Array<number>(10).fill(0);
  for (const r of rows) (r.kind === 'rating' ? ratingHistogram : strengthHistogram)[r.bin] = r.n;
  return { ratingHistogram, strengthHistogram };
}

export interface AgreementRow {
  key: string | null;
  label: string;
  synthetic: boolean;
  votes: number;
  agreeing: number;
  meanAbsoluteDifference: number;
}

/**
 * The votes on the project's finalized datapoints with whether each agrees with its consensus
 * (within AGREEMENT_POINTS) and by how much it differs: the one spelling of "agreement" for both
 * breakdowns below. `v` is the vote, `c` its datapoint's decision.
 */
const agreementOfVotes = (sql: Sql, projectId: string) => sql`
  count(*) filter (where abs(v.rating - c.quality_rating_mean) <= ${AGREEMENT_POINTS})::int as agreeing,
  avg(abs(v.rating - c.quality_rating_mean))::float8 as mad
  from consensus_decisions c join votes v on v.datapoint_id = c.datapoint_id
  where c.project_id = ${projectId}`;

/** Per validator class (and Auto Consensus apart), over the project's finalized datapoints. */
export async function classAgreementOf(sql: Sql, projectId: string): Promise<AgreementRow[]> {
  return sql<AgreementRow[]>`
    select a.key, case when a.synthetic then 'Auto Consensus' else coalesce(vc.label, 'No class') end as label,
      a.synthetic, a.votes, a.agreeing, a.mad as "meanAbsoluteDifference"
    from (
      select v.class_id as key, v.synthetic, count(*)::int as votes,
        ${agreementOfVotes(sql, projectId)}
      group by v.class_id, v.synthetic
    ) a
    left join validator_classes vc on vc.project_id = ${projectId} and vc.class_id = a.key
    order by a.synthetic, vc.position nulls last, a.key`;
}

/** Per validator, most votes first (at most `limit`); people by email, Auto Consensus voters by number. */
export async function validatorAgreementOf(sql: Sql, projectId: string, limit = 50): Promise<AgreementRow[]> {
  return sql<AgreementRow[]>`
    select a.voter as key,
      case when a.synthetic then 'Auto Consensus voter ' || split_part(a.voter, ':', 2) else coalesce(u.email, a.voter)
      end as label,
      a.synthetic, a.votes, a.agreeing, a.mad as "meanAbsoluteDifference"
    from (
      select v.voter, v.synthetic, min(v.user_id::text)::uuid as user_id, count(*)::int as votes,
        ${agreementOfVotes(sql, projectId)}
      group by v.voter, v.synthetic
    ) a
    left join users u on u.id = a.user_id
    order by a.votes desc, a.voter
    limit ${limit}`;
}

/** Bucket widths for the progress chart, the first that gives at most MAX_BUCKETS buckets. */
const STEPS_SECONDS = [
  1,
  5,
  15,
  60,
  300,
  900,
  3600,
  3 * 3600,
  6 * 3600,
  12 * 3600,
  86400,
  7 * 86400,
  30 * 86400,
  365 * 86400,
];
const MAX_BUCKETS = 48;

/**
 * Finalized datapoints over time, cumulative: a point at the project's creation (0), one at the
 * end of each bucket up to now, and one at `now` (equal to the finalized count).
 */
export async function progressOf(
  sql: Sql,
  projectId: string,
  since: Date,
): Promise<{ at: string; finalized: number }[]> {
  const [{ now }] = await sql<{ now: Date }[]>`select now()`;
  const span = Math.max(1, (now.getTime() - since.getTime()) / 1000);
  const step = STEPS_SECONDS.find((s) => span / s <= MAX_BUCKETS) ?? STEPS_SECONDS.at(-1)!;
  const rows = await sql<{ bucket: number; n: number }[]>`
    select floor(extract(epoch from (decided_at - ${since}::timestamptz)) / ${step})::int as bucket, count(*)::int as n
    from consensus_decisions where project_id = ${projectId}
    group by 1 order by 1`;
  const byBucket = new Map(rows.map((r) => [r.bucket, r.n]));
  const points = [{ at: since.toISOString(), finalized: 0 }];
  let total = 0;
  for (let b = 0; ; b++) {
    const end = new Date(since.getTime() + (b + 1) * step * 1000);
    if (end >= now) break;
    total += byBucket.get(b) ?? 0;
    points.push({ at: end.toISOString(), finalized: total });
  }
  points.push({ at: now.toISOString(), finalized: rows.reduce((sum, r) => sum + r.n, 0) });
  return points;
}
