// MCP tool calls. Each tool comes from the generated table (x-mcp in openapi.yaml): its
// arguments are validated with the same Ajv as REST, placed into a REST request (path, query,
// body) and run through the request pipeline's last steps (src/http/pipeline.ts: idempotency,
// validation, the handler table), so a tool and its endpoint cannot disagree. The tools without
// a REST counterpart (extra-tools.ts) call operations through the same steps. Each MCP door
// serves the tools of its document that its scheme may run (the developer tools at /mcp, the
// validator tools at /validator/mcp); another door's tool is an unknown tool there.
import { isDeferredJson } from '../domain/json-text.ts';
import type { ValidateFunction } from 'ajv';
import { mcpTools, type ExtraToolName, type ToolDef } from '../generated/mcp-tools.ts';
import { createAjv } from '../schema/ajv.ts';
import { ApiError, camelCode } from '../errors.ts';
import { toolArgumentErrorToApiError } from '../http/schema-errors.ts';
import { markConditionals } from '../schema/describe.ts';
import { refuseNul } from '../http/nul.ts';
import { asApiError, callOperation, operationRequest, schemeServes, type Door } from '../http/pipeline.ts';
import { operationTable } from '../generated/operations.ts';
import { parseIdempotencyKey } from '../http/idempotency.ts';
import { guideTools, type OperationCall } from './extra-tools.ts';
import type { Api } from '../http/api.ts';
import type { PublicRequestContext } from '../context.ts';

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * Tools of operations that take an Idempotency-Key header (openapi.yaml) take it as an optional
 * `idempotencyKey` argument (in their generated schema), with the same meaning (src/http/idempotency.ts).
 */
const IDEMPOTENCY_ARG = 'idempotencyKey';

const ajv = createAjv({ useDefaults: true });
const validators = new Map<string, ValidateFunction>(
  mcpTools.map((t) => [t.name, ajv.compile(markConditionals(t.inputSchema))]),
);

/** A door's tools by name: its document's, those whose operation its scheme may run. */
function doorTools(door: Door): Map<string, ToolDef> {
  if (door.scheme === null) throw new Error(`MCP door ${door.mount}: its operations must share one security scheme`);
  const scheme = door.scheme;
  const served = mcpTools.filter(
    (t) =>
      t.document === door.document &&
      (t.operationId === null || schemeServes(scheme, operationTable[t.operationId].auth)),
  );
  return new Map(served.map((t) => [t.name, t]));
}
const toolsByDoor = new Map<string, Map<string, ToolDef>>();
function toolsOf(door: Door): Map<string, ToolDef> {
  const known = toolsByDoor.get(door.mount);
  if (known) return known;
  const tools = doorTools(door);
  toolsByDoor.set(door.mount, tools);
  return tools;
}

/** The door's tool list as MCP's tools/list returns it. */
export const toolList = (door: Door) =>
  [...toolsOf(door).values()].map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));

/** A failure as MCP's tool error: the camelCase code and message, then the request id to quote. */
function toolError(err: ApiError, requestId: string): ToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `${camelCode(err.code)}: ${err.message}\nrequestId: ${requestId}` }],
  };
}

/** The operation's JSON body; `{}` for one that answers 204 No Content (release_claim, skip_datapoint). */
const ok = (result: unknown): ToolResult => {
  const body = result === undefined ? {} : result;
  const text = JSON.stringify(body);
  const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
  // A member written in its own way (a session's file list as JSON text, a declare's URLs made
  // as written) is given as its value, as the text says.
  const structured = isObject && Object.values(body).some(isDeferredJson) ? JSON.parse(text) : body;
  return {
    content: [{ type: 'text', text }],
    ...(isObject ? { structuredContent: structured as Record<string, unknown> } : {}),
  };
};

/** The tool's validated arguments as its operation's request: path, query and body by `tool.args`. */
function toolInput(tool: ToolDef, args: Record<string, unknown>) {
  const params: Record<string, unknown> = {};
  const query: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  for (const [arg, where] of Object.entries(tool.args)) {
    if (args[arg] === undefined) continue;
    if (where === 'path') params[arg] = args[arg];
    else if (where === 'query') query[arg] = String(args[arg]);
    else body[arg] = args[arg];
  }
  return { params, query, body };
}

export async function callTool(
  api: Api,
  door: Door,
  name: string,
  rawArgs: unknown,
  ctx: PublicRequestContext,
): Promise<ToolResult> {
  try {
    const tool = toolsOf(door).get(name);
    if (!tool) throw new ApiError('unknown_endpoint', `Unknown tool: ${name}.`);
    const args = structuredClone((rawArgs ?? {}) as Record<string, unknown>);
    refuseNul(args);
    const validate = validators.get(name)!;
    if (!validate(args)) throw toolArgumentErrorToApiError(validate.errors![0], tool.args, tool.errorCodes);
    if (tool.operationId === null) {
      // The arguments were validated against the tool's schema just above.
      const call: OperationCall = (operationId, input, waitCtx = ctx) =>
        callOperation(api, door.server, operationId, operationRequest(operationId, input), waitCtx);
      const run = guideTools[name as ExtraToolName] as (
        args: unknown,
        ctx: PublicRequestContext,
        call: OperationCall,
      ) => Promise<string | object>;
      const out = await run(args, ctx, call);
      return typeof out === 'string' ? { content: [{ type: 'text', text: out }] } : ok(out);
    }
    const key =
      tool.idempotent && typeof args[IDEMPOTENCY_ARG] === 'string'
        ? parseIdempotencyKey(args[IDEMPOTENCY_ARG] as string, IDEMPOTENCY_ARG)
        : null;
    const request = operationRequest(tool.operationId, toolInput(tool, args));
    const result = await callOperation(api, door.server, tool.operationId, request, ctx, key);
    return ok(result.body);
  } catch (err) {
    return toolError(asApiError(err, ctx.log, ctx.requestId, { tool: name }), ctx.requestId);
  }
}
