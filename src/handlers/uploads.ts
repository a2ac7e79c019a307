// Upload sessions: declare files and hand out presigned PUT URLs (bytes never pass through the
// service), the one-shot 307 redirect, processing (verify every object, start an ingest run) and
// status.
import { randomUUID } from 'node:crypto';
import type {
  CreateUploadSessionInput,
  CreateUploadSessionResult,
  DeclareUploadFilesInput,
  DeclareUploadFilesResult,
  GetUploadSessionInput,
  GetUploadSessionResult,
  GetUploadSessionStatusInput,
  GetUploadSessionStatusResult,
  ProcessUploadSessionInput,
  ProcessUploadSessionResult,
  UploadFileInput,
  UploadFileResult,
} from '../generated/handlers.ts';
import type { components } from '../generated/openapi-types.ts';
import type { RequestContext } from '../context.ts';
import type { Sql, TxSql } from '../db/client.ts';
import { ApiError, errors } from '../errors.ts';
import { requireProject } from './projects.ts';
import * as db from '../db/uploads.ts';
import { orgUsage } from '../db/org-usage.ts';
import { enqueue } from '../jobs/tasks.ts';
import { objectKey, pathProblem, sessionKeyPrefix } from '../domain/upload-paths.ts';
import { contractLimits } from '../generated/operations.ts';
import { asArray, asSerialized, JsonElements } from '../domain/json-text.ts';
import { PackedFiles } from '../domain/packed-files.ts';
import { headObject, presignPut, putSigner } from '../storage/s3.ts';

type DeclaredUploadFile = components['schemas']['DeclaredUploadFile'];
type DeclaredFile = components['schemas']['DeclaredFile'];
type PresignedUpload = components['schemas']['PresignedUpload'];
type IngestRun = components['schemas']['IngestRun'];

/** Presigned upload URLs live one hour (the API reference, upload sessions). */
const UPLOAD_URL_SECONDS = 3600;
/** The largest file a session takes (the contract's bound on a declared size). */
const MAX_FILE_BYTES = contractLimits.maxFileBytes;
/** HEAD requests in flight at once while verifying a session's objects. */
const HEAD_CONCURRENCY = 16;

/**
 * The path rule the contract's RelPath pattern cannot say (its length in bytes), and one entry
 * per path: a path declared twice in one request takes its last size, as a later declare call
 * would. Packed (PackedFiles) for the rest of the request: no object per file is made.
 */
function checkPaths(files: DeclaredUploadFile[]): PackedFiles {
  const sizeByPath = new Map<string, number>();
  files.forEach((f, i) => {
    const problem = pathProblem(f.relPath);
    if (problem)
      throw new ApiError('upload_file_path_invalid', `\`files[${i}].relPath\` ${problem}.`, `files[${i}].relPath`);
    sizeByPath.set(f.relPath, f.size);
  });
  return new PackedFiles(sizeByPath);
}

/** Each file's key and PUT URL, made as the answer is written (JsonElements), from the packed files. */
async function presignAll(ctx: RequestContext, keyPrefix: string, files: PackedFiles): Promise<PresignedUpload[]> {
  const file = (i: number) => ({ key: objectKey(keyPrefix, files.relPath(i)), contentLength: files.size(i) });
  const sign = await putSigner(ctx.storage, files.length, file, UPLOAD_URL_SECONDS);
  return asArray(
    new JsonElements(files.length, (i) => ({ relPath: files.relPath(i), key: file(i).key, uploadUrl: sign(i) })),
  );
}

/**
 * A session holds at most `maxFilesPerSession` files: the GET lists every file and process reads
 * them all, so this cap is what keeps both bounded in memory (docs/decisions.md). Checked on the
 * count after the merge (`upsertFiles`), inside the declaring transaction, so a refused request
 * declares nothing.
 */
function checkFileCap(ctx: RequestContext, n: number, param = 'files'): void {
  const max = ctx.config.quotas.maxFilesPerSession;
  if (n > max)
    throw new ApiError(
      'upload_file_limit_reached',
      `An upload session holds at most ${max} files; this request would make it ${n}. Process this session and ` +
        `declare the other files on a new one.`,
      param,
    );
}

const expiry = (): string => new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString();

