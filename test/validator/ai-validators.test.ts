// AI validators: an originator creates one (bound to projects with an AI class of each spec) and
// gets its key once; the key claims and votes through the validator tools at /validator/mcp (the
// MCP SDK's own client over real HTTP) and through the REST validator API. A person's session and
// an AI validator key are distinct credentials, each refused where the other belongs; revoking a
// key ends its access at the next call; another organization's or project's resources are not
// found. Real Postgres, real HTTP; no job worker (nothing here needs one).
import { createHash } from 'node:crypto';
import { DEFAULT_MAX_LIVE_CLAIMS } from '../../src/config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { connectMcp, toolErrorCode, type McpSession } from '../helpers/mcp.ts';
import * as fx from '../helpers/fixtures.ts';
import { mcpTools } from '../../src/generated/mcp-tools.ts';
import { operationTable, type OperationId } from '../../src/generated/operations.ts';

let app: TestApp;
// A budget large enough for the file, small enough to read in the RateLimit header.
const BUDGET = 5000;
beforeAll(async () => {
  app = await startTestApp({
    config: { rateLimits: { api: { points: BUDGET, windowSeconds: 3600 }, public: null, unauthenticated: null } },
  });
});
afterAll(async () => {
  await app?.close();
});

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});
/** One JSON-RPC initialize at an MCP door, with this key (or none). */
const initializeAt = (path: string, key: string | null) =>
  raw(app, 'POST', path, {
    key,
    body: INITIALIZE,
    contentType: 'application/json',
    headers: { accept: 'application/json, text/event-stream' },
  });

/** A project of organization A (classes senior: human, gpt: ai) with `n` claimable datapoints. */
async function projectWithData(n: number, key?: string): Promise<string> {
  const projectId = await fx.project(app, { key });
  await fx.addDatapoints(app.sql, projectId, n, { slotsPerDatapoint: 1 });
  return projectId;
}

const validatorTools = (s: McpSession) => s.client.listTools().then((r) => r.tools.map((t) => t.name).sort());

