// Cross-organization and originator refusals, generated from the operation table
// (src/generated/operations.ts, whose requiresOriginator is openapi.yaml's x-requires-originator)
// and the fixture table (operation-fixtures.ts), over REST and over every MCP tool of the
// operation (the SDK's own client). For each operation:
// - the request its owner in organization A may send succeeds (so the fixture is real, and a
//   refusal below is about who asks, not about a broken request);
// - the same request from organization B gets the exact not-found code of the fixture table,
//   with the registry's status, and writes nothing (every table fingerprinted before and after);
// - when the operation is originator-only, organization A's plain member key gets
//   not_org_originator and a key without a user api_key_actor_unavailable, writing nothing.
// An operation of the contract without a fixture entry fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, raw, startTestApp, type RawResult } from '../helpers/app.ts';
import { connectMcp, toolErrorCode, type McpSession } from '../helpers/mcp.ts';
import * as fx from '../helpers/fixtures.ts';
import { operationFixtures, worldOf, type Req, type World } from './operation-fixtures.ts';
import { operationIds, operationTable, type OperationId } from '../../src/generated/operations.ts';
import { mcpTools, type ToolDef } from '../../src/generated/mcp-tools.ts';
import { ERRORS, type ErrorCode } from '../../src/errors.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';

let w: World;
const mcp: Record<'orgB' | 'orgBValidator' | 'member' | 'noActor', McpSession> = {} as never;

beforeAll(async () => {
  // A worker for reports only: exports and cold Proof Reports are produced by its build_report jobs;
  // nothing else runs in the background (the "nothing written" checks compare snapshots).
  const app = await startTestApp({
    worker: { taskSets: ['reports'] },
    config: { signingKey: generateSigningKeyPem() },
  });
  w = await worldOf(app);
  mcp.orgB = await connectMcp(app, app.orgB.originatorKey);
  // The validator tools (/validator/mcp) take an AI validator key: organization B's is the foreign caller there.
  mcp.orgBValidator = await connectMcp(app, w.aiValidatorB.key, '/validator/mcp');
  mcp.member = await connectMcp(app, app.orgA.memberKey);
});
afterAll(async () => {
  for (const s of Object.values(mcp)) await s?.close();
  await w?.app.close();
});

const exercisedTools = new Set<string>();

/**
 * A key records its last use at most once a minute (an audit hint). Organization B's AI
 * validator key is used only by the validator tools: used just before a snapshot, its next use
 * inside the test is within that minute and writes nothing (the API keys are in use all along).
 */
async function freshKeyUse(): Promise<void> {
  const r = await mcp.orgBValidator.tool('list_my_projects', {});
  expect(r.isError, r.content[0]?.text).toBeFalsy();
}

/** Organization A's credential for the operation (originator key, or validatorA's session). */
function ownerKey(op: OperationId, req: Req): string | null {
  if (req.key !== undefined) return req.key;
  const auth = operationTable[op].auth;
  return auth === 'validatorSession' || auth === 'validator'
    ? w.validatorA.sessionToken
    : auth === 'none'
      ? null
      : w.app.orgA.originatorKey;
}

const send = (op: OperationId, req: Req, key: string | null): Promise<RawResult> =>
  call(w.app, op, { key, params: req.params, query: req.query, body: req.body });

/** The MCP tools of the operation that can carry every argument of the request. */
function toolsFor(op: OperationId, req: Req): { tool: ToolDef; args: Record<string, unknown> }[] {
  const args: Record<string, unknown> = { ...req.params, ...req.query, ...(req.body as object | undefined) };
  return mcpTools
    .filter((t) => t.operationId === op)
    .filter((t) => Object.keys(args).every((a) => a in t.args))
    .filter((t) => ((t.inputSchema.required ?? []) as string[]).every((a) => a in args))
    .map((tool) => ({ tool, args }));
}

function expectCode(res: RawResult, code: ErrorCode, what: string): void {
  expect(res.body?.error?.code, `${what}: ${res.status} ${JSON.stringify(res.body)}`).toBe(code);
  expect(res.status, what).toBe(ERRORS[code].status);
}

async function expectSuccess(op: OperationId, req: Req): Promise<RawResult> {
  const res = await send(op, req, ownerKey(op, req));
  expect(
    operationTable[op].successStatuses,
    `${op} for its owner: ${res.status} ${JSON.stringify(res.body)}`,
  ).toContain(res.status);
  return res;
}

it('has a fixture entry for every operation of the contract, and no other', () => {
  expect(Object.keys(operationFixtures).sort()).toEqual([...operationIds].sort());
});

it('declares a foreign-caller outcome for every operation with a path parameter', () => {
  for (const op of operationIds) {
    if (!operationTable[op].path.includes('{')) continue;
    const cross = operationFixtures[op].crossOrg;
    expect(
      typeof cross === 'string' || 'emptyList' in cross,
      `${op} names a resource: its foreign-caller outcome must be a code or an empty list`,
    ).toBe(true);
    if (typeof cross !== 'string') continue;
    expect(ERRORS[cross], `${cross} is a not-found code`).toMatchObject({ status: 404, type: 'not_found_error' });
    // The code is the one of a resource the path names (the outermost one the caller cannot see).
    const named = [...operationTable[op].path.matchAll(/\{([^}]+)\}/g)].map((m) => NOT_FOUND_OF[m[1]!]);
    expect(named, `${op}: ${cross} is the not-found code of one of its path parameters`).toContain(cross);
  }
});

/** The registry's not-found code of each resource a path parameter names. */
const NOT_FOUND_OF: Record<string, ErrorCode> = {
  projectId: 'project_not_found',
  datapointId: 'datapoint_not_found',
  validatorId: 'validator_not_found',
  webhookEndpointId: 'webhook_endpoint_not_found',
  uploadId: 'upload_session_not_found',
  inviteId: 'invite_not_found',
  slotId: 'claim_not_found',
  classId: 'project_not_found',
  keyId: 'ai_validator_key_not_found',
};

