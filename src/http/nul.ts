// PostgreSQL text and jsonb cannot hold U+0000, so a string with one would fail deep in a write
// with a driver error. Any request value is checked up front instead and refused with its path.
// The walk is iterative and refuses nesting deeper than MAX_BODY_DEPTH: a recursive walk of a
// deeply nested body (`[[[[...]]]]`, a few bytes per level) would overflow the stack, and so
// would every later recursive step (validation, canonical JSON) on such a value.
import { ApiError } from '../errors.ts';
import { MAX_BODY_DEPTH } from './body-limits.ts';

export type Found = { kind: 'nul'; path: string } | { kind: 'depth'; path: string };

/**
 * A value still to be looked at, and where it is: its key (a property name, or an array index)
 * under its parent's. The path is written out only for the value found: written for every value,
 * as it was, a 1,000-file declare made 3,000 path strings (most of the scan's time, in a turn that
 * every other tenant's request waited on).
 */
interface Pending {
  value: unknown;
  key: string | number | null;
  parent: Pending | null;
  depth: number;
}

function pathOf(p: Pending): string {
  const keys: (string | number)[] = [];
  for (let at: Pending | null = p; at && at.key !== null; at = at.parent) keys.push(at.key);
  let path = '';
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i]!;
    path = typeof k === 'number' ? `${path}[${k}]` : path ? `${path}.${k}` : k;
  }
  return path;
}

/**
 * The first string (or key) containing U+0000, or the first value nested too deep; null if neither.
 * With `nul` false, only the depth is looked at.
 */
export function scanValue(root: unknown, maxDepth = MAX_BODY_DEPTH, nul = true): Found | null {
  const stack: Pending[] = [{ value: root, key: null, parent: null, depth: 0 }];
  while (stack.length) {
    const at = stack.pop()!;
    const { value, depth } = at;
    if (typeof value === 'string') {
      if (nul && value.includes('\u0000')) return { kind: 'nul', path: pathOf(at) };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'depth', path: pathOf(at) };
    if (Array.isArray(value)) {
      // Pushed in reverse so the first offending element is found first.
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: at, depth: depth + 1 });
    } else {
      const keys = Object.keys(value);
      if (nul)
        for (const k of keys)
          if (k.includes('\u0000')) return { kind: 'nul', path: pathOf({ value: null, key: k, parent: at, depth }) };
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        stack.push({ value: (value as Record<string, unknown>)[k], key: k, parent: at, depth: depth + 1 });
      }
    }
  }
  return null;
}

export function refuseNul(
  value: unknown,
  code: 'request_body_invalid' | 'parameter_invalid' = 'request_body_invalid',
): void {
  const found = scanValue(value);
  if (found) throw foundError(found, code);
}

/** What refuseNul throws for what the scan found. */
export function foundError(
  found: Found,
  code: 'request_body_invalid' | 'parameter_invalid' = 'request_body_invalid',
): ApiError {
  if (found.kind === 'depth')
    return new ApiError(
      code,
      `The value is nested deeper than ${MAX_BODY_DEPTH} levels${found.path ? ` (at \`${found.path}\`)` : ''}.`,
      found.path || undefined,
    );
  const at = found.path;
  return new ApiError(
    code,
    `${at ? `\`${at}\`` : 'The value'} must not contain the NUL character (\\u0000).`,
    at || undefined,
  );
}

/**
 * The same check for a raw query string. A decoded value can hold U+0000 only where the raw
 * string has `%00` (the HTTP parser refuses a literal NUL), so most requests skip the split.
 */
export function refuseNulInQuery(raw: string): void {
  if (raw.includes('%00')) refuseNul(Object.fromEntries(new URLSearchParams(raw)), 'parameter_invalid');
}
