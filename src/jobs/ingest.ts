// The ingest job: turns an upload session's files into datapoints and validation slots.
//
// Everything a run writes happens in ONE transaction (staged with COPY, then inserted), so a
// failed run, or a worker killed in the middle, leaves no datapoint behind: Postgres rolls the
// transaction back. Progress counters and a heartbeat are written on other connections so they
// are visible while the run is in flight. A run whose heartbeat stops (its worker died) is failed
// by the sweep in any live worker, and the session can be processed again.
import { once } from 'node:events';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import canonicalize from 'canonicalize';
import { createHash } from 'node:crypto';
import type { Sql, TxSql } from '../db/client.ts';
import type { Storage } from '../storage/s3.ts';
import type { Logger } from '../log.ts';
import { IngestError, type DatasetRules } from '../ingest/parsers.ts';
import { createParser } from '../ingest/parse-host.ts';
import { IngestAborted, requeueRun, throwIfAborted } from './ingest-redrive.ts';
import { objectKey } from '../domain/upload-paths.ts';
import { openSlotsForRun } from '../lifecycle/slots.ts';
import { wakeAutoConsensus } from '../lifecycle/wake.ts';
import { projectSpec } from '../db/projects.ts';

export interface IngestDeps {
  sql: Sql;
  storage: Storage;
  log: Logger;
  /** graphile-worker's abort signal: the worker is shutting down (checked between records). */
  signal?: AbortSignal;
}

/** Progress is written at least every PROGRESS_ROWS rows or PROGRESS_MS milliseconds. */
const PROGRESS_ROWS = 5000;
const PROGRESS_MS = 1000;
const HEARTBEAT_MS = 2000;
/** A running run without a heartbeat for this long has lost its worker. */
export const STALE_AFTER_SECONDS = 30;

interface RunContext {
  runId: string;
  sessionId: string;
  projectId: string;
  keyPrefix: string;
  dryRun: boolean;
  skipExisting: boolean;
  numValidators: number;
  rules: DatasetRules;
  files: { relPath: string; size: number }[];
}

/** Claims a queued run (idempotent: a run that is not queued and running is left alone). */
async function claim(sql: Sql, runId: string): Promise<RunContext | null> {
  const [run] = await sql<{ session_id: string; project_id: string; dry_run: boolean; skip_existing: boolean }[]>`
    update ingest_runs set phase = 'reading', heartbeat_at = now(), updated_at = now()
    where id = ${runId} and status = 'running' and phase = 'queued'
    returning session_id, project_id, dry_run, skip_existing`;
  if (!run) return null;
  const [info] = await sql<{ key_prefix: string; num_validators: number; compiled: { dataset: DatasetRules } }[]>`
    select s.key_prefix, p.num_validators, sp.compiled
    from upload_sessions s join projects p on p.id = s.project_id
    join lateral ${projectSpec(sql, sql`p.id`)} sp on true
    where s.id = ${run.session_id}`;
  const files = await sql<{ rel_path: string; size: number }[]>`select rel_path, size::float8 as size from upload_files where session_id = ${run.session_id} order by position`;
  return {
    runId, sessionId: run.session_id, projectId: run.project_id, keyPrefix: info.key_prefix, dryRun: run.dry_run,
    skipExisting: run.skip_existing, numValidators: info.num_validators, rules: info.compiled.dataset,
    files: files.map((f) => ({ relPath: f.rel_path, size: f.size })),
  };
}

/** COPY text format: backslash, tab, newline and carriage return are escaped. */
const copyText = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

export const contentChecksum = (content: unknown): string => createHash('sha256').update(canonicalize(content)!, 'utf8').digest('hex');

class Progress {
  private rows = 0;
  private lastWrite = Date.now();
  private readonly sql: Sql;
  private readonly runId: string;
  constructor(sql: Sql, runId: string) {
    this.sql = sql;
    this.runId = runId;
  }
  get rowCount(): number {
    return this.rows;
  }
  async row(): Promise<void> {
    this.rows++;
    if (this.rows % PROGRESS_ROWS === 0 || Date.now() - this.lastWrite >= PROGRESS_MS) await this.flush();
  }
  async flush(fields: { phase?: 'writing_datapoints'; datapoints?: number; validations?: number } = {}): Promise<void> {
    this.lastWrite = Date.now();
    await this.sql`
      update ingest_runs set row_count = ${this.rows}, updated_at = now(), heartbeat_at = now()
        ${fields.phase ? this.sql`, phase = ${fields.phase}` : this.sql``}
        ${fields.datapoints !== undefined ? this.sql`, datapoints_persisted = ${fields.datapoints}` : this.sql``}
        ${fields.validations !== undefined ? this.sql`, validations_created = ${fields.validations}` : this.sql``}
      where id = ${this.runId}`;
  }
}

