// The MCP transport: stateless streamable HTTP at an MCP door of the pipeline (src/http/pipeline.ts,
// DOORS). The caller is admitted (authenticated, counted) by the pipeline's steps before anything
// reaches the MCP SDK, so an unauthenticated client gets the REST 401 envelope (JSON, with
// WWW-Authenticate) and no tool ever runs. No session id is issued; each POST gets a fresh
// server and transport, which is what stateless mode means in the SDK.
import type { Express, Request, Response } from 'express';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../errors.ts';
import { expressExchange, writeError } from '../http/respond.ts';
import { readJson } from '../http/body.ts';
import { MAX_BODY_DEPTH, MCP_BODY_LIMIT } from '../http/body-limits.ts';
import { admit, contextFor, readBody, type Door } from '../http/pipeline.ts';
import { callTool, toolList } from './tools.ts';
import type { Api } from '../http/api.ts';
import type { AppDeps, PublicRequestContext } from '../context.ts';

function buildServer(api: Api, door: Door, ctx: PublicRequestContext): Server {
  const server = new Server(
    { name: 'assay', version: '1.0.0' },
    { capabilities: { tools: {} }, ...(door.instructions ? { instructions: door.instructions } : {}) },
  );
  const tools = toolList(door);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    callTool(api, door, request.params.name, request.params.arguments, ctx),
  );
  return server;
}

/**
 * The JSON-RPC request: read within the endpoint's limit; one request, not nested past the tools'
 * depth (a NUL is the tool arguments' business, checked when the tool's operation runs).
 */
async function readEnvelope(req: Request, res: Response): Promise<unknown> {
  const body = await readJson(req, res, MCP_BODY_LIMIT, {
    maxDepth: MAX_BODY_DEPTH + 4,
    nul: false,
    operationId: null,
    refuse: () => new ApiError('request_body_invalid', `The request is nested deeper than ${MAX_BODY_DEPTH} levels.`),
  });
  // JSON-RPC batches are refused (the MCP protocol since 2025-06-18 has none, and a batch would
  // multiply one request's work past every per-request limit).
  if (Array.isArray(body))
    throw new ApiError('request_body_invalid', 'JSON-RPC batches are not accepted: send one request per HTTP request.');
  return body;
}

export function mountMcp(app: Express, deps: AppDeps, api: Api, door: Door): void {
  if (door.scheme === null) throw new Error(`MCP door ${door.mount}: its operations must share one security scheme`);
  const scheme = door.scheme;
  app.post(door.mount, async (req, res) => {
    const x = expressExchange(req, res, deps);
    // The client went away (its connection closed before the answer was written): a wait tool
    // stops polling instead of working for no one until its timeout.
    const left = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) left.abort();
    });
    let ctx: PublicRequestContext;
    let body: unknown;
    try {
      // The caller's one budget, shared with its REST calls.
      const caller = await admit(scheme, door, x, deps);
      x.audit({ operation: 'mcp' });
      // The body goes through the REST reader (its size limit, read before the SDK sees anything).
      // Large bodies within the organization's budget, as on the REST door.
      body = await readBody(deps, x, caller, MCP_BODY_LIMIT, () => readEnvelope(req, res));
      ctx = { ...contextFor(deps, x, caller), signal: left.signal };
    } catch (err) {
      writeError(res, err);
      return;
    }
    const server = buildServer(api, door, ctx!);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (err) {
      writeError(res, err);
    }
  });
  // Stateless: there is no stream to resume (GET) and no session to end (DELETE).
  app.all(door.mount, (_req, res) => {
    const err = new ApiError(
      'method_not_allowed',
      'The MCP endpoint accepts POST only (stateless streamable HTTP).',
      undefined,
      { Allow: 'POST' },
    );
    writeError(res, err);
  });
}