async function requireSession(
  ctx: RequestContext,
  projectId: string,
  uploadId: string,
  lock = false,
  sql: Sql | TxSql = ctx.sql,
): Promise<db.SessionRow> {
  const session = await db.getSession(sql, ctx.auth.orgId, projectId, uploadId, lock);
  if (!session) throw errors.uploadSessionNotFound(uploadId);
  return session;
}

export async function createUploadSession(
  { params, body }: CreateUploadSessionInput,
  ctx: RequestContext,
): Promise<CreateUploadSessionResult> {
  const files = checkPaths(body.files);
  const project = await requireProject(ctx, params.projectId);
  const id = randomUUID();
  const keyPrefix = sessionKeyPrefix(ctx.auth.orgId, project.id, id);
  await ctx.sql.begin(async (tx) => {
    const max = ctx.config.quotas.maxOpenSessionsPerOrg;
    if ((await db.countOpenSessionsLocked(tx, ctx.auth.orgId)) >= max)
      throw new ApiError(
        'upload_session_limit_reached',
        `The organization has ${max} open upload sessions, as many as it may have. Process one of them (an open ` +
          `session takes more files), then create a new one.`,
      );
    await db.insertSession(tx, { id, orgId: ctx.auth.orgId, projectId: project.id, keyPrefix });
    checkFileCap(ctx, await db.upsertFiles(tx, id, files));
  });
  return {
    status: 201,
    body: { uploadId: id, keyPrefix, files: await presignAll(ctx, keyPrefix, files), expiresAt: expiry() },
  };
}

/** Declares files on an open session (locked, so a concurrent process call cannot interleave). */
async function declare(
  ctx: RequestContext,
  projectId: string,
  uploadId: string,
  files: PackedFiles,
  param = 'files',
): Promise<db.SessionRow> {
  await requireProject(ctx, projectId);
  return ctx.sql.begin(async (tx) => {
    const session = await requireSession(ctx, projectId, uploadId, true, tx);
    if (session.status !== 'open') {
      throw new ApiError(
        'upload_session_not_open',
        `The upload session is ${session.status}; declare files on a new session.`,
      );
    }
    checkFileCap(ctx, await db.upsertFiles(tx, session.id, files), param);
    return session;
  });
}

export async function declareUploadFiles(
  { params, body }: DeclareUploadFilesInput,
  ctx: RequestContext,
): Promise<DeclareUploadFilesResult> {
  const files = checkPaths(body.files);
  const session = await declare(ctx, params.projectId, params.uploadId, files);
  return {
    status: 200,
    body: {
      keyPrefix: session.key_prefix,
      files: await presignAll(ctx, session.key_prefix, files),
      expiresAt: expiry(),
    },
  };
}

/**
 * A session with every declared file (up to 10,000 paths of up to 1,024 bytes: about 10 MB). The
 * file list comes as JSON text from Postgres, and is kept per (organization, session,
 * files_version) in a byte-capped cache of this process (AppDeps.uploadFileLists): a reader
 * asking again and again costs one statement and a buffer write, where making and serializing
 * 10,000 objects cost the API about 100 ms of CPU per GET, which four concurrent readers turned
 * into every other tenant's latency (bench/README.md, hostile tenants). The cache is read only
 * for a session the organization's own query found, and only at the version that query read,
 * so another organization finds nothing and a list declared to since is built again.
 */
