// Reads a JSON request body. Unparseable JSON or a body that is not JSON is
// request_body_malformed; an absent body is `undefined` and left to schema validation
// (required bodies then fail as request_body_invalid).
import type { Request } from 'express';
import { ApiError } from '../errors.ts';
import { refuseNul } from './nul.ts';

/** Large enough for 1000 declared files with 900-character paths; nothing legitimate is bigger. */
export const MAX_JSON_BODY_BYTES = 2 * 1024 * 1024;

const isJsonType = (contentType: string): boolean => {
  const media = contentType.split(';')[0].trim().toLowerCase();
  return media === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(media);
};

export async function readJsonBody(req: Request): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JSON_BODY_BYTES) {
      req.resume();
      throw new ApiError('request_body_invalid', `The request body exceeds ${MAX_JSON_BODY_BYTES} bytes.`);
    }
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  if (!isJsonType(String(req.headers['content-type'] ?? ''))) {
    throw new ApiError('request_body_malformed', 'The request body must be JSON, sent with `Content-Type: application/json`.');
  }
  const text = Buffer.concat(chunks, size).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError('request_body_malformed', 'The request body is not valid JSON.');
  }
  refuseNul(body);
  return body;
}
