// Maps Postgres errors to API errors by SQLSTATE and constraint name. Only errors that a request
// can legitimately cause are mapped; anything else stays an internal error (the driver's text
// and the SQL never reach a client).
import { NETWORK_ERROR_CODES } from '../domain/network-errors.ts';
import { ApiError } from '../errors.ts';

export const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** constraint name -> the API error a violation of it means */
const CONSTRAINTS: Record<string, () => ApiError> = {
  qualification_catalog_pkey: () => new ApiError('qualification_catalog_conflict'),
  projects_org_id_fkey: () => new ApiError('project_not_found'),
};

interface PgErrorLike {
  code?: string;
  constraint_name?: string;
}

/**
 * The database did not answer, or ended our session: refused or reset connections, connect
 * timeouts, a server shutting down or starting (57P01-57P03), connection-level failures (class
 * 08), too many connections (53300). What the request asked may be fine; retrying later is.
 */
const UNAVAILABLE_CODES = new Set([
  ...NETWORK_ERROR_CODES,
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** A statement ran past statement_timeout (the API's sessions: src/db/client.ts). */
const QUERY_CANCELED = '57014';
const RETRY_AFTER = { 'Retry-After': '1' };

export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as PgErrorLike | null)?.code;
  return typeof code === 'string' && UNAVAILABLE_CODES.has(code);
}

export function fromPgError(err: unknown): unknown {
  const pg = err as PgErrorLike;
  if (isDatabaseUnavailable(err)) {
    return Object.assign(
      new ApiError('service_unavailable', 'The database is unavailable; retry shortly.', undefined, RETRY_AFTER),
      { cause: err },
    );
  }
  if (pg && typeof pg === 'object' && pg.code === QUERY_CANCELED) {
    return Object.assign(
      new ApiError(
        'service_unavailable',
        'The request took too long and was stopped; retry shortly.',
        undefined,
        RETRY_AFTER,
      ),
      { cause: err },
    );
  }
  if (pg && typeof pg === 'object' && (pg.code === UNIQUE_VIOLATION || pg.code === FOREIGN_KEY_VIOLATION)) {
    const mapped = pg.constraint_name ? CONSTRAINTS[pg.constraint_name] : undefined;
    if (mapped) return mapped();
  }
  return err;
}