export async function getUploadSession(
  { params }: GetUploadSessionInput,
  ctx: RequestContext,
): Promise<GetUploadSessionResult> {
  await requireProject(ctx, params.projectId);
  const session = await requireSession(ctx, params.projectId, params.uploadId);
  // A miss builds the list once for every reader of this session's version (ByteCache.get). Each
  // build costs the API about its bytes (read, held, written): an organization's builds run one
  // at a time, each once its budget allows, so reading more full sessions than the cache holds,
  // in turn or all at once, waits here.
  // The list is lent (src/domain/pooled-text.ts): the response's writer releases it once written.
  const fileList = await ctx.uploadFileLists.get(`${ctx.auth.orgId}/${session.id}`, session.files_version, () =>
    ctx.uploadFileListBuilds.run(
      ctx.auth.orgId,
      async () => {
        const built = await db.fileListJson(ctx.sql, session.id);
        return built && { version: built.version, bytes: ctx.uploadFileLists.keep(built.pieces) };
      },
      (b) => b?.bytes.length ?? 0,
    ),
  );
  if (!fileList) throw errors.uploadSessionNotFound(params.uploadId);
  // Each answer costs the API about its bytes again, built or not: an organization's answers are
  // held to a budget of their own, so reading one full session in a loop waits here.
  try {
    await ctx.uploadFileListReads.spend(ctx.auth.orgId, fileList.length);
  } catch (err) {
    fileList.release();
    throw err;
  }
  return {
    status: 200,
    body: {
      uploadId: session.id,
      status: session.status,
      keyPrefix: session.key_prefix,
      files: asSerialized<DeclaredFile[]>(fileList),
      verifiedFileCount: session.verified_file_count,
      verifiedBytes: Number(session.verified_bytes),
      createdAt: session.created_at.toISOString(),
      updatedAt: session.updated_at.toISOString(),
    },
  };
}

/**
 * The one-shot upload: declares `path` with its size and answers 307 to the presigned URL. The
 * body is never read here (app.ts reads bodies only for JSON operations), so a client that
 * waits for `100 Continue` gets the redirect before sending a byte.
 */
export async function uploadFile(
  { params, query, headers }: UploadFileInput,
  ctx: RequestContext,
): Promise<UploadFileResult> {
  let size = query.size;
  if (size === undefined) {
    const length = headers['content-length'];
    if (typeof length !== 'string' || !/^\d+$/.test(length)) {
      throw new ApiError(
        'parameter_invalid',
        'Send `size` (bytes) with a chunked upload, or a Content-Length header.',
        'size',
      );
    }
    size = Number(length);
    if (size > MAX_FILE_BYTES)
      throw new ApiError('parameter_invalid', `The file is larger than ${MAX_FILE_BYTES} bytes.`, 'size');
  }
  const problem = pathProblem(query.path);
  if (problem) throw new ApiError('upload_file_path_invalid', `\`path\` ${problem}.`, 'path');
  const files = new PackedFiles(new Map([[query.path, size]]));
  const session = await declare(ctx, params.projectId, params.uploadId, files, 'path');
  const url = await presignPut(ctx.storage, objectKey(session.key_prefix, query.path), UPLOAD_URL_SECONDS, size);
  return { status: 307, body: undefined, headers: { Location: url, 'Cache-Control': 'no-store' } };
}

/**
 * HEADs every declared object; returns the problems, one line per path, and each object's ETag
 * (what the run will read: a file replaced after this check fails the run). An upload URL
 * takes exactly the declared size, but an older URL of a re-declared path still takes the old
 * one, so the size is compared here too.
 */
async function verifyObjects(
  ctx: RequestContext,
  session: db.SessionRow,
  files: db.FileRow[],
): Promise<{ problems: string[]; bytes: number; etags: { relPath: string; etag: string }[] }> {
  const problems: string[] = [];
  const etags: { relPath: string; etag: string }[] = [];
  let bytes = 0;
  for (let i = 0; i < files.length; i += HEAD_CONCURRENCY) {
    const batch = files.slice(i, i + HEAD_CONCURRENCY);
    const heads = await Promise.all(
      batch.map((f) => headObject(ctx.storage, objectKey(session.key_prefix, f.rel_path))),
    );
    batch.forEach((f, j) => {
      const head = heads[j];
      if (head === null) problems.push(`${f.rel_path} (not uploaded)`);
      else if (head.size > Number(f.size)) problems.push(`${f.rel_path} (${head.size} bytes, declared ${f.size})`);
      else {
        bytes += head.size;
        etags.push({ relPath: f.rel_path, etag: head.etag });
      }
    });
  }
  return { problems, bytes, etags };
}

const sameFiles = (a: db.FileRow[], b: db.FileRow[]): boolean =>
  a.length === b.length && a.every((f, i) => f.rel_path === b[i].rel_path && f.size === b[i].size);

/** Attempts at verify-then-lock while files keep being declared on the session meanwhile. */
const PROCESS_ATTEMPTS = 3;

