// Renders the operation table, handler types and MCP tool table as TypeScript source.
import type { OperationEntry, ToolEntry } from './model.ts';

const lit = (v: unknown): string => JSON.stringify(v);
const pascal = (id: string): string => id[0].toUpperCase() + id.slice(1);

export function renderOperations(ops: OperationEntry[]): string {
  const rows = ops.map((o) =>
    `  ${o.operationId}: { method: ${lit(o.method)}, server: ${lit(o.server)}, path: ${lit(o.path)}, auth: ${lit(o.auth)}, summary: ${lit(o.summary)}, requiresOriginator: ${o.requiresOriginator}, bodyType: ${lit(o.bodyType)}, bodyRequired: ${o.bodyRequired}, successStatuses: ${lit(o.successStatuses)}, statuses: ${lit(o.statuses)}, tools: ${lit(o.bindings.map((b) => b.tool))} },`,
  );
  return `
/** One row per REST operation of openapi.yaml. */
export interface OperationInfo {
  readonly method: 'get' | 'put' | 'post' | 'delete' | 'patch';
  /** URL prefix: /developer/v1 for the developer API, /validator for the validator API. */
  readonly server: string;
  /** Path relative to \`server\`, with {param} placeholders. */
  readonly path: string;
  /** apiKey: a developer API key; validatorSession: a validator session token; none: public. */
  readonly auth: 'apiKey' | 'validatorSession' | 'none';
  readonly summary: string;
  /** x-requires-originator: the key's creator must be an originator of the organization. */
  readonly requiresOriginator: boolean;
  readonly bodyType: 'application/json' | 'application/octet-stream' | null;
  readonly bodyRequired: boolean;
  readonly successStatuses: readonly number[];
  readonly statuses: readonly number[];
  /** MCP tools (x-mcp) that call this operation. */
  readonly tools: readonly string[];
}

export const operationTable = {
${rows.join('\n')}
} as const satisfies Record<string, OperationInfo>;

export type OperationId = keyof typeof operationTable;
export const operationIds = Object.keys(operationTable) as OperationId[];
`;
}

export function renderHandlers(ops: OperationEntry[]): string {
  const aliases = ops.map((o) => {
    const n = pascal(o.operationId);
    return `export type ${n}Input = HandlerInput<'${o.operationId}'>;\nexport type ${n}Response = HandlerResponse<'${o.operationId}'>;\nexport type ${n}Result = HandlerResult<'${o.operationId}'>;`;
  });
  return `import type { operations } from './openapi-types.ts';
import type { OperationId, operationTable } from './operations.ts';

// Glossary:
//   HandlerInput    path params, query (coerced, defaults applied) and body, as validated
//   HandlerResponse every response the contract declares for the operation (errors included)
//   HandlerResult   the success responses: what a handler returns; errors are thrown as ApiError

type Defined<T> = [T] extends [undefined] ? Record<string, never> : Exclude<T, undefined>;
type Params<K extends OperationId> = operations[K]['parameters'];
type BodyOf<O> = O extends { requestBody: infer R }
  ? R extends { content: { 'application/json': infer B } }
    ? B
    : R extends { content: { 'application/octet-stream': unknown } }
      ? undefined
      : undefined
  : O extends { requestBody?: infer R }
    ? R extends { content: { 'application/json': infer B } }
      ? B | undefined
      : undefined
    : undefined;
type ContentOf<R> = R extends { content: { 'application/json': infer B } } ? B : R extends { content: { 'application/jwk-set+json': infer B } } ? B : undefined;

export interface HandlerInput<K extends OperationId> {
  params: Defined<Params<K>['path']>;
  query: Defined<Params<K>['query']>;
  body: BodyOf<operations[K]>;
  /** Raw request headers (lower-cased names), for the few operations that read one. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

export type HandlerResponse<K extends OperationId> = {
  [S in keyof operations[K]['responses']]: { status: S; body: ContentOf<operations[K]['responses'][S]>; headers?: Record<string, string> };
}[keyof operations[K]['responses']];

type SuccessStatus = 200 | 201 | 202 | 204 | 307;
export type HandlerResult<K extends OperationId> = Extract<HandlerResponse<K>, { status: SuccessStatus }>;

export type Handler<K extends OperationId, Ctx> = (input: HandlerInput<K>, ctx: Ctx) => Promise<HandlerResult<K>>;
/** Handlers get the context of their operation's auth: \`Ctx[apiKey | validatorSession | none]\`. */
export type HandlerMap<Ctx extends Record<(typeof operationTable)[OperationId]['auth'], unknown>> = {
  [K in OperationId]: Handler<K, Ctx[(typeof operationTable)[K]['auth']]>;
};

${aliases.join('\n')}
`;
}

export function renderTools(tools: ToolEntry[]): string {
  return `import type { OperationId } from './operations.ts';

export interface ToolDef {
  readonly name: string;
  /** The REST operation the tool calls; null for tools without a REST counterpart. */
  readonly operationId: OperationId | null;
  readonly description: string;
  readonly inputSchema: { readonly type: 'object'; readonly [key: string]: unknown };
  /** Where each argument goes in the REST request. */
  readonly args: Readonly<Record<string, 'path' | 'query' | 'body'>>;
}

export const mcpTools: readonly ToolDef[] = ${JSON.stringify(tools, null, 2)} as const;
`;
}
