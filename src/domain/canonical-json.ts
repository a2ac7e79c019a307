// RFC 8785 (JCS) canonical JSON for everything that is hashed or signed. Numbers that are not
// safe integers are refused: a verifier in another language could parse 0.1 + 0.2 or 2^60
// differently, so such values must enter a signed record as strings (the caller decides how).
import canonicalize from 'canonicalize';

export class CanonicalJsonError extends Error {}

function check(value: unknown, path: string): void {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new CanonicalJsonError(`${path}: ${value} is not a safe integer; encode it as a string`);
    return;
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) check(v, `${path}[${i}]`);
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v !== undefined) check(v, `${path}.${k}`);
    }
    return;
  }
  throw new CanonicalJsonError(`${path}: ${typeof value} cannot be represented in JSON`);
}

/** The JCS text of a value whose numbers are all safe integers. */
export function canonicalJson(value: unknown): string {
  check(value, '$');
  return canonicalize(value)!;
}

/** Same, as UTF-8 bytes (what gets hashed and signed). */
export const canonicalBytes = (value: unknown): Buffer => Buffer.from(canonicalJson(value), 'utf8');

/** For figures like 0.73 inside signed records: a fixed decimal string, never a float. */
export const decimalString = (x: number, digits = 6): string => {
  if (!Number.isFinite(x)) throw new CanonicalJsonError(`${x} is not finite`);
  return x.toFixed(digits);
};
