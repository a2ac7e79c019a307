// Idempotency-Key over REST and MCP against a real server and Postgres: replays of the first
// success for the same key and payload, 422 for the same key with another payload, 409 while
// in flight, failures not kept, scoped per API key with authorization checked on replay, expiry
// after 24 hours, secrets sealed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { operationIds, operationTable } from '../../src/generated/operations.ts';
import { mcpTools } from '../../src/generated/mcp-tools.ts';
import { IDEMPOTENT_OPERATIONS } from '../../src/http/idempotency.ts';
import { connectMcp } from '../helpers/mcp.ts';
import { minimalSpec } from '../fixtures/specs.ts';
import { addMember, createApiKey, createUser } from '../../src/admin/admin.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const post = (path: string, body: unknown, key: string | null, apiKey = app.orgA.originatorKey) =>
  raw(app, 'POST', `/developer/v1${path}`, {
    key: apiKey,
    contentType: 'application/json',
    body: JSON.stringify(body),
    headers: key === null ? {} : { 'idempotency-key': key },
  });
const projects = async (name: string) =>
  (await app.sql`select count(*)::int as n from projects where name = ${name}`)[0].n as number;

describe('REST', () => {
  it('replays the first response for the same key and payload; one project', async () => {
    const body = { name: 'Idem one', spec: minimalSpec() };
    const first = await post('/projects', body, '"idem-1"');
    expect(first.status).toBe(201);
    const again = await post('/projects', body, '"idem-1"');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await projects('Idem one')).toBe(1);
    // A bare token is the same key as its quoted form.
    expect((await post('/projects', body, 'idem-1')).body.projectId).toBe(first.body.projectId);
  });

  it('fingerprints bodies with any JSON number (a spec with fractional bounds)', async () => {
    const body = { name: 'Idem float', spec: { ...minimalSpec(), consensus: { minStrength: 0.7 } } };
    const first = await post('/projects', body, 'idem-float');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await post('/projects', body, 'idem-float')).body.projectId).toBe(first.body.projectId);
  });

  it('refuses the same key with another body (422) or another operation', async () => {
    expect((await post('/projects', { name: 'Idem two', spec: minimalSpec() }, 'idem-2')).status).toBe(201);
    const other = await post('/projects', { name: 'Idem two, changed', spec: minimalSpec() }, 'idem-2');
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({ code: 'idempotency_key_reused', param: 'Idempotency-Key' });
    const otherOp = await post(
      '/webhook-endpoints',
      { url: 'http://127.0.0.1:9/hooks', eventTypes: ['datapoint.consensus_reached'] },
      'idem-2',
    );
    expect(otherOp.status).toBe(422);
    expect(await projects('Idem two, changed')).toBe(0);
  });

  it('keeps no failure: a refused request runs again, and the key can then serve another body', async () => {
    const bad = { name: 'Idem three', spec: { ...minimalSpec(), dataset: { format: 'xml' } } };
    expect((await post('/projects', bad, 'idem-3')).status).toBe(400);
    expect((await post('/projects', bad, 'idem-3')).status).toBe(400);
    expect((await post('/projects', { name: 'Idem three', spec: minimalSpec() }, 'idem-3')).status).toBe(201);
    expect((await app.sql`select count(*)::int as n from idempotency_keys where idem_key = 'idem-3'`)[0].n).toBe(1);
  });

  it('runs concurrent retries once: one project, the others replay or are told it is in flight', async () => {
    const body = { name: 'Idem race', spec: minimalSpec() };
    const results = await Promise.all(Array.from({ length: 6 }, () => post('/projects', body, 'idem-race')));
    for (const r of results) expect([201, 409]).toContain(r.status);
    expect(new Set(results.filter((r) => r.status === 201).map((r) => r.body.projectId)).size).toBe(1);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('idempotency_key_in_use');
    expect(await projects('Idem race')).toBe(1);
  });

  it('scopes keys to the organization, and forgets them after 24 hours', async () => {
    const body = { name: 'Idem scope', spec: minimalSpec() };
    const a = await post('/projects', body, 'idem-scope');
    const b = await post('/projects', body, 'idem-scope', app.orgB.originatorKey);
    expect(b.status).toBe(201);
    expect(b.body.projectId).not.toBe(a.body.projectId);
    await app.sql`update idempotency_keys set expires_at = now() - interval '1 second' where idem_key = 'idem-scope'
      and org_id = ${app.orgA.id}`;
    const later = await post('/projects', body, 'idem-scope');
    expect(later.status).toBe(201);
    expect(later.body.projectId).not.toBe(a.body.projectId);
  });

  it("scopes keys to the API key: another key of the organization never gets the first caller's response", async () => {
    const body = { url: 'http://127.0.0.1:9/hooks-scope', eventTypes: ['datapoint.consensus_reached'] };
    const first = await post('/webhook-endpoints', body, 'idem-key-scope');
    expect(first.status).toBe(201);
    // A second key of the same originator, and the plain member's key, with the same key and body.
    const { key: second } = await createApiKey(app.sql, { orgId: app.orgA.id, userId: app.orgA.originatorUserId });
    for (const other of [second, app.orgA.memberKey]) {
      const res = await post('/webhook-endpoints', body, 'idem-key-scope', other);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
      expect(res.body.secret).not.toBe(first.body.secret);
      if (res.status === 201) expect(res.body.webhookEndpointId).not.toBe(first.body.webhookEndpointId);
      else expect(res.body.error.code).toBe('not_org_originator');
    }
  });

  it('checks authorization again on a replay: a key whose creator lost the originator role gets 403', async () => {
    const user = await createUser(app.sql, { email: 'idem-demoted@example.com', subject: 'test|idem-demoted' });
    await addMember(app.sql, { orgId: app.orgA.id, userId: user.id, originator: true });
    const { key } = await createApiKey(app.sql, { orgId: app.orgA.id, userId: user.id });
    const body = { url: 'http://127.0.0.1:9/hooks-demoted', eventTypes: ['datapoint.consensus_reached'] };
    const first = await post('/webhook-endpoints', body, 'idem-demoted', key);
    expect(first.status).toBe(201);
    await addMember(app.sql, { orgId: app.orgA.id, userId: user.id, originator: false });
    const replay = await post('/webhook-endpoints', body, 'idem-demoted', key);
    expect(replay.status).toBe(403);
    expect(replay.body.error.code).toBe('not_org_originator');
    expect(replay.body.secret).toBeUndefined();
  });

  it('replays a webhook endpoint with its secret, which is stored sealed', async () => {
    const body = { url: 'http://127.0.0.1:9/hooks', eventTypes: ['datapoint.consensus_reached'] };
    const first = await post('/webhook-endpoints', body, 'idem-hook');
    const again = await post('/webhook-endpoints', body, 'idem-hook');
    expect(again.body.secret).toBe(first.body.secret);
    const count = await app.sql`select count(*)::int as n from webhook_endpoints where org_id = ${app.orgA.id}
      and url = ${body.url}`;
    expect(count[0]!.n).toBe(1);
    const [row] = await app.sql`select response_sealed from idempotency_keys where idem_key = 'idem-hook'`;
    expect(Buffer.from(row.response_sealed).toString('latin1')).not.toContain(first.body.secret);
    expect(Buffer.from(row.response_sealed).toString('latin1')).not.toContain(first.body.webhookEndpointId);
  });

  it('refuses a malformed key', async () => {
    for (const key of ['', 'has space', 'é', 'x'.repeat(256)]) {
      const res = await post('/projects', { name: 'Idem bad key', spec: minimalSpec() }, key);
      expect(res.status, key).toBe(400);
      expect(res.body.error.code).toBe('parameter_invalid');
    }
    expect(await projects('Idem bad key')).toBe(0);
  });
});

