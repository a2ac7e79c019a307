// Projects over real HTTP against a real Postgres: every response is checked against openapi.yaml.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { minimalSpec, validSpec } from '../fixtures/specs.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const create = (name: string, spec: unknown = validSpec(), key?: string) =>
  call(app, 'createProject', { body: { name, spec }, key });
const countProjects = async () => (await app.sql<{ n: number }[]>`select count(*)::int as n from projects`)[0].n;

describe('POST /projects', () => {
  it('creates an active project with its compiled spec and classes', async () => {
    const res = await create('Support answers');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ specVersion: '1.0.0', status: 'active' });
    const got = await call(app, 'getProject', { params: { projectId: res.body.projectId } });
    expect(got.body).toMatchObject({
      id: res.body.projectId,
      name: 'Support answers',
      description: null,
      status: 'active',
      paused: false,
      pausedAt: null,
      archived: false,
      archivedAt: null,
      autoConsensus: false,
      autoConsensusSpread: 'medium',
      autoConsensusUsed: false,
      numValidators: 3,
    });
    const [spec] = await app.sql`select sha256, compiled from project_specs where id = ${res.body.specId}`;
    expect(spec.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(spec.compiled.consensus).toEqual({
      minStrength: 0.7,
      escalationStep: 1,
      maxEscalations: 2,
      method: 'class_weighted',
      medianTie: 'midpoint',
    });
    const classes = await call(app, 'listProjectClasses', { params: { projectId: res.body.projectId } });
    expect(classes.body.data).toEqual([
      {
        id: 'senior',
        label: 'Senior reviewer',
        type: 'human',
        rewardCents: 50,
        stakeWei: '0',
        consensusWeight: 2,
        model: null,
      },
      {
        id: 'gpt',
        label: 'Model pre-rater',
        type: 'ai',
        rewardCents: 1,
        stakeWei: '1000000000000000000',
        consensusWeight: 0.5,
        model: 'gpt-5',
      },
    ]);
  });

  it('fills consensus defaults and lists no classes when the spec declares none', async () => {
    const res = await create('Minimal', minimalSpec());
    expect(res.status).toBe(201);
    const classes = await call(app, 'listProjectClasses', { params: { projectId: res.body.projectId } });
    expect(classes.body.data).toEqual([]);
    const [spec] = await app.sql`select compiled from project_specs where id = ${res.body.specId}`;
    expect(spec.compiled.consensus).toMatchObject({
      minStrength: expect.any(Number),
      escalationStep: expect.any(Number),
      maxEscalations: expect.any(Number),
    });
  });

  it.each([
    [
      'a wrong class type',
      (s: any) => {
        s.validators.classes[1].type = 'robot';
      },
      'spec.validators.classes[1].type',
    ],
    [
      'a missing version',
      (s: any) => {
        delete s.version;
      },
      'spec.version',
    ],
    [
      'an unknown field',
      (s: any) => {
        s.extra = 1;
      },
      'spec.extra',
    ],
    [
      'an unknown dataset format',
      (s: any) => {
        s.dataset.format = 'xml';
      },
      'spec.dataset.format',
    ],
    [
      'zero validators',
      (s: any) => {
        s.validation.validatorsPerDatapoint = 0;
      },
      'spec.validation.validatorsPerDatapoint',
    ],
    [
      'duplicate class ids',
      (s: any) => {
        s.validators.classes[1].id = 'senior';
      },
      'spec.validators.classes[1].id',
    ],
    [
      'markdown_split without headingLevel',
      (s: any) => {
        s.dataset = { format: 'markdown_split' };
      },
      'spec.dataset.headingLevel',
    ],
    [
      'a human class with a model',
      (s: any) => {
        s.validators.classes[0].model = 'gpt-5';
      },
      'spec.validators.classes[0].model',
    ],
  ])('refuses %s with project_spec_invalid naming the path', async (_, mutate, path) => {
    const before = await countProjects();
    const spec = validSpec();
    mutate(spec);
    const res = await create('Bad', spec);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('project_spec_invalid');
    expect(res.body.error.message.startsWith(`${path}: `)).toBe(true);
    expect(res.body.error.param).toBe(path);
    expect(await countProjects()).toBe(before);
  });

  it('words a cross-field rule of the spec with its condition', async () => {
    const spec: any = minimalSpec();
    spec.dataset = { format: 'markdown_split' };
    const res = await create('Sections', spec);
    expect(res.body.error).toMatchObject({
      code: 'project_spec_invalid',
      param: 'spec.dataset.headingLevel',
      message: 'spec.dataset.headingLevel: is required when format is markdown_split',
    });
  });

  it('refuses a qualification whose type clashes with the catalog, writing nothing', async () => {
    const spec = validSpec();
    spec.qualifications = [{ key: 'region', type: 'string' } as any];
    expect((await create('First', spec)).status).toBe(201);
    const before = await countProjects();
    const clash = validSpec();
    clash.qualifications = [{ key: 'region', type: 'number' } as any];
    const res = await create('Second', clash);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('qualification_catalog_conflict');
    expect(res.body.error.message).toContain('region');
    expect(await countProjects()).toBe(before);
    // The same key in another organization is independent.
    expect((await create('Other org', clash, app.orgB.originatorKey)).status).toBe(201);
  });

  it.each([
    ['an empty name', { name: '', spec: minimalSpec() }, 'name'],
    ['a 201-character name', { name: 'x'.repeat(201), spec: minimalSpec() }, 'name'],
    ['a missing spec', { name: 'n' }, 'spec'],
    ['a spec that is not an object', { name: 'n', spec: 'toml' }, 'spec'],
    ['an unknown field', { name: 'n', spec: minimalSpec(), color: 'red' }, 'color'],
    ['a $schema that is not a URI', { name: 'n', spec: minimalSpec(), $schema: 'not a uri' }, '$schema'],
  ])('refuses %s with request_body_invalid and param', async (_, body, param) => {
    const before = await countProjects();
    const res = await call(app, 'createProject', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'request_body_invalid', param });
    expect(await countProjects()).toBe(before);
  });

  it('accepts an optional $schema and a 200-character name', async () => {
    const res = await call(app, 'createProject', {
      body: { $schema: 'https://assay.dev/schemas/create-project.json', name: 'x'.repeat(200), spec: minimalSpec() },
    });
    expect(res.status).toBe(201);
  });

  it('answers request_body_malformed for broken JSON and non-JSON bodies', async () => {
    const broken = await raw(app, 'POST', '/developer/v1/projects', {
      key: app.orgA.originatorKey,
      body: '{"name": ',
      contentType: 'application/json',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('request_body_malformed');
    const text = await raw(app, 'POST', '/developer/v1/projects', {
      key: app.orgA.originatorKey,
      body: 'name=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(text.body.error.code).toBe('request_body_malformed');
    const none = await raw(app, 'POST', '/developer/v1/projects', { key: app.orgA.originatorKey });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('request_body_invalid');
  });
});

describe('GET /projects', () => {
  it("refuses a repeated or bracketed query parameter as the contract's scalar would", async () => {
    for (const query of ['limit=5&limit=6', 'limit[a]=5', 'limit[]=5']) {
      const res = await raw(app, 'GET', `/developer/v1/projects?${query}`, { key: app.orgA.originatorKey });
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toMatchObject({ code: 'parameter_invalid', param: 'limit' });
    }
    const plus = await raw(app, 'GET', '/developer/v1/projects?limit=%2B5', { key: app.orgA.originatorKey });
    expect(plus.status).toBe(200);
  });

  it('pages newest first with a keyset cursor and no duplicates', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await create(`Page ${i}`, minimalSpec(), app.orgB.originatorKey)).body.projectId);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const res = await call(app, 'listProjects', {
        key: app.orgB.originatorKey,
        query: cursor ? { limit: 2, cursor } : { limit: 2 },
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.data!.map((p: { id: string }) => p.id));
      if (!res.body.hasMore) {
        expect(res.body.nextCursor).toBeNull();
        break;
      }
      cursor = res.body.nextCursor ?? undefined;
    }
    const mine = seen.filter((id) => ids.includes(id));
    expect(mine).toEqual([...ids].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("never lists another organization's projects", async () => {
    const b = await create('Only B', minimalSpec(), app.orgB.originatorKey);
    const res = await call(app, 'listProjects', { query: { limit: 100 } });
    expect(res.body.data!.map((p: { id: string }) => p.id)).not.toContain(b.body.projectId);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ cursor: 'not-a-cursor' }, 'cursor'],
    [{ cursor: Buffer.from('2026-01-01T00:00:00.000000Z|x').toString('base64url') }, 'cursor'],
    [{ color: 'red' }, 'color'],
    [{ cursor: 'a\u0000b' }, 'cursor'],
  ])('refuses %j with parameter_invalid', async (query, param) => {
    const res = await call(app, 'listProjects', { query: query as Record<string, string> });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param });
  });
});