export async function processUploadSession(
  { params, body }: ProcessUploadSessionInput,
  ctx: RequestContext,
): Promise<ProcessUploadSessionResult> {
  await requireProject(ctx, params.projectId);
  const { dryRun, skipExisting } = body;
  const checkStatus = (session: db.SessionRow) => {
    if (session.status !== 'open' && session.status !== 'failed') {
      throw new ApiError(
        'upload_session_not_ready',
        session.status === 'processing'
          ? 'A run of this session is in flight; poll its status.'
          : 'The session is complete; upload new files in a new session.',
      );
    }
  };
  // An organization already at a quota is refused before a run starts; a run that would cross
  // one fails in the worker, keeping nothing (src/jobs/ingest.ts).
  if (!dryRun) {
    const used = await orgUsage(ctx.sql, ctx.auth.orgId);
    const q = ctx.config.quotas;
    if (used.datapoints >= q.maxDatapointsPerOrg || used.contentBytes >= q.maxContentBytesPerOrg)
      throw new ApiError(
        'ingest_quota_exceeded',
        used.datapoints >= q.maxDatapointsPerOrg
          ? `The organization holds ${used.datapoints} datapoints, its quota of ${q.maxDatapointsPerOrg}; nothing ` +
              `more can be ingested.`
          : `The organization holds ${used.contentBytes} bytes of content, its quota of ${q.maxContentBytesPerOrg}; ` +
              `nothing more can be ingested.`,
      );
  }
  // The objects are verified (HEAD, external I/O) before the session row is locked, never while
  // it is: a slow object store must not hold a row lock, nor a pooled connection in a
  // transaction. Under the lock the session's status and declared files are checked again; if
  // files were declared meanwhile, the new list is verified in turn.
  for (let attempt = 1; ; attempt++) {
    const session = await requireSession(ctx, params.projectId, params.uploadId);
    checkStatus(session);
    const files = await db.listFiles(ctx.sql, session.id);
    const { problems, bytes, etags } = await verifyObjects(ctx, session, files);
    if (problems.length) {
      throw new ApiError(
        'upload_files_missing',
        `Not every declared file is uploaded within its declared size: ${problems.join('; ')}.`,
      );
    }
    const run = await ctx.sql.begin(async (tx) => {
      const locked = await requireSession(ctx, params.projectId, params.uploadId, true, tx);
      checkStatus(locked);
      if (!sameFiles(files, await db.listFiles(tx, locked.id))) return null;
      await db.pinEtags(tx, locked.id, etags);
      const started = await db.startRun(tx, {
        session: locked,
        dryRun,
        skipExisting,
        verifiedFiles: files.length,
        verifiedBytes: bytes,
      });
      // In the same transaction: a run never exists without its job (or the other way round).
      await enqueue(tx, 'ingest', { runId: started.id, requestId: ctx.requestId }, { queueKey: locked.org_id });
      return started;
    });
    if (run) return { status: 202, body: { runId: run.id, status: 'running', phase: 'queued', dryRun, skipExisting } };
    if (attempt >= PROCESS_ATTEMPTS)
      throw new ApiError(
        'upload_session_not_ready',
        'Files are being declared on this session while it is processed; process it again once they are uploaded.',
      );
  }
}

export function toIngestRun(run: db.RunRow): IngestRun {
  return {
    runId: run.id,
    status: run.status,
    phase: run.phase,
    rowCount: run.row_count,
    datapointsPersisted: run.datapoints_persisted,
    validationsCreated: run.validations_created,
    ...(run.error_message !== null ? { errorMessage: run.error_message } : {}),
    ...(run.status === 'failed' ? { errorCode: run.error_code ?? 'internal_error' } : {}),
    startedAt: run.started_at.toISOString(),
    updatedAt: run.updated_at.toISOString(),
    finishedAt: run.finished_at ? run.finished_at.toISOString() : null,
  };
}

export async function getUploadSessionStatus(
  { params }: GetUploadSessionStatusInput,
  ctx: RequestContext,
): Promise<GetUploadSessionStatusResult> {
  await requireProject(ctx, params.projectId);
  const found = await db.sessionStatus(ctx.sql, ctx.auth.orgId, params.projectId, params.uploadId);
  if (!found) throw errors.uploadSessionNotFound(params.uploadId);
  return {
    status: 200,
    body: { uploadId: found.id, sessionStatus: found.status, run: found.run ? toIngestRun(found.run) : null },
  };
}
