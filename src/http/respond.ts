// The express side of the request pipeline (pipeline.ts): a request as the pipeline's Exchange,
// and the one writer of results and error responses, for REST and the MCP endpoint's HTTP-level
// errors.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Request, Response } from 'express';
import { asApiError, type Exchange } from './pipeline.ts';
import { readJsonBody } from './body.ts';
import { clientAddress } from './rate-limit.ts';
import { audit } from './access-log.ts';
import type { ApiResult } from './api.ts';
import type { AppDeps } from '../context.ts';
import type { Logger } from '../log.ts';
import { JsonElements, JsonText } from '../domain/json-text.ts';

/** Raw query string without the `?`, so openapi-backend parses and validates it itself. */
const rawQuery = (req: Request): string => {
  const i = req.originalUrl.indexOf('?');
  return i < 0 ? '' : req.originalUrl.slice(i + 1);
};

/** The address (budget key) a request is counted under, by the configured proxy trust. */
export const requestAddress = (req: Request, deps: Pick<AppDeps, 'config'>): string =>
  clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], {
    hops: deps.config.trustProxyHops,
    proxies: deps.config.trustedProxies,
  });

/** The request's logger (app.ts's first step): its lines carry its id and, once authenticated, its organization. */
const requestLog = (res: Response): Logger => res.locals.log as Logger;

export function expressExchange(req: Request, res: Response, deps: AppDeps): Exchange {
  let address: string | undefined;
  return {
    requestId: res.locals.requestId as string,
    log: requestLog(res),
    method: req.method,
    path: req.path,
    rawQuery: rawQuery(req),
    headers: req.headers,
    clientAddress: () => {
      address ??= requestAddress(req, deps);
      return address;
    },
    readBody: (limit, operationId) => readJsonBody(req, res, limit, operationId),
    setHeaders: (headers) => setHeaders(res, headers),
    audit: (fields) => audit(res, fields),
    answered: (done) => {
      // The socket's count, headers included: a connection's answers are written one after
      // another (a pipelined request's count can take in the end of the answer before it). At
      // 'close', which also comes when the client leaves before the end: what was written counts.
      const socket = req.socket;
      const before = socket.bytesWritten;
      res.once('close', () => done(socket.bytesWritten - before));
    },
  };
}

/** A top-level array at least this long is written in slices (a declare's URLs). */
const SLICED_ARRAY_MIN = 1000;
/**
 * About this many characters of JSON per turn of the event loop. A declare's 1,000 elements are
 * up to 3 KB each: 250 elements a piece (as before 2026-11-29) were 750 KB, 2-3 ms of
 * JSON.stringify and a copy into the socket, and a string that large is allocated outside the
 * young generation, so only a full collection frees it.
 */
const PIECE_CHARS = 32 * 1024;

/**
 * The body's JSON, as JSON.stringify writes it, in pieces: a long top-level array (a declare
 * answers up to 1,000 presigned URLs) is serialized SLICE elements at a time, each piece written
 * before the next is made, so one large answer never holds the event loop (and every other
 * tenant's request) for the tens of milliseconds a single JSON.stringify of megabytes takes; a
 * member that is already JSON text (src/domain/json-text.ts: a session's file list) is written as
 * its pieces of bytes. Null when the body has neither: one JSON.stringify is then cheapest.
 */
export function jsonPieces(body: unknown): Iterable<string | Buffer> | null {
  if (body instanceof JsonText) return body.pieces;
  if (isLong(body)) return slicedArray(elementsOf(body));
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !hasPiece(body)) return null;
  return (function* () {
    let first = true;
    for (const [key, value] of Object.entries(body)) {
      // As JSON.stringify: a member whose value has no JSON form is left out.
      const head = `${first ? '{' : ','}${JSON.stringify(key)}:`;
      if (value instanceof JsonText) {
        yield head;
        yield* value.pieces;
      } else if (isLong(value)) {
        yield head;
        yield* slicedArray(elementsOf(value));
      } else {
        const json = JSON.stringify(value);
        if (json === undefined) continue;
        yield head + json;
      }
      first = false;
    }
    yield first ? '{}' : '}';
  })();
}

