// Reads the parts of an OpenAPI 3.1 document that codegen needs and resolves them into plain
// data: the operation table and the MCP tool table. No I/O here.
import { documentOf } from './publish.ts';
import { bodyLimit } from './body-limits.ts';
import { deref, inlineRefs, resolvePointer } from './refs.ts';

export type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  description?: string;
  $ref?: string;
}
/** `required`: arguments the tool needs although the operation does not (lookup_validator's email). */
interface McpBinding {
  tool: string;
  arguments: string[];
  description?: string;
  required?: string[];
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }>; $ref?: string };
  responses: Record<string, unknown>;
  'x-mcp'?: McpBinding[];
  'x-requires-originator'?: boolean;
  security?: Record<string, string[]>[];
}
interface ExtraTool {
  tool: string;
  /** The published document whose tool server serves it (x-documents); the developer one when absent. */
  document?: string;
  description: string;
  inputSchema: JsonSchema;
}
/**
 * `x-error-code` on a schema: which registry code (instead of the generic request_body_invalid /
 * parameter_invalid) a validation error of that value gets. `keywords`: errors of those keywords
 * on the value itself (RelPath's `pattern`); `members: true`: every error about something inside
 * the value (any field of a ProjectSpec). `message` is a template with `{param}` and `{rule}`.
 */
interface ErrorCodeExtension {
  code: string;
  keywords?: string[];
  members?: boolean;
  message?: string;
}
interface Server {
  url: string;
}
export interface OpenApiDoc {
  openapi?: string;
  servers?: Server[];
  tags?: unknown[];
  'x-documents'?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation | Parameter[] | Server[]>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    parameters?: Record<string, Parameter>;
    requestBodies?: Record<string, unknown>;
  };
  'x-mcp-extra-tools'?: ExtraTool[];
}

/** The request header that makes a retry safe; MCP tools take it as IDEMPOTENCY_ARGUMENT. */
const IDEMPOTENCY_HEADER = 'idempotency-key';
const IDEMPOTENCY_ARGUMENT = 'idempotencyKey';
/** The argument's schema: the key itself, unquoted (the header's structured-field quotes are HTTP's). */
const IDEMPOTENCY_ARGUMENT_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x21-\\x7E]+$',
  description:
    'Optional Idempotency-Key: a retry with the same key and arguments returns the first result (24 hours) ' +
    'instead of acting twice.',
};

type ArgLocation = 'path' | 'query' | 'body';

/**
 * One `x-error-code` placed where it applies: `pointer` is the value's JSON pointer inside its location, `*` any array
 * index or key.
 */
export interface ErrorCodeRule {
  in: ArgLocation;
  pointer: string;
  /** Keywords on the value itself, or null for every error about one of its members. */
  keywords: string[] | null;
  code: string;
  message: string | null;
}

/**
 * Who may call an operation, from its `security` (or the document's): one scheme, or the
 * alternatives a validator's work accepts (`validator`: a person's session or an AI validator key).
 */
type OperationAuth = 'apiKey' | 'validatorSession' | 'validator' | 'none';
const AUTH_BY_SCHEMES: Record<string, OperationAuth> = {
  '': 'none',
  bearerAuth: 'apiKey',
  validatorSession: 'validatorSession',
  'aiValidatorKey|validatorSession': 'validator',
};

export interface OperationEntry {
  operationId: string;
  method: string;
  /** The published document (x-documents) the operation is in, or null when it is in none. */
  document: string | null;
  /** URL prefix of the operation: its document's server, else `/`. */
  server: string;
  /** Path relative to `server`. */
  path: string;
  /** Path from the root of the deployment, as in openapi.yaml. */
  fullPath: string;
  auth: OperationAuth;
  summary: string;
  requiresOriginator: boolean;
  /** Content type of the request body, or null when the operation takes none. */
  bodyType: 'application/json' | 'application/octet-stream' | null;
  bodyRequired: boolean;
  /** Bytes the JSON body may take (codegen/body-limits.ts); 0 when the operation reads no JSON body. */
  bodyLimit: number;
  /** The operation takes the Idempotency-Key header. */
  idempotent: boolean;
  successStatuses: number[];
  statuses: number[];
  /** Query parameters with a schema default: always present in the handler's input. */
  queryDefaults: string[];
  errorCodes: ErrorCodeRule[];
  bindings: McpBinding[];
  raw: Operation;
}

