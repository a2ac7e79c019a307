// The originator's view through a session (/validator/v1/originator): the same sign-in as for
// rating, recognized by the originator membership on every call. Figures are checked against
// votes cast through the validator API and the consensus the developer API reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../helpers/app.ts';
import type { SmtpSink } from '../helpers/smtp-sink.ts';
import { ingest } from '../helpers/uploads.ts';
import { addMember, createUser } from '../../src/admin/admin.ts';
import { createProject, signIn, startMailingApp } from './helpers.ts';
import { seedRatedProject, type RatedProject } from './originator-seed.ts';

let app: TestApp;
let sink: SmtpSink;
let close = async () => {};
let owner: string; // session of org A's originator
let seeded: RatedProject;

beforeAll(async () => {
  ({ app, sink, close } = await startMailingApp({ signingKey: true }));
  seeded = await seedRatedProject(app, sink);
  owner = (await signIn(app, sink, `owner-${app.orgA.code.toLowerCase()}@example.com`)).sessionToken;
}, 180_000);
afterAll(() => close());

describe('GET /validator/v1/me', () => {
  it('names the person and their memberships', async () => {
    const me = await call(app, 'getMe', { key: owner });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      userId: app.orgA.originatorUserId,
      email: `owner-${app.orgA.code.toLowerCase()}@example.com`,
    });
    expect(me.body.organizations).toEqual([
      { orgId: app.orgA.id, code: app.orgA.code, name: `Org ${app.orgA.code}`, originator: true, validator: false },
    ]);
    // A validator assigned through projects only is a member nowhere.
    expect((await call(app, 'getMe', { key: seeded.raters[1]!.token })).body.organizations).toEqual([]);
  });

  it('refuses API keys and missing sessions', async () => {
    expect((await call(app, 'getMe', { key: app.orgA.originatorKey })).body.error.code).toBe('session_token_malformed');
    expect((await call(app, 'getMe', { key: null })).body.error.code).toBe('session_token_missing');
  });
});

