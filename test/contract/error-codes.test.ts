// Every code of the contract's ErrorCode enum is produced by a real request somewhere: this table
// maps each code to a request that produces it (through the contract-checked client, so its
// status must be declared for the operation), or says why it is provably unreachable. A code
// with neither fails the test, so a new code cannot go untested. Where the operation has MCP
// tools that can carry the request, the same request through each tool must answer the same
// code (REST/MCP parity); authentication codes are compared with the /mcp endpoint's answer.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAX_LIVE_CLAIMS, DEFAULT_QUOTAS } from '../../src/config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, raw, startTestApp, type RawResult } from '../helpers/app.ts';
import { connectMcp, toolErrorCode } from '../helpers/mcp.ts';
import * as fx from '../helpers/fixtures.ts';
import { recordVote } from '../helpers/votes.ts';
import { worldOf, type World } from './operation-fixtures.ts';
import { operationTable, type OperationId } from '../../src/generated/operations.ts';
import { mcpTools } from '../../src/generated/mcp-tools.ts';
import { ERRORS, type ErrorCode } from '../../src/errors.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { freePort } from '../../src/dev/stack.ts';
import { testConfig } from '../helpers/config.ts';
import { createLogger } from '../../src/log.ts';
import { minimalSpec } from '../fixtures/specs.ts';
import { MCP_BODY_LIMIT } from '../../src/http/body-limits.ts';
import { requestFingerprint } from '../../src/http/idempotency.ts';
import { hashApiKey } from '../../src/admin/keys.ts';
import { createApiKey, createOrganization } from '../../src/admin/admin.ts';
import contract from '../../src/generated/openapi.json' with { type: 'json' };

