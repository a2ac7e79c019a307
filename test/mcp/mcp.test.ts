// The MCP endpoint through the SDK's own client over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { raw, startTestApp, call, type TestApp } from '../helpers/app.ts';
import { expectEnvelope } from '../helpers/contract.ts';
import { minimalSpec, validSpec } from '../fixtures/specs.ts';
import contract from '../../src/generated/openapi.json' with { type: 'json' };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

interface Connected {
  client: Client;
  requestIds: string[];
  close(): Promise<void>;
}

/** An SDK client; records the X-Request-Id of every HTTP response it receives. */
async function connect(key: string): Promise<Connected> {
  const requestIds: string[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
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
  return { client, requestIds, close: () => client.close() };
}

type TextResult = { content: { type: string; text: string }[]; isError?: boolean; structuredContent?: any };
const text = (r: unknown): string => (r as TextResult).content[0].text;

// Every tool of the reference's part 4, both tables.
const REFERENCE_TOOLS = [
  'ping',
  'create_project',
  'list_projects',
  'get_project',
  'update_project',
  'create_upload_session',
  'declare_upload_files',
  'get_upload_session',
  'process_upload_session',
  'get_upload_session_status',
  'list_validators',
  'lookup_validator',
  'list_validator_projects',
  'assign_validator',
  'unassign_validator',
  'list_project_classes',
  'grant_validator_class',
  'revoke_validator_class',
  'invite_validator',
  'list_project_invites',
  'cancel_project_invite',
  'get_datapoint_consensus',
  'get_proof_report',
  'get_started',
  'spec_authoring_guide',
  'project_creation_instruction',
  'wait_for_upload_session',
];

const ADDITIVE_TOOLS = [
  'list_datapoints',
  'create_webhook_endpoint',
  'list_webhook_endpoints',
  'get_webhook_endpoint',
  'delete_webhook_endpoint',
  'rotate_webhook_endpoint_secret',
  'list_webhook_attempts',
  'get_datapoint_inclusion_proof',
  'wait_for_proof_report',
  'get_proof_report_consistency',
  'get_proof_report_checkpoint',
  'set_gold_items',
  'list_gold_items',
  'list_validator_quality',
  'resume_validator',
  'export_validator_quality',
  'create_ai_validator',
  'get_ai_validator',
  'create_ai_validator_key',
  'revoke_ai_validator_key',
];

describe('MCP over streamable HTTP', () => {
  it("lists every tool of the reference with the reference's arguments", async () => {
    const { client, close } = await connect(app.orgA.originatorKey);
    try {
      const { tools } = await client.listTools();
      // Every tool of the reference, plus the additive ones of later issues.
      expect(tools.map((t) => t.name).sort()).toEqual([...REFERENCE_TOOLS, ...ADDITIVE_TOOLS].sort());
      // The contract's vendor extensions (x-error-code) stay out of the published tool schemas.
      expect(JSON.stringify(tools)).not.toContain('"x-');
      const props = (name: string) =>
        Object.keys((tools.find((t) => t.name === name)!.inputSchema.properties ?? {}) as object).sort();
      // Tools of POST operations also take the optional idempotencyKey (additive; docs/security.md).
      expect(props('update_project')).toEqual(['description', 'name', 'paused', 'projectId']);
      expect(props('list_validators')).toEqual(['cursor', 'limit']);
      expect(props('lookup_validator')).toEqual(['email']);
      expect(props('assign_validator')).toEqual(['autoEnroll', 'idempotencyKey', 'projects', 'validatorId']);
      expect(props('process_upload_session')).toEqual([
        'dryRun',
        'idempotencyKey',
        'projectId',
        'skipExisting',
        'uploadId',
      ]);
      expect(props('wait_for_upload_session')).toEqual(['projectId', 'timeoutSeconds', 'uploadId']);
      expect(props('wait_for_proof_report')).toEqual(['projectId', 'timeoutSeconds']);
      expect(props('invite_validator')).toEqual([
        'classId',
        'email',
        'evidenceNote',
        'idempotencyKey',
        'projectId',
        'sendEmail',
      ]);
      expect(props('list_validator_projects')).toEqual(['validatorId']);
      expect(props('unassign_validator')).toEqual(['idempotencyKey', 'projectIds', 'validatorId']);
      expect(props('grant_validator_class')).toEqual([
        'classId',
        'evidenceNote',
        'idempotencyKey',
        'projectId',
        'validatorId',
      ]);
      expect(props('revoke_validator_class')).toEqual(['classId', 'projectId', 'validatorId']);
      expect(props('list_project_invites')).toEqual(['cursor', 'limit', 'projectId']);
      expect(props('cancel_project_invite')).toEqual(['inviteId', 'projectId']);
      // lookup_validator is a lookup: without its email it would be list_validators.
      expect(tools.find((t) => t.name === 'lookup_validator')!.inputSchema.required).toEqual(['email']);
      for (const t of tools) expect(t.description, t.name).toBeTruthy();
    } finally {
      await close();
    }
  });

  it('creates, reads, lists and updates projects with REST-shaped results', async () => {
    const { client, close } = await connect(app.orgA.originatorKey);
    try {
      const created = (await client.callTool({
        name: 'create_project',
        arguments: { name: 'From MCP', spec: validSpec() },
      })) as TextResult;
      expect(created.isError).toBeFalsy();
      expect(JSON.parse(text(created))).toEqual(created.structuredContent);
      const { projectId } = created.structuredContent;
      const got = (await client.callTool({ name: 'get_project', arguments: { projectId } })) as TextResult;
      const rest = await call(app, 'getProject', { params: { projectId } });
      expect(got.structuredContent).toEqual(rest.body);
      const paused = (await client.callTool({
        name: 'update_project',
        arguments: { projectId, paused: true, description: 'via MCP' },
      })) as TextResult;
      expect(paused.structuredContent).toMatchObject({ paused: true, description: 'via MCP' });
      const listed = (await client.callTool({ name: 'list_projects', arguments: { limit: 1 } })) as TextResult;
      expect(listed.structuredContent).toMatchObject({ hasMore: expect.any(Boolean) });
      expect(listed.structuredContent.data).toHaveLength(1);
      const classes = (await client.callTool({ name: 'list_project_classes', arguments: { projectId } })) as TextResult;
      expect(classes.structuredContent.data.map((c: { id: string }) => c.id)).toEqual(['senior', 'gpt']);
      const pong = (await client.callTool({ name: 'ping', arguments: {} })) as TextResult;
      expect(pong.structuredContent).toEqual({ pong: true });
    } finally {
      await close();
    }
  });

  it('reports domain errors as tool errors with a camelCase code and the request id', async () => {
    const { client, requestIds, close } = await connect(app.orgA.originatorKey);
    try {
      const spec = minimalSpec() as any;
      spec.dataset.format = 'xml';
      const res = (await client.callTool({ name: 'create_project', arguments: { name: 'Bad', spec } })) as TextResult;
      expect(res.isError).toBe(true);
      const [first, second] = text(res).split('\n');
      expect(first).toMatch(/^projectSpecInvalid: spec\.dataset\.format: must be one of /);
      expect(second).toBe(`requestId: ${requestIds[requestIds.length - 1]}`);
      // A cross-field rule of the spec reads as it does over REST.
      const sections = minimalSpec() as any;
      sections.dataset = { format: 'markdown_split' };
      const conditional = (await client.callTool({
        name: 'create_project',
        arguments: { name: 'Sections', spec: sections },
      })) as TextResult;
      expect(text(conditional).split('\n')[0]).toBe(
        'projectSpecInvalid: spec.dataset.headingLevel: is required when format is markdown_split',
      );
      const missing = (await client.callTool({
        name: 'get_project',
        arguments: { projectId: '00000000-0000-4000-8000-000000000000' },
      })) as TextResult;
      expect(text(missing)).toMatch(/^projectNotFound: /);
      const foreign = await call(app, 'createProject', {
        key: app.orgB.originatorKey,
        body: { name: 'B', spec: minimalSpec() },
      });
      const hidden = (await client.callTool({
        name: 'get_project',
        arguments: { projectId: foreign.body.projectId },
      })) as TextResult;
      expect(text(hidden)).toMatch(/^projectNotFound: /);
    } finally {
      await close();
    }
  });

  it('validates arguments with the REST rules and answers tool errors, not protocol errors', async () => {
    const { client, close } = await connect(app.orgA.originatorKey);
    try {
      const badId = (await client.callTool({ name: 'get_project', arguments: { projectId: 'nope' } })) as TextResult;
      expect(badId.isError).toBe(true);
      expect(text(badId)).toMatch(/^parameterInvalid: `projectId` must be a valid uuid/);
      const unknownArg = (await client.callTool({
        name: 'update_project',
        arguments: { projectId: '00000000-0000-4000-8000-000000000000', archived: true },
      })) as TextResult;
      expect(text(unknownArg)).toMatch(/^requestBodyInvalid: /);
      const limit = (await client.callTool({ name: 'list_projects', arguments: { limit: 500 } })) as TextResult;
      expect(text(limit)).toMatch(/^parameterInvalid: `limit`/);
      const longName = (await client.callTool({
        name: 'create_project',
        arguments: { name: 'x'.repeat(201), spec: minimalSpec() },
      })) as TextResult;
      expect(text(longName)).toMatch(/^requestBodyInvalid: `name`/);
      const unknown = (await client.callTool({
        name: 'get_proof_report',
        arguments: { projectId: '00000000-0000-4000-8000-000000000000' },
      })) as TextResult;
      expect(unknown.isError).toBe(true);
      expect(text(unknown)).toMatch(/^projectNotFound: /);
    } finally {
      await close();
    }
  });

  it('applies the originator rule to project tools', async () => {
    const { client, close } = await connect(app.orgA.memberKey);
    try {
      const res = (await client.callTool({ name: 'list_projects', arguments: {} })) as TextResult;
      expect(text(res)).toMatch(/^notOrgOriginator: /);
    } finally {
      await close();
    }
  });

  it('serves the guidance tools', async () => {
    const { client, close } = await connect(app.orgA.originatorKey);
    try {
      expect(text(await client.callTool({ name: 'get_started', arguments: {} }))).toContain('create_project');
      const guide = text(await client.callTool({ name: 'spec_authoring_guide', arguments: {} }));
      expect(guide).toContain('"validatorsPerDatapoint"');
      expect(guide).toContain('SYSTEM PROMPT');
      expect(guide).toContain('markdown_split');
      expect(guide).not.toContain('$ref');
      expect(guide).not.toContain('x-error-code');
      // Every dataset format of ProjectSpec has its guidance (the tool's enum is the spec's).
      const formats = (contract.components.schemas.SpecDatasetFormat as { enum: string[] }).enum;
      expect(formats).toContain('jsonl');
      for (const datasetType of formats) {
        const t = text(await client.callTool({ name: 'project_creation_instruction', arguments: { datasetType } }));
        expect(t).toContain(`Dataset format ${datasetType}`);
      }
      const bad = (await client.callTool({
        name: 'project_creation_instruction',
        arguments: { datasetType: 'xlsx' },
      })) as TextResult;
      expect(bad.isError).toBe(true);
    } finally {
      await close();
    }
  });
});

describe('MCP HTTP boundary', () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
  });

  it('answers a JSON 401 with WWW-Authenticate before any dispatch', async () => {
    const res = await raw(app, 'POST', '/mcp', {
      body: initialize,
      contentType: 'application/json',
      headers: { accept: 'application/json, text/event-stream' },
    });
    expectEnvelope(res, 'api_key_missing', 401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const bad = await raw(app, 'POST', '/mcp', {
      key: `assay_live_${'Z'.repeat(32)}`,
      body: initialize,
      contentType: 'application/json',
    });
    expectEnvelope(bad, 'api_key_invalid', 401);
  });

  it('issues no session id and answers 405 to GET and DELETE', async () => {
    const res = await raw(app, 'POST', '/mcp', {
      key: app.orgA.originatorKey,
      body: initialize,
      contentType: 'application/json',
      headers: { accept: 'application/json, text/event-stream' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    for (const method of ['GET', 'DELETE']) {
      const r = await raw(app, method, '/mcp', { key: app.orgA.originatorKey });
      expectEnvelope(r, 'method_not_allowed', 405);
      expect(r.headers.get('allow')).toBe('POST');
    }
  });
});