async function* objectBytes(deps: IngestDeps, key: string, relPath: string): AsyncGenerator<Uint8Array> {
  try {
    const res = await deps.storage.client.send(new GetObjectCommand({ Bucket: deps.storage.bucket, Key: key }));
    yield* res.Body as AsyncIterable<Uint8Array>;
  } catch (err) {
    // The only I/O here is object storage's (the consumer's own errors never enter this block).
    throw storageReadFailed(err, relPath);
  }
}

async function contentTypeOf(deps: IngestDeps, key: string, relPath: string): Promise<string | undefined> {
  try {
    return (await deps.storage.client.send(new HeadObjectCommand({ Bucket: deps.storage.bucket, Key: key }))).ContentType;
  } catch (err) {
    throw storageReadFailed(err, relPath);
  }
}

/** A failed read of a session's file as the run's error: the file, what went wrong, what to do; never the driver's text. */
function storageReadFailed(err: unknown, relPath: string): IngestError {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } } | null;
  const status = e?.$metadata?.httpStatusCode;
  const what = e?.name === 'TimeoutError' || e?.code === 'ETIMEDOUT' ? 'it did not answer in time'
    : status !== undefined && status >= 400 ? `it answered HTTP ${status}`
    : 'the connection was lost';
  return new IngestError(`object storage failed while ${JSON.stringify(relPath)} was read (${what}); process the session again`);
}

/** Reads every file in order; stages records through `write` (null for dry runs). */
async function readAll(deps: IngestDeps, run: RunContext, progress: Progress, write: ((line: string) => Promise<void>) | null): Promise<void> {
  let ord = 0;
  // --- parser host (resilience): files are parsed in a capped worker thread (src/ingest/parse-host.ts)
  const parser = createParser(run.rules);
  try {
    for (const f of run.files) {
      const key = objectKey(run.keyPrefix, f.relPath);
      const contentType = run.rules.format === 'file_collection' ? await contentTypeOf(deps, key, f.relPath) : undefined;
      const source = { relPath: f.relPath, key, contentType, size: f.size, bytes: objectBytes(deps, key, f.relPath) };
      for await (const rec of parser.records(source)) {
        ord++;
        throwIfAborted(deps.signal);
        if (write) {
          const json = JSON.stringify(rec.content);
          await write(`${ord}\t${contentChecksum(rec.content)}\t${copyText(f.relPath)}\t${rec.row}\t${rec.line}\t${copyText(json)}\n`);
        }
        await progress.row();
      }
    }
  } finally {
    await parser.close();
  }
  // --- end parser host
}

async function stageAndWrite(deps: IngestDeps, run: RunContext, progress: Progress, tx: TxSql): Promise<{ datapoints: number; validations: number }> {
  await tx`create temp table ingest_stage (ord bigint, checksum text, source_file text, source_row int, source_line int, content jsonb) on commit drop`;
  const copy = await tx`copy ingest_stage (ord, checksum, source_file, source_row, source_line, content) from stdin`.writable();
  const write = async (line: string) => {
    if (!copy.write(line)) await once(copy, 'drain');
  };
  // A malformed file ends the COPY cleanly before the error rolls the transaction back (throwing
  // with the COPY still open would tear down the connection instead).
  let readError: unknown = null;
  try {
    await readAll(deps, run, progress, write);
  } catch (err) {
    readError = err;
  }
  copy.end();
  await once(copy, 'finish');
  if (readError) throw readError;

  if (!run.skipExisting) {
    const [dup] = await tx<{ a_file: string; a_line: number; b_file: string; b_line: number }[]>`
      select a.source_file as a_file, a.source_line as a_line, b.source_file as b_file, b.source_line as b_line
      from ingest_stage a join ingest_stage b on a.checksum = b.checksum and a.ord < b.ord
      order by b.ord limit 1`;
    if (dup) throw new IngestError(`${dup.b_file} line ${dup.b_line}: same content as ${dup.a_file} line ${dup.a_line} (a datapoint's content must be unique in the project; process with skipExisting to skip repeats)`);
    const [existing] = await tx<{ source_file: string; source_line: number; checksum: string }[]>`
      select s.source_file, s.source_line, s.checksum from ingest_stage s
      join datapoints d on d.project_id = ${run.projectId} and d.checksum = s.checksum
      order by s.ord limit 1`;
    if (existing) throw new IngestError(`${existing.source_file} line ${existing.source_line}: the project already has a datapoint with this content (checksum ${existing.checksum}); process with skipExisting to skip it`);
  }

  await progress.flush({ phase: 'writing_datapoints' });
  // First occurrence of each checksum, in ingestion order; existing ones are skipped.
  const inserted = await tx`
    insert into datapoints (project_id, run_id, checksum, source_file, source_row, content)
    select ${run.projectId}, ${run.runId}, checksum, source_file, source_row, content
    from (select distinct on (checksum) * from ingest_stage order by checksum, ord) s
    where not exists (select 1 from datapoints d where d.project_id = ${run.projectId} and d.checksum = s.checksum)
    order by ord`;
  await progress.flush({ datapoints: inserted.count });
  return { datapoints: inserted.count, validations: await openSlotsForRun(tx, run.runId, run.numValidators) };
}