let w: World;
let unsigned: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  // A worker for reports only: exports and cold Proof Reports are produced by its build_report jobs;
  // nothing else runs in the background (the "nothing written" checks compare snapshots).
  const app = await startTestApp({
    worker: { taskSets: ['reports'] },
    config: { signingKey: generateSigningKeyPem() },
  });
  w = await worldOf(app);
  unsigned = await startServer(testConfig({ databaseUrl: app.databaseUrl, port: 0, signingKey: null }), {
    log: createLogger('error'),
  });
});
afterAll(async () => {
  await unsigned?.close();
  await w?.app.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** One server over a database that refuses connections, started once (a start takes seconds). */
let downServer: Promise<RunningServer> | null = null;
const databaseDownServer = (): Promise<RunningServer> =>
  (downServer ??= freePort().then((port) =>
    startServer(
      testConfig({ databaseUrl: `postgres://assay:unused@127.0.0.1:${port}/assay`, port: 0, signingKey: null }),
      { log: createLogger('silent') },
    ),
  ));
beforeAll(async () => {
  await databaseDownServer();
});
afterAll(async () => {
  await (await downServer)?.close({ graceMs: 1000 });
});
const CSV = 'id,question,answer\n1,q,a\n';

/** An organization of its own per quota producer, the same for its REST and its MCP request. */
const quotaOrgs = new Map<string, Promise<{ org: { id: string }; key: string }>>();
function quotaOrg(w: World, name: string): Promise<{ org: { id: string }; key: string }> {
  let found = quotaOrgs.get(name);
  if (!found) {
    found = (async () => {
      const org = await createOrganization(w.app.sql, {
        name,
        code: `Q${name.slice(0, 3).toUpperCase()}${Math.floor(Math.random() * 1e6)}`,
      });
      const owner = await fx.member(w.app, org.id, { originator: true });
      return { org, key: (await createApiKey(w.app.sql, { orgId: org.id, userId: owner.id })).key };
    })();
    quotaOrgs.set(name, found);
  }
  return found;
}

/** A request through an operation: REST, and every MCP tool of the operation that can carry it. */
interface OpRequest {
  op: OperationId;
  key?: 'originator' | 'member' | 'noActor' | 'orgB' | 'validatorA' | 'none' | string;
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}
type Producer =
  | ((w: World) => Promise<OpRequest>)
  | { raw: (w: World) => Promise<RawResult>; mcp?: (w: World) => Promise<string | null>; mcpWhy?: string }
  | {
      /** Why no request can produce it; the test checks that no source names the code. */
      unreachable: string;
      /** A request that comes closest, which must answer another code. */
      closest?: (w: World) => Promise<RawResult>;
      /** Sources that name it as a stored value (a run's errorCode), never as a response. */
      storedBy?: string[];
    };

function keyOf(k: OpRequest['key']): string | null {
  switch (k ?? 'originator') {
    case 'originator':
      return w.app.orgA.originatorKey;
    case 'member':
      return w.app.orgA.memberKey;
    case 'noActor':
      return w.app.orgA.noActorKey;
    case 'orgB':
      return w.app.orgB.originatorKey;
    case 'validatorA':
      return w.validatorA.sessionToken;
    case 'none':
      return null;
    default:
      return k!;
  }
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});
/** The code the /mcp endpoint answers to an initialize with this Authorization header. */
async function mcpAuthCode(authorization: string | undefined): Promise<string | null> {
  const res = await raw(w.app, 'POST', '/mcp', {
    body: initialize,
    contentType: 'application/json',
    headers: { accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
  });
  return res.body?.error?.code ?? null;
}

/** The code the AI validators' tool server (/validator/mcp) answers to an initialize with this Authorization header. */
async function validatorMcpAuthCode(authorization: string | undefined): Promise<RawResult> {
  return raw(w.app, 'POST', '/validator/mcp', {
    body: initialize,
    contentType: 'application/json',
    headers: { accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
  });
}

async function claimed(
  w: World,
  opts: { paused?: boolean } = {},
): Promise<{ projectId: string; slotId: string; datapointId: string }> {
  const projectId = await fx.project(w.app);
  await fx.addDatapoints(w.app.sql, projectId, 1, { slotsPerDatapoint: 2 });
  await fx.assign(w.app, w.validatorA.id, projectId);
  const c = await call(w.app, 'claimSlot', { key: w.validatorA.sessionToken, params: { projectId } });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  if (opts.paused)
    expect((await call(w.app, 'updateProject', { params: { projectId }, body: { paused: true } })).status).toBe(200);
  return { projectId, slotId: c.body.slotId, datapointId: c.body.datapointId };
}

const producers: Record<ErrorCode, Producer> = {
  api_key_missing: { raw: (w) => raw(w.app, 'GET', '/developer/v1/ping'), mcp: () => mcpAuthCode(undefined) },
  api_key_malformed: {
    raw: (w) => raw(w.app, 'GET', '/developer/v1/ping', { key: 'sk_test_123' }),
    mcp: () => mcpAuthCode('Bearer sk_test_123'),
  },
  api_key_invalid: {
    raw: (w) => raw(w.app, 'GET', '/developer/v1/ping', { key: `assay_live_${'a'.repeat(32)}` }),
    mcp: () => mcpAuthCode(`Bearer assay_live_${'a'.repeat(32)}`),
  },
  parameter_invalid: async () => ({ op: 'listProjects', query: { limit: 0 } }),
  request_body_invalid: async () => ({ op: 'createProject', body: { spec: minimalSpec() } }),
  request_body_malformed: {
    raw: (w) =>
      raw(w.app, 'POST', '/developer/v1/projects', {
        key: w.app.orgA.originatorKey,
        body: '{"name":',
        contentType: 'application/json',
      }),
    mcpWhy:
      'an MCP client sends tool arguments as JSON-RPC; malformed JSON there is a JSON-RPC parse error, not a tool call',
  },
  unknown_endpoint: {
    raw: (w) => raw(w.app, 'GET', '/developer/v1/nothing-here', { key: w.app.orgA.originatorKey }),
    mcp: async (w) => {
      const s = await connectMcp(w.app, w.app.orgA.originatorKey);
      try {
        return toolErrorCode(await s.tool('no_such_tool', {}));
      } finally {
        await s.close();
      }
    },
  },
  method_not_allowed: {
    raw: (w) => raw(w.app, 'DELETE', '/developer/v1/ping', { key: w.app.orgA.originatorKey }),
    mcp: async (w) => (await raw(w.app, 'GET', '/mcp', { key: w.app.orgA.originatorKey })).body?.error?.code ?? null,
  },
  api_key_actor_unavailable: {
    raw: (w) => call(w.app, 'ping', { key: w.app.orgA.noActorKey }),
    // Refused at the MCP endpoint before any tool (every operation refuses such a key).
    mcp: () => mcpAuthCode(`Bearer ${w.app.orgA.noActorKey}`),
  },
  not_org_originator: async () => ({ op: 'listProjects', key: 'member' }),
  project_not_found: async () => ({ op: 'getProject', params: { projectId: UNKNOWN } }),
  project_already_active: {
    unreachable:
      'no handler throws it: a project is active from creation (src/handlers/projects.ts), and nothing re-activates ' +
      'one',
  },
  project_spec_invalid: async () => ({
    op: 'createProject',
    body: { name: 'Bad', spec: { ...minimalSpec(), dataset: { format: 'xml' } } },
  }),
  qualification_catalog_conflict: async (w) => {
    const spec = (type: string) => ({
      ...minimalSpec(),
      qualifications: [{ key: 'clash_field', type, ...(type === 'enum' ? { values: ['a', 'b'] } : {}) }],
    });
    await fx.project(w.app, { spec: spec('enum') });
    return { op: 'createProject', body: { name: 'Clash', spec: spec('number') } };
  },
  upload_session_not_found: async (w) => ({
    op: 'getUploadSession',
    params: { projectId: await fx.project(w.app), uploadId: UNKNOWN },
  }),
  upload_session_not_open: async (w) => {
    const projectId = await fx.project(w.app);
    const uploadId = await fx.uploadSession(w.app, projectId, { 'a.csv': CSV }, { put: true });
    // A completed session (what a finished ingest leaves) takes no more files.
    await fx.completeUploadSession(w.app.sql, uploadId);
    return {
      op: 'declareUploadFiles',
      params: { projectId, uploadId },
      body: { files: [{ relPath: 'b.csv', size: 3 }] },
    };
  },
  upload_session_not_ready: async (w) => {
    const projectId = await fx.project(w.app);
    const uploadId = await fx.uploadSession(w.app, projectId, { 'a.csv': CSV }, { put: true });
    // No worker runs in this file: the first run stays in flight, so a second one is refused.
    expect((await call(w.app, 'processUploadSession', { params: { projectId, uploadId }, body: {} })).status).toBe(202);
    return { op: 'processUploadSession', params: { projectId, uploadId }, body: {} };
  },
  upload_no_files: async (w) => ({
    op: 'createUploadSession',
    params: { projectId: await fx.project(w.app) },
    body: { files: [] },
  }),
  upload_file_path_invalid: async (w) => ({
    op: 'createUploadSession',
    params: { projectId: await fx.project(w.app) },
    body: { files: [{ relPath: '../x.csv', size: 1 }] },
  }),
  upload_id_required: {
    unreachable:
      'no code path throws it: uploadId is a required path parameter, so a request without one matches no operation ' +
      '(unknown_endpoint)',
    closest: async (w) => {
      const { server, path } = operationTable.processUploadSession;
      const projectId = await fx.project(w.app);
      return raw(w.app, 'POST', server + path.replace('{projectId}', projectId).replace('{uploadId}', ''), {
        key: w.app.orgA.originatorKey,
      });
    },
  },
  upload_files_missing: async (w) => {
    const projectId = await fx.project(w.app);
    return {
      op: 'processUploadSession',
      params: { projectId, uploadId: await fx.uploadSession(w.app, projectId, { 'a.csv': CSV }) },
      body: {},
    };
  },
  project_spec_missing: {
    unreachable:
      'no handler throws it: a project is created with its compiled spec in one transaction (src/handlers/projects.ts)',
  },
  validator_not_found: async () => ({ op: 'listValidators', query: { email: 'nobody-here@example.com' } }),
  class_not_in_spec: async (w) => ({
    op: 'grantValidatorClass',
    params: { projectId: await fx.project(w.app), validatorId: w.validatorA.id },
    body: { classId: 'wizard', evidenceNote: 'n' },
  }),
  invite_not_found: async (w) => ({
    op: 'cancelProjectInvite',
    params: { projectId: await fx.project(w.app), inviteId: UNKNOWN },
  }),
  invite_already_accepted: async (w) => {
    const projectId = await fx.project(w.app);
    const inv = await fx.invite(w.app, projectId);
    await fx.signInDirect(w.app, inv.email, { acceptInvites: true }); // the person accepts the pending invite
    return { op: 'cancelProjectInvite', params: { projectId, inviteId: inv.id } };
  },
  datapoint_not_found: async () => ({ op: 'getDatapointConsensus', params: { datapointId: UNKNOWN } }),
  consensus_not_finalized: async (w) => {
    const [datapointId] = await fx.addDatapoints(w.app.sql, await fx.project(w.app), 1);
    return { op: 'getDatapointConsensus', params: { datapointId: datapointId! } };
  },
  proof_report_not_ready: async (w) => {
    const projectId = await fx.project(w.app);
    await fx.addDatapoints(w.app.sql, projectId, 1);
    return { op: 'getProofReport', params: { projectId } };
  },
  proof_report_not_found: async (w) => ({
    op: 'getProofReportCheckpoint',
    params: { projectId: (await fx.finalizedProject(w.app)).projectId },
    query: { reportId: 'PR-2026-0101-ZZ-0001' },
  }),
  proof_report_signing_unavailable: {
    // A second server on the same database, configured without a signing key (started once).
    raw: async (w) =>
      call({ ...w.app, url: unsigned.url }, 'getProofReport', {
        params: { projectId: (await fx.finalizedProject(w.app)).projectId },
      }),
    mcp: async (w) => {
      const { projectId } = await fx.finalizedProject(w.app);
      const s = await connectMcp({ ...w.app, url: unsigned.url }, w.app.orgA.originatorKey);
      try {
        return toolErrorCode(await s.tool('get_proof_report', { projectId }));
      } finally {
        await s.close();
      }
    },
  },
  report_not_ready: async (w) => ({
    op: 'getReportExport',
    params: { projectId: await fx.project(w.app) },
    query: { format: 'json' },
  }),
  internal_error: {
    // Only a fault produces it: a database that refuses the query (restored at once).
    raw: async (w) => {
      await w.app.sql`alter table webhook_endpoints rename to webhook_endpoints_moved`;
      try {
        return await call(w.app, 'listWebhookEndpoints', {});
      } finally {
        await w.app.sql`alter table webhook_endpoints_moved rename to webhook_endpoints`;
      }
    },
    mcp: async (w) => {
      const s = await connectMcp(w.app, w.app.orgA.originatorKey);
      await w.app.sql`alter table webhook_endpoints rename to webhook_endpoints_moved`;
      try {
        return toolErrorCode(await s.tool('list_webhook_endpoints', {}));
      } finally {
        await w.app.sql`alter table webhook_endpoints_moved rename to webhook_endpoints`;
        await s.close();
      }
    },
  },
  webhook_endpoint_not_found: async () => ({ op: 'getWebhookEndpoint', params: { webhookEndpointId: UNKNOWN } }),
  session_token_missing: async () => ({ op: 'listMyProjects', key: 'none' }),
  session_token_malformed: async (w) => ({ op: 'listMyProjects', key: w.app.orgA.originatorKey }),
  session_token_invalid: async () => ({ op: 'listMyProjects', key: `assay_vs_${'a'.repeat(43)}` }),
  sign_in_link_invalid: async () => ({
    op: 'createValidatorSession',
    key: 'none',
    body: { token: `assay_signin_${'a'.repeat(43)}` },
  }),
  project_paused: async (w) => ({
    op: 'submitVote',
    key: 'validatorA',
    params: { slotId: (await claimed(w, { paused: true })).slotId },
    body: { rating: 50 },
  }),
  project_archived: async (w) => {
    const { projectId, slotId } = await claimed(w);
    expect((await call(w.app, 'updateProject', { params: { projectId }, body: { archived: true } })).status).toBe(200);
    return { op: 'submitVote', key: 'validatorA', params: { slotId }, body: { rating: 50 } };
  },
  no_claimable_slot: async (w) => {
    const projectId = await fx.project(w.app);
    await fx.assign(w.app, w.validatorA.id, projectId);
    return { op: 'claimSlot', key: 'validatorA', params: { projectId } };
  },
  claim_limit_reached: async (w) => {
    // The test server allows the production default of live claims per validator and project.
    const max = DEFAULT_MAX_LIVE_CLAIMS;
    const projectId = await fx.project(w.app);
    await fx.addDatapoints(w.app.sql, projectId, max + 1, { slotsPerDatapoint: 1 });
    await fx.assign(w.app, w.validatorA.id, projectId);
    for (let i = 0; i < max; i++)
      expect((await call(w.app, 'claimSlot', { key: w.validatorA.sessionToken, params: { projectId } })).status).toBe(
        201,
      );
    return { op: 'claimSlot', key: 'validatorA', params: { projectId } };
  },
  claim_not_found: async () => ({ op: 'releaseClaim', key: 'validatorA', params: { slotId: UNKNOWN } }),
  claim_expired: async (w) => {
    const { slotId } = await claimed(w);
    await fx.expireClaim(w.app.sql, slotId);
    return { op: 'submitVote', key: 'validatorA', params: { slotId }, body: { rating: 50 } };
  },
  webhook_endpoint_limit_reached: async (w) => {
    // An organization of its own, so the cap touches no other producer's endpoints.
    const org = await createOrganization(w.app.sql, { name: 'Capped', code: `CAP${Math.floor(Math.random() * 1e6)}` });
    const owner = await fx.member(w.app, org.id, { originator: true });
    const { key } = await createApiKey(w.app.sql, { orgId: org.id, userId: owner.id });
    for (let i = 0; i < 20; i++) await fx.webhookEndpoint(w.app, { key, url: `http://127.0.0.1:9/hooks/${i}` });
    return {
      op: 'createWebhookEndpoint',
      key,
      body: { url: 'http://127.0.0.1:9/one-more', eventTypes: ['datapoint.consensus_reached'] },
    };
  },
  upload_file_limit_reached: async (w) => {
    // A session already holding the default cap of files (written directly: 10 declare calls).
    const projectId = await fx.project(w.app);
    const uploadId = await fx.uploadSession(w.app, projectId, { 'a.csv': CSV });
    const max = DEFAULT_QUOTAS.maxFilesPerSession;
    await fx.addUploadFiles(w.app.sql, uploadId, max - 1);
    return {
      op: 'declareUploadFiles',
      params: { projectId, uploadId },
      body: { files: [{ relPath: 'b.csv', size: 1 }] },
    };
  },
  upload_session_limit_reached: async (w) => {
    // An organization of its own already holding the default number of open sessions.
    const { org, key } = await quotaOrg(w, 'sessions');
    const projectId = await fx.project(w.app, { key });
    await fx.addOpenUploadSessions(w.app.sql, org.id, projectId, DEFAULT_QUOTAS.maxOpenSessionsPerOrg);
    return { op: 'createUploadSession', key, params: { projectId }, body: { files: [{ relPath: 'a.csv', size: 1 }] } };
  },
  ingest_quota_exceeded: async (w) => {
    // An organization of its own that already holds its quota of datapoints.
    const { org, key } = await quotaOrg(w, 'full');
    const projectId = await fx.project(w.app, { key });
    const uploadId = await fx.uploadSession(w.app, projectId, { 'a.csv': CSV }, { key });
    await fx.setOrgUsage(w.app.sql, org.id, DEFAULT_QUOTAS.maxDatapointsPerOrg);
    return { op: 'processUploadSession', key, params: { projectId, uploadId }, body: {} };
  },
  invite_limit_reached: async (w) => {
    // An organization of its own that created its quota of invites today.
    const { org, key } = await quotaOrg(w, 'invites');
    const projectId = await fx.project(w.app, { key });
    await fx.addInvites(w.app.sql, org.id, projectId, DEFAULT_QUOTAS.maxInvitesPerOrgPerDay);
    return {
      op: 'createInvite',
      key,
      params: { projectId },
      body: { email: 'one-more@example.com', sendEmail: false },
    };
  },
  ingest_file_invalid: {
    unreachable:
      "no response carries it: it is an ingest run's errorCode (IngestRun.errorCode), shown by the session's " +
      'status; test/security/quotas.test.ts reads it there',
    storedBy: ['src/ingest/parsers.ts'],
  },
  request_body_too_large: {
    raw: (w) =>
      raw(w.app, 'POST', '/validator/v1/sign-in-links', {
        body: JSON.stringify({ email: `${'a'.repeat(2000)}@example.com` }),
        contentType: 'application/json',
      }),
    mcp: async (w) =>
      (
        await raw(w.app, 'POST', '/mcp', {
          key: w.app.orgA.originatorKey,
          contentType: 'application/json',
          headers: { accept: 'application/json, text/event-stream' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'ping', arguments: {}, pad: 'x'.repeat(MCP_BODY_LIMIT) },
          }),
        })
      ).body?.error?.code ?? null,
  },
  idempotency_key_reused: {
    raw: async (w) => {
      const post = (name: string) =>
        raw(w.app, 'POST', '/developer/v1/projects', {
          key: w.app.orgA.originatorKey,
          contentType: 'application/json',
          headers: { 'idempotency-key': '"reused-key-rest"' },
          body: JSON.stringify({ name, spec: minimalSpec() }),
        });
      expect((await post('First')).status).toBe(201);
      return post('Second');
    },
    mcp: async (w) => {
      const s = await connectMcp(w.app, w.app.orgA.originatorKey);
      try {
        expect(
          (await s.tool('create_project', { name: 'First', spec: minimalSpec(), idempotencyKey: 'reused-key-mcp' }))
            .isError,
        ).toBeFalsy();
        return toolErrorCode(
          await s.tool('create_project', { name: 'Second', spec: minimalSpec(), idempotencyKey: 'reused-key-mcp' }),
        );
      } finally {
        await s.close();
      }
    },
  },
  idempotency_key_in_use: {
    // The same request is still in flight (here: its record, as another server process holds it).
    raw: async (w) => {
      const body = { name: 'In flight', spec: minimalSpec() };
      await w.app.sql`insert into idempotency_keys (org_id, api_key_id, idem_key, operation_id, fingerprint,
        locked_until)
        values (${w.app.orgA.id}, (select id from api_keys where key_hash = ${hashApiKey(w.app.orgA.originatorKey)}),
        'in-flight-rest', 'createProject',
        ${requestFingerprint('createProject', '/projects', body)}, now() + interval '1 minute')`;
      return raw(w.app, 'POST', '/developer/v1/projects', {
        key: w.app.orgA.originatorKey,
        contentType: 'application/json',
        headers: { 'idempotency-key': 'in-flight-rest' },
        body: JSON.stringify(body),
      });
    },
    mcp: async (w) => {
      const body = { name: 'In flight', spec: minimalSpec() };
      await w.app.sql`insert into idempotency_keys (org_id, api_key_id, idem_key, operation_id, fingerprint,
        locked_until)
        values (${w.app.orgA.id}, (select id from api_keys where key_hash = ${hashApiKey(w.app.orgA.originatorKey)}),
        'in-flight-mcp', 'createProject',
        ${requestFingerprint('createProject', '/projects', body)}, now() + interval '1 minute')`;
      const s = await connectMcp(w.app, w.app.orgA.originatorKey);
      try {
        return toolErrorCode(await s.tool('create_project', { ...body, idempotencyKey: 'in-flight-mcp' }));
      } finally {
        await s.close();
      }
    },
  },
  service_unavailable: {
    // A second server whose database refuses connections (a loopback port nothing listens on):
    // authenticating the key is its first query (test/resilience/faults.test.ts stops a real one).
    raw: async (w) => {
      const res = await call({ ...w.app, url: (await databaseDownServer()).url }, 'ping');
      expect(res.headers.get('retry-after')).toBe('1');
      return res;
    },
    mcp: async (w) => {
      const res = await raw({ ...w.app, url: (await databaseDownServer()).url }, 'POST', '/mcp', {
        body: initialize,
        contentType: 'application/json',
        headers: { accept: 'application/json, text/event-stream', authorization: `Bearer ${w.app.orgA.originatorKey}` },
      });
      return res.body?.error?.code ?? null;
    },
  },
  rate_limited: async (w) => {
    // An invite cancelled and invited again within the re-send cool-down.
    const projectId = await fx.project(w.app);
    const email = `cool-down-${Math.floor(Math.random() * 1e9)}@example.com`;
    const first = await call(w.app, 'createInvite', { params: { projectId }, body: { email } });
    expect(first.status).toBe(200);
    expect((await call(w.app, 'cancelProjectInvite', { params: { projectId, inviteId: first.body.id } })).status).toBe(
      200,
    );
    return { op: 'createInvite', params: { projectId }, body: { email } };
  },
  datapoint_finalized: async (w) => {
    // Other voters finalize the datapoint while validator A still holds its claim.
    const { slotId, datapointId } = await claimed(w);
    for (let i = 1, kind = ''; kind !== 'terminal'; i++) {
      expect(i).toBeLessThan(20);
      kind = (
        await recordVote(w.app.sql, {
          datapointId,
          voter: `other-${i}`,
          userId: null,
          synthetic: false,
          rating: 50,
          weight: 1,
          classId: null,
        })
      ).kind;
    }
    return { op: 'submitVote', key: 'validatorA', params: { slotId }, body: { rating: 50 } };
  },
  claim_already_extended: async (w) => {
    const { slotId } = await claimed(w);
    const first = await call(w.app, 'extendClaim', { key: w.validatorA.sessionToken, params: { slotId } });
    expect(first.status).toBe(200);
    return { op: 'extendClaim', key: 'validatorA', params: { slotId } };
  },
  vote_not_changeable: async (w) => {
    // Only the latest vote may be replaced: two votes, then a change of the first.
    const projectId = await fx.project(w.app);
    await fx.addDatapoints(w.app.sql, projectId, 2, { slotsPerDatapoint: 1 });
    await fx.assign(w.app, w.validatorA.id, projectId);
    const slots: string[] = [];
    for (let i = 0; i < 2; i++) {
      const c = await call(w.app, 'claimSlot', { key: w.validatorA.sessionToken, params: { projectId } });
      expect(c.status).toBe(201);
      const slotId = c.body.slotId;
      const v = await call(w.app, 'submitVote', {
        key: w.validatorA.sessionToken,
        params: { slotId },
        body: { rating: 40 },
      });
      expect(v.status).toBe(200);
      slots.push(slotId);
    }
    return { op: 'changeVote', key: 'validatorA', params: { slotId: slots[0] }, body: { rating: 45 } };
  },
  validator_paused: async (w) => {
    const { projectId } = await claimed(w);
    await w.app.sql`
      insert into validator_pauses
        (id, org_id, project_id, user_id, reason, gold_votes, mean_absolute_error, lower_bound, threshold)
      values (gen_random_uuid(), ${w.app.orgA.id}, ${projectId}, ${w.validatorA.id}, 'gold_error', 10, 40, 35, 15)`;
    return { op: 'claimSlot', key: 'validatorA', params: { projectId } };
  },
  datapoint_has_votes: async (w) => {
    const { projectId, slotId } = await claimed(w);
    const c = await call(w.app, 'submitVote', {
      key: w.validatorA.sessionToken,
      params: { slotId },
      body: { rating: 50 },
    });
    expect(c.status).toBe(200);
    const datapointId = await fx.slotDatapoint(w.app.sql, slotId);
    return { op: 'setGoldItems', params: { projectId }, body: { items: [{ datapointId, expectedRating: 50 }] } };
  },
  // The AI validators' door answers for its own credential: the validation operations of
  // /validator/v1 ask for a session when no token is sent (the web app's credential).
  ai_validator_key_missing: {
    raw: () => validatorMcpAuthCode(undefined),
    mcpWhy: 'the refusal is the MCP endpoint /validator/mcp itself answering before any tool',
  },
  ai_validator_key_malformed: {
    raw: (w) => raw(w.app, 'GET', '/validator/v1/projects', { key: 'assay_ai_short' }),
    // A person's session at the AI validators' door.
    mcp: async (w) => (await validatorMcpAuthCode(`Bearer ${w.validatorA.sessionToken}`)).body?.error?.code ?? null,
  },
  ai_validator_key_invalid: {
    raw: (w) => raw(w.app, 'GET', '/validator/v1/projects', { key: `assay_ai_${'a'.repeat(43)}` }),
    mcp: async () => (await validatorMcpAuthCode(`Bearer assay_ai_${'a'.repeat(43)}`)).body?.error?.code ?? null,
  },
  ai_validator_key_not_found: async (w) => ({
    op: 'revokeAiValidatorKey',
    params: { validatorId: (await fx.aiValidator(w.app, await fx.project(w.app))).id, keyId: UNKNOWN },
  }),
  ai_class_required: async (w) => ({
    op: 'createAiValidator',
    body: { name: 'Human class', projects: [{ id: await fx.project(w.app), classId: 'senior' }] },
  }),
  already_voted: async (w) => {
    const { slotId } = await claimed(w);
    expect(
      (await call(w.app, 'submitVote', { key: w.validatorA.sessionToken, params: { slotId }, body: { rating: 50 } }))
        .status,
    ).toBe(200);
    return { op: 'submitVote', key: 'validatorA', params: { slotId }, body: { rating: 50 } };
  },
};

const enumCodes = (contract.components.schemas.ErrorCode as { enum: string[] }).enum;

/** The hand-written sources (src/ but generated code, and the web app) that name `code`. */
function sourcesNaming(code: ErrorCode): string[] {
  const camel = code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const words = new RegExp(`\\b(${code}|${camel})\\b`);
  return [
    ...readdirSync('src', { recursive: true, encoding: 'utf8' }).map((f) => join('src', f)),
    ...readdirSync('web/src', { recursive: true, encoding: 'utf8' }).map((f) => join('web/src', f)),
  ]
    .filter((f) => f.endsWith('.ts') && !f.startsWith(join('src', 'generated')))
    .filter((f) => words.test(readFileSync(f, 'utf8')))
    .sort();
}

it('has a producer or a reason for every code of the contract, and no other', () => {
  expect(Object.keys(producers).sort()).toEqual([...enumCodes].sort());
  expect(Object.keys(ERRORS).sort()).toEqual([...enumCodes].sort());
});

const parity = new Set<string>();

describe.each(enumCodes.map((c) => [c]))('%s', { timeout: 120_000 }, (code) => {
  const producer = producers[code as ErrorCode];
  if (producer === undefined) {
    it('has an entry', () => expect.fail(`${code} has no producer in test/contract/error-codes.test.ts`));
  } else if ('unreachable' in producer) {
    it(`is unreachable: ${producer.unreachable}`, async () => {
      // Only the registry names it (as a code or an `errors.*` factory), and the sources that store
      // it as a run's errorCode: no code path throws it as a response.
      expect(sourcesNaming(code as ErrorCode)).toEqual(['src/errors.ts', ...(producer.storedBy ?? [])].sort());
      if (producer.closest) {
        const res = await producer.closest(w);
        expect(res.body?.error?.code, `${res.status} ${JSON.stringify(res.body)}`).toBe('unknown_endpoint');
      }
    });
  } else {
    it("is produced by a real request, with the registry's status, and MCP answers the same code", async () => {
      const { status } = ERRORS[code as ErrorCode];
      if (typeof producer === 'function') {
        const r = await producer(w);
        const res = await call(w.app, r.op, { key: keyOf(r.key), params: r.params, query: r.query, body: r.body });
        expect(res.body?.error?.code, `${r.op}: ${res.status} ${JSON.stringify(res.body)}`).toBe(code);
        expect(res.status).toBe(status);
        const args: Record<string, unknown> = { ...r.params, ...r.query, ...(r.body as object | undefined) };
        const tools = mcpTools.filter((t) => t.operationId === r.op && Object.keys(args).every((a) => a in t.args));
        const key = keyOf(r.key);
        if (tools.length && key && operationTable[r.op].auth === 'apiKey') {
          // The request is made again for MCP where it consumed its precondition (a second run, a vote).
          const again = code === 'upload_session_not_ready' || code === 'already_voted' ? r : await producer(w);
          const s = await connectMcp(w.app, key);
          try {
            for (const t of tools) {
              const a = { ...again.params, ...again.query, ...(again.body as object | undefined) };
              const out = await s.tool(t.name, a);
              expect(toolErrorCode(out), `${t.name}: ${out.content[0]?.text}`).toBe(code);
              parity.add(code);
            }
          } finally {
            await s.close();
          }
        }
      } else {
        const res = await producer.raw(w);
        expect(res.body?.error?.code, `${res.status} ${JSON.stringify(res.body)}`).toBe(code);
        expect(res.status).toBe(status);
        expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
        if (producer.mcp) {
          expect(await producer.mcp(w)).toBe(code);
          parity.add(code);
        } else {
          expect(producer.mcpWhy, `${code}: an MCP counterpart, or why there is none`).toBeTruthy();
        }
      }
    });
  }
});

it('compared REST and MCP on every code an MCP tool can produce', () => {
  // Codes only the validator API produces for a person's session (its tools at /validator/mcp take
  // an AI validator key instead: their REST/MCP parity is test/validator/ai-validators.test.ts), the
  // report export (no MCP tool) or malformed JSON produce.
  const restOnly = [
    'request_body_malformed',
    'report_not_ready',
    'ai_validator_key_missing',
    'session_token_missing',
    'session_token_malformed',
    'session_token_invalid',
    'sign_in_link_invalid',
    'project_paused',
    'project_archived',
    'no_claimable_slot',
    'claim_limit_reached',
    'claim_not_found',
    'claim_expired',
    'already_voted',
    'datapoint_finalized',
    'claim_already_extended',
    'vote_not_changeable',
    'validator_paused',
  ];
  const reachable = enumCodes.filter((c) => !('unreachable' in (producers[c as ErrorCode] as object)));
  expect(reachable.filter((c) => !parity.has(c) && !restOnly.includes(c))).toEqual([]);
});
