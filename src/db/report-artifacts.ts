// Report artifacts (contract tag Reports): the exports and Proof Report builds that a job
// produces, keyed by project, format, data state and variant (sql/migrations/..._report_artifacts.sql).
// A request claims the row and enqueues its job in one transaction (src/services/report-artifacts.ts);
// the job marks it ready or failed; the worker's sweep removes superseded artifacts.
import type { Db, Sql, TxSql } from './client.ts';
import type { DataState } from './proof-reports.ts';
import { hasLiveJob } from './jobs.ts';

/** `proof_report`, or one of the eight export formats. */
type ArtifactFormat = string;
type ArtifactStatus = 'preparing' | 'ready' | 'failed' | 'deleting';

interface ArtifactCoverage {
  datapointsFinalized: number;
  datapointsTotal: number;
  partial: boolean;
}

export interface ArtifactRow {
  id: string;
  orgId: string;
  projectId: string;
  format: ArtifactFormat;
  status: ArtifactStatus;
  attempt: number;
  issuer: string;
  s3Key: string | null;
  filename: string | null;
  contentType: string | null;
  coverage: ArtifactCoverage | null;
  reportId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  readyAt: Date | null;
}

/** What a request asks for: the project's data state as it read it, and what else the artifact shows. */
export interface ArtifactKey {
  orgId: string;
  projectId: string;
  format: ArtifactFormat;
  state: DataState;
  /** Hex SHA-256 of the presentation inputs (exports), or '' (Proof Report builds). */
  variant: string;
  /** PUBLIC_BASE_URL of the requesting server: the issuer of a report, the key set's address. */
  issuer: string;
}

const COLUMNS = (sql: Db) => sql`
  id, org_id as "orgId", project_id as "projectId", format, status, attempt, issuer, s3_key as "s3Key", filename,
  content_type as "contentType", coverage, report_id as "reportId", error_code as "errorCode", error_message as
  "errorMessage",
  ready_at as "readyAt"`;

const keyMatches = (sql: Db, key: ArtifactKey) => sql`
  project_id = ${key.projectId} and org_id = ${key.orgId} and format = ${key.format}
  and datapoint_count = ${key.state.datapointCount} and datapoint_max_seq = ${key.state.datapointMaxSeq}
  and decision_count = ${key.state.decisionCount} and decision_max_seq = ${key.state.decisionMaxSeq} and variant =
  ${key.variant}`;

/** The artifact for `key` as it is, without claiming anything (the path of every request after the first). */
export async function findArtifact(sql: Db, key: ArtifactKey): Promise<ArtifactRow | undefined> {
  const [row] = await sql<ArtifactRow[]>`select ${COLUMNS(sql)} from report_artifacts where ${keyMatches(sql, key)}`;
  return row;
}

/**
 * The artifact for `key`, created `preparing` when there is none, or re-armed (`preparing`, next
 * attempt) when the last attempt failed. `start` is true when the caller must enqueue its job, in
 * this same transaction: concurrent requests for the same key meet on the unique index, and only
 * the one whose insert or re-arm succeeded starts a job.
 */
export async function claimArtifact(tx: TxSql, key: ArtifactKey): Promise<{ row: ArtifactRow; start: boolean }> {
  const s = key.state;
  const [created] = await tx<ArtifactRow[]>`
    insert into report_artifacts (org_id, project_id, format, datapoint_count, datapoint_max_seq, decision_count,
    decision_max_seq, variant, issuer)
    values (${key.orgId}, ${key.projectId}, ${key.format}, ${s.datapointCount}, ${s.datapointMaxSeq},
    ${s.decisionCount}, ${s.decisionMaxSeq},
      ${key.variant}, ${key.issuer})
    on conflict (project_id, format, datapoint_count, datapoint_max_seq, decision_count, decision_max_seq, variant) do
    nothing
    returning ${COLUMNS(tx)}`;
  if (created) return { row: created, start: true };
  // The row exists: lock it, so that of two requests finding it failed only one re-arms it.
  const [row] = await tx<
    ArtifactRow[]
  >`select ${COLUMNS(tx)} from report_artifacts where ${keyMatches(tx, key)} for update`;
  if (!row) throw new Error('report artifact vanished between insert and select');
  if (row.status !== 'failed') return { row, start: false };
  const [rearmed] = await tx<ArtifactRow[]>`
    update report_artifacts set status = 'preparing', attempt = attempt + 1, error_code = null, error_message = null,
      issuer = ${key.issuer}, updated_at = clock_timestamp()
    where id = ${row.id} returning ${COLUMNS(tx)}`;
  return { row: rearmed!, start: true };
}

export async function getArtifact(sql: Db, id: string): Promise<ArtifactRow | undefined> {
  const [row] = await sql<ArtifactRow[]>`select ${COLUMNS(sql)} from report_artifacts where id = ${id}`;
  return row;
}

/**
 * The ready artifact, with `served_at` set to now: a URL to it is being handed out, so the sweep
 * keeps its object until that URL has expired. Undefined when it is no longer ready (the sweep
 * took it a moment ago): the caller asks again for a fresh one.
 */