export async function runIngest(deps: IngestDeps, runId: string): Promise<void> {
  const run = await claim(deps.sql, runId);
  if (!run) return;
  const progress = new Progress(deps.sql, runId);
  const heartbeat = setInterval(() => {
    deps.sql`update ingest_runs set heartbeat_at = now() where id = ${runId} and status = 'running'`.catch(() => {});
  }, HEARTBEAT_MS);
  try {
    if (run.dryRun) {
      await readAll(deps, run, progress, null);
      await deps.sql.begin(async (tx) => {
        await tx`update ingest_runs set status = 'ok', row_count = ${progress.rowCount}, finished_at = now(), updated_at = now() where id = ${runId}`;
        // After a dry run the session is open again, so a real run can follow.
        await tx`update upload_sessions set status = 'open', updated_at = now() where id = ${run.sessionId}`;
      });
      return;
    }
    await deps.sql.begin(async (tx) => {
      const { datapoints, validations } = await stageAndWrite(deps, run, progress, tx);
      await tx`
        update ingest_runs set status = 'ok', row_count = ${progress.rowCount}, datapoints_persisted = ${datapoints},
          validations_created = ${validations}, finished_at = now(), updated_at = now()
        where id = ${runId}`;
      await tx`update upload_sessions set status = 'complete', updated_at = now() where id = ${run.sessionId}`;
      // New open slots: work for Auto Consensus when the project has it on.
      await wakeAutoConsensus(tx, run.projectId);
    });
  } catch (err) {
    // --- shutdown (resilience): a run cut by the worker's shutdown goes back to the queue
    if (err instanceof IngestAborted && (await requeueRun(deps.sql, runId))) {
      deps.log.info('ingest run re-queued: the worker is shutting down', { runId });
      return;
    }
    // --- end shutdown
    const message = err instanceof IngestError ? err.message : 'internal error while ingesting; process the session again';
    if (!(err instanceof IngestError)) deps.log.error('ingest failed', { runId, error: err instanceof Error ? err.stack : String(err) });
    await deps.sql.begin(async (tx) => {
      await tx`
        update ingest_runs set status = 'failed', error_message = ${message}, row_count = ${progress.rowCount},
          datapoints_persisted = 0, validations_created = 0, finished_at = now(), updated_at = now()
        where id = ${runId}`;
      await tx`update upload_sessions set status = 'failed', updated_at = now() where id = ${run.sessionId}`;
    });
  } finally {
    clearInterval(heartbeat);
  }
}

/** Fails runs whose worker stopped heartbeating, so their sessions can be processed again. */
export async function sweepStaleRuns(sql: Sql, staleAfterSeconds = STALE_AFTER_SECONDS): Promise<number> {
  // One statement, so the run and its session change together (never a failed run beside a
  // session still `processing`).
  const [{ n }] = await sql<{ n: number }[]>`
    with failed as (
      update ingest_runs set status = 'failed', finished_at = now(), updated_at = now(),
        error_message = 'the worker running this ingest stopped before it finished; nothing of it was kept; process the session again'
      where status = 'running' and phase <> 'queued' and heartbeat_at < now() - make_interval(secs => ${staleAfterSeconds})
      returning session_id
    ), sessions as (
      update upload_sessions set status = 'failed', updated_at = now()
      where id in (select session_id from failed) and status = 'processing'
      returning id
    )
    select (select count(*) from failed)::int as n`;
  return n;
}
