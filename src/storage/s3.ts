// Object storage: one S3 client per process, presigned URLs, reading and writing objects. File bytes
// never pass through the service: clients PUT to presigned URLs and workers stream objects.
import { inSpan, SpanKind, tracingEnabled } from '../tracing.ts';
import { NETWORK_ERROR_CODES } from '../domain/network-errors.ts';
import {
  S3Client,
  HeadObjectCommand,
  PutObjectCommand,
  GetObjectCommand,
  DeleteObjectCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  CompleteMultipartUploadCommand,
  AbortMultipartUploadCommand,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { signature, signingKey } from './sigv4.ts';
import { createReadStream, statSync } from 'node:fs';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';

export interface Storage {
  client: S3Client;
  bucket: string;
  /**
   * Signs presigned URLs and sends nothing: a client of S3_PUBLIC_ENDPOINT when set (a SigV4
   * signature covers the Host header, so a URL must be signed for the host its user will send),
   * else `client` itself.
   */
  presigner: S3Client;
}

/**
 * Bounds on every S3 call. Without them a store that stops answering holds a request (and
 * whatever it holds: a pooled connection, a job) for as long as the OS keeps the socket.
 * `responseTimeoutMs`: from sending to the response's headers; `idleTimeoutMs`: the longest
 * silence on the socket, also while a body streams (a large GET is fine as long as bytes keep
 * coming). Retries are the SDK's standard mode (exponential backoff with jitter, throttling,
 * 5xx and network errors only), at most `maxAttempts` tries in all.
 */
export interface S3Limits {
  connectionTimeoutMs: number;
  responseTimeoutMs: number;
  idleTimeoutMs: number;
  maxAttempts: number;
}

const S3_LIMITS: S3Limits = Object.freeze({
  connectionTimeoutMs: 3000,
  responseTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  maxAttempts: 3,
});

export function createStorage(s3: Config['s3'], limits: Partial<S3Limits> = {}): Storage {
  const l = { ...S3_LIMITS, ...limits };
  const signing = {
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  };
  const client = new S3Client({
    requestHandler: {
      connectionTimeout: l.connectionTimeoutMs,
      requestTimeout: l.responseTimeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: l.idleTimeoutMs,
    },
    maxAttempts: l.maxAttempts,
    retryMode: 'standard',
    endpoint: s3.endpoint,
    ...signing,
    // Without these the SDK adds CRC32 trailers to streamed PUTs, which some S3-compatible
    // servers store as chunk framing inside the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // With tracing on, a client span per command, its retries inside it (presigning runs the
  // middleware too, without a request: its span is a few microseconds long).
  if (tracingEnabled())
    client.middlewareStack.add(
      (next, context) => (args) =>
        inSpan(
          `S3 ${context.commandName ?? 'command'}`,
          { kind: SpanKind.CLIENT, attributes: { 'rpc.system': 'aws-api', 'rpc.method': context.commandName ?? '' } },
          () => next(args),
        ),
      { step: 'initialize', name: 'assayTracing' },
    );
  const presigner = s3.publicEndpoint ? new S3Client({ endpoint: s3.publicEndpoint, ...signing }) : client;
  return { client, bucket: s3.bucket, presigner };
}

/**
 * A presigned PUT for exactly one key and exactly `contentLength` bytes. The signature covers
 * method, bucket, key and the Content-Length header, and expires; it grants nothing else (no
 * listing, no other keys, no reads), and a body of another length is refused by the store, so
 * a 10-byte declaration cannot be used to store gigabytes.
 */
export function presignPut(
  storage: Storage,
  key: string,
  expiresInSeconds: number,
  contentLength: number,
  signingDate?: Date,
): Promise<string> {
  return getSignedUrl(
    storage.presigner,
    new PutObjectCommand({ Bucket: storage.bucket, Key: key, ContentLength: contentLength }),
    { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-length']), signingDate },
  );
}

/** A path segment as the SDK writes an object key into a request path (`encodeURIComponent`, and `!'()*`). */
const escapeSegment = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** Characters both leave as they are (most keys: the path check allows few others). */
const UNRESERVED_PATH = /^[A-Za-z0-9\-._~/]*$/;
const escapeKey = (key: string): string =>
  UNRESERVED_PATH.test(key) ? key : key.split('/').map(escapeSegment).join('/');

/** URLs signed between two turns of the event loop: a 1,000-file declare never holds it for long. */
const PRESIGN_SLICE = 64;

/**
 * The signer of a batch's other URLs, taken from the SDK's URL for its first file: the same
 * origin, path before the key, query and credential scope, each URL's signature computed here
 * (sigv4.ts) under one signing key. Null when the first URL does not have the layout this
 * assumes, or when signing the first file here does not give the SDK's URL byte for byte: the
 * SDK then signs every URL.
 */
export async function batchSigner(
  storage: Storage,
  first: string,
  firstFile: { key: string; contentLength: number },
): Promise<((f: { key: string; contentLength: number }) => string) | null> {
  const url = new URL(first);
  const origin = `${url.protocol}//${url.host}`;
  const queryAt = first.indexOf('?');
  const rawPath = first.slice(origin.length, queryAt);
  const firstKey = `/${escapeKey(firstFile.key)}`;
  // The URL's text around its signature, kept as the SDK wrote it (its query is sorted by name).
  const signatureAt = first.search(/[?&]X-Amz-Signature=[0-9a-f]{64}(&|$)/) + 1;
  const before = first.slice(queryAt + 1, signatureAt);
  const after = first.slice(signatureAt + 'X-Amz-Signature='.length + 64);
  const params = [...url.searchParams].filter(([name]) => name !== 'X-Amz-Signature');
  const get = (name: string) => params.find(([n]) => n === name)?.[1];
  const credential = get('X-Amz-Credential')?.split('/');
  const amzDate = get('X-Amz-Date');
  if (
    !first.startsWith(origin) ||
    queryAt < 0 ||
    !rawPath.endsWith(firstKey) ||
    signatureAt <= queryAt ||
    get('X-Amz-SignedHeaders') !== 'content-length;host' ||
    credential?.length !== 5 ||
    !amzDate
  )
    return null;
  const [, date, region, service] = credential;
  const { secretAccessKey } = await storage.presigner.config.credentials();
  const key = signingKey(secretAccessKey, date, region, service);
  const scope = credential.slice(1).join('/');
  const prefix = rawPath.slice(0, -firstKey.length);
  // Every name and value in RFC 3986 encoding, sorted by encoded name (then value).
  const canonicalQuery = params
    .map(([n, v]) => [escapeSegment(n), escapeSegment(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
  const payload = get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  const sign = (f: { key: string; contentLength: number }): string => {
    const path = `${prefix}/${escapeKey(f.key)}`;
    const request =
      `PUT\n${path}\n${canonicalQuery}\ncontent-length:${f.contentLength}\nhost:${url.host}\n\n` +
      `content-length;host\n${payload}`;
    return `${origin}${path}?${before}X-Amz-Signature=${signature(key, amzDate, scope, request)}${after}`;
  };
  return sign(firstFile) === first ? sign : null;
}

/**
 * The signer of a batch of PUT URLs, the same URLs as presignPut's (a test compares them byte for
 * byte), `file(i)` giving the i-th file whenever it is asked for. Through the SDK, each URL costs
 * 0.1-0.6 ms of CPU (its middleware stack, or at least its signer's canonicalization and key
 * lookups), so one declare of 1,000 files held the API's event loop for up to most of a second,
 * for every tenant. The first URL still goes through the SDK; the others are signed from it
 * (batchSigner), a few microseconds each, when asked for: a declare signs each piece of its answer
 * as it writes it (src/domain/json-text.ts, JsonElements). When the first URL's layout is not one
 * batchSigner knows, the SDK signs them all here, yielding to the event loop every PRESIGN_SLICE.
 */
export async function putSigner(
  storage: Storage,
  count: number,
  file: (i: number) => { key: string; contentLength: number },
  expiresInSeconds: number,
  signingDate: Date = new Date(),
): Promise<(i: number) => string> {
  if (count === 0) return () => '';
  const head = file(0);
  const first = await presignPut(storage, head.key, expiresInSeconds, head.contentLength, signingDate);
  const sign = await batchSigner(storage, first, head);
  if (sign) return (i) => (i === 0 ? first : sign(file(i)));
  const urls = [first];
  for (let i = 1; i < count; i++) {
    if (i % PRESIGN_SLICE === 0) await yieldToEventLoop();
    const f = file(i);
    urls.push(await presignPut(storage, f.key, expiresInSeconds, f.contentLength, signingDate));
  }
  return (i) => urls[i];
}

/** putSigner's URLs for every file, all at once (yielding to the event loop every PRESIGN_SLICE). */
export async function presignPuts(
  storage: Storage,
  files: readonly { key: string; contentLength: number }[],
  expiresInSeconds: number,
  signingDate: Date = new Date(),
): Promise<string[]> {
  const sign = await putSigner(storage, files.length, (i) => files[i], expiresInSeconds, signingDate);
  const urls: string[] = [];
  for (let i = 0; i < files.length; i++) {
    if (i > 0 && i % PRESIGN_SLICE === 0) await yieldToEventLoop();
    urls.push(sign(i));
  }
  return urls;
}

export function presignGet(
  storage: Storage,
  key: string,
  expiresInSeconds: number,
  filename?: string,
  served?: { contentType: string; contentDisposition: string },
): Promise<string> {
  return getSignedUrl(
    storage.presigner,
    new GetObjectCommand({
      Bucket: storage.bucket,
      Key: key,
      ...(filename ? { ResponseContentDisposition: `attachment; filename="${filename}"` } : {}),
      // The response headers the object is served with, whatever it was stored with.
      ...(served
        ? { ResponseContentType: served.contentType, ResponseContentDisposition: served.contentDisposition }
        : {}),
    }),
    { expiresIn: expiresInSeconds },
  );
}

/** Files larger than this are stored in parts (S3's smallest part is 5 MiB). */
export const MULTIPART_THRESHOLD = 16 << 20;
const PART_SIZE = 8 << 20;

/**
 * Stores a local file under `key`, streamed from disk (the file may be large). A large file goes
 * up in parts of 8 MiB, one after the other: a single PUT of a 300 MB file held about 60 MB of it
 * in the sending process's buffers (the request body outran the socket), parts bound that to one
 * part. A failed multipart upload is aborted, so no part is left behind; the object appears only
 * when the upload completes.
 *
 * `signal` (a worker shutting down) stops the upload: it cancels the PUT or the part in flight,
 * no further part is sent, and the multipart upload is aborted; the call rejects with the
 * signal's reason. The short requests around the parts (create, complete, abort) are not
 * cancelled: a cancelled create could leave an upload whose id we never learnt, and a complete
 * is either done or not.
 */
export async function putFile(
  storage: Storage,
  key: string,
  path: string,
  contentType: string,
  signal?: AbortSignal,
): Promise<void> {
  const size = statSync(path).size;
  const cancellable = { abortSignal: signal };
  try {
    signal?.throwIfAborted();
    if (size <= MULTIPART_THRESHOLD) {
      await storage.client.send(
        new PutObjectCommand({
          Bucket: storage.bucket,
          Key: key,
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
        cancellable,
      );
      return;
    }
    const { UploadId } = await storage.client.send(
      new CreateMultipartUploadCommand({ Bucket: storage.bucket, Key: key, ContentType: contentType }),
    );
    try {
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      for (let n = 1, start = 0; start < size; n++, start += PART_SIZE) {
        signal?.throwIfAborted();
        const end = Math.min(size, start + PART_SIZE);
        const part = await storage.client.send(
          new UploadPartCommand({
            Bucket: storage.bucket,
            Key: key,
            UploadId,
            PartNumber: n,
            Body: createReadStream(path, { start, end: end - 1 }),
            ContentLength: end - start,
          }),
          cancellable,
        );
        parts.push({ ETag: part.ETag, PartNumber: n });
      }
      signal?.throwIfAborted();
      await storage.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: storage.bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (err) {
      await storage.client
        .send(new AbortMultipartUploadCommand({ Bucket: storage.bucket, Key: key, UploadId }))
        .catch(() => {});
      throw err;
    }
  } catch (err) {
    throw fromStorageError(err);
  }
}

/** Deletes one object; deleting a key that does not exist is not an error (S3 answers 204 either way). */
export async function deleteObject(storage: Storage, key: string): Promise<void> {
  try {
    await storage.client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: key }));
  } catch (err) {
    throw fromStorageError(err);
  }
}

/** Size and ETag of an object, or null when it does not exist. */
export async function headObject(storage: Storage, key: string): Promise<{ size: number; etag: string } | null> {
  try {
    const res = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key }));
    return { size: res.ContentLength ?? 0, etag: res.ETag ?? '' };
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) return null;
    throw fromStorageError(err);
  }
}

/** Size of an object, or null when it does not exist. */
export async function headSize(storage: Storage, key: string): Promise<number | null> {
  return (await headObject(storage, key))?.size ?? null;
}

/** The object is no longer the one that was verified (its ETag changed). */
export class ObjectChanged extends Error {
  constructor(key: string) {
    super(`object ${key} changed after it was verified`);
    this.name = 'ObjectChanged';
  }
}

/**
 * An object's bytes, streamed as the store sends them (a worker reading a session's file). A
 * failure of the store, before or while the body streams, is thrown as the SDK's error:
 * `describeReadFailure` words it.
 */
export async function* objectBytes(storage: Storage, key: string, etag?: string | null): AsyncGenerator<Uint8Array> {
  let res: GetObjectCommandOutput;
  try {
    // If-Match where the store supports it; the response's ETag is compared as well, for those
    // that ignore the header.
    res = await storage.client.send(
      new GetObjectCommand({ Bucket: storage.bucket, Key: key, ...(etag ? { IfMatch: etag } : {}) }),
    );
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412)
      throw new ObjectChanged(key);
    throw err;
  }
  if (etag && res.ETag !== etag) {
    (res.Body as { destroy?: () => void } | undefined)?.destroy?.();
    throw new ObjectChanged(key);
  }
  yield* res.Body as AsyncIterable<Uint8Array>;
}

/** An object's Content-Type as it was stored. */
export async function objectContentType(storage: Storage, key: string): Promise<string | undefined> {
  return (await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key }))).ContentType;
}

