// Rules for declared upload paths. A relPath becomes part of an object key under the session's
// server-owned prefix, so it must not be able to leave that prefix or be read two ways.
export type PathProblem = 'absolute' | 'dot-dot' | 'backslash' | 'empty-segment' | 'control-character' | 'too-long';

/**
 * S3 keys are at most 1,024 bytes of UTF-8. The session prefix `uploads/<org>/<project>/<session>/`
 * takes 120 bytes (three uuids), so a relPath may take 900 bytes: the contract's 900 characters
 * are not enough of a bound once characters take two to four bytes each.
 */
const MAX_REL_PATH_BYTES = 900;

const MESSAGES: Record<PathProblem, string> = {
  absolute: 'must be relative (no leading slash)',
  'dot-dot': 'must not contain a `..` segment',
  backslash: 'must use forward slashes only',
  'empty-segment': 'must not contain empty or `.` segments',
  'control-character': 'must not contain control characters',
  'too-long': `must be at most ${MAX_REL_PATH_BYTES} bytes in UTF-8 (the whole object key must fit S3's 1,024 bytes)`,
};

export function pathProblem(relPath: string): PathProblem | null {
  if (relPath.startsWith('/')) return 'absolute';
  if (relPath.includes('\\')) return 'backslash';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f\u007f]/.test(relPath)) return 'control-character';
  const segments = relPath.split('/');
  if (segments.includes('..')) return 'dot-dot';
  if (segments.some((s) => s === '' || s === '.')) return 'empty-segment';
  if (Buffer.byteLength(relPath, 'utf8') > MAX_REL_PATH_BYTES) return 'too-long';
  return null;
}

export const describePathProblem = (p: PathProblem): string => MESSAGES[p];

/** Object key of a file: the session's prefix (ending in `/`) plus the relPath. */
export const objectKey = (keyPrefix: string, relPath: string): string => keyPrefix + relPath;

export const sessionKeyPrefix = (orgId: string, projectId: string, sessionId: string): string =>
  `uploads/${orgId}/${projectId}/${sessionId}/`;
