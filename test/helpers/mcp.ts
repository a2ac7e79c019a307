// An MCP client for tests: the SDK's own client over real streamable HTTP, as an agent uses it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestApp } from './app.ts';

export type ToolResult = { content: { type: string; text: string }[]; isError?: boolean; structuredContent?: any };

export interface McpSession {
  client: Client;
  /** X-Request-Id of every HTTP response received, in order. */
  requestIds: string[];
  tool(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  close(): Promise<void>;
}

/** `path`: the tool server (the developer tools at /mcp, the validator tools at /validator/mcp). */
export async function connectMcp(app: TestApp, key: string, path = '/mcp'): Promise<McpSession> {
  const requestIds: string[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(`${app.url}${path}`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      const id = res.headers.get('x-request-id');
      if (id) requestIds.push(id);
      return res;
    },
  });
  const client = new Client({ name: 'assay-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    requestIds,
    tool: async (name, args) => (await client.callTool({ name, arguments: args })) as ToolResult,
    close: () => client.close(),
  };
}

/** The registry code of a tool error (`projectNotFound: ...` -> `project_not_found`), or null on success. */
export function toolErrorCode(r: ToolResult): string | null {
  if (!r.isError) return null;
  const m = /^([a-z][A-Za-z0-9]*): /.exec(r.content[0]?.text ?? '');
  return m ? m[1]!.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : `unparsed: ${r.content[0]?.text}`;
}