/** What went wrong in a failed read, in words for a person (never the driver's text). */
export function describeReadFailure(err: unknown): string {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } } | null;
  const status = e?.$metadata?.httpStatusCode;
  return e?.name === 'TimeoutError' || e?.code === 'ETIMEDOUT'
    ? 'it did not answer in time'
    : status !== undefined && status >= 400
      ? `it answered HTTP ${status}`
      : 'the connection was lost';
}

/**
 * Object storage did not answer: a timeout, a refused or reset connection, or a 5xx after the
 * SDK's retries. Maps to `service_unavailable` (503, Retry-After); anything else is left alone.
 * The functions of this module map their own errors, so an outage is named as storage's: a
 * refused connection alone does not say which dependency refused it (the database's mapping,
 * src/db/errors.ts, would claim it).
 */
export function fromStorageError(err: unknown): unknown {
  const e = err as {
    name?: string;
    code?: string;
    cause?: { code?: string };
    $metadata?: { httpStatusCode?: number };
  } | null;
  if (!e || typeof e !== 'object' || err instanceof ApiError) return err;
  const status = e.$metadata?.httpStatusCode;
  const code = e.code ?? e.cause?.code;
  const network = code !== undefined && NETWORK_ERROR_CODES.includes(code);
  if (e.name === 'TimeoutError' || network || (status !== undefined && status >= 500 && '$fault' in e)) {
    return Object.assign(
      new ApiError('service_unavailable', 'Object storage is unavailable; retry shortly.', undefined, {
        'Retry-After': '1',
      }),
      { cause: err },
    );
  }
  return err;
}
