// Keyset pagination, newest first. The cursor is opaque to clients: base64url of the last row's
// (created_at with microseconds, id). A cursor that does not decode is parameter_invalid.
import { ApiError } from './errors.ts';

export interface Cursor {
  /** created_at of the last row seen, RFC 3339 with microseconds, UTC. */
  t: string;
  id: string;
}

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const encodeCursor = (c: Cursor): string => Buffer.from(`${c.t}|${c.id}`, 'utf8').toString('base64url');

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (raw === undefined) return null;
  const [t, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length || !TS.test(t ?? '') || !UUID.test(id ?? '') || Number.isNaN(Date.parse(t))) {
    throw new ApiError('parameter_invalid', 'The cursor is not valid; pass the `nextCursor` of a previous page.', 'cursor');
  }
  return { t, id };
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** `rows` were fetched with limit + 1: the extra row only tells that another page exists. */
export function toPage<R extends { cursor_t: string; id: string }, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return { data: kept.map(map), hasMore, nextCursor: hasMore && last ? encodeCursor({ t: last.cursor_t, id: last.id }) : null };
}

/**
 * to_char format of cursor_t. Compare with `${t}::text::timestamptz`: a parameter typed
 * timestamptz is serialized by postgres.js through a JS Date, which drops the microseconds,
 * and rows sharing a created_at (one transaction) would then be skipped.
 */
export const CURSOR_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';
