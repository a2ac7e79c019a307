// PostgreSQL text and jsonb cannot hold U+0000, so a string with one would fail deep in a write
// with a driver error. Any request value is checked up front instead and refused with its path.
import { ApiError } from '../errors.ts';

/** The path of the first string (or key) containing U+0000, or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      if (k.includes('\u0000')) return p;
      const found = findNul(v, p);
      if (found !== null) return found;
    }
  }
  return null;
}

export function refuseNul(value: unknown, code: 'request_body_invalid' | 'parameter_invalid' = 'request_body_invalid'): void {
  const at = findNul(value);
  if (at !== null) throw new ApiError(code, `${at ? `\`${at}\`` : 'The value'} must not contain the NUL character (\\u0000).`, at || undefined);
}