describe('originator projects', () => {
  it('lists the projects of organizations where the person is an originator, with coverage and contested', async () => {
    const list = await call(app, 'listOriginatorProjects', { key: owner });
    expect(list.status).toBe(200);
    const item = list.body.data.find((p: { project: { id: string } }) => p.project.id === seeded.projectId);
    expect(item).toMatchObject({
      organization: { orgId: app.orgA.id, code: app.orgA.code },
      coverage: { datapointsFinalized: seeded.expected.finalized, datapointsTotal: seeded.expected.total },
      contested: seeded.expected.contested,
    });
    expect(list.body.data.every((p: { organization: { orgId: string } }) => p.organization.orgId === app.orgA.id)).toBe(
      true,
    );
  });

  it('gives the figures behind the charts', async () => {
    const o = await call(app, 'getProjectOverview', { key: owner, params: { projectId: seeded.projectId } });
    expect(o.status).toBe(200);
    const e = seeded.expected;
    expect(o.body.ratingHistogram).toEqual(e.ratingHistogram);
    expect(o.body.strengthHistogram).toEqual(e.strengthHistogram);
    expect(o.body.contested).toBe(e.contested);
    expect(o.body.proofReportReady).toBe(true);
    expect(
      o.body.classAgreement.map((a: { label: string; votes: number; agreeing: number }) => [
        a.label,
        a.votes,
        a.agreeing,
      ]),
    ).toEqual(e.classAgreement);
    expect(
      o.body.validatorAgreement.map((a: { label: string; votes: number; agreeing: number }) => [
        a.label,
        a.votes,
        a.agreeing,
      ]),
    ).toEqual(e.validatorAgreement);
    expect(o.body.progress.at(-1)!.finalized).toBe(e.finalized);
    expect(o.body.progress[0]).toEqual({ at: o.body.project.createdAt, finalized: 0 });
    const cumulative = o.body.progress.map((p: { finalized: number }) => p.finalized);
    expect(cumulative).toEqual([...cumulative].sort((a, b) => a - b));
    expect(o.body.ingestRuns).toHaveLength(1);
    expect(o.body.ingestRuns[0]).toMatchObject({ status: 'ok', datapointsPersisted: e.total, dryRun: false });
  });

  it('serves the Proof Report and exports to originators through the session', async () => {
    const viaSession = await call(app, 'getOriginatorProofReport', {
      key: owner,
      params: { projectId: seeded.projectId },
    });
    const viaKey = await call(app, 'getProofReport', { params: { projectId: seeded.projectId } });
    expect(viaSession.status).toBe(200);
    expect(viaSession.body).toEqual(viaKey.body);
    const exp = await call(app, 'getOriginatorReportExport', {
      key: owner,
      params: { projectId: seeded.projectId },
      query: { format: 'csv' },
    });
    expect(exp.status).toBe(200);
    expect((await fetch(exp.body.url)).status).toBe(200);
    const bad = await call(app, 'getOriginatorReportExport', {
      key: owner,
      params: { projectId: seeded.projectId },
      query: { format: 'pdf' },
    });
    expect([bad.status, bad.body.error.param]).toEqual([400, 'format']);
  });

  it("is not found for anyone who is not an originator of the project's organization", async () => {
    const member = await createUser(app.sql, { email: 'plain@example.com', subject: 'test|plain' });
    await addMember(app.sql, { orgId: app.orgA.id, userId: member.id, validator: true });
    const plain = (await signIn(app, sink, 'plain@example.com')).sessionToken;
    const otherOwner = (await signIn(app, sink, `owner-${app.orgB.code.toLowerCase()}@example.com`)).sessionToken;
    for (const key of [plain, otherOwner, seeded.raters[0]!.token]) {
      for (const op of ['getProjectOverview', 'getOriginatorProofReport'] as const) {
        const res = await call(app, op, { key, params: { projectId: seeded.projectId } });
        expect([res.status, res.body.error.code]).toEqual([404, 'project_not_found']);
      }
      const exp = await call(app, 'getOriginatorReportExport', {
        key,
        params: { projectId: seeded.projectId },
        query: { format: 'json' },
      });
      expect(exp.body.error.code).toBe('project_not_found');
    }
    expect((await call(app, 'listOriginatorProjects', { key: plain })).body.data).toEqual([]);
    expect(
      (await call(app, 'listOriginatorProjects', { key: otherOwner })).body.data.map(
        (p: { project: { id: string } }) => p.project.id,
      ),
    ).not.toContain(seeded.projectId);
    // Losing the originator flag ends the access at once, the session unchanged.
    await app.sql`update memberships set is_originator = false where user_id = ${app.orgA.originatorUserId}`;
    try {
      expect(
        (await call(app, 'getProjectOverview', { key: owner, params: { projectId: seeded.projectId } })).status,
      ).toBe(404);
    } finally {
      await app.sql`update memberships set is_originator = true where user_id = ${app.orgA.originatorUserId}`;
    }
  });

  it('an empty project has empty figures', async () => {
    const projectId = await createProject(app, 'Nothing yet');
    const o = await call(app, 'getProjectOverview', { key: owner, params: { projectId } });
    expect(o.body).toMatchObject({
      coverage: { datapointsFinalized: 0, datapointsTotal: 0 },
      contested: 0,
      proofReportReady: false,
      ingestRuns: [],
      classAgreement: [],
      validatorAgreement: [],
    });
    expect(o.body.ratingHistogram).toEqual(Array(10).fill(0));
    await ingest(app, projectId, { 'x.csv': 'id,question,answer\n1,a,b\n' });
    expect((await call(app, 'getProjectOverview', { key: owner, params: { projectId } })).body.coverage).toEqual({
      datapointsFinalized: 0,
      datapointsTotal: 1,
    });
  });
});
