// Upload files to a project and ingest them, the four steps of the API in one call: declare the
// files (an upload session with one presigned URL each), PUT each file's bytes straight to object
// storage (no Authorization header: the URL carries its signature), ask for processing, and
// poll the session's status until the ingest run is over.
import { AssayError, type DeveloperClient, type DeveloperSchemas, ok, sleep, type WaitOptions } from './core.ts';

export interface UploadFile {
  /** The file's path in the upload (what `file_collection` datasets and ingest errors name). */
  relPath: string;
  /** Its bytes; a string is sent as UTF-8. */
  content: Blob | string | Uint8Array<ArrayBuffer>;
}

export interface UploadOptions extends WaitOptions {
  /** The processing request (`dryRun`, `skipExisting`). */
  process?: DeveloperSchemas['ProcessRequest'];
  /** The fetch the presigned PUTs go through (default: the global one). */
  fetch?: typeof fetch;
}

export interface UploadResult {
  uploadId: string;
  /** The session's status once its run finished: `run.status` is `ok` or `failed` (with `run.errorCode`). */
  status: DeveloperSchemas['UploadSessionStatus'];
}

const byteLength = (content: UploadFile['content']): number =>
  typeof content === 'string'
    ? new TextEncoder().encode(content).byteLength
    : content instanceof Uint8Array
      ? content.byteLength
      : content.size;

/**
 * Declares `files` in a new upload session of `projectId`, uploads them, processes the session
 * and waits for its ingest run. A run that fails is returned (its `errorCode` says why); an API
 * error or a refused PUT throws an `AssayError`, the timeout an `Error`.
 */
export async function uploadFiles(
  client: DeveloperClient,
  projectId: string,
  files: UploadFile[],
  { process = {}, fetch: put = fetch, timeoutMs = 600_000, intervalMs = 500, signal }: UploadOptions = {},
): Promise<UploadResult> {
  const path = { projectId };
  const session = await ok(
    client.POST('/projects/{projectId}/upload-sessions', {
      params: { path },
      body: { files: files.map((f) => ({ relPath: f.relPath, size: byteLength(f.content) })) },
      signal,
    }),
  );
  const byPath = new Map(files.map((f) => [f.relPath, f.content]));
  for (const target of session.files ?? []) {
    const res = await put(target.uploadUrl, { method: 'PUT', body: byPath.get(target.relPath), signal });
    // Object storage answers in its own format (S3's XML), not the API's envelope.
    const text = await res.text();
    if (!res.ok) {
      const why = `the PUT of ${target.relPath} to its presigned URL answered ${res.status}: ${text.slice(0, 300)}`;
      throw new AssayError(res.status, undefined, null, why);
    }
  }
  const uploadId = session.uploadId;
  await ok(
    client.POST('/projects/{projectId}/upload-sessions/{uploadId}/process', {
      params: { path: { ...path, uploadId } },
      body: process,
      signal,
    }),
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await ok(
      client.GET('/projects/{projectId}/upload-sessions/{uploadId}/status', {
        params: { path: { ...path, uploadId } },
        signal,
      }),
    );
    if (status.run && status.run.status !== 'running') return { uploadId, status };
    if (Date.now() > deadline) throw new Error(`upload ${uploadId}: its ingest run still runs after ${timeoutMs} ms`);
    await sleep(intervalMs, signal);
  }
}
