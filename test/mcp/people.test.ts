// The roster, class and invite tools through the MCP SDK's client over real HTTP: the same
// results as REST, the reference's argument names, and errors as camelCase tool errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { validSpec } from '../fixtures/specs.ts';
import { addMember, createUser } from '../../src/admin/admin.ts';

let app: TestApp;
let client: Client;
beforeAll(async () => {
  app = await startTestApp();
  const transport = new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${app.orgA.originatorKey}` } },
  });
  client = new Client({ name: 'assay-test', version: '1.0.0' });
  await client.connect(transport);
});
afterAll(async () => {
  await client?.close();
  await app?.close();
});

type TextResult = { content: { type: string; text: string }[]; isError?: boolean; structuredContent?: any };
const tool = async (name: string, args: Record<string, unknown>): Promise<TextResult> =>
  (await client.callTool({ name, arguments: args })) as TextResult;
const ok = async (name: string, args: Record<string, unknown>): Promise<any> => {
  const res = await tool(name, args);
  expect(res.isError, res.content[0]?.text).toBeFalsy();
  expect(JSON.parse(res.content[0].text)).toEqual(res.structuredContent);
  return res.structuredContent;
};
const fails = async (name: string, args: Record<string, unknown>, code: string) => {
  const res = await tool(name, args);
  expect(res.isError).toBe(true);
  expect(res.content[0].text).toMatch(new RegExp(`^${code}: .*\\nrequestId: req_`));
};

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function project(key = app.orgA.originatorKey): Promise<string> {
  const res = await call(app, 'createProject', { key, body: { name: 'MCP people', spec: validSpec() } });
  return res.body.projectId;
}

describe('roster tools', () => {
  it('list_validators, lookup_validator, assign, list projects and unassign match REST', async () => {
    const user = await createUser(app.sql, { email: 'mcp-val@example.com', subject: 'test|mcp-val' });
    await addMember(app.sql, { orgId: app.orgA.id, userId: user.id, validator: true });
    const p = await project();

    const listed = await ok('list_validators', { limit: 100 });
    expect(listed).toEqual((await call(app, 'listValidators', { query: { limit: 100 } })).body);
    expect(listed.data.map((v: any) => v.userId)).toContain(user.id);
    const found = await ok('lookup_validator', { email: 'MCP-VAL@example.com' });
    expect(found).toMatchObject({ data: null, validator: { userId: user.id } });
    await fails('lookup_validator', { email: `owner-${app.orgB.code.toLowerCase()}@example.com` }, 'validatorNotFound');
    await fails('lookup_validator', { email: 'not-an-email' }, 'parameterInvalid');
    // A lookup without an email would silently list instead: the tool requires it.
    await fails('lookup_validator', {}, 'parameterInvalid');

    expect(
      await ok('assign_validator', {
        validatorId: user.id,
        projects: [{ id: p, classId: 'senior', evidenceNote: 'MCP' }],
      }),
    ).toEqual({ assigned: 1, alreadyAssigned: 0, classesGranted: 1 });
    const projects = await ok('list_validator_projects', { validatorId: user.id });
    expect(projects.data.map((a: any) => a.projectId)).toEqual([p]);
    expect(await ok('unassign_validator', { validatorId: user.id, projectIds: [p] })).toEqual({ unassigned: 1 });
    expect((await ok('list_validator_projects', { validatorId: user.id })).data).toEqual([]);
  });

  it('reports bad input and other organizations as tool errors, writing nothing', async () => {
    const user = await createUser(app.sql, { email: 'mcp-val2@example.com', subject: 'test|mcp-val2' });
    await addMember(app.sql, { orgId: app.orgA.id, userId: user.id, validator: true });
    const theirs = await project(app.orgB.originatorKey);
    await fails('assign_validator', { validatorId: user.id, projects: [] }, 'requestBodyInvalid');
    await fails('assign_validator', { validatorId: user.id, projects: [{ id: theirs }] }, 'projectNotFound');
    await fails(
      'assign_validator',
      { validatorId: user.id, projects: [{ id: UNKNOWN, classId: 'senior' }] },
      'requestBodyInvalid',
    );
    await fails(
      'assign_validator',
      { validatorId: app.orgB.originatorUserId, projects: [{ id: UNKNOWN }], autoEnroll: true },
      'validatorNotFound',
    );
    await fails('unassign_validator', { validatorId: user.id, projectIds: [] }, 'requestBodyInvalid');
    await fails('list_validator_projects', { validatorId: 'nope' }, 'parameterInvalid');
    const [{ n }] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from project_assignments where user_id = ${user.id}`;
    expect(n).toBe(0);
  });
});

describe('class and invite tools', () => {
  it('grant_validator_class, revoke_validator_class and the invite tools match REST', async () => {
    const user = await createUser(app.sql, { email: 'mcp-class@example.com', subject: 'test|mcp-class' });
    await addMember(app.sql, { orgId: app.orgA.id, userId: user.id, validator: true });
    const p = await project();
    const grant = await ok('grant_validator_class', {
      projectId: p,
      validatorId: user.id,
      classId: 'gpt',
      evidenceNote: 'Pre-rater',
    });
    expect(grant).toEqual({ id: expect.any(String), userId: user.id, classId: 'gpt', evidenceNote: 'Pre-rater' });
    await fails(
      'grant_validator_class',
      { projectId: p, validatorId: user.id, classId: 'wizard', evidenceNote: 'n' },
      'classNotInSpec',
    );
    expect(await ok('revoke_validator_class', { projectId: p, validatorId: user.id, classId: 'gpt' })).toEqual({
      revoked: true,
    });

    const invite = await ok('invite_validator', {
      projectId: p,
      email: 'Mcp.Invitee@example.com',
      classId: 'senior',
      evidenceNote: 'Expert',
      sendEmail: false,
    });
    expect(invite).toMatchObject({ email: 'mcp.invitee@example.com', status: 'pending', activeClassIds: ['senior'] });
    await fails('invite_validator', { projectId: p, email: 'x@example.com', classId: 'senior' }, 'requestBodyInvalid');
    await fails('invite_validator', { projectId: p, email: 'nope' }, 'requestBodyInvalid');
    const list = await ok('list_project_invites', { projectId: p, limit: 10 });
    expect(list).toEqual(
      (await call(app, 'listProjectInvites', { params: { projectId: p }, query: { limit: 10 } })).body,
    );
    expect(list.data.map((i: any) => i.id)).toEqual([invite.id]);
    expect(await ok('cancel_project_invite', { projectId: p, inviteId: invite.id })).toEqual({ cancelled: true });
    await fails('cancel_project_invite', { projectId: p, inviteId: invite.id }, 'inviteNotFound');

    const theirs = await project(app.orgB.originatorKey);
    await fails('invite_validator', { projectId: theirs, email: 'x@example.com' }, 'projectNotFound');
    await fails('list_project_invites', { projectId: theirs }, 'projectNotFound');
    await fails(
      'grant_validator_class',
      { projectId: theirs, validatorId: user.id, classId: 'senior', evidenceNote: 'n' },
      'projectNotFound',
    );
  });
});
