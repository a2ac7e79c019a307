// The MCP endpoint: stateless streamable HTTP at /mcp. The API key is checked before anything
// reaches the MCP SDK, so an unauthenticated client gets the REST 401 envelope (JSON, with
// WWW-Authenticate) and no tool ever runs. No session id is issued; each POST gets a fresh
// server and transport, which is what stateless mode means in the SDK.
import type { Express } from 'express';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { authenticate } from '../http/auth.ts';
import { ApiError } from '../errors.ts';
import { writeError } from '../http/respond.ts';
import { readJson } from '../http/body.ts';
import { audit } from '../http/access-log.ts';
import { MAX_BODY_DEPTH, MCP_BODY_LIMIT } from '../http/body-limits.ts';
import { scanValue } from '../http/nul.ts';
import { callTool, toolList } from './tools.ts';
import type { Api } from '../http/api.ts';
import type { AppDeps, RequestContext } from '../context.ts';

const MCP_PATH = '/mcp';

function buildServer(api: Api, ctx: RequestContext): Server {
  const server = new Server(
    { name: 'assay', version: '1.0.0' },
    {
      capabilities: { tools: {} },
      instructions: 'Assay data-quality projects. Call get_started first for the recommended tool sequence.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    callTool(api, request.params.name, request.params.arguments, ctx),
  );
  return server;
}

export function mountMcp(app: Express, deps: AppDeps, api: Api): void {
  app.post(MCP_PATH, async (req, res) => {
    const requestId = res.locals.requestId as string;
    let auth: Awaited<ReturnType<typeof authenticate>>;
    try {
      auth = await authenticate(deps.sql, req.headers.authorization);
      audit(res, { orgId: auth.orgId, keyId: auth.keyId, operation: 'mcp' });
      // The key's one budget, shared with its REST calls.
      res.set(await deps.rateLimits.consume('api', auth.keyId));
    } catch (err) {
      writeError(res, err, requestId, deps.log);
      return;
    }
    // The body goes through the REST reader (its size limit, read before the SDK sees anything);
    // JSON-RPC batches are refused (the MCP protocol since 2025-06-18 has none, and a batch would
    // multiply one request's work past every per-request limit).
    let body: unknown;
    try {
      body = await readJson(req, MCP_BODY_LIMIT);
      if (Array.isArray(body))
        throw new ApiError(
          'request_body_invalid',
          'JSON-RPC batches are not accepted: send one request per HTTP request.',
        );
      if (scanValue(body, MAX_BODY_DEPTH + 4)?.kind === 'depth')
        throw new ApiError('request_body_invalid', `The request is nested deeper than ${MAX_BODY_DEPTH} levels.`);
    } catch (err) {
      writeError(res, err, requestId, deps.log);
      return;
    }
    const server = buildServer(api, { ...deps, requestId, auth, host: req.headers.host });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (err) {
      writeError(res, err, requestId, deps.log);
    }
  });
  // Stateless: there is no stream to resume (GET) and no session to end (DELETE).
  app.all(MCP_PATH, (_req, res) => {
    const err = new ApiError('method_not_allowed', 'The MCP endpoint accepts POST only (stateless streamable HTTP).');
    res
      .status(err.status)
      .set('Allow', 'POST')
      .json(err.body(res.locals.requestId as string));
  });
}
