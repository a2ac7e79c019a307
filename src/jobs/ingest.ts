// The ingest job: turns an upload session's files into datapoints.
//
// Everything a run writes happens in ONE transaction, so a failed run, or a worker killed in the
// middle, leaves no datapoint behind: Postgres rolls the transaction back. Progress counters and
// a heartbeat are written on other connections so they are visible while the run is in flight.
// A run whose heartbeat stops (its worker died) is failed by the sweep in any live worker, and
// the session can be processed again.
//
// The write path is one COPY straight into `datapoints` (docs/decisions.md, "Ingest at scale"):
// rows stream from the object store through the parser into Postgres, each written once. Ids
// are time-ordered (UUIDv7, in ingestion order) and slots are a counter on the datapoint
// (src/lifecycle/slots.ts), so the table's B-trees are appended to, not written at random.
// "One content per project" is the unique index on (project_id, checksum): a duplicate stops the
// COPY at once (contents jsonb cannot store are refused before they reach it, naming the line).
// The files are then read a second time into a temporary table (`checkFiles`), where one hash
// aggregate and one join name the first repeated line and its first occurrence. The same check
// is what a dry run performs, so a dry run that says `ok` means the real run would too. With
// skipExisting that check comes first and tells the COPY which rows to leave out.
import { appendContentFieldOrder, contentFieldOrder } from '../db/projects.ts';
import { recordKeyOrder } from '../domain/key-order.ts';
import type { Sql, TxSql } from '../db/client.ts';
import {
  claimQueuedRun,
  completeDryRun,
  completeRun,
  failRun,
  heartbeatRun,
  ingestFiles,
  ingestSource,
  writeRunProgress,
} from '../db/ingest-runs.ts';
import {
  analyzeCheckTable,
  analyzeDatapoints,
  checkLine,
  clockNow,
  copyIntoCheckTable,
  copyIntoDatapoints,
  createCheckTable,
  datapointLine,
  firstExistingContent,
  firstRepeatInRun,
  isDuplicateContent,
  liftStatementTimeout,
  lockProjectIngest,
  ordsToSkip,
  writeCopy,
  type IngestRow,
} from '../db/ingest-writes.ts';
import { describeReadFailure, ObjectChanged, objectBytes, objectContentType, type Storage } from '../storage/s3.ts';
import { logOrganization, type Logger } from '../log.ts';
import type { JobMetrics } from '../metrics.ts';
import { IngestError, type DatasetRules, type Record_ } from '../ingest/parsers.ts';
import { createParser, prepareParserThread } from '../ingest/parse-host.ts';
import { IngestAborted, requeueRun, throwIfAborted } from './ingest-redrive.ts';
import { objectKey } from '../domain/upload-paths.ts';
import { Uuidv7 } from '../domain/uuidv7.ts';
import { Bitmap } from '../domain/bitmap.ts';
import { initialSlots } from '../lifecycle/slots.ts';
import { wakeAutoConsensus } from '../lifecycle/wake.ts';
import { DEFAULT_QUOTAS, type Quotas } from '../config.ts';
import { addOrgUsage, orgUsage } from '../db/org-usage.ts';
import { QuotaMeter } from './ingest-quota.ts';

export interface IngestDeps {
  sql: Sql;
  storage: Storage;
  log: Logger;
  /** graphile-worker's abort signal: the worker is shutting down (checked between records). */
  signal?: AbortSignal;
  /** The quotas a run is held to, and the parser's batch bound (default: DEFAULT_QUOTAS). */
  quotas?: Quotas;
  /** The worker's counters (runs and rows by outcome); absent where a benchmark calls the job directly. */
  metrics?: JobMetrics;
}

/** Progress is written at least every PROGRESS_ROWS rows or PROGRESS_MS milliseconds. */
const PROGRESS_ROWS = 5000;
const PROGRESS_MS = 1000;
const HEARTBEAT_MS = 2000;
/** A running run without a heartbeat for this long has lost its worker. */
export const STALE_AFTER_SECONDS = 30;
/** A run that writes at least this many datapoints refreshes the table's statistics before it commits. */
export const ANALYZE_AFTER_ROWS = 10_000;

interface RunContext {
  runId: string;
  sessionId: string;
  projectId: string;
  orgId: string;
  keyPrefix: string;
  dryRun: boolean;
  skipExisting: boolean;
  numValidators: number;
  rules: DatasetRules;
  /** `etag`: the object `process` verified (null: none pinned). */
  files: { relPath: string; size: number; etag: string | null }[];
}