export interface ToolEntry {
  name: string;
  /** The published document whose tool server serves the tool: its operation's, or the extra tool's. */
  document: string;
  operationId: string | null;
  description: string;
  inputSchema: JsonSchema;
  /** Where each argument goes in the REST request. */
  args: Record<string, ArgLocation>;
  /** The operation's x-error-code rules that concern the tool's arguments. */
  errorCodes: ErrorCodeRule[];
  /** The tool takes IDEMPOTENCY_ARGUMENT (its operation takes the Idempotency-Key header). */
  idempotent: boolean;
  /** Extra tools: the component schema of the arguments, or null when the tool takes none. */
  argumentsSchema: string | null;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** An MCP tool's schema stands alone, without examples or annotations a client has no use for. */
const toolSchema = (doc: OpenApiDoc, schema: unknown): unknown =>
  inlineRefs(doc, schema, (k) => k === 'examples' || k === 'example' || k === 'readOnly' || k.startsWith('x-'));

const SUBSCHEMAS_SAME_VALUE = ['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'not'];

/** Walks a request schema and places every `x-error-code` it meets at its value's pointer. */
function collectErrorCodes(
  doc: OpenApiDoc,
  schema: unknown,
  at: { in: ArgLocation; pointer: string },
  codes: Set<string>,
  out: ErrorCodeRule[],
  seen: string[] = [],
): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  let node = schema as JsonSchema;
  if (typeof node.$ref === 'string') {
    if (seen.includes(node.$ref)) return;
    const { $ref, ...rest } = node;
    collectErrorCodes(doc, deref(doc, { $ref }), at, codes, out, [...seen, $ref as string]);
    node = rest;
  }
  const ext = node['x-error-code'] as ErrorCodeExtension | undefined;
  if (ext) {
    const where = `x-error-code at ${at.in} ${at.pointer || '/'}`;
    if (!codes.has(ext.code)) throw new Error(`${where}: ${ext.code} is not an ErrorCode`);
    if (Boolean(ext.members) === Boolean(ext.keywords?.length))
      throw new Error(`${where}: set either keywords or members: true`);
    out.push({ ...at, keywords: ext.members ? null : ext.keywords!, code: ext.code, message: ext.message ?? null });
  }
  const child = (key: string) => ({ in: at.in, pointer: `${at.pointer}/${key}` });
  for (const [name, sub] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) {
    collectErrorCodes(doc, sub, child(name.replace(/~/g, '~0').replace(/\//g, '~1')), codes, out, seen);
  }
  for (const key of ['items', 'additionalProperties', 'unevaluatedProperties'])
    collectErrorCodes(doc, node[key], child('*'), codes, out, seen);
  for (const sub of Object.values((node.patternProperties ?? {}) as Record<string, unknown>))
    collectErrorCodes(doc, sub, child('*'), codes, out, seen);
  for (const [i, sub] of ((node.prefixItems ?? []) as unknown[]).entries())
    collectErrorCodes(doc, sub, child(String(i)), codes, out, seen);
  for (const key of SUBSCHEMAS_SAME_VALUE) {
    const sub = node[key];
    for (const s of Array.isArray(sub) ? sub : [sub]) collectErrorCodes(doc, s, at, codes, out, seen);
  }
  for (const sub of Object.values((node.dependentSchemas ?? {}) as Record<string, unknown>))
    collectErrorCodes(doc, sub, at, codes, out, seen);
}

function errorCodeEnum(doc: OpenApiDoc): Set<string> {
  const values = (doc.components?.schemas?.ErrorCode as { enum?: string[] } | undefined)?.enum;
  if (!values) throw new Error('components.schemas.ErrorCode has no enum');
  return new Set(values);
}

export function buildOperationTable(doc: OpenApiDoc): OperationEntry[] {
  const codes = errorCodeEnum(doc);
  if (doc.servers?.length !== 1 || doc.servers[0].url !== '/')
    throw new Error(
      'openapi.yaml has exactly one server, `/`: its paths are full paths (x-documents publishes each API under its ' +
        'own server)',
    );
  const entries: OperationEntry[] = [];
  const ids = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      if (ids.has(op.operationId)) throw new Error(`duplicate operationId ${op.operationId}`);
      ids.add(op.operationId);
      if (!Array.isArray(op['x-mcp'])) throw new Error(`${op.operationId} has no x-mcp array`);
      const body = op.requestBody ? deref(doc, op.requestBody) : undefined;
      const contentTypes = Object.keys(body?.content ?? {});
      if (contentTypes.length > 1) throw new Error(`${op.operationId}: one request content type expected`);
      if (item.servers || (op as { servers?: unknown }).servers)
        throw new Error(
          `${op.operationId}: no path- or operation-level servers; x-documents gives each document its server`,
        );
      const where = documentOf(doc, path);
      const security = op.security ?? doc.security ?? [];
      if (security.some((req) => Object.keys(req).length > 1))
        throw new Error(`${op.operationId}: alternatives of one scheme each expected, not schemes required together`);
      const schemes = security
        .map((req) => Object.keys(req)[0]!)
        .sort()
        .join('|');
      const auth = AUTH_BY_SCHEMES[schemes];
      if (!auth) throw new Error(`${op.operationId}: unknown security ${schemes}`);
      const statuses = Object.keys(op.responses)
        .filter((s) => /^\d{3}$/.test(s))
        .map(Number)
        .sort();
      const bodySchema =
        contentTypes[0] === 'application/json' ? deref(doc, body!.content!['application/json'].schema) : undefined;
      if (bodySchema && body?.required !== true && !acceptsEmptyObject(bodySchema)) {
        // An absent optional body is validated as {} so its defaults reach the handler.
        throw new Error(`${op.operationId}: an optional JSON body must be an object schema that accepts {}`);
      }
      const params = operationParameters(doc, path, op);
      const errorCodes: ErrorCodeRule[] = [];
      for (const p of params) {
        if (p.in === 'path' || p.in === 'query')
          collectErrorCodes(doc, p.schema, { in: p.in, pointer: `/${p.name}` }, codes, errorCodes);
      }
      if (bodySchema) collectErrorCodes(doc, bodySchema, { in: 'body', pointer: '' }, codes, errorCodes);
      const idempotent = params.some((p) => p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_HEADER);
      const queryDefaults = params
        .filter((p) => p.in === 'query' && p.schema && deref(doc, p.schema).default !== undefined)
        .map((p) => p.name);
      entries.push({
        operationId: op.operationId,
        method,
        document: where?.name ?? null,
        server: where?.server ?? '/',
        path: where?.path ?? path,
        fullPath: path,
        auth,
        summary: op.summary ?? op.operationId,
        requiresOriginator: op['x-requires-originator'] === true,
        bodyType: (contentTypes[0] as OperationEntry['bodyType']) ?? null,
        bodyRequired: body?.required === true,
        bodyLimit: bodyLimit(doc, bodySchema),
        idempotent,
        successStatuses: statuses.filter((s) => s < 400),
        statuses,
        queryDefaults,
        errorCodes,
        bindings: op['x-mcp'],
        raw: op,
      });
    }
  }
  return entries;
}

function acceptsEmptyObject(schema: JsonSchema): boolean {
  return schema.type === 'object' && !(schema.required as unknown[] | undefined)?.length && !schema.minProperties;
}

function operationParameters(doc: OpenApiDoc, path: string, op: Operation): Parameter[] {
  const pathLevel = (doc.paths[path].parameters as Parameter[] | undefined) ?? [];
  return [...pathLevel, ...(op.parameters ?? [])].map((p) => deref(doc, p));
}

/** Builds one tool's JSON Schema from the operation's parameters and body properties. */
function toolFromBinding(doc: OpenApiDoc, entry: OperationEntry, binding: McpBinding): ToolEntry {
  const params = operationParameters(doc, entry.fullPath, entry.raw);
  const bodySchema =
    entry.bodyType === 'application/json'
      ? (toolSchema(doc, deref(doc, entry.raw.requestBody!).content!['application/json'].schema) as JsonSchema)
      : undefined;
  const bodyProps = (bodySchema?.properties ?? {}) as Record<string, JsonSchema>;
  const bodyRequired = new Set((bodySchema?.required as string[] | undefined) ?? []);
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const args: Record<string, ArgLocation> = {};
  for (const name of binding.arguments) {
    const param = params.find((p) => p.name === name && (p.in === 'path' || p.in === 'query'));
    if (param) {
      args[name] = param.in as ArgLocation;
      properties[name] = {
        ...(toolSchema(doc, param.schema) as object),
        ...(param.description ? { description: param.description } : {}),
      };
      if (param.in === 'path' || param.required) required.push(name);
    } else if (bodyProps[name]) {
      args[name] = 'body';
      properties[name] = bodyProps[name];
      if (bodyRequired.has(name)) required.push(name);
    } else {
      throw new Error(
        `${entry.operationId}: x-mcp argument ${name} of ${binding.tool} is neither a parameter nor a body property`,
      );
    }
  }
  for (const name of binding.required ?? []) {
    if (!(name in args))
      throw new Error(`${entry.operationId}: x-mcp required ${name} of ${binding.tool} is not one of its arguments`);
    if (!required.includes(name)) required.push(name);
  }
  if (entry.idempotent) {
    if (IDEMPOTENCY_ARGUMENT in args)
      throw new Error(`${binding.tool}: an argument named ${IDEMPOTENCY_ARGUMENT} hides the Idempotency-Key`);
    properties[IDEMPOTENCY_ARGUMENT] = IDEMPOTENCY_ARGUMENT_SCHEMA;
  }
  const schema: JsonSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length) schema.required = required;
  // Body-level rules carry over when every field they mention is an argument of the tool.
  const dependent = bodySchema?.dependentRequired as Record<string, string[]> | undefined;
  if (dependent) {
    const kept = Object.fromEntries(
      Object.entries(dependent).filter(([k, v]) => k in args && v.every((f) => f in args)),
    );
    if (Object.keys(kept).length) schema.dependentRequired = kept;
  }
  const anyOf = bodySchema?.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    const kept = anyOf.filter((s) => ((s.required as string[] | undefined) ?? []).every((f) => f in args));
    if (kept.length) schema.anyOf = kept;
  }
  const description = binding.description ?? [entry.raw.summary, entry.raw.description].filter(Boolean).join('\n\n');
  // A tool's arguments are the parameters and the body's top-level fields, so a rule's pointer
  // starts with the argument's name in both.
  const errorCodes = entry.errorCodes.filter((r) => {
    const arg = (r.pointer.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
    return arg !== '' && args[arg] === r.in;
  });
  if (entry.document === null) throw new Error(`${binding.tool}: its operation is in no published document`);
  return {
    name: binding.tool,
    document: entry.document,
    operationId: entry.operationId,
    description,
    inputSchema: schema,
    args,
    errorCodes,
    idempotent: entry.idempotent,
    argumentsSchema: null,
  };
}

export function buildToolTable(doc: OpenApiDoc, ops: OperationEntry[]): ToolEntry[] {
  const tools: ToolEntry[] = [];
  for (const entry of ops) for (const binding of entry.bindings) tools.push(toolFromBinding(doc, entry, binding));
  for (const extra of doc['x-mcp-extra-tools'] ?? []) {
    // Arguments are a component schema (so handlers get a generated type), or none at all.
    const ref = extra.inputSchema.$ref as string | undefined;
    const empty =
      extra.inputSchema.type === 'object' && Object.keys((extra.inputSchema.properties ?? {}) as object).length === 0;
    if (!empty && !ref?.startsWith('#/components/schemas/'))
      throw new Error(`x-mcp-extra-tools ${extra.tool}: inputSchema must $ref a component schema or take no arguments`);
    const document = extra.document ?? 'developer';
    if (!(document in (doc['x-documents'] ?? {})))
      throw new Error(`x-mcp-extra-tools ${extra.tool}: document ${document} is not in x-documents`);
    tools.push({
      name: extra.tool,
      document,
      operationId: null,
      description: extra.description,
      inputSchema: toolSchema(doc, extra.inputSchema) as JsonSchema,
      args: {},
      errorCodes: [],
      idempotent: false,
      argumentsSchema: ref ? ref.slice('#/components/schemas/'.length) : null,
    });
  }
  const names = new Set<string>();
  for (const t of tools) {
    if (names.has(t.name)) throw new Error(`duplicate MCP tool ${t.name}`);
    names.add(t.name);
  }
  return tools;
}

/**
 * The JSON Schema of a project spec as the spec authoring guide shows it to a model: every
 * reference inlined (a model reading the prompt cannot follow a $ref), without vendor extensions,
 * with its examples (the guide's worked example is the first).
 */
export function promptSchema(doc: OpenApiDoc, component: string): JsonSchema {
  return inlineRefs(doc, { $ref: `#/components/schemas/${component}` }) as JsonSchema;
}

/**
 * Limits that handlers check on values the contract's validation does not see (a Content-Length
 * header, a path's length in bytes): each read from the schema keyword that states it.
 */
const CONTRACT_LIMITS = {
  /** The largest file an upload session accepts. */
  maxFileBytes: '#/components/schemas/DeclaredUploadFile/properties/size/maximum',
  /** A relPath's bound; its description states it in UTF-8 bytes (the object key must fit S3's 1,024). */
  relPathMaxLength: '#/components/schemas/RelPath/maxLength',
} as const;

export function contractLimits(doc: OpenApiDoc): Record<keyof typeof CONTRACT_LIMITS, number> {
  return Object.fromEntries(
    Object.entries(CONTRACT_LIMITS).map(([name, ref]) => {
      const value = resolvePointer(doc, ref);
      if (typeof value !== 'number') throw new Error(`contract limit ${name}: ${ref} is not a number`);
      return [name, value];
    }),
  ) as Record<keyof typeof CONTRACT_LIMITS, number>;
}

/**
 * Defaults that run-time code applies itself, to a document stored before it was read again (a
 * compiled spec's consensus rules, which a recomputation reads from a report's config leaf) or to
 * parameters a method fills in (the rater model's): per entry, the `default` of each property of
 * the schema at the pointer. An entry whose schema has no property with a default is an error.
 */
const SCHEMA_DEFAULTS = {
  /** ProjectSpec `consensus`: minStrength, escalationStep, maxEscalations, method, medianTie. */
  consensus: '#/components/schemas/ProjectSpec/properties/consensus',
  /** ProjectSpec `consensus.reliability`: the rater model's parameters of `method: reliability`. */
  reliability: '#/components/schemas/ProjectSpec/properties/consensus/properties/reliability',
  /** SpecCalibration: applied when a compiled spec is read (a spec without the block keeps its digest). */
  calibration: '#/components/schemas/SpecCalibration',
} as const;

export function schemaDefaults(
  doc: OpenApiDoc,
): Record<keyof typeof SCHEMA_DEFAULTS, Record<string, string | number | boolean>> {
  return Object.fromEntries(
    Object.entries(SCHEMA_DEFAULTS).map(([name, ref]) => {
      const schema = resolvePointer(doc, ref) as { properties?: Record<string, { default?: unknown }> } | undefined;
      const defaults = Object.entries(schema?.properties ?? {}).flatMap(([key, p]) =>
        ['string', 'number', 'boolean'].includes(typeof p.default) ? [[key, p.default]] : [],
      );
      if (defaults.length === 0) throw new Error(`schema defaults ${name}: ${ref} has no property with a default`);
      return [name, Object.fromEntries(defaults)];
    }),
  ) as Record<keyof typeof SCHEMA_DEFAULTS, Record<string, string | number | boolean>>;
}