describe('GET and PUT /projects/{projectId}', () => {
  it('pauses, unpauses, archives and edits only the supplied fields', async () => {
    const {
      body: { projectId },
    } = await create('Flags', minimalSpec());
    const paused = await call(app, 'updateProject', { params: { projectId }, body: { paused: true } });
    expect(paused.body).toMatchObject({ paused: true, archived: false, name: 'Flags' });
    expect(Date.parse(paused.body.pausedAt!)).not.toBeNaN();
    const again = await call(app, 'updateProject', { params: { projectId }, body: { paused: true } });
    expect(again.body.pausedAt).toBe(paused.body.pausedAt);
    const resumed = await call(app, 'updateProject', {
      params: { projectId },
      body: { paused: false, description: 'Now described' },
    });
    expect(resumed.body).toMatchObject({ paused: false, pausedAt: null, description: 'Now described' });
    const archived = await call(app, 'updateProject', {
      params: { projectId },
      body: { archived: true, autoConsensus: true, autoConsensusSpread: 'wild' },
    });
    expect(archived.body).toMatchObject({
      archived: true,
      autoConsensus: true,
      autoConsensusSpread: 'wild',
      description: 'Now described',
    });
    expect(Date.parse(archived.body.archivedAt!)).not.toBeNaN();
    expect(Date.parse(archived.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(archived.body.createdAt));
    const cleared = await call(app, 'updateProject', {
      params: { projectId },
      body: { description: '', archived: false, name: 'Renamed' },
    });
    expect(cleared.body).toMatchObject({ description: null, archived: false, archivedAt: null, name: 'Renamed' });
  });

  it.each([
    ['an empty body', {}, undefined],
    ['only $schema', { $schema: 'https://example.com/s.json' }, undefined],
    ['a 2001-character description', { description: 'd'.repeat(2001) }, 'description'],
    ['a 201-character name', { name: 'n'.repeat(201) }, 'name'],
    ['a paused string', { paused: 'yes' }, 'paused'],
    ['an unknown spread', { autoConsensusSpread: 'chaotic' }, 'autoConsensusSpread'],
    ['a spec change', { spec: {} }, 'spec'],
    ['a NUL character', { description: 'a\u0000b' }, 'description'],
  ])('refuses %s with request_body_invalid and changes nothing', async (_, body, param) => {
    const {
      body: { projectId },
    } = await create('Guarded', minimalSpec());
    const before = await call(app, 'getProject', { params: { projectId } });
    const res = await call(app, 'updateProject', { params: { projectId }, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request_body_invalid');
    if (param) expect(res.body.error.param).toBe(param);
    expect((await call(app, 'getProject', { params: { projectId } })).body).toEqual(before.body);
  });

  it("reports another organization's project as not found, for reads and writes", async () => {
    const {
      body: { projectId },
    } = await create('Private to B', minimalSpec(), app.orgB.originatorKey);
    const get = await call(app, 'getProject', { params: { projectId } });
    expect(get.status).toBe(404);
    expect(get.body.error.code).toBe('project_not_found');
    const put = await call(app, 'updateProject', { params: { projectId }, body: { paused: true } });
    expect(put.status).toBe(404);
    expect(put.body.error.code).toBe('project_not_found');
    const classes = await call(app, 'listProjectClasses', { params: { projectId } });
    expect(classes.status).toBe(404);
    expect(classes.body.error.code).toBe('project_not_found');
    expect((await call(app, 'getProject', { params: { projectId }, key: app.orgB.originatorKey })).body.paused).toBe(
      false,
    );
  });

  it('refuses a malformed project id with parameter_invalid', async () => {
    const res = await call(app, 'getProject', { params: { projectId: 'not-a-uuid' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'projectId' });
  });

  it('refuses a malformed percent-encoding in a path parameter with parameter_invalid', async () => {
    const res = await raw(app, 'GET', '/developer/v1/projects/%E0%A4%A', { key: app.orgA.originatorKey });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('parameter_invalid');
  });

  it('decodes a percent-encoded path parameter before validating it', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const res = await raw(app, 'GET', `/developer/v1/projects/${id.replace(/-/g, '%2D')}`, {
      key: app.orgA.originatorKey,
    });
    expect(res.body.error).toMatchObject({ code: 'project_not_found' });
  });

  it('answers project_not_found for an unknown id', async () => {
    const res = await call(app, 'getProject', { params: { projectId: '00000000-0000-4000-8000-000000000000' } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('project_not_found');
  });
});