describe('MCP', () => {
  it('takes idempotencyKey on creating tools, with the same meaning', async () => {
    const s = await connectMcp(app, app.orgA.originatorKey);
    try {
      const first = await s.tool('create_project', {
        name: 'Idem MCP',
        spec: minimalSpec(),
        idempotencyKey: 'idem-mcp',
      });
      expect(first.isError).toBeFalsy();
      const again = await s.tool('create_project', {
        name: 'Idem MCP',
        spec: minimalSpec(),
        idempotencyKey: 'idem-mcp',
      });
      expect(again.structuredContent).toEqual(first.structuredContent);
      expect(await projects('Idem MCP')).toBe(1);
      const other = await s.tool('create_project', {
        name: 'Idem MCP 2',
        spec: minimalSpec(),
        idempotencyKey: 'idem-mcp',
      });
      expect(other.isError).toBe(true);
      expect(other.content[0]!.text).toMatch(/^idempotencyKeyReused:/);
    } finally {
      await s.close();
    }
  });
});

it('every POST of the developer API declares the header, and its MCP tools take the argument', async () => {
  const posts = operationIds.filter(
    (id) => operationTable[id].method === 'post' && operationTable[id].auth === 'apiKey',
  );
  expect(posts.filter((id) => !IDEMPOTENT_OPERATIONS.has(id))).toEqual([]);
  const s = await connectMcp(app, app.orgA.originatorKey);
  try {
    const { tools } = await s.client.listTools();
    for (const t of tools) {
      const op = mcpTools.find((x) => x.name === t.name)?.operationId;
      expect('idempotencyKey' in ((t.inputSchema as any).properties ?? {}), t.name).toBe(
        op != null && posts.includes(op),
      );
    }
  } finally {
    await s.close();
  }
});
