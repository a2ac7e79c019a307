// Renders the operation table, handler types and MCP tool table as TypeScript source.
import type { ErrorCodeRule, OperationEntry, ToolEntry } from './model.ts';

const lit = (v: unknown): string => JSON.stringify(v);
const pascal = (id: string): string => id[0].toUpperCase() + id.slice(1);

const renderRules = (rules: ErrorCodeRule[]): string => lit(rules);

const ERROR_CODE_RULE = `/**
 * An \`x-error-code\` of openapi.yaml, placed where it applies: a validation error of the value at
 * \`pointer\` (JSON pointer inside the path parameters, query or body; \`*\` is any array index or
 * key) gets \`code\` instead of the generic one. \`keywords\`: errors of those keywords on the value
 * itself; null: every error about one of the value's members. \`message\`: a template with
 * \`{param}\` and \`{rule}\`, or null for the generic wording.
 */
export interface ErrorCodeRule {
  readonly in: 'path' | 'query' | 'body';
  readonly pointer: string;
  readonly keywords: readonly string[] | null;
  readonly code: components['schemas']['ErrorCode'];
  readonly message: string | null;
}
`;

export interface ContractFacts {
  documents: Record<string, { server: string }>;
  limits: Record<string, number>;
  defaults: Record<string, Record<string, string | number | boolean>>;
  unboundedBodyBytes: number;
  mcpBodyLimit: number;
}

export function renderOperations(ops: OperationEntry[], facts: ContractFacts): string {
  const { documents } = facts;
  const docRows = Object.entries(documents).map(
    ([name, d]) => `  ${name}: { server: ${lit(d.server)}, openapi: ${lit(`${d.server}/openapi.json`)} },`,
  );
  const rows = ops.map(
    (o) =>
      `  ${o.operationId}: { method: ` +
      `${lit(o.method)}, document: ${lit(o.document)}, server: ` +
      `${lit(o.server)}, path: ${lit(o.path)}, auth: ` +
      `${lit(o.auth)}, summary: ${lit(o.summary)}, requiresOriginator: ` +
      `${o.requiresOriginator}, bodyType: ` +
      `${lit(o.bodyType)}, bodyRequired: ` +
      `${o.bodyRequired}, bodyLimit: ${o.bodyLimit}, idempotent: ${o.idempotent}, successStatuses: ` +
      `${lit(o.successStatuses)}, statuses: ` +
      `${lit(o.statuses)}, tools: ${lit(o.bindings.map((b) => b.tool))}, errorCodes: ${renderRules(o.errorCodes)} },`,
  );
  return `import type { components } from './openapi-types.ts';

${ERROR_CODE_RULE}
/** The published documents (x-documents): each API's server and where its document is served. */
export const documents = {
${docRows.join('\n')}
} as const;
export type DocumentName = keyof typeof documents;

/** One row per REST operation of openapi.yaml. */
export interface OperationInfo {
  readonly method: 'get' | 'put' | 'post' | 'delete' | 'patch';
  /** The published document the operation is in (null: served at the root, in none). */
  readonly document: DocumentName | null;
  /** URL prefix: the document's server, or \`/\`. */
  readonly server: string;
  /** Path relative to \`server\`, with {param} placeholders. */
  readonly path: string;
  /**
   * apiKey: a developer API key; validatorSession: a validator session token; validator: a
   * session token or an AI validator key (a validator's work); none: public.
   */
  readonly auth: 'apiKey' | 'validatorSession' | 'validator' | 'none';
  readonly summary: string;
  /** x-requires-originator: the key's creator must be an originator of the organization. */
  readonly requiresOriginator: boolean;
  readonly bodyType: 'application/json' | 'application/octet-stream' | null;
  readonly bodyRequired: boolean;
  /** Bytes the JSON body may take, from its schema's bounds (unboundedBodyBytes where open); 0: no JSON body. */
  readonly bodyLimit: number;
  /** The operation takes the Idempotency-Key header (MCP: the idempotencyKey argument). */
  readonly idempotent: boolean;
  readonly successStatuses: readonly number[];
  readonly statuses: readonly number[];
  /** MCP tools (x-mcp) that call this operation. */
  readonly tools: readonly string[];
  /** Validation errors with a code of their own (x-error-code). */
  readonly errorCodes: readonly ErrorCodeRule[];
}

export const operationTable = {
${rows.join('\n')}
} as const satisfies Record<string, OperationInfo>;

export type OperationId = keyof typeof operationTable;
export const operationIds = Object.keys(operationTable) as OperationId[];

/** The body limit of a JSON operation whose schema sets no bound (an open object such as a project spec). */
export const unboundedBodyBytes = ${facts.unboundedBodyBytes};
/** The MCP endpoint's body limit: the largest tool call's, and room for the JSON-RPC envelope. */
export const mcpBodyLimit = ${facts.mcpBodyLimit};

/** Limits handlers check on values validation does not see, each from the schema keyword that states it. */
export const contractLimits = ${lit(facts.limits)} as const;

/** Schema defaults run-time code applies itself (a stored spec read again, a method's parameters). */
export const schemaDefaults = ${lit(facts.defaults)} as const;
`;
}

