// The statements of an ingest run's write path, all inside the run's one transaction
// (src/jobs/ingest.ts, docs/decisions.md "Ingest at scale"): lifting the statement bound, the
// project's ingest lock, the COPY into datapoints, and the temporary table `ingest_check` the
// duplicate checks and skipExisting read. Each COPY is here with the encoding of its lines, and
// `writeCopy` streams lines into one (writing, back-pressure, ending it); the job only says
// which rows go in.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { TxSql } from './client.ts';
import { UNIQUE_VIOLATION } from './errors.ts';

/** A `copy ... from stdin` statement, sent when its stream is asked for. */
export interface CopyIn {
  writable(): Promise<Writable>;
}

/**
 * The transaction's statements run without the pool's statement bound (src/db/client.ts): the
 * COPY lasts as long as its files take to read.
 */
export async function liftStatementTimeout(tx: TxSql): Promise<void> {
  await tx`set local statement_timeout = 0`;
}

/** One run at a time per project, until the transaction ends. */
export async function lockProjectIngest(tx: TxSql, projectId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`ingest:${projectId}`}, 0))`;
}

/**
 * Refreshes the planner's statistics of the columns per-project queries filter and order on,
 * inside the run's transaction (ANALYZE counts the rows this transaction inserted, and the new
 * statistics commit with them). Without it, the first reads after a large run are planned with
 * statistics that have never seen the project: the first page of listDatapoints read the whole
 * project (1.3 s a request) until autovacuum's analyze came round (bench/README.md, listing).
 * The jsonb content is left out: sampling it is the expensive part and no query filters on it.
 */
export async function analyzeDatapoints(tx: TxSql): Promise<void> {
  await tx`analyze datapoints (project_id, created_at, finalized_at, slots_open, seq)`;
}

/** The wall clock now (not the transaction's start), as Postgres text: the run's created_at. */
export async function clockNow(tx: TxSql): Promise<string> {
  const [{ at }] = await tx<{ at: string }[]>`select clock_timestamp()::text as at`;
  return at;
}

/** COPY text format: backslash, tab, newline and carriage return are escaped. */
const copyText = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/** One row of a run as both COPYs take it. */
export interface IngestRow {
  /** 1-based position in the run: files in declaration order, records in file order. */
  ord: number;
  relPath: string;
  /** The record's row and first line in its file. */
  row: number;
  line: number;
  /** The content as JSON text jsonb accepts (storableJson, src/domain/content-encoding.ts). */
  json: string;
  /** contentChecksum of the content, hex. */
  checksum: string;
  /** The expected rating of a gold item (the spec's dataset.goldField), else null. */
  gold: number | null;
}

/**
 * COPY into datapoints, text format, one line per datapoint (datapointLine): id, project_id,
 * run_id, checksum, source_file, source_row, content, slots_open, created_at, gold_rating (\N
 * unless a gold item, whose slots_open is 0), content_key_order (\N when none).
 */
export function copyIntoDatapoints(tx: TxSql): CopyIn {
  return tx`copy datapoints (id, project_id, run_id, checksum, source_file, source_row, content, slots_open,
    created_at, gold_rating, content_key_order) from stdin`;
}

/**
 * One line of copyIntoDatapoints. `at` is Postgres text of the run's created_at; `keyOrder` the
 * source's key order where jsonb loses it (src/domain/key-order.ts) as JSON text, null when none.
 */
export function datapointLine(
  r: IngestRow,
  d: { id: string; projectId: string; runId: string; slots: number; at: string; keyOrder: string | null },
): string {
  return (
    `${d.id}\t${d.projectId}\t${d.runId}\t\\\\x${r.checksum}\t${copyText(r.relPath)}\t${r.row}\t` +
    `${copyText(r.json)}\t${r.gold === null ? d.slots : 0}\t${d.at}\t${r.gold ?? '\\N'}\t` +
    `${d.keyOrder === null ? '\\N' : copyText(d.keyOrder)}\n`
  );
}

/** The run's rows as the checks read them, dropped when the transaction ends. */
export async function createCheckTable(tx: TxSql): Promise<void> {
  await tx`create temp table ingest_check (ord bigint, checksum bytea, source_file text, source_row int, source_line
    int, content jsonb) on commit drop`;
}

/** COPY into ingest_check, text format (checkLine): ord, checksum, source_file, source_row, source_line, content. */
export function copyIntoCheckTable(tx: TxSql): CopyIn {
  return tx`copy ingest_check (ord, checksum, source_file, source_row, source_line, content) from stdin`;
}

/** One line of copyIntoCheckTable. */
export function checkLine(r: IngestRow): string {
  return `${r.ord}\t\\\\x${r.checksum}\t${copyText(r.relPath)}\t${r.row}\t${r.line}\t${copyText(r.json)}\n`;
}

/** Resolves when the COPY stream takes more data again (or has closed); rejects on its error. */
const COPY_CHUNK = 16 * 1024;

async function drained(copy: Writable): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([once(copy, 'drain', { signal: stop.signal }), once(copy, 'close', { signal: stop.signal })]);
  } finally {
    stop.abort();
  }
}

/**
 * Streams lines into a COPY. A malformed file ends the COPY cleanly before its error rolls the
 * transaction back (throwing with the COPY still open would tear down the connection); an error
 * from the server (a duplicate) stops the reading at once. (An error the server sends after the
 * last row reaches us through patches/postgres+3.4.9.patch: unpatched, the stream would never
 * finish, porsager/postgres#1173.)
 */
export async function writeCopy(into: CopyIn, lines: AsyncIterable<string>): Promise<void> {
  const copy = await into.writable();
  let serverError: unknown = null;
  copy.on('error', (err) => (serverError ??= err));
  let readError: unknown = null;
  // Lines go out in chunks of about COPY_CHUNK characters: one CopyData message (and socket
  // write) per line cost the worker more than hashing its content (bench/README.md, "Ingest").
  let chunk = '';
  try {
    for await (const line of lines) {
      if (serverError) break;
      chunk += line;
      if (chunk.length < COPY_CHUNK) continue;
      const full = chunk;
      chunk = '';
      if (!copy.write(full)) await drained(copy);
    }
  } catch (err) {
    readError = err;
  }
  if (!serverError) {
    if (chunk) copy.write(chunk);
    copy.end();
    await once(copy, 'finish').catch((err: unknown) => (serverError ??= err));
  }
  if (readError) throw readError;
  if (serverError) throw serverError;
}

export async function analyzeCheckTable(tx: TxSql): Promise<void> {
  await tx`analyze ingest_check`;
}

/** The first content the checked rows repeat: the repeat (b) and its first occurrence (a). */
export async function firstRepeatInRun(
  tx: TxSql,
): Promise<{ a_file: string; a_line: number; b_file: string; b_line: number } | undefined> {
  const [dup] = await tx<{ a_file: string; a_line: number; b_file: string; b_line: number }[]>`
    with repeated as (select checksum, min(ord) as first from ingest_check group by checksum having count(*) > 1)
    select a.source_file as a_file, a.source_line as a_line, b.source_file as b_file, b.source_line as b_line
    from repeated r
    join ingest_check a on a.checksum = r.checksum and a.ord = r.first
    join ingest_check b on b.checksum = r.checksum and b.ord > r.first
    order by b.ord limit 1`;
  return dup;
}

/** The first checked row whose content the project already has, with its checksum (hex). */
export async function firstExistingContent(
  tx: TxSql,
  projectId: string,
): Promise<{ source_file: string; source_line: number; checksum: string } | undefined> {
  const [existing] = await tx<{ source_file: string; source_line: number; checksum: string }[]>`
    select s.source_file, s.source_line, encode(s.checksum, 'hex') as checksum from ingest_check s
    join datapoints d on d.project_id = ${projectId} and d.checksum = s.checksum
    order by s.ord limit 1`;
  return existing;
}

/**
 * The ords skipExisting leaves out (a content seen earlier in the run, or already in the
 * project), in batches of 10,000 through a cursor; int8, so as strings.
 */
export function ordsToSkip(tx: TxSql, projectId: string): AsyncIterable<{ ord: string }[]> {
  return tx<{ ord: string }[]>`
    select c.ord from ingest_check c
    join (select checksum, min(ord) as first from ingest_check group by checksum having count(*) > 1) r on r.checksum =
    c.checksum and c.ord > r.first
    union all
    select c.ord from ingest_check c join datapoints d on d.project_id = ${projectId} and d.checksum =
    c.checksum`.cursor(10_000);
}

/**
 * The COPY into datapoints met a content the project (or the run, earlier) already has: its unique index on
 * (project_id, checksum).
 */
export const isDuplicateContent = (err: unknown): boolean =>
  (err as { code?: string }).code === UNIQUE_VIOLATION &&
  (err as { constraint_name?: string }).constraint_name === 'datapoints_project_id_checksum_key';
