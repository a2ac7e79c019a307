// Maps Postgres errors to API errors by SQLSTATE and constraint name. Only errors that a request
// can legitimately cause are mapped; anything else stays an internal error (the driver's text
// and the SQL never reach a client).
import { ApiError } from '../errors.ts';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** constraint name -> the API error a violation of it means */
const CONSTRAINTS: Record<string, () => ApiError> = {
  qualification_catalog_pkey: () => new ApiError('qualification_catalog_conflict'),
  projects_org_id_fkey: () => new ApiError('project_not_found'),
};

interface PgErrorLike { code?: string; constraint_name?: string }

export function fromPgError(err: unknown): unknown {
  const pg = err as PgErrorLike;
  if (pg && typeof pg === 'object' && (pg.code === UNIQUE_VIOLATION || pg.code === FOREIGN_KEY_VIOLATION)) {
    const mapped = pg.constraint_name ? CONSTRAINTS[pg.constraint_name] : undefined;
    if (mapped) return mapped();
  }
  return err;
}
