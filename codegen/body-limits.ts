// Request body limits derived from the contract. Each operation's JSON body may be at most the
// largest body its request schema allows, written with generous JSON (every character escaped,
// some whitespace around every value): so every request the reference allows fits, however it
// is encoded (1,000 declared files with 900-character non-ASCII paths need about 5.5 MB), while
// a public validator body is refused past a few hundred bytes, before any work is done.
// A schema without bounds (an open object, an array without maxItems) gets UNBOUNDED_BODY_BYTES.
import { deref } from './refs.ts';

type Schema = Record<string, unknown>;

/** The cap where the contract sets no bound (e.g. a project spec, an open object). */
export const UNBOUNDED_BODY_BYTES = 1024 * 1024;
/** Room the MCP endpoint adds for the JSON-RPC envelope around the largest tool call. */
export const MCP_ENVELOPE_BYTES = 64 * 1024;

/** Bytes per character of a string: `\uXXXX` escapes, or 4-byte UTF-8 for astral characters. */
const PER_CHAR = 6;
/** Formats whose values are ASCII (ajv-formats' definitions): one byte per character. */
const ASCII_FORMATS = new Set([
  'email',
  'uuid',
  'date-time',
  'date',
  'time',
  'uri',
  'uri-reference',
  'hostname',
  'ipv4',
  'ipv6',
]);
/** Formats whose values have a bounded length of their own. */
const FORMAT_LENGTH: Record<string, number> = { uuid: 36, date: 10, 'date-time': 64 };
/** Room for whitespace and a separator around each value. */
const PER_VALUE_SLACK = 16;
const NUMBER_BYTES = 32;

/** Upper bound of the JSON size of any value valid against `schema`; Infinity when unbounded. */
function maxJsonBytes(doc: object, input: Schema, seen: Set<Schema> = new Set()): number {
  const schema = deref(doc, input);
  if (seen.has(schema)) return Infinity; // recursive schema
  seen.add(schema);
  try {
    if ('const' in schema) return JSON.stringify(schema.const).length * PER_CHAR + PER_VALUE_SLACK;
    if (Array.isArray(schema.enum))
      return Math.max(...schema.enum.map((v) => JSON.stringify(v).length * PER_CHAR)) + PER_VALUE_SLACK;
    const alternatives = [schema.oneOf, schema.anyOf].find(Array.isArray) as Schema[] | undefined;
    if (alternatives) return Math.max(...alternatives.map((s) => maxJsonBytes(doc, s, seen)));
    if (Array.isArray(schema.allOf))
      return Math.min(...(schema.allOf as Schema[]).map((s) => maxJsonBytes(doc, s, seen)));
    const types = Array.isArray(schema.type)
      ? (schema.type as string[])
      : typeof schema.type === 'string'
        ? [schema.type]
        : [];
    if (types.length === 0) return Infinity;
    return Math.max(...types.map((t) => byType(doc, t, schema, seen)));
  } finally {
    seen.delete(schema);
  }
}

function byType(doc: object, type: string, schema: Schema, seen: Set<Schema>): number {
  switch (type) {
    case 'null':
      return 4 + PER_VALUE_SLACK;
    case 'boolean':
      return 5 + PER_VALUE_SLACK;
    case 'integer':
    case 'number':
      return NUMBER_BYTES + PER_VALUE_SLACK;
    case 'string': {
      if (typeof schema.format === 'string' && FORMAT_LENGTH[schema.format] !== undefined) {
        return (
          2 +
          Math.min(FORMAT_LENGTH[schema.format]!, typeof schema.maxLength === 'number' ? schema.maxLength : Infinity) +
          PER_VALUE_SLACK
        );
      }
      if (typeof schema.maxLength !== 'number') return Infinity;
      const perChar = typeof schema.format === 'string' && ASCII_FORMATS.has(schema.format) ? 1 : PER_CHAR;
      return 2 + schema.maxLength * perChar + PER_VALUE_SLACK;
    }
    case 'array': {
      if (typeof schema.maxItems !== 'number') return Infinity;
      const item = schema.items ? maxJsonBytes(doc, schema.items as Schema, seen) : Infinity;
      return 2 + schema.maxItems * (item + 1) + PER_VALUE_SLACK;
    }
    case 'object': {
      if (schema.additionalProperties !== false) return Infinity;
      let total = 2 + PER_VALUE_SLACK;
      for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        total += key.length * PER_CHAR + 3 + maxJsonBytes(doc, value, seen);
      }
      return total;
    }
    default:
      return Infinity;
  }
}

/** Bytes a JSON request body of `schema` may take (UNBOUNDED_BODY_BYTES where open); 0 without a JSON body. */
export function bodyLimit(doc: object, schema: Schema | undefined): number {
  if (!schema) return 0;
  const max = maxJsonBytes(doc, schema);
  return Number.isFinite(max) ? Math.ceil(max) : UNBOUNDED_BODY_BYTES;
}
