// Human wording for JSON Schema (Ajv) errors, shared by request validation, MCP arguments and
// the spec compiler: where the error points, and which rule failed.
import type { ErrorObject } from 'ajv';

/** `/files/3/size` -> `files[3].size` (with a prefix: `spec.files[3].size`). */
export function pointerToPath(pointer: string, prefix = ''): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
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
  if (err.keyword === 'required' || err.keyword === 'dependentRequired')
    return `${err.instancePath}/${String(p.missingProperty)}`;
  return err.instancePath;
}

/** A schema inside the `then` or `else` of an `if`, and that `if` in words: `format is markdown_split`. */
interface Conditional {
  branch: 'then' | 'else';
  condition: string;
}
const MARK = 'x-conditional';

/**
 * The `if` of a conditional, in words, when it is a list of `const` or `enum` properties (the
 * shapes the contract uses): `format is markdown_split`, `format is one of csv, json`. Null for
 * anything else.
 */
function conditionText(schema: unknown): string | null {
  const props = (schema as { properties?: Record<string, { const?: unknown; enum?: unknown[] }> } | undefined)
    ?.properties;
  if (!props || !Object.keys(props).length) return null;
  const parts = Object.entries(props).map(([name, s]) =>
    s && typeof s === 'object' && 'const' in s
      ? `${name} is ${String(s.const)}`
      : s && typeof s === 'object' && Array.isArray(s.enum)
        ? `${name} is one of ${s.enum.map(String).join(', ')}`
        : null,
  );
  return parts.every(Boolean) ? parts.join(' and ') : null;
}

/**
 * A copy of `schema` (any JSON: a schema, a whole OpenAPI document) in which every schema object
 * inside the `then` or `else` of an `if` carries that condition (`x-conditional`, which Ajv
 * ignores). Compile the copy: an error raised there (Ajv's `verbose` errors carry the schema of
 * the failing keyword, `parentSchema`) is then worded with its condition,
 * `is required when format is markdown_split`. A mark survives the copies validators make.
 */
export function markConditionals<T>(schema: T): T {
  const mark = (node: unknown, inherited: Conditional | null): unknown => {
    if (Array.isArray(node)) return node.map((n) => mark(n, inherited));
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    const condition = 'if' in obj ? conditionText(obj.if) : null;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj)) {
      const branch: Conditional | null =
        condition && (key === 'then' || key === 'else') ? { branch: key, condition } : inherited;
      out[key] = mark(value, branch);
    }
    if (inherited) out[MARK] = inherited;
    return out;
  };
  return mark(schema, null) as T;
}

/** The rule that failed, phrased to follow the field's name: `must be one of human, ai`. */
export function describeRule(err: ErrorObject): string {
  const rule = plainRule(err);
  const c = (err.parentSchema as Record<string, unknown> | undefined)?.[MARK] as Conditional | undefined;
  if (!c) return rule;
  // `values: {not: {}}` in an `else`: the field exists only when the condition holds.
  if (err.keyword === 'not' && c.branch === 'else') return `is only allowed when ${c.condition}`;
  return `${rule} ${c.branch === 'then' ? 'when' : 'unless'} ${c.condition}`;
}

function plainRule(err: ErrorObject): string {
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'additionalProperties':
      return 'is not a known field';
    case 'required':
      return 'is required';
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'format':
      return `must be a valid ${String(p.format)}`;
    case 'type':
      return `must be of type ${Array.isArray(p.type) ? p.type.join(' or ') : String(p.type)}`;
    case 'dependentRequired':
      return `is required when \`${String(p.property)}\` is set`;
    case 'minProperties':
      return 'must set at least one field';
    case 'pattern':
      return `must match the pattern ${String(p.pattern)}`;
    case 'not':
      return 'is not allowed';
    default:
      return err.message ?? 'is invalid';
  }
}
