// MCP tool calls. Each tool comes from the generated table (x-mcp in openapi.yaml): its
// arguments are validated with the same Ajv as REST, placed into a REST request (path, query,
// body) and run through the same core, so a tool and its endpoint cannot disagree.
import type { ValidateFunction } from 'ajv';
import { mcpTools, type ExtraToolName, type ToolDef } from '../generated/mcp-tools.ts';
import { createAjv } from '../schema/ajv.ts';
import { ApiError, camelCode, toApiError } from '../errors.ts';
import { toolArgumentErrorToApiError } from '../http/schema-errors.ts';
import { markConditionals } from '../schema/describe.ts';
import { refuseNul } from '../http/nul.ts';
import { operationTable } from '../generated/operations.ts';
import { fromPgError } from '../db/errors.ts';
import { fromStorageError } from '../storage/s3.ts';
import { guideTools } from './extra-tools.ts';
import { IDEMPOTENT_OPERATIONS, idempotent, parseIdempotencyKey } from '../http/idempotency.ts';
import type { Api } from '../http/api.ts';
import type { RequestContext } from '../context.ts';

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * Tools of operations that take an Idempotency-Key header (openapi.yaml) take it as an optional
 * `idempotencyKey` argument, with the same meaning (src/http/idempotency.ts).
 */
const IDEMPOTENCY_ARG = 'idempotencyKey';
function inputSchemaOf(t: ToolDef): ToolDef['inputSchema'] {
  if (t.operationId === null || !IDEMPOTENT_OPERATIONS.has(t.operationId)) return t.inputSchema;
  const schema = t.inputSchema as { properties?: Record<string, unknown> };
  return {
    ...t.inputSchema,
    properties: {
      ...schema.properties,
      [IDEMPOTENCY_ARG]: {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        pattern: '^[\\x21-\\x7E]+$',
        description:
          'Optional Idempotency-Key: a retry with the same key and arguments returns the first result (24 hours) ' +
          'instead of acting twice.',
      },
    },
  } as ToolDef['inputSchema'];
}

const ajv = createAjv({ useDefaults: true });
const validators = new Map<string, ValidateFunction>(
  mcpTools.map((t) => [t.name, ajv.compile(markConditionals(inputSchemaOf(t)))]),
);
const byName = new Map<string, ToolDef>(mcpTools.map((t) => [t.name, t]));

/** The tool list as MCP's tools/list returns it. */
export const toolList = mcpTools.map((t) => ({
  name: t.name,
  description: t.description,
  inputSchema: inputSchemaOf(t),
}));

function toolError(err: unknown, requestId: string): ToolResult {
  const apiErr = toApiError(fromStorageError(fromPgError(err)));
  return {
    isError: true,
    content: [{ type: 'text', text: `${camelCode(apiErr.code)}: ${apiErr.message}\nrequestId: ${requestId}` }],
  };
}

const ok = (body: unknown): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(body) }],
  ...(body && typeof body === 'object' && !Array.isArray(body)
    ? { structuredContent: body as Record<string, unknown> }
    : {}),
});

/** Fills `{name}` placeholders of an operation path from the tool's path arguments. */
function buildPath(template: string, args: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(args[name])));
}

export async function callTool(api: Api, name: string, rawArgs: unknown, ctx: RequestContext): Promise<ToolResult> {
  try {
    const tool = byName.get(name);
    if (!tool) throw new ApiError('unknown_endpoint', `Unknown tool: ${name}.`);
    const args = structuredClone((rawArgs ?? {}) as Record<string, unknown>);
    refuseNul(args);
    const validate = validators.get(name)!;
    if (!validate(args)) throw toolArgumentErrorToApiError(validate.errors![0], tool.args, tool.errorCodes);
    if (tool.operationId === null) {
      // The arguments were validated against the tool's schema just above.
      const run = guideTools[name as ExtraToolName] as (args: unknown, ctx: RequestContext) => Promise<string | object>;
      const out = await run(args, ctx);
      return typeof out === 'string' ? { content: [{ type: 'text', text: out }] } : ok(out);
    }
    const info = operationTable[tool.operationId];
    const query: Record<string, string> = {};
    const body: Record<string, unknown> = {};
    for (const [arg, where] of Object.entries(tool.args)) {
      if (args[arg] === undefined) continue;
      if (where === 'query') query[arg] = String(args[arg]);
      else if (where === 'body') body[arg] = args[arg];
    }
    const path = buildPath(info.path, args);
    const op = api.match(info.method, path);
    const requestBody = info.bodyType === 'application/json' ? body : undefined;
    const run = () =>
      api.run(
        op,
        {
          method: info.method,
          path,
          query: new URLSearchParams(query).toString(),
          headers: info.bodyType === 'application/json' ? { 'content-type': 'application/json' } : {},
          body: requestBody,
        },
        ctx,
      );
    const key =
      typeof args[IDEMPOTENCY_ARG] === 'string'
        ? parseIdempotencyKey(args[IDEMPOTENCY_ARG] as string, IDEMPOTENCY_ARG)
        : null;
    const result =
      key === null
        ? await run()
        : await idempotent(
            { sql: ctx.sql, secretsKey: ctx.config.secretsKey },
            ctx.auth.orgId,
            key,
            tool.operationId,
            path,
            requestBody,
            run,
          );
    return ok(result.body);
  } catch (err) {
    if (toApiError(fromStorageError(fromPgError(err))).code === 'internal_error')
      ctx.log.error('tool call failed', {
        requestId: ctx.requestId,
        tool: name,
        error: err instanceof Error ? err.stack : String(err),
      });
    return toolError(err, ctx.requestId);
  }
}
