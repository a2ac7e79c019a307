// Reads the parts of an OpenAPI 3.1 document that codegen needs and resolves them into plain
// data: the operation table and the MCP tool table. No I/O here.

export type JsonSchema = Record<string, unknown>;

interface Parameter { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema; description?: string; $ref?: string }
/** `required`: arguments the tool needs although the operation does not (lookup_validator's email). */
interface McpBinding { tool: string; arguments: string[]; description?: string; required?: string[] }
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
interface ExtraTool { tool: string; description: string; inputSchema: JsonSchema }
interface Server { url: string }
export interface OpenApiDoc {
  servers?: Server[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation | Parameter[] | Server[]>>;
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, Parameter>; requestBodies?: Record<string, unknown> };
  'x-mcp-extra-tools'?: ExtraTool[];
}

export type ArgLocation = 'path' | 'query' | 'body';

/** Who may call an operation, from its `security` (or the document's). */
export type OperationAuth = 'apiKey' | 'validatorSession' | 'none';
const AUTH_BY_SCHEME: Record<string, OperationAuth> = { bearerAuth: 'apiKey', validatorSession: 'validatorSession' };

export interface OperationEntry {
  operationId: string;
  method: string;
  /** URL prefix of the operation: the path item's server, else the document's. */
  server: string;
  path: string;
  auth: OperationAuth;
  summary: string;
  requiresOriginator: boolean;
  /** Content type of the request body, or null when the operation takes none. */
  bodyType: 'application/json' | 'application/octet-stream' | null;
  bodyRequired: boolean;
  successStatuses: number[];
  statuses: number[];
  bindings: McpBinding[];
  raw: Operation;
}

export interface ToolEntry {
  name: string;
  operationId: string | null;
  description: string;
  inputSchema: JsonSchema;
  /** Where each argument goes in the REST request. */
  args: Record<string, ArgLocation>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Resolves a local `#/components/...` reference. */
function deref<T>(doc: OpenApiDoc, value: T): T {
  let current: unknown = value;
  for (let i = 0; i < 10 && current && typeof current === 'object' && '$ref' in current; i++) {
    const ref = (current as { $ref: string }).$ref;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
    current = ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (current === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return current as T;
}

/** Inlines every $ref so a schema stands alone (MCP tool schemas must be self-contained). */
export function inlineRefs(doc: OpenApiDoc, schema: unknown, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlineRefs(doc, s, seen));
  if (!schema || typeof schema !== 'object') return schema;
  const obj = schema as Record<string, unknown>;
  if (typeof obj.$ref === 'string') {
    if (seen.includes(obj.$ref)) throw new Error(`recursive schema ${obj.$ref} cannot be inlined`);
    const { $ref, ...rest } = obj;
    return { ...(inlineRefs(doc, deref(doc, { $ref }), [...seen, $ref as string]) as object), ...(inlineRefs(doc, rest, seen) as object) };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'examples' || k === 'example' || k === 'readOnly') continue;
    out[k] = inlineRefs(doc, v, seen);
  }
  return out;
}

export function buildOperationTable(doc: OpenApiDoc): OperationEntry[] {
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
      const servers = (item.servers as Server[] | undefined) ?? doc.servers ?? [];
      if (servers.length !== 1) throw new Error(`${op.operationId}: exactly one server expected`);
      const security = op.security ?? doc.security ?? [];
      if (security.length > 1 || Object.keys(security[0] ?? {}).length > 1) throw new Error(`${op.operationId}: at most one security scheme expected`);
      const scheme = Object.keys(security[0] ?? {})[0];
      const auth = scheme === undefined ? 'none' : AUTH_BY_SCHEME[scheme];
      if (!auth) throw new Error(`${op.operationId}: unknown security scheme ${scheme}`);
      const statuses = Object.keys(op.responses).filter((s) => /^\d{3}$/.test(s)).map(Number).sort();
      entries.push({
        operationId: op.operationId,
        method,
        server: servers[0].url,
        path,
        auth,
        summary: op.summary ?? op.operationId,
        requiresOriginator: op['x-requires-originator'] === true,
        bodyType: (contentTypes[0] as OperationEntry['bodyType']) ?? null,
        bodyRequired: body?.required === true,
        successStatuses: statuses.filter((s) => s < 400),
        statuses,
        bindings: op['x-mcp'],
        raw: op,
      });
    }
  }
  return entries;
}

function operationParameters(doc: OpenApiDoc, entry: OperationEntry): Parameter[] {
  const pathLevel = (doc.paths[entry.path].parameters as Parameter[] | undefined) ?? [];
  return [...pathLevel, ...(entry.raw.parameters ?? [])].map((p) => deref(doc, p));
}

/** Builds one tool's JSON Schema from the operation's parameters and body properties. */
function toolFromBinding(doc: OpenApiDoc, entry: OperationEntry, binding: McpBinding): ToolEntry {
  const params = operationParameters(doc, entry);
  const bodySchema = entry.bodyType === 'application/json'
    ? (inlineRefs(doc, deref(doc, entry.raw.requestBody!).content!['application/json'].schema) as JsonSchema)
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
      properties[name] = { ...(inlineRefs(doc, param.schema) as object), ...(param.description ? { description: param.description } : {}) };
      if (param.in === 'path' || param.required) required.push(name);
    } else if (bodyProps[name]) {
      args[name] = 'body';
      properties[name] = bodyProps[name];
      if (bodyRequired.has(name)) required.push(name);
    } else {
      throw new Error(`${entry.operationId}: x-mcp argument ${name} of ${binding.tool} is neither a parameter nor a body property`);
    }
  }
  for (const name of binding.required ?? []) {
    if (!(name in args)) throw new Error(`${entry.operationId}: x-mcp required ${name} of ${binding.tool} is not one of its arguments`);
    if (!required.includes(name)) required.push(name);
  }
  const schema: JsonSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length) schema.required = required;
  // Body-level rules carry over when every field they mention is an argument of the tool.
  const dependent = bodySchema?.dependentRequired as Record<string, string[]> | undefined;
  if (dependent) {
    const kept = Object.fromEntries(Object.entries(dependent).filter(([k, v]) => k in args && v.every((f) => f in args)));
    if (Object.keys(kept).length) schema.dependentRequired = kept;
  }
  const anyOf = bodySchema?.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    const kept = anyOf.filter((s) => ((s.required as string[] | undefined) ?? []).every((f) => f in args));
    if (kept.length) schema.anyOf = kept;
  }
  const description = binding.description ?? [entry.raw.summary, entry.raw.description].filter(Boolean).join('\n\n');
  return { name: binding.tool, operationId: entry.operationId, description, inputSchema: schema, args };
}

export function buildToolTable(doc: OpenApiDoc, ops: OperationEntry[]): ToolEntry[] {
  const tools: ToolEntry[] = [];
  for (const entry of ops) for (const binding of entry.bindings) tools.push(toolFromBinding(doc, entry, binding));
  for (const extra of doc['x-mcp-extra-tools'] ?? []) {
    tools.push({ name: extra.tool, operationId: null, description: extra.description, inputSchema: inlineRefs(doc, extra.inputSchema) as JsonSchema, args: {} });
  }
  const names = new Set<string>();
  for (const t of tools) {
    if (names.has(t.name)) throw new Error(`duplicate MCP tool ${t.name}`);
    names.add(t.name);
  }
  return tools;
}