function isLong(v: unknown): boolean {
  return v instanceof JsonElements || (Array.isArray(v) && v.length >= SLICED_ARRAY_MIN);
}

type Elements = { length: number; at: (i: number) => unknown };
const elementsOf = (v: unknown): Elements =>
  v instanceof JsonElements ? v : { length: (v as unknown[]).length, at: (i) => (v as unknown[])[i] };

/** Whether a member of `body` is written in pieces (asked of every answer: no array of its values is made). */
function hasPiece(body: object): boolean {
  for (const key in body) {
    if (!Object.hasOwn(body, key)) continue;
    const v = (body as Record<string, unknown>)[key];
    if (v instanceof JsonText || isLong(v)) return true;
  }
  return false;
}

/**
 * `items` as JSON.stringify writes an array (an element without a JSON form is `null`), in pieces
 * of about PIECE_CHARS, each joined at once: a piece grown by `+=` is a tree of strings until it
 * is written, and the socket holds it until the client takes it, so the whole tree outlived young
 * collections (0.5 MB a declare, the most of any allocation site).
 */
function* slicedArray(items: Elements): Generator<string> {
  let parts: string[] = [];
  let chars = 0;
  for (let i = 0; i < items.length; i++) {
    const json = JSON.stringify(items.at(i)) ?? 'null';
    parts.push(json);
    chars += json.length + 1;
    if (chars >= PIECE_CHARS && i < items.length - 1) {
      yield `${i + 1 === parts.length ? '[' : ','}${parts.join(',')}`;
      parts = [];
      chars = 0;
    }
  }
  yield `${parts.length === items.length ? '[' : ','}${parts.join(',')}]`;
}

/** The body's JsonText values (itself, or its members), the ones jsonPieces writes as their pieces. */
function jsonTexts(body: unknown): JsonText[] {
  if (body instanceof JsonText) return [body];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return Object.values(body).filter((v): v is JsonText => v instanceof JsonText);
}

/** Until the response can take more, or is gone; the listener not fired is removed. */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Plain string header values: none of express's `res.set` handling (a Content-Type's charset) applies. */
function setHeaders(res: Response, headers: Record<string, string>): void {
  for (const name in headers) res.setHeader(name, headers[name]!);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `body` as one JSON text, with the headers express's `res.json` gives it (Content-Type with its
 * charset, Content-Length), written directly: `res.json` looks the type up, parses and formats it
 * again and checks freshness on every answer. A request with a validator header (If-None-Match,
 * If-Modified-Since) still goes through `res.json`, whose freshness check answers it as before.
 */
function writeJson(res: Response, body: unknown): void {
  const h = res.req.headers;
  if (h['if-none-match'] !== undefined || h['if-modified-since'] !== undefined || res.hasHeader('content-type'))
    return void res.json(body);
  const json = JSON.stringify(body);
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

export async function writeResult(res: Response, result: ApiResult): Promise<void> {
  res.status(result.status);
  if (result.headers) setHeaders(res, result.headers);
  if (result.body === undefined) return void res.end();
  const pieces = jsonPieces(result.body);
  if (!pieces) return writeJson(res, result.body);
  // Lent text (a session's file list, src/domain/pooled-text.ts) is read until the socket took
  // every piece: released when the response closed, written or abandoned, not before.
  const lent = jsonTexts(result.body);
  if (lent.length > 0)
    res.once('close', () => {
      for (const text of lent) text.release();
    });
  res.type('application/json');
  for (const piece of pieces) {
    if (res.destroyed) return;
    // Back-pressure: a slow reader holds the next piece, not the whole body in memory.
    if (!res.write(piece)) await drainedOrClosed(res);
    // And a turn of the event loop between pieces, drained or not: a socket that takes a piece at
    // once emits 'drain' in the same turn, so awaiting it alone made the next piece (and every
    // one after it) in that turn, and a declare's 3 MB answer held the loop 20-28 ms at a time.
    await yieldToEventLoop();
  }
  res.end();
}

/** The error response for `err`, under the request's id; logged through the request's logger when internal. */
export function writeError(res: Response, err: unknown): void {
  const requestId = res.locals.requestId as string;
  const apiErr = asApiError(err, requestLog(res), requestId);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(apiErr.status).set(apiErr.headers).json(apiErr.body(requestId));
}
