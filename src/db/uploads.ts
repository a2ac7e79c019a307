// Upload sessions, their declared files and ingest runs. Sessions are always looked up through
// their project and organization, so another organization's session is simply not found.
import type { Sql, TxSql } from './client.ts';
import type { ErrorCode } from '../errors.ts';
import type { PackedFiles } from '../domain/packed-files.ts';

export interface SessionRow {
  id: string;
  org_id: string;
  project_id: string;
  status: 'open' | 'processing' | 'complete' | 'failed';
  key_prefix: string;
  verified_file_count: number;
  verified_bytes: string;
  /** Counts the changes of the declared file list (bigint as text): see `upsertFiles`. */
  files_version: string;
  /** The files declared, and the position the next new one takes (kept by `upsertFiles`). */
  file_count: number;
  next_position: number;
  created_at: Date;
  updated_at: Date;
}

export interface FileRow {
  rel_path: string;
  size: string;
}

export interface RunRow {
  id: string;
  session_id: string;
  project_id: string;
  status: 'running' | 'ok' | 'failed';
  phase: 'queued' | 'reading' | 'writing_datapoints';
  dry_run: boolean;
  skip_existing: boolean;
  row_count: number;
  datapoints_persisted: number;
  validations_created: number;
  error_message: string | null;
  error_code: ErrorCode | null;
  started_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

export async function getSession(
  sql: Sql | TxSql,
  orgId: string,
  projectId: string,
  sessionId: string,
  lock = false,
): Promise<SessionRow | undefined> {
  const [row] = await sql<SessionRow[]>`
    select * from upload_sessions
    where id = ${sessionId} and project_id = ${projectId} and org_id = ${orgId}
    ${lock ? sql`for update` : sql``}`;
  return row;
}

/**
 * The organization's open sessions, counted under a per-organization lock held to the end of the
 * caller's transaction, so two concurrent creates cannot both take the last place.
 */
export async function countOpenSessionsLocked(tx: TxSql, orgId: string): Promise<number> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${'upload_sessions:' + orgId}, 0))`;
  const [{ n }] = await tx<{ n: number }[]>`
    select count(*)::int as n from upload_sessions where org_id = ${orgId} and status = 'open'`;
  return n;
}

export async function insertSession(
  tx: TxSql,
  s: { id: string; orgId: string; projectId: string; keyPrefix: string },
): Promise<SessionRow> {
  const [row] = await tx<SessionRow[]>`
    insert into upload_sessions (id, org_id, project_id, key_prefix)
    values (${s.id}, ${s.orgId}, ${s.projectId}, ${s.keyPrefix})
    returning *`;
  return row;
}

/**
 * Merges declared files: new paths are appended, known paths get their new size; answers how many
 * files the session then has. The one writer of a file's path and size, so it is the one place
 * that moves the session's `files_version` (the key of the API's cached file lists,
 * `sessionWithFileList`), `file_count` and `next_position`, in the same statement. The files come
 * as two text values that Postgres splits (PackedFiles): as arrays of 1,000 strings, the driver's
 * encoding held the API 10-15 ms in one turn, and the strings outlived the request
 * (src/domain/packed-files.ts). A file is found by its `path_key`, the SHA-256 of its path (the
 * migration 20261130200001 says why). The i-th path takes position `next_position + i`: a known
 * path keeps the one it has, a new one is after every file before it, and the next call starts
 * after the last new one (a call that adds files moves positions on by at most its 1,000, so a
 * session at its cap stays far below 2^31). The caller holds the session's row lock (or just
 * inserted it), so no other statement adds files to it meanwhile.
 */
export async function upsertFiles(tx: TxSql, sessionId: string, files: PackedFiles): Promise<number> {
  const [{ file_count }] = await tx<{ file_count: number }[]>`
    with s as (
      select next_position from upload_sessions where id = ${sessionId}
    ), put as (
      insert into upload_files (session_id, rel_path, size, position)
      select ${sessionId}, v.rel_path, v.size, s.next_position + v.n::int - 1
      from s, unnest(
        string_to_array(${files.pathLines()}::text, E'\n'),
        string_to_array(${files.sizeList()}::text, ',')::bigint[]
      ) with ordinality as v(rel_path, size, n)
      on conflict (session_id, path_key) do update set size = excluded.size, declared_at = now(), etag = null
      returning position
    )
    update upload_sessions u
    set updated_at = now(), files_version = files_version + 1,
      file_count = file_count + (select count(*) from put, s where put.position >= s.next_position)::int,
      next_position = greatest(u.next_position, (select max(put.position) + 1 from put))
    where id = ${sessionId}
    returning file_count`;
  return file_count;
}

/** The ETags `process` verified: the run reads exactly these objects. */
export async function pinEtags(
  tx: TxSql,
  sessionId: string,
  files: { relPath: string; etag: string }[],
): Promise<void> {
  if (files.length === 0) return;
  await tx`
    update upload_files f set etag = v.etag
    from unnest(${tx.array(files.map((x) => x.relPath))}::text[], ${tx.array(files.map((x) => x.etag))}::text[])
      as v(rel_path, etag)
    where f.session_id = ${sessionId} and f.path_key = sha256(v.rel_path::bytea)`;
}

export async function listFiles(sql: Sql | TxSql, sessionId: string): Promise<FileRow[]> {
  return sql<
    FileRow[]
  >`select rel_path, size::text as size from upload_files where session_id = ${sessionId} order by position`;
}

/** Bytes of paths (plus an element's JSON around each) that fileListJson puts in one row. */
const LIST_PIECE_BYTES = 32 * 1024;
/** A list this short is copied out of the driver's buffers: a kept view would hold a whole socket read. */
const LIST_COPY_BELOW = 64 * 1024;
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

/**
 * A session's declared files as the JSON text of the contract's `files` array
 * (`[{"relPath":…,"size":…},…]` in declaration order, byte for byte what JSON.stringify writes:
 * to_json escapes a string as it does, and a path holds no control character), built by Postgres
 * in rows of about LIST_PIECE_BYTES, each taken as the bytes the driver received (`.raw()`, no
 * decoding), so the API neither decodes nor makes nor serializes 10,000 rows. Rows, not one value:
 * a 10 MB value arrives in 64 KB socket reads that the driver concatenates once it is whole, a
 * 10 MB copy in one turn of the event loop (7 ms measured) and 10 MB more of buffers, which
 * started V8's full collections while an organization read full sessions in turn (bench/README.md,
 * hostile tenants); a row of 32 KB is handled as its read arrives. With the `files_version` it is
 * the list of, read in the same statement (one snapshot). The caller found the session through
 * its organization (getSession).
 */
export async function fileListJson(sql: Sql, sessionId: string): Promise<{ version: string; pieces: Buffer[] } | null> {
  const rows = await sql<[Buffer, Buffer | null][]>`
    select s.files_version, g.text
    from upload_sessions s
    left join lateral (
      select case when row_number() over (order by min(f.position)) = 1 then '' else ',' end
          || string_agg(f.element, ',' order by f.position) as text,
        min(f.position) as first
      from (
        select '{"relPath":' || to_json(rel_path)::text || ',"size":' || size || '}' as element, position,
          sum(octet_length(rel_path) + 32) over (order by position) / ${LIST_PIECE_BYTES} as piece
        from upload_files where session_id = s.id
      ) f
      group by f.piece
    ) g on true
    where s.id = ${sessionId}
    order by g.first`.raw();
  if (rows.length === 0) return null; // deleted since the caller found it
  const pieces: Buffer[] = [OPEN];
  for (const [, text] of rows) if (text) pieces.push(text);
  pieces.push(CLOSE);
  const bytes = pieces.reduce((n, piece) => n + piece.length, 0);
  // A long list's rows are views of the driver's reads, which they about fill: kept as they are.
  return { version: rows[0]![0].toString(), pieces: bytes < LIST_COPY_BELOW ? [Buffer.concat(pieces, bytes)] : pieces };
}

/**
 * A session's status and its latest run read in one statement (one snapshot): read separately,
 * a run that just failed could be seen next to a session still `processing`.
 */
export async function sessionStatus(
  sql: Sql,
  orgId: string,
  projectId: string,
  sessionId: string,
): Promise<{ id: string; status: SessionRow['status']; run: RunRow | null } | undefined> {
  const [row] = await sql<{ id: string; status: SessionRow['status']; run: RunRow | null }[]>`
    select s.id, s.status, (
      select to_jsonb(r) from ingest_runs r where r.session_id = s.id order by r.started_at desc, r.id desc limit 1
    ) as run
    from upload_sessions s
    where s.id = ${sessionId} and s.project_id = ${projectId} and s.org_id = ${orgId}`;
  if (!row) return undefined;
  const run = row.run && {
    ...row.run,
    started_at: new Date(row.run.started_at),
    updated_at: new Date(row.run.updated_at),
    finished_at: row.run.finished_at ? new Date(row.run.finished_at) : null,
  };
  return { id: row.id, status: row.status, run };
}

/**
 * Starts a run: the session moves to processing and the run is created. The caller enqueues the
 * ingest job in the same transaction, so a run never exists without its job (or the other way
 * round).
 */
export async function startRun(
  tx: TxSql,
  s: { session: SessionRow; dryRun: boolean; skipExisting: boolean; verifiedFiles: number; verifiedBytes: number },
): Promise<RunRow> {
  await tx`
    update upload_sessions set status = 'processing', verified_file_count = ${s.verifiedFiles},
      verified_bytes = ${s.verifiedBytes}, updated_at = now()
    where id = ${s.session.id}`;
  const [run] = await tx<RunRow[]>`
    insert into ingest_runs (session_id, project_id, dry_run, skip_existing)
    values (${s.session.id}, ${s.session.project_id}, ${s.dryRun}, ${s.skipExisting})
    returning *`;
  return run;
}
