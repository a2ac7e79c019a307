// Rules for declared upload paths. A relPath becomes part of an object key under the session's
// server-owned prefix, so it must not be able to leave that prefix or be read two ways: the
// contract's RelPath pattern says how (relative, forward slashes, no empty, `.` or `..` segment,
// no backslash or control character), and request validation applies it before any handler runs.
// What the pattern cannot say is checked here: the length bound counts UTF-8 bytes.
import { contractLimits } from '../generated/operations.ts';

/**
 * S3 keys are at most 1,024 bytes of UTF-8. The session prefix `uploads/<org>/<project>/<session>/`
 * takes 120 bytes (three uuids), so a relPath may take 900 bytes: the contract's 900 characters
 * (RelPath's maxLength, which its description states in bytes) are not enough of a bound once
 * characters take two to four bytes each.
 */
const MAX_REL_PATH_BYTES = contractLimits.relPathMaxLength;

/** Why a pattern-valid relPath cannot be a key, or null: only its length in bytes. */
export function pathProblem(relPath: string): string | null {
  return Buffer.byteLength(relPath, 'utf8') > MAX_REL_PATH_BYTES
    ? `must be at most ${MAX_REL_PATH_BYTES} bytes in UTF-8 (the whole object key must fit S3's 1,024 bytes)`
    : null;
}

/** Object key of a file: the session's prefix (ending in `/`) plus the relPath. */
export const objectKey = (keyPrefix: string, relPath: string): string => keyPrefix + relPath;

export const sessionKeyPrefix = (orgId: string, projectId: string, sessionId: string): string =>
  `uploads/${orgId}/${projectId}/${sessionId}/`;
