// Request body limits derived from the contract. Each operation's JSON body may be at most the
// largest body its request schema allows, written with generous JSON (every character escaped,
// some whitespace around every value): so every request the reference allows fits, however it
// is encoded (1,000 declared files with 900-character non-ASCII paths need about 5.5 MB), while
// a public validator body is refused past a few hundred bytes, before any work is done.
// A schema without bounds (an open object, an array without maxItems) gets UNBOUNDED_BODY_BYTES.
import contract from '../generated/openapi.json' with { type: 'json' };
import { operationIds, operationTable, type OperationId } from '../generated/operations.ts';

/** The cap where the contract sets no bound (e.g. a project spec, an open object). */
export const UNBOUNDED_BODY_BYTES = 1024 * 1024;
/** Nesting deeper than this is refused (400) before anything walks the value. */
export const MAX_BODY_DEPTH = 32;

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

type Schema = Record<string, unknown>;
const components = (contract as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas;

function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/'))
    return resolve(components[ref.slice('#/components/schemas/'.length)]!);
  return schema;
}

/** Upper bound of the JSON size of any value valid against `schema`; Infinity when unbounded. */
function maxJsonBytes(input: Schema, seen: Set<Schema> = new Set()): number {
  const schema = resolve(input);
  if (seen.has(schema)) return Infinity; // recursive schema
  seen.add(schema);
  try {
    if ('const' in schema) return JSON.stringify(schema.const).length * PER_CHAR + PER_VALUE_SLACK;
    if (Array.isArray(schema.enum))
      return Math.max(...schema.enum.map((v) => JSON.stringify(v).length * PER_CHAR)) + PER_VALUE_SLACK;
    const alternatives = [schema.oneOf, schema.anyOf].find(Array.isArray) as Schema[] | undefined;
    if (alternatives) return Math.max(...alternatives.map((s) => maxJsonBytes(s, seen)));
    if (Array.isArray(schema.allOf)) return Math.min(...(schema.allOf as Schema[]).map((s) => maxJsonBytes(s, seen)));
    const types = Array.isArray(schema.type)
      ? (schema.type as string[])
      : typeof schema.type === 'string'
        ? [schema.type]
        : [];
    if (types.length === 0) return Infinity;
    return Math.max(...types.map((t) => byType(t, schema, seen)));
  } finally {
    seen.delete(schema);
  }
}

function byType(type: string, schema: Schema, seen: Set<Schema>): number {
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
      const item = schema.items ? maxJsonBytes(schema.items as Schema, seen) : Infinity;
      return 2 + schema.maxItems * (item + 1) + PER_VALUE_SLACK;
    }
    case 'object': {
      if (schema.additionalProperties !== false) return Infinity;
      let total = 2 + PER_VALUE_SLACK;
      for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        total += key.length * PER_CHAR + 3 + maxJsonBytes(value, seen);
      }
      return total;
    }
    default:
      return Infinity;
  }
}

function requestSchema(operationId: OperationId): Schema | null {
  const info = operationTable[operationId];
  const path = (contract as unknown as { paths: Record<string, Record<string, { requestBody?: Schema }>> }).paths;
  // openapi.json keys paths by their full path: the operation's server, then its path.
  const fullPath = (info.server === '/' ? '' : info.server) + info.path;
  return resolveBody(path[fullPath]?.[info.method]?.requestBody);
}

function resolveBody(body: Schema | undefined): Schema | null {
  if (!body) return null;
  const content = body.content as Record<string, { schema?: Schema }> | undefined;
  return content?.['application/json']?.schema ?? null;
}

/** Bytes each JSON operation accepts, from its request schema (UNBOUNDED_BODY_BYTES where open). */
export const BODY_LIMITS: Readonly<Record<OperationId, number>> = Object.freeze(
  Object.fromEntries(
    operationIds.map((id) => {
      const schema = operationTable[id].bodyType === 'application/json' ? requestSchema(id) : null;
      const max = schema ? maxJsonBytes(schema) : 0;
      return [id, Number.isFinite(max) ? Math.ceil(max) : UNBOUNDED_BODY_BYTES];
    }),
  ) as Record<OperationId, number>,
);

/** The MCP endpoint: a JSON-RPC envelope around the largest tool call. */
export const MCP_BODY_LIMIT = Math.max(UNBOUNDED_BODY_BYTES, ...Object.values(BODY_LIMITS)) + 64 * 1024;