/** Claims a queued run (idempotent: a run that is not queued and running is left alone). */
async function claim(sql: Sql, runId: string): Promise<RunContext | null> {
  const run = await claimQueuedRun(sql, runId);
  if (!run) return null;
  const info = await ingestSource(sql, run.session_id);
  const files = await ingestFiles(sql, run.session_id);
  return {
    runId,
    sessionId: run.session_id,
    projectId: run.project_id,
    orgId: info.org_id,
    keyPrefix: info.key_prefix,
    dryRun: run.dry_run,
    skipExisting: run.skip_existing,
    numValidators: info.num_validators,
    rules: info.compiled.dataset,
    files: files.map((f) => ({ relPath: f.rel_path, size: f.size, etag: f.etag })),
  };
}

/** The run's counters as the status endpoint shows them, written on their own connection. */
class Progress {
  /** Rows read (the first pass over the files counts them; a second pass does not again). */
  rows = 0;
  /** Rows handed to the COPY into datapoints. */
  written = 0;
  private phase: 'reading' | 'writing_datapoints' = 'reading';
  private lastWrite = Date.now();
  private lastRows = 0;
  private readonly sql: Sql;
  private readonly run: RunContext;
  constructor(sql: Sql, run: RunContext) {
    this.sql = sql;
    this.run = run;
  }
  async tick(): Promise<void> {
    const moved = Math.max(this.rows, this.written) - this.lastRows;
    if (moved >= PROGRESS_ROWS || Date.now() - this.lastWrite >= PROGRESS_MS) await this.flush();
  }
  async writing(): Promise<void> {
    this.phase = 'writing_datapoints';
    await this.flush();
  }
  async flush(): Promise<void> {
    this.lastWrite = Date.now();
    this.lastRows = Math.max(this.rows, this.written);
    // A dry run persists nothing: its datapoint and validation counts stay 0.
    const written = this.run.dryRun ? 0 : this.written;
    await writeRunProgress(this.sql, this.run.runId, this.phase, {
      rowCount: this.rows,
      datapointsPersisted: written,
      validationsCreated: written * initialSlots(this.run.numValidators),
    });
  }
}

/** A session file's bytes; a failed read is the run's error, naming the file. */
async function* fileBytes(
  deps: IngestDeps,
  key: string,
  relPath: string,
  etag: string | null,
): AsyncGenerator<Uint8Array> {
  try {
    yield* objectBytes(deps.storage, key, etag);
  } catch (err) {
    if (err instanceof ObjectChanged)
      throw new IngestError(
        `${JSON.stringify(relPath)} was replaced after the session was processed; declare it again, upload it and ` +
          'process the session again',
      );
    // The only I/O here is object storage's (the consumer's own errors never enter this block).
    throw readFailed(err, relPath);
  }
}

async function contentTypeOf(deps: IngestDeps, key: string, relPath: string): Promise<string | undefined> {
  try {
    return await objectContentType(deps.storage, key);
  } catch (err) {
    throw readFailed(err, relPath);
  }
}

/** A failed read of a session's file as the run's error: the file, what went wrong, what to do. */
function readFailed(err: unknown, relPath: string): IngestError {
  return new IngestError(
    `object storage failed while ${JSON.stringify(relPath)} was read (${describeReadFailure(err)}); ` +
      'process the session again',
  );
}

/**
 * Every record of every file of the run, in ingestion order. The files are parsed in a capped
 * worker thread (src/ingest/parse-host.ts); a worker shutting down stops the run between records.
 */
/** A row of the run as the COPYs take it, with the record's content (its fields, in order). */
type Row = IngestRow & { content: Record_['content']; keys: string[] };

async function* rowsOf(deps: IngestDeps, run: RunContext): AsyncGenerator<Row> {
  let ord = 0;
  const parser = createParser(run.rules, { batchBytes: (deps.quotas ?? DEFAULT_QUOTAS).ingestBatchBytes });
  try {
    for (const f of run.files) {
      const key = objectKey(run.keyPrefix, f.relPath);
      const contentType =
        run.rules.format === 'file_collection' ? await contentTypeOf(deps, key, f.relPath) : undefined;
      const source = {
        relPath: f.relPath,
        key,
        contentType,
        size: f.size,
        bytes: fileBytes(deps, key, f.relPath, f.etag),
      };
      for await (const rec of parser.records(source)) {
        throwIfAborted(deps.signal);
        // Encoded (JSON text, checksum) and refused where jsonb cannot hold it, by the parser thread.
        const { row, line, content, json, checksum } = rec;
        // The source's top-level order (a CSV header with integer-like names), less any field the
        // record no longer has (the gold field is taken out).
        const keys = rec.keys?.filter((k) => Object.hasOwn(content, k)) ?? Object.keys(content);
        yield { ord: ++ord, relPath: f.relPath, row, line, json, checksum, gold: rec.gold ?? null, content, keys };
      }
    }
  } finally {
    // The thread serves the next run when it read every file cleanly; else the next run's thread
    // starts now, between runs, rather than on that run's clock.
    await parser.release();
    prepareParserThread();
  }
}