export function renderHandlers(ops: OperationEntry[]): string {
  const defaults = ops.map(
    (o) => `  ${o.operationId}: ${o.queryDefaults.length ? o.queryDefaults.map(lit).join(' | ') : 'never'};`,
  );
  const aliases = ops.map((o) => {
    const n = pascal(o.operationId);
    return (
      `export type ${n}Input = ` +
      `HandlerInput<'${o.operationId}'>;\nexport type ` +
      `${n}Response = HandlerResponse<'${o.operationId}'>;\nexport type ${n}Result = HandlerResult<'${o.operationId}'>;`
    );
  });
  return (
    `import type { operations } from './openapi-types.ts';
import type { OperationId, operationTable } from './operations.ts';

// Glossary:
//   HandlerInput    path params, query (coerced, defaults applied) and body (defaults applied;
//                   an absent optional body is validated as {}), as validated
//   HandlerResponse every response the contract declares for the operation (errors included)
//   HandlerResult   the success responses: what a handler returns; errors are thrown as ApiError

type Defined<T> = [T] extends [undefined] ? Record<string, never> : Exclude<T, undefined>;
type Params<K extends OperationId> = operations[K]['parameters'];
type BodyOf<O> = O extends { requestBody?: infer R }
  ? R extends { content: { 'application/json': infer B } }
    ? B
    : undefined
  : undefined;

/** Query parameters with a schema default, per operation: the core fills them in, so they are never undefined. */
interface QueryDefaults {
${defaults.join('\n')}
}
type WithDefaults<T, D extends PropertyKey> = [D] extends [never] ? T : Omit<T, D> & { [P in D & keyof T]-?: ` +
    `Exclude<T[P], undefined> };
type ContentOf<R> = R extends { content: { 'application/json': infer B } } ? B : R extends { content: { ` +
    `'application/jwk-set+json': infer B } } ? B : undefined;

export interface HandlerInput<K extends OperationId> {
  params: Defined<Params<K>['path']>;
  query: WithDefaults<Defined<Params<K>['query']>, QueryDefaults[K]>;
  body: BodyOf<operations[K]>;
  /** Raw request headers (lower-cased names), for the few operations that read one. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

export type HandlerResponse<K extends OperationId> = {
  [S in keyof operations[K]['responses']]: { status: S; body: ContentOf<operations[K]['responses'][S]>; headers?: ` +
    `Record<string, string> };
}[keyof operations[K]['responses']];

type SuccessStatus = 200 | 201 | 202 | 204 | 307;
export type HandlerResult<K extends OperationId> = Extract<HandlerResponse<K>, { status: SuccessStatus }>;

export type Handler<K extends OperationId, Ctx> = (input: HandlerInput<K>, ctx: Ctx) => Promise<HandlerResult<K>>;
/** Handlers get the context of their operation's auth: \`Ctx[apiKey | validatorSession | validator | none]\`. */
export type HandlerMap<Ctx extends Record<(typeof operationTable)[OperationId]['auth'], unknown>> = {
  [K in OperationId]: Handler<K, Ctx[(typeof operationTable)[K]['auth']]>;
};

${aliases.join('\n')}
`
  );
}

export function renderTools(tools: ToolEntry[], specSchema: object): string {
  const extras = tools.filter((t) => t.operationId === null);
  const args = extras.map(
    (t) =>
      `  ${t.name}: ${
        t.argumentsSchema ? `components['schemas'][${lit(t.argumentsSchema)}]` : 'Record<string, never>'
      };`,
  );
  return `import type { components } from './openapi-types.ts';
import type { DocumentName, ErrorCodeRule, OperationId } from './operations.ts';

export interface ToolDef {
  readonly name: string;
  /** The published document whose tool server (an MCP door) serves the tool. */
  readonly document: DocumentName;
  /** The REST operation the tool calls; null for tools without a REST counterpart. */
  readonly operationId: OperationId | null;
  readonly description: string;
  readonly inputSchema: { readonly type: 'object'; readonly [key: string]: unknown };
  /** Where each argument goes in the REST request. */
  readonly args: Readonly<Record<string, 'path' | 'query' | 'body'>>;
  /** The operation's x-error-code rules on these arguments (pointers start with the argument's name). */
  readonly errorCodes: readonly ErrorCodeRule[];
  /** The tool takes \`idempotencyKey\`, its operation's Idempotency-Key. */
  readonly idempotent: boolean;
}

/** The tools without a REST counterpart (x-mcp-extra-tools), with their validated arguments (defaults applied). */
export interface ExtraToolArguments {
${args.join('\n')}
}
export type ExtraToolName = keyof ExtraToolArguments;
export const extraToolNames: readonly ExtraToolName[] = ${lit(extras.map((t) => t.name))};

/** The JSON Schema of a project spec, self-contained, for the spec authoring guide (its examples kept). */
export const projectSpecSchema: Readonly<Record<string, unknown>> = ${JSON.stringify(specSchema, null, 2)};

export const mcpTools: readonly ToolDef[] = ${JSON.stringify(
    tools.map(({ argumentsSchema: _, ...t }) => t),
    null,
    2,
  )} as const;
`;
}

/** The whole contract for the run-time parts that take a document (openapi-backend, the spec compiler's Ajv). */
export function renderContract(): string {
  return `import type { Document } from 'openapi-backend';
import source from './openapi.json' with { type: 'json' };

/**
 * openapi.yaml as one JSON document, typed as the router library's document: the only place that
 * imports openapi.json at run time.
 */
export const contractDocument = source as unknown as Document & {
  components: { schemas: Readonly<Record<string, object>> };
};
`;
}
