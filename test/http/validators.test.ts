// The validator roster and class grants over real HTTP against a real Postgres: list and lookup,
// assignments, assign/unassign (all-or-nothing), grant/revoke, and the cross-organization cases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { validSpec } from '../fixtures/specs.ts';
import { addMember, createApiKey, createOrganization, createUser } from '../../src/admin/admin.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let n = 0;

async function project(key = app.orgA.originatorKey): Promise<string> {
  const res = await call(app, 'createProject', { key, body: { name: `P${++n}`, spec: validSpec() } });
  expect(res.status).toBe(201);
  return res.body.projectId;
}

/** A user who is a member of `orgId` with the given flags. */
async function member(
  orgId: string,
  flags: { validator?: boolean; originator?: boolean } = {},
): Promise<{ id: string; email: string }> {
  const email = `person-${++n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await createUser(app.sql, { email, subject: `test|${email}` });
  await addMember(app.sql, { orgId, userId: user.id, ...flags });
  return { id: user.id, email };
}

const assignments = async (userId: string) =>
  (
    await app.sql<
      { n: number }[]
    >`select count(*)::int as n from project_assignments where user_id = ${userId} and revoked_at is null`
  )[0].n;
const liveGrants = (userId: string) =>
  app.sql<{ project_id: string; class_id: string; evidence_note: string }[]>`
    select project_id, class_id, evidence_note from class_grants where user_id = ${userId} and revoked_at is null order
    by project_id`;

function expectError(res: { status: number; body: any }, status: number, code: string, param?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (param !== undefined) expect(res.body.error.param).toBe(param);
}

describe('GET /validators (list mode)', () => {
  it('lists org validators and assigned users, newest joinedAt first, across keyset pages', async () => {
    // A separate organization keeps this roster exact: org A's roster grows in other tests.
    const org = await createOrganization(app.sql, { name: 'Roster', code: `ROST${Date.now() % 100000}` });
    const owner = await member(org.id, { originator: true, validator: true });
    const key = (await createApiKey(app.sql, { orgId: org.id, userId: owner.id })).key;
    const plain = await member(org.id); // a member, no validator: not on the roster
    const v1 = await member(org.id, { validator: true });
    const p = await project(key);
    // Known only through an assignment (as after an accepted invite): joinedAt is that assignment.
    const assignedOnly = await createUser(app.sql, {
      email: `assigned-${n}@example.com`,
      subject: `test|assigned-${n}`,
    });
    await app.sql`insert into project_assignments (org_id, project_id, user_id, assigned_at) values (${org.id}, ${p},
      ${assignedOnly.id}, now() + interval '1 hour')`;
    const revokedOnly = await createUser(app.sql, { email: `revoked-${n}@example.com`, subject: `test|revoked-${n}` });
    await app.sql`insert into project_assignments (org_id, project_id, user_id, revoked_at) values (${org.id}, ${p},
      ${revokedOnly.id}, now())`;
    // Another organization's validator with an assignment there.
    const elsewhere = await member(app.orgB.id, { validator: true });

    const full = await call(app, 'listValidators', { key, query: { limit: 100 } });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ validator: null, hasMore: false, nextCursor: null });
    const ids = full.body.data!.map((v: any) => v.userId);
    expect(ids).toEqual([assignedOnly.id, v1.id, owner.id]);
    expect(ids).not.toContain(plain.id);
    expect(ids).not.toContain(revokedOnly.id);
    expect(ids).not.toContain(elsewhere.id);
    const [m] = await app.sql<
      { created_at: Date }[]
    >`select created_at from memberships where org_id = ${org.id} and user_id = ${v1.id}`;
    const [a] = await app.sql<
      { assigned_at: Date }[]
    >`select assigned_at from project_assignments where user_id = ${assignedOnly.id}`;
    expect(full.body.data![1]).toEqual({
      userId: v1.id,
      subject: `test|${v1.email}`,
      email: v1.email,
      evmAddress: '',
      isOriginator: false,
      isValidator: true,
      joinedAt: m.created_at.toISOString(),
    });
    expect(full.body.data![0]).toMatchObject({
      isOriginator: false,
      isValidator: true,
      joinedAt: a.assigned_at.toISOString(),
    });
    expect(full.body.data![2]).toMatchObject({ userId: owner.id, isOriginator: true, isValidator: true });

    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await call(app, 'listValidators', { key, query: { limit: 1, ...(cursor ? { cursor } : {}) } });
      expect(page.status).toBe(200);
      expect(page.body.data).toHaveLength(1);
      seen.push(page.body.data![0].userId);
      if (!page.body.hasMore) {
        expect(page.body.nextCursor).toBeNull();
        break;
      }
      cursor = page.body.nextCursor ?? undefined;
    }
    expect(seen).toEqual(ids);
  });

  it('refuses a cursor that does not decode and a limit out of range', async () => {
    expectError(await call(app, 'listValidators', { query: { cursor: 'bm9wZQ' } }), 400, 'parameter_invalid', 'cursor');
    expectError(await call(app, 'listValidators', { query: { limit: 0 } }), 400, 'parameter_invalid', 'limit');
    expectError(await call(app, 'listValidators', { query: { limit: 101 } }), 400, 'parameter_invalid', 'limit');
  });
});

describe('GET /validators?email= (lookup mode)', () => {
  it('finds a roster validator case-insensitively, ignoring limit and cursor', async () => {
    const v = await member(app.orgA.id, { validator: true });
    const res = await call(app, 'listValidators', { query: { email: `  ${v.email.toUpperCase()}`.trim(), limit: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: null,
      hasMore: false,
      nextCursor: null,
      validator: { userId: v.id, email: v.email, isValidator: true },
    });
  });

  it(
    "answers the same validator_not_found for strangers, plain members and other organizations' " + 'validators',
    async () => {
      const plain = await member(app.orgA.id);
      const foreign = await member(app.orgB.id, { validator: true });
      const messages = new Set<string>();
      for (const email of ['nobody@example.com', plain.email, foreign.email]) {
        const res = await call(app, 'listValidators', { query: { email } });
        expectError(res, 404, 'validator_not_found', 'email');
        messages.add(res.body.error.message);
      }
      // One message for all three: the answer does not tell whether the person exists.
      expect(messages.size).toBe(1);
    },
  );

  it('refuses an email that is not an email', async () => {
    expectError(
      await call(app, 'listValidators', { query: { email: 'not-an-email' } }),
      400,
      'parameter_invalid',
      'email',
    );
  });
});

describe('POST /validators/{id}/assign and GET /validators/{id}/projects', () => {
  it('assigns, counts repeats, grants classes and lists the live assignments', async () => {
    const v = await member(app.orgA.id, { validator: true });
    const [p1, p2] = [await project(), await project()];
    const first = await call(app, 'assignValidator', {
      params: { validatorId: v.id },
      body: { projects: [{ id: p1, classId: 'senior', evidenceNote: 'Ten years of support work' }, { id: p2 }] },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ assigned: 2, alreadyAssigned: 0, classesGranted: 1 });
    const again = await call(app, 'assignValidator', {
      params: { validatorId: v.id },
      body: { projects: [{ id: p1 }, { id: p2, classId: 'gpt', evidenceNote: 'Model' }] },
    });
    expect(again.body).toEqual({ assigned: 0, alreadyAssigned: 2, classesGranted: 1 });
    expect(await assignments(v.id)).toBe(2);
    expect(await liveGrants(v.id)).toEqual(
      expect.arrayContaining([
        { project_id: p1, class_id: 'senior', evidence_note: 'Ten years of support work' },
        { project_id: p2, class_id: 'gpt', evidence_note: 'Model' },
      ]),
    );

    const listed = await call(app, 'listValidatorProjects', { params: { validatorId: v.id } });
    expect(listed.status).toBe(200);
    expect(listed.body.data!.map((a: any) => a.projectId).sort()).toEqual([p1, p2].sort());
    expect(listed.body.data![0]).toEqual({
      assignmentId: expect.any(String),
      projectId: expect.any(String),
      projectName: expect.stringMatching(/^P\d+$/),
      assignedAt: expect.any(String),
    });
    // Unknown validator, or one asked about by another organization: an empty list.
    expect((await call(app, 'listValidatorProjects', { params: { validatorId: UNKNOWN } })).body).toEqual({ data: [] });
    expect(
      (await call(app, 'listValidatorProjects', { key: app.orgB.originatorKey, params: { validatorId: v.id } })).body,
    ).toEqual({ data: [] });
  });

  it('assigns once when the same assignment is requested concurrently', async () => {
    const v = await member(app.orgA.id, { validator: true });
    const p = await project();
    const results = await Promise.all(
      [1, 2, 3, 4].map(() =>
        call(app, 'assignValidator', { params: { validatorId: v.id }, body: { projects: [{ id: p }] } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.reduce((sum, r) => sum + r.body.assigned, 0)).toBe(1);
    expect(results.reduce((sum, r) => sum + r.body.alreadyAssigned, 0)).toBe(3);
    expect(await assignments(v.id)).toBe(1);
  });

  it("writes nothing when one project of the batch is another organization's or unknown", async () => {
    const v = await member(app.orgA.id, { validator: true });
    const mine = await project();
    const theirs = await project(app.orgB.originatorKey);
    for (const other of [theirs, UNKNOWN]) {
      const res = await call(app, 'assignValidator', {
        params: { validatorId: v.id },
        body: { projects: [{ id: mine, classId: 'senior', evidenceNote: 'n' }, { id: other }] },
      });
      expectError(res, 404, 'project_not_found', 'projects[1].id');
    }
    expect(await assignments(v.id)).toBe(0);
    expect(await liveGrants(v.id)).toEqual([]);
  });

  it('refuses a class the spec does not declare, writing nothing', async () => {
    const v = await member(app.orgA.id, { validator: true });
    const [p1, p2] = [await project(), await project()];
    const res = await call(app, 'assignValidator', {
      params: { validatorId: v.id },
      body: { projects: [{ id: p1 }, { id: p2, classId: 'wizard', evidenceNote: 'n' }] },
    });
    expectError(res, 400, 'class_not_in_spec', 'projects[1].classId');
    expect(await assignments(v.id)).toBe(0);
  });

  it('needs an org validator unless autoEnroll promotes an existing member', async () => {
    const p = await project();
    const plain = await member(app.orgA.id);
    expectError(
      await call(app, 'assignValidator', { params: { validatorId: plain.id }, body: { projects: [{ id: p }] } }),
      404,
      'validator_not_found',
      'validatorId',
    );
    expect(await assignments(plain.id)).toBe(0);
    const res = await call(app, 'assignValidator', {
      params: { validatorId: plain.id },
      body: { projects: [{ id: p }], autoEnroll: true },
    });
    expect(res.body).toEqual({ assigned: 1, alreadyAssigned: 0, classesGranted: 0 });
    const [m] =
      await app.sql`select is_validator from memberships where org_id = ${app.orgA.id} and user_id = ${plain.id}`;
    expect(m.is_validator).toBe(true);

    // autoEnroll never reaches people outside the organization: they do not exist here.
    const foreign = await member(app.orgB.id, { validator: true });
    for (const validatorId of [foreign.id, UNKNOWN]) {
      expectError(
        await call(app, 'assignValidator', {
          params: { validatorId },
          body: { projects: [{ id: p }], autoEnroll: true },
        }),
        404,
        'validator_not_found',
        'validatorId',
      );
    }
    expect(await assignments(foreign.id)).toBe(0);
    const [fm] =
      await app.sql`select is_validator from memberships where org_id = ${app.orgA.id} and user_id = ${foreign.id}`;
    expect(fm).toBeUndefined();
    // A failed batch does not promote either.
    const other = await member(app.orgA.id);
    expectError(
      await call(app, 'assignValidator', {
        params: { validatorId: other.id },
        body: { projects: [{ id: UNKNOWN }], autoEnroll: true },
      }),
      404,
      'project_not_found',
    );
    const [om] =
      await app.sql`select is_validator from memberships where org_id = ${app.orgA.id} and user_id = ${other.id}`;
    expect(om.is_validator).toBe(false);
  });

  it.each([
    ['an unknown field', { projects: [{ id: UNKNOWN }], extra: 1 }, 'extra'],
    ['an unknown field in a project', { projects: [{ id: UNKNOWN, note: 'x' }] }, 'projects[0].note'],
    ['an empty projects list', { projects: [] }, 'projects'],
    ['a classId without evidenceNote', { projects: [{ id: UNKNOWN, classId: 'senior' }] }, 'projects[0]'],
    ['a project id that is not a uuid', { projects: [{ id: 'p1' }] }, 'projects[0].id'],
  ])('refuses %s with request_body_invalid', async (_, body, param) => {
    const v = await member(app.orgA.id, { validator: true });
    const res = await call(app, 'assignValidator', { params: { validatorId: v.id }, body });
    expectError(res, 400, 'request_body_invalid');
    expect(res.body.error.param ?? '').toContain(param);
    expect(await assignments(v.id)).toBe(0);
  });
});

describe('POST /validators/{id}/unassign', () => {
  it('revokes assignments idempotently and leaves class grants alone', async () => {
    const v = await member(app.orgA.id, { validator: true });
    const [p1, p2] = [await project(), await project()];
    await call(app, 'assignValidator', {
      params: { validatorId: v.id },
      body: { projects: [{ id: p1, classId: 'senior', evidenceNote: 'n' }, { id: p2 }] },
    });
    const res = await call(app, 'unassignValidator', { params: { validatorId: v.id }, body: { projectIds: [p1] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unassigned: 1 });
    expect(
      (await call(app, 'listValidatorProjects', { params: { validatorId: v.id } })).body.data!.map(
        (a: any) => a.projectId,
      ),
    ).toEqual([p2]);
    expect(await liveGrants(v.id)).toEqual([{ project_id: p1, class_id: 'senior', evidence_note: 'n' }]);
    // Already unassigned counts too.
    expect(
      (await call(app, 'unassignValidator', { params: { validatorId: v.id }, body: { projectIds: [p1, p2] } })).body,
    ).toEqual({ unassigned: 2 });
    expect(await assignments(v.id)).toBe(0);
    // Assigning again makes a new live row; the old ones stay as history.
    await call(app, 'assignValidator', { params: { validatorId: v.id }, body: { projects: [{ id: p1 }] } });
    const rows =
      await app.sql`select revoked_at from project_assignments where user_id = ${v.id} and project_id = ${p1} order by
        assigned_at`;
    expect(rows.map((r) => r.revoked_at === null)).toEqual([false, true]);
  });

  it('stays idempotent for someone known only through assignments, once they are all revoked', async () => {
    const p = await project();
    const u = await createUser(app.sql, { email: `only-${++n}@example.com`, subject: `test|only-${n}` });
    await app.sql`insert into project_assignments (org_id, project_id, user_id) values (${app.orgA.id}, ${p}, ${u.id})`;
    expect(
      (await call(app, 'unassignValidator', { params: { validatorId: u.id }, body: { projectIds: [p] } })).body,
    ).toEqual({ unassigned: 1 });
    expect(
      (await call(app, 'unassignValidator', { params: { validatorId: u.id }, body: { projectIds: [p] } })).body,
    ).toEqual({ unassigned: 1 });
    expectError(await call(app, 'listValidators', { query: { email: u.email! } }), 404, 'validator_not_found');
  });

  it("refuses other organizations' projects and validators, and an empty list, changing nothing", async () => {
    const v = await member(app.orgA.id, { validator: true });
    const mine = await project();
    await call(app, 'assignValidator', { params: { validatorId: v.id }, body: { projects: [{ id: mine }] } });
    const theirs = await project(app.orgB.originatorKey);
    expectError(
      await call(app, 'unassignValidator', { params: { validatorId: v.id }, body: { projectIds: [mine, theirs] } }),
      404,
      'project_not_found',
      'projectIds[1]',
    );
    expectError(
      await call(app, 'unassignValidator', {
        key: app.orgB.originatorKey,
        params: { validatorId: v.id },
        body: { projectIds: [theirs] },
      }),
      404,
      'validator_not_found',
      'validatorId',
    );
    expectError(
      await call(app, 'unassignValidator', { params: { validatorId: v.id }, body: { projectIds: [] } }),
      400,
      'request_body_invalid',
      'projectIds',
    );
    expectError(
      await call(app, 'unassignValidator', {
        params: { validatorId: v.id },
        body: { projectIds: [mine], force: true },
      }),
      400,
      'request_body_invalid',
      'force',
    );
    expect(await assignments(v.id)).toBe(1);
  });
});

describe('class grants', () => {
  it("grants a class, revoking the validator's other class on the project first", async () => {
    const v = await member(app.orgA.id, { validator: true });
    const p = await project();
    const senior = await call(app, 'grantValidatorClass', {
      params: { projectId: p, validatorId: v.id },
      body: { classId: 'senior', evidenceNote: 'Certified' },
    });
    expect(senior.status).toBe(200);
    expect(senior.body).toEqual({ id: expect.any(String), userId: v.id, classId: 'senior', evidenceNote: 'Certified' });
    // The same class again keeps the grant in force.
    const same = await call(app, 'grantValidatorClass', {
      params: { projectId: p, validatorId: v.id },
      body: { classId: 'senior', evidenceNote: 'Again' },
    });
    expect(same.body).toEqual(senior.body);
    const gpt = await call(app, 'grantValidatorClass', {
      params: { projectId: p, validatorId: v.id },
      body: { classId: 'gpt', evidenceNote: 'Pre-rater' },
    });
    expect(gpt.body.id).not.toBe(senior.body.id);
    expect(await liveGrants(v.id)).toEqual([{ project_id: p, class_id: 'gpt', evidence_note: 'Pre-rater' }]);
    const [old] = await app.sql`select revoked_at from class_grants where id = ${senior.body.id}`;
    expect(old.revoked_at).toBeInstanceOf(Date);
  });

  it('keeps one live grant, and answers every request, when grants race', async () => {
    // First grants race hardest: each finds nothing held and inserts. Several validators, several
    // concurrent grants each, so the race is met on every run rather than by luck.
    const p = await project();
    const vs = await Promise.all([1, 2, 3, 4].map(() => member(app.orgA.id, { validator: true })));
    const results = await Promise.all(
      vs.flatMap((v) =>
        ['senior', 'gpt', 'senior', 'gpt'].map((classId) =>
          call(app, 'grantValidatorClass', {
            params: { projectId: p, validatorId: v.id },
            body: { classId, evidenceNote: 'race' },
          }),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    for (const v of vs) expect(await liveGrants(v.id)).toHaveLength(1);
  });

  it('refuses undeclared classes, strangers and other organizations, writing nothing', async () => {
    const v = await member(app.orgA.id, { validator: true });
    const p = await project();
    const theirs = await project(app.orgB.originatorKey);
    const foreign = await member(app.orgB.id, { validator: true });
    const plain = await member(app.orgA.id);
    const grant = (
      projectId: string,
      validatorId: string,
      body: object = { classId: 'senior', evidenceNote: 'n' },
      key?: string,
    ) => call(app, 'grantValidatorClass', { key, params: { projectId, validatorId }, body });
    expectError(await grant(p, v.id, { classId: 'wizard', evidenceNote: 'n' }), 400, 'class_not_in_spec', 'classId');
    expectError(await grant(theirs, v.id), 404, 'project_not_found', 'projectId');
    expectError(await grant(p, v.id, undefined, app.orgB.originatorKey), 404, 'project_not_found', 'projectId');
    expectError(await grant(p, foreign.id), 404, 'validator_not_found', 'validatorId');
    expectError(await grant(p, plain.id), 404, 'validator_not_found', 'validatorId');
    expectError(await grant(p, UNKNOWN), 404, 'validator_not_found', 'validatorId');
    expectError(await grant(p, v.id, { classId: 'senior' }), 400, 'request_body_invalid', 'evidenceNote');
    expectError(
      await grant(p, v.id, { classId: 'senior', evidenceNote: '' }),
      400,
      'request_body_invalid',
      'evidenceNote',
    );
    expectError(
      await grant(p, v.id, { classId: 'senior', evidenceNote: 'n', weight: 3 }),
      400,
      'request_body_invalid',
      'weight',
    );
    const [{ n: count }] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from class_grants where user_id in ${app.sql([v.id, foreign.id, plain.id])}`;
    expect(count).toBe(0);
  });

  it('revokes softly; revoking a class not held is a no-op', async () => {
    const v = await member(app.orgA.id, { validator: true });
    const p = await project();
    const g = await call(app, 'grantValidatorClass', {
      params: { projectId: p, validatorId: v.id },
      body: { classId: 'senior', evidenceNote: 'n' },
    });
    const revoke = (classId: string, validatorId = v.id, projectId = p, key?: string) =>
      call(app, 'revokeValidatorClass', { key, params: { projectId, validatorId, classId } });
    // Another organization cannot touch it.
    expectError(await revoke('senior', v.id, p, app.orgB.originatorKey), 404, 'project_not_found', 'projectId');
    expect(await liveGrants(v.id)).toHaveLength(1);
    expect((await revoke('gpt')).body).toEqual({ revoked: true });
    expect(await liveGrants(v.id)).toHaveLength(1);
    expect((await revoke('senior')).body).toEqual({ revoked: true });
    expect(await liveGrants(v.id)).toEqual([]);
    const [row] = await app.sql`select revoked_at from class_grants where id = ${g.body.id}`;
    expect(row.revoked_at).toBeInstanceOf(Date);
    expect((await revoke('senior')).body).toEqual({ revoked: true });
    expectError(await revoke('senior', UNKNOWN), 404, 'validator_not_found', 'validatorId');
    // Postgres text cannot hold U+0000: refused by the contract, never a driver error.
    expectError(await revoke('sen\u0000ior'), 400, 'parameter_invalid', 'classId');
  });
});