export async function serveArtifact(sql: Db, id: string): Promise<ArtifactRow | undefined> {
  const [row] = await sql<ArtifactRow[]>`
    update report_artifacts set served_at = clock_timestamp() where id = ${id} and status = 'ready' returning
    ${COLUMNS(sql)}`;
  return row;
}

/** What a job produced: an object in the bucket (exports) or a stored Proof Report. */
export type ArtifactOutput =
  | { kind: 'object'; s3Key: string; filename: string; contentType: string; bytes: number; coverage: ArtifactCoverage }
  | { kind: 'report'; reportId: string; coverage: ArtifactCoverage };

/** Marks the attempt ready; false when the row moved on (re-armed, superseded) and the output is not wanted. */
export async function markArtifactReady(sql: Db, id: string, attempt: number, out: ArtifactOutput): Promise<boolean> {
  const o =
    out.kind === 'object'
      ? { s3_key: out.s3Key, filename: out.filename, content_type: out.contentType, bytes: out.bytes, report_id: null }
      : { s3_key: null, filename: null, content_type: null, bytes: null, report_id: out.reportId };
  const rows = await sql`
    update report_artifacts set status = 'ready', s3_key = ${o.s3_key}, filename = ${o.filename}, content_type =
    ${o.content_type},
      bytes = ${o.bytes}, report_id = ${o.report_id}, coverage = ${sql.json(out.coverage as never)}, ready_at =
      clock_timestamp(),
      updated_at = clock_timestamp()
    where id = ${id} and attempt = ${attempt} and status = 'preparing'`;
  return rows.count === 1;
}

/** Records why the attempt failed (a registry code, or `internal_error`); the next request re-arms it. */
export async function markArtifactFailed(
  sql: Db,
  id: string,
  attempt: number,
  code: string,
  message: string,
): Promise<boolean> {
  const rows = await sql`
    update report_artifacts set status = 'failed', error_code = ${code}, error_message = ${message.slice(0, 2000)},
    updated_at = clock_timestamp()
    where id = ${id} and attempt = ${attempt} and status = 'preparing'`;
  return rows.count === 1;
}

/**
 * Artifacts preparing for longer than `olderThanSeconds` without a job left to run them (the job
 * was deleted, or its worker died more often than its attempts allow): failed, so that the next
 * request re-arms them. `jobKeyPrefix` is the build task's (src/jobs/tasks.ts).
 */
export async function failLostArtifacts(sql: Sql, jobKeyPrefix: string, olderThanSeconds: number): Promise<number> {
  const rows = await sql`
    update report_artifacts a set status = 'failed', error_code = 'internal_error',
      error_message = 'the job preparing this artifact stopped before it finished', updated_at = clock_timestamp()
    where a.status = 'preparing' and a.updated_at < clock_timestamp() - make_interval(secs => ${olderThanSeconds})
      and not ${hasLiveJob(sql, jobKeyPrefix, sql`a.id`)}`;
  return rows.count;
}

export interface SupersededArtifact {
  id: string;
  orgId: string;
  projectId: string;
  format: ArtifactFormat;
  attempt: number;
}

/**
 * Marks `deleting`, and returns with the rows left `deleting` by an earlier sweep, the artifacts
 * that no request can be answered with any more: ready or failed ones whose data state is no
 * longer the project's (states only move forward), or for which a newer one of the same format is
 * ready (a renamed project), and whose last URL (`served_at`) was handed out at least
 * `graceSeconds` ago, so every URL to them has expired. The caller deletes their objects, then the
 * rows; a row whose objects could not be deleted stays `deleting` and comes back a minute later.
 */
export async function supersededArtifacts(sql: Sql, graceSeconds: number, limit = 100): Promise<SupersededArtifact[]> {
  return sql<SupersededArtifact[]>`
    with superseded as (
      select a.id from report_artifacts a
      left join project_data_state s on s.project_id = a.project_id
      where a.status in ('ready', 'failed')
        and a.updated_at < clock_timestamp() - make_interval(secs => ${graceSeconds})
        and (a.served_at is null or a.served_at < clock_timestamp() - make_interval(secs => ${graceSeconds}))
        and (
          (a.datapoint_count, a.datapoint_max_seq, a.decision_count, a.decision_max_seq)
            is distinct from (coalesce(s.datapoints, 0), coalesce(s.datapoint_max_seq, 0), coalesce(s.decisions, 0),
            coalesce(s.decision_max_seq, 0))
          or exists (
            select 1 from report_artifacts b
            where b.project_id = a.project_id and b.format = a.format and b.status = 'ready' and b.id <> a.id
              and b.ready_at > coalesce(a.ready_at, a.updated_at))
        )
      order by a.updated_at
      limit ${limit}
      for update of a skip locked),
    marked as (
      update report_artifacts a set status = 'deleting', updated_at = clock_timestamp()
      from superseded where a.id = superseded.id
      returning a.id, a.org_id, a.project_id, a.format, a.attempt)
    select id, org_id as "orgId", project_id as "projectId", format, attempt from marked
    union all
    select id, org_id, project_id, format, attempt from report_artifacts
    where status = 'deleting' and updated_at < clock_timestamp() - interval '1 minute'`;
}

export async function deleteArtifact(sql: Db, id: string): Promise<void> {
  await sql`delete from report_artifacts where id = ${id} and status = 'deleting'`;
}