describe('creating an AI validator', () => {
  it('binds it to projects with an AI class, shows its key once and stores only its hash', async () => {
    const projectId = await fx.project(app);
    const res = await call(app, 'createAiValidator', {
      body: { name: 'gpt-4o-mini judge', projects: [{ id: projectId, classId: 'gpt' }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { validator, key } = res.body;
    expect(key.key).toMatch(/^assay_ai_[A-Za-z0-9_-]{43}$/);
    expect(key.last4).toBe(key.key.slice(-4));
    expect(validator.projects).toEqual([{ projectId, classId: 'gpt', assignedAt: expect.any(String) }]);

    const [row] = await app.sql<{ key_hash: Buffer }[]>`select key_hash from ai_validator_keys where id = ${key.id}`;
    expect(Buffer.from(row!.key_hash)).toEqual(createHash('sha256').update(key.key).digest());
    // Nowhere in the database in clear: not in any text column of the key's or the validator's rows.
    const [dump] = await app.sql<{ t: string }[]>`
      select (select row_to_json(k)::text from ai_validator_keys k where id = ${key.id}) ||
             (select row_to_json(v)::text from ai_validators v where user_id = ${validator.validatorId}) as t`;
    expect(dump!.t).not.toContain(key.key);

    // Read back: the keys without the key itself; on the roster as a validator, with no email.
    const got = await call(app, 'getAiValidator', { params: { validatorId: validator.validatorId } });
    expect(got.status).toBe(200);
    expect(got.body.keys).toEqual([
      { id: key.id, name: '', last4: key.last4, createdAt: key.createdAt, lastUsedAt: null, revokedAt: null },
    ]);
    expect(JSON.stringify(got.body)).not.toContain(key.key);
    const roster = await call(app, 'listValidators', { query: { limit: 100 } });
    expect(roster.body.data!.find((v) => v.userId === validator.validatorId)).toMatchObject({ email: '' });
  });

  it('refuses a human class or none, and keeps an AI class wherever the validator is assigned', async () => {
    const projectId = await fx.project(app);
    const human = await call(app, 'createAiValidator', {
      body: { name: 'Judge', projects: [{ id: projectId, classId: 'senior' }] },
    });
    expect(human.status).toBe(400);
    expect(human.body.error).toMatchObject({ code: 'ai_class_required', param: 'projects[0].classId' });
    const undeclared = await call(app, 'createAiValidator', {
      body: { name: 'Judge', projects: [{ id: projectId, classId: 'wizard' }] },
    });
    expect(undeclared.body.error).toMatchObject({ code: 'class_not_in_spec', param: 'projects[0].classId' });
    // Nothing was written by the refused requests.
    const [{ n }] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from project_assignments where project_id = ${projectId}`;
    expect(n).toBe(0);

    const ai = await fx.aiValidator(app, projectId);
    const other = await fx.project(app);
    const noClass = await call(app, 'assignValidator', {
      params: { validatorId: ai.id },
      body: { projects: [{ id: other }] },
    });
    expect(noClass.body.error).toMatchObject({ code: 'ai_class_required', param: 'projects[0].classId' });
    const withClass = await call(app, 'assignValidator', {
      params: { validatorId: ai.id },
      body: { projects: [{ id: other, classId: 'gpt', evidenceNote: 'second project' }] },
    });
    expect(withClass.status, JSON.stringify(withClass.body)).toBe(200);
    const grantHuman = await call(app, 'grantValidatorClass', {
      params: { projectId, validatorId: ai.id },
      body: { classId: 'senior', evidenceNote: 'n' },
    });
    expect(grantHuman.body.error).toMatchObject({ code: 'ai_class_required', param: 'classId' });
    const revoke = await call(app, 'revokeValidatorClass', {
      params: { projectId, validatorId: ai.id, classId: 'gpt' },
    });
    expect(revoke.body.error).toMatchObject({ code: 'ai_class_required' });
    // A person is not held to it.
    const person = await fx.member(app, app.orgA.id, { validator: true });
    expect(
      (await call(app, 'assignValidator', { params: { validatorId: person.id }, body: { projects: [{ id: other }] } }))
        .status,
    ).toBe(200);
  });
});

describe('the validator tools at /validator/mcp', () => {
  it('list the validation tools only, and claim, rate, release and report standing with the key', async () => {
    const projectId = await projectWithData(3);
    const ai = await fx.aiValidator(app, projectId);
    const s = await connectMcp(app, ai.key, '/validator/mcp');
    try {
      const expected = mcpTools.filter((t) => t.document === 'validator').map((t) => t.name);
      expect(await validatorTools(s)).toEqual([...expected].sort());
      expect(expected).toEqual(
        expect.arrayContaining([
          'list_my_projects',
          'claim_next_datapoint',
          'submit_vote',
          'release_claim',
          'get_my_standing',
          'wait_for_work',
        ]),
      );
      // A developer tool is not served here.
      expect(toolErrorCode(await s.tool('list_projects', {}))).toBe('unknown_endpoint');

      const mine = await s.tool('list_my_projects', {});
      expect(mine.isError, mine.content[0]?.text).toBeFalsy();
      expect(mine.structuredContent.data).toEqual([
        expect.objectContaining({ projectId, classId: 'gpt', leftForYou: 3 }),
      ]);

      const claim = await s.tool('claim_next_datapoint', { projectId });
      expect(claim.isError, claim.content[0]?.text).toBeFalsy();
      const c = claim.structuredContent;
      expect(c).toMatchObject({ projectId, content: expect.any(Object), instructions: expect.any(String) });
      expect(JSON.parse(claim.content[0]!.text)).toEqual(c);
      // The same answer as REST: the claim is listed as the validator's live claim.
      const rest = await call(app, 'listMyClaims', { key: ai.key, params: { projectId } });
      expect(rest.body.data!.map((x) => x.slotId)).toEqual([c.slotId]);

      const voted = await s.tool('submit_vote', { slotId: c.slotId, rating: 72, comment: 'mostly right' });
      expect(voted.isError, voted.content[0]?.text).toBeFalsy();
      // Weighted by its AI class (gpt: consensusWeight 0.5 in the fixture spec).
      expect(voted.structuredContent).toMatchObject({ slotId: c.slotId, classId: 'gpt', weight: 0.5 });
      // Recorded as the AI validator's vote (its own list, over REST with the same key).
      const votes = await call(app, 'listMyVotes', { key: ai.key, params: { projectId } });
      expect(votes.body.data!.map((v) => [v.slotId, v.rating, v.comment])).toEqual([[c.slotId, 72, 'mostly right']]);

      const second = await s.tool('claim_next_datapoint', { projectId });
      const released = await s.tool('release_claim', { slotId: second.structuredContent.slotId });
      expect(released.isError, released.content[0]?.text).toBeFalsy();
      // Released: voting on it now is claim_not_found, with the request id to quote.
      const late = await s.tool('submit_vote', { slotId: second.structuredContent.slotId, rating: 10 });
      expect(toolErrorCode(late)).toBe('claim_not_found');
      expect(late.content[0]!.text.split('\n')[1]).toBe(`requestId: ${s.requestIds[s.requestIds.length - 1]}`);

      const standing = await s.tool('get_my_standing', { projectId });
      expect(standing.isError, standing.content[0]?.text).toBeFalsy();
      expect(standing.structuredContent).toMatchObject({ projectId, votes: 1 });
    } finally {
      await s.close();
    }
  });

  it('answers with the REST codes: bad arguments, nothing left to claim', async () => {
    const projectId = await projectWithData(1);
    const ai = await fx.aiValidator(app, projectId);
    const s = await connectMcp(app, ai.key, '/validator/mcp');
    try {
      expect(toolErrorCode(await s.tool('submit_vote', { slotId: 'not-a-uuid', rating: 5 }))).toBe('parameter_invalid');
      const over = await s.tool('submit_vote', { slotId: '00000000-0000-4000-8000-000000000000', rating: 101 });
      expect(toolErrorCode(over)).toBe('request_body_invalid');
      expect((await s.tool('claim_next_datapoint', { projectId })).isError).toBeFalsy();
      const rest = await call(app, 'claimSlot', { key: ai.key, params: { projectId } });
      const tool = await s.tool('claim_next_datapoint', { projectId });
      expect(rest.body.error.code).toBe('no_claimable_slot');
      expect(toolErrorCode(tool)).toBe('no_claimable_slot');
    } finally {
      await s.close();
    }
  });

  it('holds the key to the REST claim rules: the live-claim limit, one extension, a paused project', async () => {
    const projectId = await projectWithData(DEFAULT_MAX_LIVE_CLAIMS + 2);
    const ai = await fx.aiValidator(app, projectId);
    const s = await connectMcp(app, ai.key, '/validator/mcp');
    try {
      const slots: string[] = [];
      for (let i = 0; i < DEFAULT_MAX_LIVE_CLAIMS; i++) {
        const c = await s.tool('claim_next_datapoint', { projectId });
        expect(c.isError, c.content[0]?.text).toBeFalsy();
        slots.push(c.structuredContent.slotId);
      }
      const rest = await call(app, 'claimSlot', { key: ai.key, params: { projectId } });
      expect(rest.body.error.code).toBe('claim_limit_reached');
      expect(toolErrorCode(await s.tool('claim_next_datapoint', { projectId }))).toBe('claim_limit_reached');
      expect(toolErrorCode(await s.tool('wait_for_work', { projectId, timeoutSeconds: 5 }))).toBe(
        'claim_limit_reached',
      );

      expect((await s.tool('extend_claim', { slotId: slots[0] })).isError).toBeFalsy();
      expect(toolErrorCode(await s.tool('extend_claim', { slotId: slots[0] }))).toBe('claim_already_extended');
      expect((await call(app, 'extendClaim', { key: ai.key, params: { slotId: slots[0]! } })).body.error.code).toBe(
        'claim_already_extended',
      );

      expect((await call(app, 'updateProject', { params: { projectId }, body: { paused: true } })).status).toBe(200);
      expect(toolErrorCode(await s.tool('submit_vote', { slotId: slots[1], rating: 50 }))).toBe('project_paused');
      expect(
        (await call(app, 'submitVote', { key: ai.key, params: { slotId: slots[1]! }, body: { rating: 50 } })).body.error
          .code,
      ).toBe('project_paused');
    } finally {
      await s.close();
    }
  });

  it('wait_for_work claims when work appears, and times out when none does', async () => {
    const projectId = await fx.project(app);
    const ai = await fx.aiValidator(app, projectId);
    const s = await connectMcp(app, ai.key, '/validator/mcp');
    try {
      const idle = await s.tool('wait_for_work', { projectId, timeoutSeconds: 1 });
      expect(idle.isError, idle.content[0]?.text).toBeFalsy();
      expect(idle.structuredContent).toMatchObject({ timedOut: true, message: expect.any(String) });
      // Work arrives while the agent waits.
      const waiting = s.tool('wait_for_work', { projectId, timeoutSeconds: 60 });
      await new Promise((r) => setTimeout(r, 300));
      await fx.addDatapoints(app.sql, projectId, 1, { slotsPerDatapoint: 1 });
      const got = await waiting;
      expect(got.isError, got.content[0]?.text).toBeFalsy();
      expect(got.structuredContent).toMatchObject({ timedOut: false, projectId, slotId: expect.any(String) });
      // A refusal waiting cannot change is a tool error at once.
      const foreign = await s.tool('wait_for_work', { projectId: await fx.project(app), timeoutSeconds: 60 });
      expect(toolErrorCode(foreign)).toBe('project_not_found');
      // The cap is the contract's.
      expect(toolErrorCode(await s.tool('wait_for_work', { projectId, timeoutSeconds: 121 }))).toBe(
        'request_body_invalid',
      );
    } finally {
      await s.close();
    }
  });
});

describe('the REST validator API with an AI validator key', () => {
  it('claims and votes as a session does, counted against the key with the same limit and audit', async () => {
    const projectId = await projectWithData(2);
    const ai = await fx.aiValidator(app, projectId);
    const claim = await call(app, 'claimSlot', { key: ai.key, params: { projectId } });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    const vote = await call(app, 'submitVote', {
      key: ai.key,
      params: { slotId: claim.body.slotId },
      body: { rating: 40 },
    });
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    expect(vote.body).toMatchObject({ classId: 'gpt', weight: 0.5 });
    const votes = await call(app, 'listMyVotes', { key: ai.key, params: { projectId } });
    expect(votes.body.data!.map((v) => v.rating)).toEqual([40]);

    // One budget for REST and MCP, like an API key's.
    const remaining = (h: Headers) => Number(/;r=(\d+)/.exec(h.get('ratelimit') ?? '')?.[1]);
    const a = await call(app, 'listMyProjects', { key: ai.key });
    const b = await initializeAt('/validator/mcp', ai.key);
    const c = await call(app, 'listMyProjects', { key: ai.key });
    expect(b.status).toBe(200);
    // Per caller, as every API answer: no cache keeps it.
    expect(b.headers.get('cache-control')).toBe('no-store');
    expect([remaining(a.headers), remaining(b.headers), remaining(c.headers)]).toEqual([
      remaining(a.headers),
      remaining(a.headers) - 1,
      remaining(a.headers) - 2,
    ]);
    // The access log names the key, its organization and the validator, as it names an API key.
    const line = app.logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'request' && l.operation === 'submitVote' && l.keyId === ai.keyId);
    expect(line).toMatchObject({ orgId: app.orgA.id, userId: ai.id, status: 200 });
    // Its last use is recorded on the key (at most once a minute), like an API key's.
    const got = await call(app, 'getAiValidator', { params: { validatorId: ai.id } });
    expect(got.body.keys[0]!.lastUsedAt).not.toBeNull();
  });
});

describe('distinct credentials', () => {
  it("refuses a person's session at /validator/mcp and the key on a person's pages and the developer API", async () => {
    const projectId = await projectWithData(1);
    const ai = await fx.aiValidator(app, projectId);
    const person = await fx.member(app, app.orgA.id, { validator: true });
    await fx.assign(app, person.id, projectId);
    const { sessionToken } = await fx.signInDirect(app, person.email);

    // The session works on the validation operations, and is refused at the AI door.
    expect((await call(app, 'listMyProjects', { key: sessionToken })).status).toBe(200);
    const door = await initializeAt('/validator/mcp', sessionToken);
    expect(door.status).toBe(401);
    expect(door.body.error.code).toBe('ai_validator_key_malformed');
    expect(door.headers.get('www-authenticate')).toContain('assay-ai-validator');
    expect((await initializeAt('/validator/mcp', null)).body.error.code).toBe('ai_validator_key_missing');
    // A developer API key is no AI key either.
    expect((await initializeAt('/validator/mcp', app.orgA.originatorKey)).body.error.code).toBe(
      'ai_validator_key_malformed',
    );

    // The key on a person's pages (who am I, invites, sign-out, the originator view): refused.
    for (const op of ['getMe', 'listMyInvites', 'deleteValidatorSession', 'listOriginatorProjects'] as const) {
      const res = await call(app, op, { key: ai.key });
      expect(res.status, op).toBe(401);
      expect(res.body.error.code, op).toBe('session_token_malformed');
    }
    // The web app's pages themselves carry no data; what they show comes from those operations.
    // The developer API and its tool server refuse it by shape.
    expect((await call(app, 'listProjects', { key: ai.key })).body.error.code).toBe('api_key_malformed');
    expect((await initializeAt('/mcp', ai.key)).body.error.code).toBe('api_key_malformed');
  });

  it('revoking a key ends its access at the next call, on MCP and REST; another key stays valid', async () => {
    const projectId = await projectWithData(2);
    const ai = await fx.aiValidator(app, projectId);
    const second = await call(app, 'createAiValidatorKey', { params: { validatorId: ai.id }, body: { name: 'spare' } });
    expect(second.status).toBe(201);
    const s = await connectMcp(app, ai.key, '/validator/mcp');
    let revokedAt: string | null = null;
    try {
      expect((await s.tool('list_my_projects', {})).isError).toBeFalsy();
      const revoked = await call(app, 'revokeAiValidatorKey', { params: { validatorId: ai.id, keyId: ai.keyId } });
      expect(revoked.status).toBe(200);
      expect(revoked.body.revokedAt).not.toBeNull();
      revokedAt = revoked.body.revokedAt;
      // The very next tool call, on the connection already open, is refused before any tool runs.
      await expect(s.tool('list_my_projects', {})).rejects.toThrow(/401|ai_validator_key_invalid/);
    } finally {
      await s.close().catch(() => undefined);
    }
    const rest = await call(app, 'claimSlot', { key: ai.key, params: { projectId } });
    expect(rest.status).toBe(401);
    expect(rest.body.error.code).toBe('ai_validator_key_invalid');
    expect((await initializeAt('/validator/mcp', ai.key)).body.error.code).toBe('ai_validator_key_invalid');
    // Revoking again changes nothing; the other key still works.
    const again = await call(app, 'revokeAiValidatorKey', { params: { validatorId: ai.id, keyId: ai.keyId } });
    expect(again.body.revokedAt).toBe(revokedAt);
    expect((await call(app, 'claimSlot', { key: second.body.key, params: { projectId } })).status).toBe(201);
  });
});

describe('the published contract', () => {
  it('declares the AI key on the validation operations only, and the door answers POST only', async () => {
    const doc = (await raw(app, 'GET', '/validator/v1/openapi.json')).body;
    expect(doc.components.securitySchemes.aiValidatorKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const withKey = Object.values(
      doc.paths as Record<string, Record<string, { operationId: string; security?: object[] }>>,
    )
      .flatMap((item) => Object.values(item))
      .filter((op) => JSON.stringify(op.security ?? []).includes('aiValidatorKey'))
      .map((op) => op.operationId)
      .sort();
    const validatorAuth = (Object.keys(operationTable) as OperationId[])
      .filter((id) => operationTable[id].auth === 'validator')
      .sort();
    expect(withKey).toEqual(validatorAuth);
    expect(withKey).toEqual(expect.arrayContaining(['claimSlot', 'submitVote', 'releaseClaim', 'getMyStanding']));
    expect(withKey).not.toContain('getMe');
    const get = await raw(app, 'GET', '/validator/mcp');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('scoping', () => {
  it("another organization's or an unassigned project's work is not found, over REST and MCP", async () => {
    const projectId = await projectWithData(1);
    const ai = await fx.aiValidator(app, projectId);
    const unassigned = await projectWithData(1);
    const foreign = await projectWithData(1, app.orgB.originatorKey);
    const s = await connectMcp(app, ai.key, '/validator/mcp');
    try {
      for (const p of [unassigned, foreign]) {
        const rest = await call(app, 'claimSlot', { key: ai.key, params: { projectId: p } });
        expect(rest.status).toBe(404);
        expect(rest.body.error).toMatchObject({ code: 'project_not_found', param: 'projectId' });
        expect(toolErrorCode(await s.tool('claim_next_datapoint', { projectId: p }))).toBe('project_not_found');
        expect(toolErrorCode(await s.tool('get_my_standing', { projectId: p }))).toBe('project_not_found');
      }
      // A slot someone else holds is not this validator's claim.
      const person = await fx.member(app, app.orgA.id, { validator: true });
      await fx.assign(app, person.id, unassigned);
      const { sessionToken } = await fx.signInDirect(app, person.email);
      const theirs = await call(app, 'claimSlot', { key: sessionToken, params: { projectId: unassigned } });
      expect(toolErrorCode(await s.tool('submit_vote', { slotId: theirs.body.slotId, rating: 50 }))).toBe(
        'claim_not_found',
      );
      expect(toolErrorCode(await s.tool('release_claim', { slotId: theirs.body.slotId }))).toBe('claim_not_found');
    } finally {
      await s.close();
    }

    // Organization B's originator cannot see, key or revoke organization A's AI validator.
    const b = app.orgB.originatorKey;
    const code = async (res: Promise<{ body: { error: { code: string } } }>) => (await res).body.error.code;
    expect(await code(call(app, 'getAiValidator', { key: b, params: { validatorId: ai.id } }))).toBe(
      'validator_not_found',
    );
    expect(await code(call(app, 'createAiValidatorKey', { key: b, params: { validatorId: ai.id }, body: {} }))).toBe(
      'validator_not_found',
    );
    expect(
      await code(call(app, 'revokeAiValidatorKey', { key: b, params: { validatorId: ai.id, keyId: ai.keyId } })),
    ).toBe('validator_not_found');
    expect(
      await code(
        call(app, 'createAiValidator', { key: b, body: { name: 'x', projects: [{ id: projectId, classId: 'gpt' }] } }),
      ),
    ).toBe('project_not_found');
    // Another AI validator's key is not this one's.
    const other = await fx.aiValidator(app, projectId);
    expect(await code(call(app, 'revokeAiValidatorKey', { params: { validatorId: ai.id, keyId: other.keyId } }))).toBe(
      'ai_validator_key_not_found',
    );
    // The key still works: nothing above touched it.
    expect((await call(app, 'listMyProjects', { key: ai.key })).status).toBe(200);
  });
});
