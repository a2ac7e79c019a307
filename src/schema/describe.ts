// Human wording for JSON Schema (Ajv) errors, shared by request validation, MCP arguments and
// the spec compiler: where the error points, and which rule failed.
import type { ErrorObject } from 'ajv';

/** `/files/3/size` -> `files[3].size` (with a prefix: `spec.files[3].size`). */
export function pointerToPath(pointer: string, prefix = ''): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let out = prefix;
  for (const part of parts) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

/** The JSON pointer of the offending field, including a missing or unknown property. */
export function errorPointer(err: ErrorObject): string {
  const p = err.params as Record<string, unknown>;
  if (err.keyword === 'additionalProperties') return `${err.instancePath}/${String(p.additionalProperty)}`;
  if (err.keyword === 'required' || err.keyword === 'dependentRequired') return `${err.instancePath}/${String(p.missingProperty)}`;
  return err.instancePath;
}

/** The rule that failed, phrased to follow the field's name: `must be one of human, ai`. */
export function describeRule(err: ErrorObject): string {
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'additionalProperties': return 'is not a known field';
    case 'required': return 'is required';
    case 'enum': return `must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const': return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'format': return `must be a valid ${String(p.format)}`;
    case 'type': return `must be of type ${Array.isArray(p.type) ? p.type.join(' or ') : String(p.type)}`;
    case 'dependentRequired': return `is required when \`${String(p.property)}\` is set`;
    case 'minProperties': return 'must set at least one field';
    case 'pattern': return `must match the pattern ${String(p.pattern)}`;
    default: return err.message ?? 'is invalid';
  }
}