/** Writes the run's rows into datapoints, leaving out the ords in `skip`; returns the count. */
async function writeDatapoints(
  deps: IngestDeps,
  run: RunContext,
  progress: Progress,
  tx: TxSql,
  skip: Bitmap | null,
  meter: QuotaMeter,
): Promise<number> {
  // The source's field order (CSV header order; JSON keys in order of first appearance), which
  // the jsonb content does not keep: stored beside it for display and exports. `places` is the
  // project's order with this run's fields appended as they are met (a field keeps its place, so
  // a record's fields compare in it as in the final order); a record whose objects' key order it
  // and jsonb's order do not give records its own (src/domain/key-order.ts).
  const fields = new Set<string>();
  const places = new Map((await contentFieldOrder(tx, run.projectId)).map((k, i) => [k, i]));
  const ids = new Uuidv7();
  const slots = initialSlots(run.numValidators);
  // The run's rows share one created_at, read after the project's ingest turn began (not the
  // transaction's start, which may precede an earlier run's commit): pages ordered by
  // (created_at, id) then follow the ingestion order across runs as well.
  const at = await clockNow(tx);
  const firstPass = skip === null;
  await progress.writing();
  const copy = copyIntoDatapoints(tx);
  async function* lines(): AsyncGenerator<string> {
    for await (const r of rowsOf(deps, run)) {
      if (firstPass) progress.rows++;
      if (!skip?.has(r.ord)) {
        meter.add(r.json);
        progress.written++;
        for (const k of r.keys) {
          fields.add(k);
          if (!places.has(k)) places.set(k, places.size);
        }
        const order = recordKeyOrder(r.content, places, r.keys);
        const keyOrder = order === null ? null : JSON.stringify(order);
        yield datapointLine(r, { id: ids.next(), projectId: run.projectId, runId: run.runId, slots, at, keyOrder });
      }
      await progress.tick();
    }
  }
  await writeCopy(copy, lines());
  await appendContentFieldOrder(tx, run.projectId, [...fields]);
  return progress.written;
}

/**
 * Reads the run's rows into a temporary table shaped for the checks (content as jsonb, as
 * datapoints stores it, and the line of each record for messages). Inside the caller's
 * transaction; the table goes with it.
 */
async function checkFiles(
  deps: IngestDeps,
  run: RunContext,
  progress: Progress | null,
  tx: TxSql,
  meter: QuotaMeter | null = null,
): Promise<void> {
  await createCheckTable(tx);
  const copy = copyIntoCheckTable(tx);
  async function* lines(): AsyncGenerator<string> {
    for await (const r of rowsOf(deps, run)) {
      meter?.add(r.json);
      yield checkLine(r);
      if (progress) {
        progress.rows++;
        await progress.tick();
      }
    }
  }
  await writeCopy(copy, lines());
  await analyzeCheckTable(tx);
}

/** The first repeated content of the checked rows, within them or against the project, as a message. */
async function duplicateIn(tx: TxSql, projectId: string): Promise<string | null> {
  const dup = await firstRepeatInRun(tx);
  if (dup)
    return (
      `${dup.b_file} line ${dup.b_line}: same content as ${dup.a_file} line ${dup.a_line} (a datapoint's ` +
      `content must be unique in the project; process with skipExisting to skip repeats)`
    );
  const existing = await firstExistingContent(tx, projectId);
  if (existing)
    return (
      `${existing.source_file} line ${existing.source_line}: the project already has a datapoint with this ` +
      `content (checksum ${existing.checksum}); process with skipExisting to skip it`
    );
  return null;
}

/** Rows skipExisting leaves out: a content seen earlier in the run, or already in the project. */
async function rowsToSkip(tx: TxSql, projectId: string): Promise<Bitmap> {
  const skip = new Bitmap();
  for await (const rows of ordsToSkip(tx, projectId)) for (const r of rows) skip.add(Number(r.ord));
  return skip;
}