describe.each(operationIds.map((op) => [op]))('%s', (op) => {
  const fixture = operationFixtures[op];
  const info = operationTable[op];
  const cross = fixture?.crossOrg;

  if (cross !== undefined && typeof cross === 'string') {
    it(`a caller of organization B gets ${cross} over REST and MCP, and nothing is written`, async () => {
      const req = await fixture.request(w);
      await freshKeyUse();
      const before = await fx.snapshot(w.app.sql);
      const foreign =
        info.auth === 'validatorSession' || info.auth === 'validator'
          ? w.validatorB.sessionToken
          : w.app.orgB.originatorKey;
      expectCode(await send(op, req, foreign), cross, `${op} over REST from organization B`);
      const tools = toolsFor(op, req);
      expect(tools.length, `${op} has MCP tools ${info.tools.join(', ')} that can carry the request`).toBe(
        info.tools.length === 0 ? 0 : tools.length || 1,
      );
      for (const { tool, args } of tools) {
        exercisedTools.add(tool.name);
        const r = await (tool.document === 'validator' ? mcp.orgBValidator : mcp.orgB).tool(tool.name, args);
        expect(toolErrorCode(r), `${tool.name} over MCP from organization B: ${r.content[0]?.text}`).toBe(cross);
      }
      expect(await fx.snapshot(w.app.sql), 'nothing written').toEqual(before);
      await expectSuccess(op, req);
    });
  } else if (cross !== undefined && 'emptyList' in cross) {
    it(`a caller of organization B gets an empty list over REST and MCP (${cross.emptyList})`, async () => {
      const req = await fixture.request(w);
      await freshKeyUse();
      const before = await fx.snapshot(w.app.sql);
      const res = await send(op, req, w.app.orgB.originatorKey);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      for (const { tool, args } of toolsFor(op, req)) {
        exercisedTools.add(tool.name);
        const r = await (tool.document === 'validator' ? mcp.orgBValidator : mcp.orgB).tool(tool.name, args);
        expect(r.isError, r.content[0]?.text).toBeFalsy();
        expect(r.structuredContent.data).toEqual([]);
      }
      expect(await fx.snapshot(w.app.sql), 'nothing written').toEqual(before);
      expect((await expectSuccess(op, req)).body.data.length).toBeGreaterThan(0);
    });
  } else {
    it(`succeeds for its owner (${cross ? cross.notScoped : 'NO FIXTURE ENTRY'})`, async () => {
      expect(fixture, `${op} has no entry in test/contract/operation-fixtures.ts`).toBeDefined();
      await expectSuccess(op, await fixture.request(w));
    });
  }

  if (info.requiresOriginator) {
    it(
      'a member who is not an originator, and a key without a user, are refused over REST and MCP; nothing is ' +
        'written',
      async () => {
        expect(fixture, `${op} has no entry in test/contract/operation-fixtures.ts`).toBeDefined();
        const req = await fixture.request(w);
        const before = await fx.snapshot(w.app.sql);
        expectCode(await send(op, req, w.app.orgA.memberKey), 'not_org_originator', `${op} with the member key`);
        expectCode(
          await send(op, req, w.app.orgA.noActorKey),
          'api_key_actor_unavailable',
          `${op} with a key without a user`,
        );
        // Every tool of the operation, with the request's arguments it takes: the originator check
        // comes before anything else, so a tool that cannot carry them all is refused the same way.
        const all = { ...req.params, ...req.query, ...(req.body as object | undefined) } as Record<string, unknown>;
        const tools = mcpTools
          .filter((t) => t.operationId === op)
          .map((tool) => ({ tool, args: Object.fromEntries(Object.entries(all).filter(([k]) => k in tool.args)) }));
        for (const { tool, args } of tools) {
          exercisedTools.add(tool.name);
          const r = await mcp.member.tool(tool.name, args);
          expect(toolErrorCode(r), `${tool.name} with the member key: ${r.content[0]?.text}`).toBe(
            'not_org_originator',
          );
        }
        expect(await fx.snapshot(w.app.sql), 'nothing written').toEqual(before);
      },
    );
  }
});

it('refuses a key without an actor on every operation over REST, and at the MCP endpoint before any tool', async () => {
  for (const op of operationIds.filter((id) => operationTable[id].auth === 'apiKey')) {
    const fixture = operationFixtures[op];
    const req = await fixture.request(w);
    const before = await fx.snapshot(w.app.sql);
    expectCode(
      await send(op, req, w.app.orgA.noActorKey),
      'api_key_actor_unavailable',
      `${op} with a key without a user`,
    );
    expect(await fx.snapshot(w.app.sql), `${op}: nothing written`).toEqual(before);
  }
  const res = await raw(w.app, 'POST', '/mcp', {
    key: w.app.orgA.noActorKey,
    contentType: 'application/json',
    headers: { accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  expect(res.status).toBe(403);
  expect(res.body.error.code).toBe('api_key_actor_unavailable');
});

it('went through every MCP tool of every scoped or originator-only operation', () => {
  const expected = mcpTools
    .filter((t) => t.operationId !== null)
    .filter((t) => {
      const op = t.operationId!;
      const cross = operationFixtures[op]?.crossOrg;
      return (
        operationTable[op].requiresOriginator ||
        (cross !== undefined && typeof cross === 'string' && operationTable[op].path.includes('{'))
      );
    })
    .map((t) => t.name);
  expect(expected.filter((t) => !exercisedTools.has(t))).toEqual([]);
});
