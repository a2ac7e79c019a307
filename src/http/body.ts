// Reads a JSON request body. Unparseable JSON or a body that is not JSON is
// request_body_malformed; an absent body is `undefined` and left to schema validation
// (required bodies then fail as request_body_invalid). A body larger than the operation's limit
// (src/http/body-limits.ts) is request_body_too_large (413): refused on its Content-Length before
// a byte is read, or as soon as a chunked body passes the limit; the connection is closed then,
// so the rest is never read either. A client that waits for `100 Continue` (server.ts leaves the
// answer to the app) gets it here, after the declared length passed, on every door.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { ApiError } from '../errors.ts';
import type { OperationId } from '../generated/operations.ts';
import { LARGE_BODY_BYTES, MAX_BODY_DEPTH } from './body-limits.ts';
import { largeBodyCounts, parseOnThread, type BodyChecks } from './body-thread.ts';
import { foundError, scanValue, type Found } from './nul.ts';

const isJsonType = (contentType: string): boolean => {
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  return media === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(media);
};

const tooLarge = (limit: number) =>
  new ApiError(
    'request_body_too_large',
    `The request body exceeds ${limit} bytes, the most this operation accepts.`,
    undefined,
    { Connection: 'close' },
  );

/** Refuses a declared Content-Length over the limit, before anything is read. */
function refuseDeclaredLength(req: IncomingMessage, limit: number): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
}

/** What a body is scanned for (and validated against, on the large-body thread), and what is refused when found. */
export interface BodyScan extends BodyChecks {
  refuse: (found: Found) => ApiError;
}

const malformed = () => new ApiError('request_body_malformed', 'The request body is not valid JSON.');

function parse(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw malformed();
  }
}

/**
 * The JSON value of the body, or undefined when empty: the declared length checked, `100
 * Continue` answered when asked for, then read within `limit`, parsed and scanned (`scan`). A
 * large body (LARGE_BODY_BYTES or more) is parsed, scanned and checked against its operation's
 * body validator on the large-body thread (body-thread.ts), or, while the thread is not there, on
 * the event loop in turns of their own.
 */
export async function readJson(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  scan: BodyScan,
): Promise<unknown> {
  refuseDeclaredLength(req, limit);
  if (String(req.headers.expect ?? '').toLowerCase() === '100-continue') res.writeContinue();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  if (!isJsonType(String(req.headers['content-type'] ?? ''))) {
    throw new ApiError(
      'request_body_malformed',
      'The request body must be JSON, sent with `Content-Type: application/json`.',
    );
  }
  const bytes = Buffer.concat(chunks, size);
  if (size >= LARGE_BODY_BYTES) return readLarge(bytes, scan);
  const body = parse(bytes);
  const found = scanValue(body, scan.maxDepth, scan.nul);
  if (found) throw scan.refuse(found);
  return body;
}

/** Bodies read from large requests, and of those the ones the thread validated, by operation. */
const largeBodies = new WeakSet<object>();
const validatedBodies = new WeakMap<object, OperationId>();

async function readLarge(bytes: Buffer, scan: BodyScan): Promise<unknown> {
  const result = await parseOnThread(bytes, scan)?.catch(() => null);
  if (result) {
    largeBodyCounts.thread++;
    if (result.kind === 'malformed') throw malformed();
    if (result.kind === 'found') throw scan.refuse(result.found);
    const body = result.body;
    if (typeof body === 'object' && body !== null) {
      largeBodies.add(body);
      if (result.validated && scan.operationId) validatedBodies.set(body, scan.operationId);
    }
    return body;
  }
  // The thread is not there: the same steps here, each in a turn of its own.
  largeBodyCounts.eventLoop++;
  const body = parse(bytes);
  if (typeof body === 'object' && body !== null) largeBodies.add(body);
  await yieldToEventLoop();
  const found = scanValue(body, scan.maxDepth, scan.nul);
  if (found) throw scan.refuse(found);
  await yieldToEventLoop();
  return body;
}

/** Whether `body` was read from a large request: the caller then yields before more work on it. */
export const isLargeBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && largeBodies.has(body);

/** Whether the large-body thread found `body` valid for `operationId`'s body validator, which left it unchanged. */
export const validatedOnThread = (body: unknown, operationId: OperationId): boolean =>
  typeof body === 'object' && body !== null && validatedBodies.get(body) === operationId;

/**
 * A REST operation's body: read within `limit`, refused when it holds a NUL or nests deeper than
 * MAX_BODY_DEPTH, and, when large, checked on the thread against `operationId`'s body validator.
 */
export const readJsonBody = (
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  operationId: OperationId,
): Promise<unknown> =>
  readJson(req, res, limit, { maxDepth: MAX_BODY_DEPTH, nul: true, operationId, refuse: foundError });