/** Thrown inside a dry run's transaction to roll it back once every check has passed. */
class DryRunChecked extends Error {}

async function ingestIn(
  deps: IngestDeps,
  run: RunContext,
  progress: Progress,
  tx: TxSql,
  meter: QuotaMeter,
): Promise<number> {
  // The COPY is one statement as long as the files take to read (a 10M-row file is many minutes
  // on a busy machine), so the worker pool's statement bound (src/db/client.ts) does not apply to
  // this transaction: what bounds it is the reading, whose every step has its own deadline (the
  // parser thread's per-chunk answer, the object store's socket timeout), and the heartbeat.
  await liftStatementTimeout(tx);
  // One run at a time per project: datapoints of a run are contiguous, and duplicate checks see every earlier run.
  await lockProjectIngest(tx, run.projectId);
  if (run.dryRun) {
    // Every check a real run makes, writing nothing: the same reading, the same conversion of
    // each content to jsonb, the same duplicate rules.
    await checkFiles(deps, run, progress, tx, meter);
    if (!run.skipExisting) {
      const dup = await duplicateIn(tx, run.projectId);
      if (dup) throw new IngestError(dup);
    }
    throw new DryRunChecked();
  }
  let skip: Bitmap | null = null;
  if (run.skipExisting) {
    await checkFiles(deps, run, progress, tx);
    skip = await rowsToSkip(tx, run.projectId);
  }
  return writeDatapoints(deps, run, progress, tx, skip, meter);
}

export async function runIngest(deps: IngestDeps, runId: string): Promise<void> {
  const run = await claim(deps.sql, runId);
  if (!run) return;
  logOrganization(run.orgId);
  const progress = new Progress(deps.sql, run);
  const heartbeat = setInterval(() => {
    heartbeatRun(deps.sql, runId).catch(() => {});
  }, HEARTBEAT_MS);
  try {
    try {
      // What the organization held when the run began: the run stops as soon as it would cross
      // a quota; the exact check is under the org_usage row lock when it commits.
      const meter = new QuotaMeter(deps.quotas ?? DEFAULT_QUOTAS, await orgUsage(deps.sql, run.orgId));
      await deps.sql.begin(async (tx) => {
        const written = await ingestIn(deps, run, progress, tx, meter);
        meter.checkOrg(
          await addOrgUsage(tx, run.orgId, { datapoints: written, contentBytes: meter.contentBytes }),
          false,
        );
        if (written >= ANALYZE_AFTER_ROWS) await analyzeDatapoints(tx);
        await completeRun(tx, runId, run.sessionId, {
          rowCount: progress.rows,
          datapointsPersisted: written,
          validationsCreated: written * initialSlots(run.numValidators),
        });
        // New open slots: work for Auto Consensus when the project has it on.
        await wakeAutoConsensus(tx, run.projectId);
      });
      deps.metrics?.ingest('published', progress.rows);
    } catch (err) {
      if (err instanceof DryRunChecked) {
        // After a dry run the session is open again, so a real run can follow.
        await deps.sql.begin((tx) => completeDryRun(tx, runId, run.sessionId, progress.rows));
        deps.metrics?.ingest('dry_run', progress.rows);
        return;
      }
      if (!isDuplicateContent(err)) throw err;
      // The COPY met a content the project (or this run, earlier) already has: find which line.
      const message = await deps.sql.begin(async (tx) => {
        await checkFiles(deps, run, null, tx);
        return duplicateIn(tx, run.projectId);
      });
      throw message ? new IngestError(message) : err;
    }
  } catch (err) {
    // A run cut by the worker's shutdown goes back to the queue (nothing of it was kept).
    if (err instanceof IngestAborted && (await requeueRun(deps.sql, runId))) {
      deps.log.info('ingest run re-queued: the worker is shutting down', { runId });
      return;
    }
    const message =
      err instanceof IngestError ? err.message : 'internal error while ingesting; process the session again';
    if (!(err instanceof IngestError))
      deps.log.error('ingest failed', { runId, error: err instanceof Error ? err : String(err) });
    const code = err instanceof IngestError ? err.code : 'internal_error';
    await deps.sql.begin((tx) => failRun(tx, runId, run.sessionId, message, progress.rows, code));
    deps.metrics?.ingest('failed', progress.rows);
  } finally {
    clearInterval(heartbeat);
  }
}
