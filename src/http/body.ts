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
import { refuseNul } from './nul.ts';

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

/**
 * The raw JSON value of the body (not yet checked for NUL or depth), or undefined when empty:
 * the declared length checked, `100 Continue` answered when asked for, then read within `limit`.
 */
export async function readJson(req: IncomingMessage, res: ServerResponse, limit: number): Promise<unknown> {
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
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks, size).toString('utf8'));
  } catch {
    throw new ApiError('request_body_malformed', 'The request body is not valid JSON.');
  }
  if (size >= LARGE_BODY_BYTES && typeof body === 'object' && body !== null) largeBodies.add(body);
  return body;
}

/**
 * A body of at least this many bytes is parsed, checked and validated in separate turns of the
 * event loop (isLargeBody): a 1,000-file declare is about 1 MB, and parsing, the NUL check, the
 * contract's validators and the handler's own checks in one turn held every other request 10-25
 * ms (bench/README.md, hostile tenants).
 */
export const LARGE_BODY_BYTES = 64 * 1024;
const largeBodies = new WeakSet<object>();

/** Whether `body` was read from a large request: the caller then yields before more work on it. */
export const isLargeBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && largeBodies.has(body);

/** A REST operation's body: read within `limit`, then checked for NUL and nesting depth. */
export async function readJsonBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<unknown> {
  const body = await readJson(req, res, limit);
  if (!isLargeBody(body)) {
    refuseNul(body);
    return body;
  }
  await yieldToEventLoop();
  refuseNul(body);
  await yieldToEventLoop();
  return body;
}
