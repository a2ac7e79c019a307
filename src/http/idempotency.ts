// Idempotency-Key (IETF draft-ietf-httpapi-idempotency-key-header) on the developer API's POST
// operations, REST and MCP alike: a retried request (lost response, timeout, client crash) with
// the same key and payload gets the first response again, for 24 hours, instead of creating a
// second project, upload session or webhook endpoint.
// - Same key, other payload (another operation, path or body): 422 `idempotency_key_reused`.
// - Same key while the first request is still running: 409 `idempotency_key_in_use`.
// - Only successes are kept: an operation that failed wrote nothing (one transaction), so its
//   retry simply runs again.
// - Keys are scoped to the API key that sent them (within its organization): another key, of
//   the same member or another, never gets the first caller's response. The caller's
//   authorization is checked before a replay as before a first run (`authorize`), so a key
//   whose creator lost the originator role since gets 403, not the stored response. Records
//   live in Postgres (shared by every server process) with the response sealed under
//   SECRETS_KEY (a webhook endpoint's response carries its secret).
import { createHash } from 'node:crypto';
import { operationIds, operationTable, type OperationId } from '../generated/operations.ts';
import canonicalize from 'canonicalize';
import { open, seal } from '../domain/secret-box.ts';
import { claimKey, complete, release } from '../db/idempotency.ts';
import type { Sql } from '../db/client.ts';
import { ApiError } from '../errors.ts';
import type { ApiResult } from './api.ts';

/** How long a request in flight holds its key before a retry may take it over. */
const LOCK_SECONDS = 120;

/** The operations whose contract declares the Idempotency-Key header (the operation table's `idempotent`). */
export const IDEMPOTENT_OPERATIONS: ReadonlySet<OperationId> = new Set(
  operationIds.filter((id) => operationTable[id].idempotent),
);

/**
 * The key of a request, or null without one. The draft sends it as a structured-field string
 * (`"..."`); a bare token is accepted too. 1-255 visible ASCII characters.
 */
export function parseIdempotencyKey(header: string | string[] | undefined, param = 'Idempotency-Key'): string | null {
  if (header === undefined) return null;
  const raw = (Array.isArray(header) ? header.join(',') : header).trim();
  // The contract's pattern: visible ASCII, optionally in one pair of quotes, at most 255 inside.
  if (!/^"?[\x21-\x7E]+"?$/.test(raw) || raw.length > 257)
    throw new ApiError(
      'parameter_invalid',
      `${param} must be 1 to 255 visible ASCII characters, optionally quoted.`,
      param,
    );
  const key = /^"(.+)"$/.exec(raw)?.[1] ?? raw;
  if (key.length > 255)
    throw new ApiError(
      'parameter_invalid',
      `${param} must be 1 to 255 visible ASCII characters, optionally quoted.`,
      param,
    );
  return key;
}

export interface IdempotencyDeps {
  sql: Sql;
  secretsKey: string | null;
}

/** What makes two requests "the same" for a key: operation, path (relative to its server) and body. */
export const requestFingerprint = (operationId: OperationId, path: string, body: unknown): Buffer =>
  // RFC 8785 form of the body (any JSON number: the signing form's integer-only rule is not needed here).
  createHash('sha256')
    .update(`${operationId}\n${path}\n${canonicalize(body ?? null) ?? 'null'}`)
    .digest();

/** Whose retries share records: the organization and the API key within it. */
export interface IdempotencyScope {
  orgId: string;
  apiKeyId: string;
}

/**
 * Runs `run` once per (organization, API key, Idempotency-Key, payload); replays its success for
 * later calls. `authorize` (the operation's permission check) runs before either.
 */
export async function idempotent<T extends ApiResult>(
  deps: IdempotencyDeps,
  scope: IdempotencyScope,
  key: string,
  operationId: OperationId,
  path: string,
  body: unknown,
  authorize: () => void,
  run: () => Promise<T>,
): Promise<T> {
  authorize();
  const fingerprint = requestFingerprint(operationId, path, body);
  const { claimed, row } = await claimKey(deps.sql, scope, key, operationId, fingerprint, LOCK_SECONDS);
  if (!claimed) {
    if (!row.fingerprint.equals(fingerprint)) {
      throw new ApiError(
        'idempotency_key_reused',
        'This Idempotency-Key was used with another request (operation, path or body) in the last 24 hours; use a ' +
          'new key.',
        'Idempotency-Key',
      );
    }
    if (row.locked || row.response_sealed === null) {
      throw new ApiError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed; retry later.',
        'Idempotency-Key',
      );
    }
    // What `run` returned for this operation (the fingerprint names it), sealed when it completed.
    const stored = JSON.parse(open(deps.secretsKey, row.response_sealed, row.id)) as T;
    return { ...stored, headers: { ...stored.headers, 'Idempotent-Replayed': 'true' } };
  }
  let result: T;
  try {
    result = await run();
  } catch (err) {
    await release(deps.sql, row.id);
    throw err;
  }
  await complete(deps.sql, row.id, result.status, seal(deps.secretsKey, JSON.stringify(result), row.id));
  return result;
}
