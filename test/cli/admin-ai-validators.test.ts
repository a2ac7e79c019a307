// The admin CLI's AI validator commands as an operator runs them (a child process on the
// project's Node) against the database of a running test server: the key it prints works on the
// validator API, is listed without itself, and stops working once revoked.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

function assay(args: string[]) {
  const res = spawnSync('node', ['bin/assay.js', 'admin', ...args], {
    env: { PATH: process.env.PATH!, DATABASE_URL: app.databaseUrl },
    encoding: 'utf8',
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr, json: () => JSON.parse(res.stdout) };
}

// Each step spawns the CLI (a Node process loading the TypeScript sources): seconds each on a
// loaded machine.
describe('assay admin ai-validator / ai-key', { timeout: 180_000 }, () => {
  it('creates an AI validator whose key works, lists keys without them, and revokes one', async () => {
    const projectId = await fx.project(app);
    const org = app.orgA.code;
    const created = assay([
      'ai-validator',
      'create',
      '--org',
      org,
      '--name',
      'CLI judge',
      '--project',
      `${projectId}:gpt`,
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain('shown once');
    const { validatorId, keyId, key } = created.json();
    expect(key).toMatch(/^assay_ai_[A-Za-z0-9_-]{43}$/);
    expect((await call(app, 'listMyProjects', { key })).body.data).toEqual([
      expect.objectContaining({ projectId, classId: 'gpt' }),
    ]);

    const second = assay(['ai-key', 'create', '--org', org, '--validator-id', validatorId, '--name', 'spare']);
    expect(second.code, second.stderr).toBe(0);
    const listed = assay(['ai-key', 'list', '--org', org, '--validator-id', validatorId]);
    expect(
      listed
        .json()
        .map((k: { id: string }) => k.id)
        .sort(),
    ).toEqual([keyId, second.json().id].sort());
    expect(listed.stdout).not.toContain(key);

    expect(assay(['ai-key', 'revoke', '--org', org, '--validator-id', validatorId, '--id', keyId]).json()).toEqual({
      revoked: true,
    });
    expect((await call(app, 'listMyProjects', { key })).body.error.code).toBe('ai_validator_key_invalid');
    expect((await call(app, 'listMyProjects', { key: second.json().key })).status).toBe(200);
  });

  it('explains mistakes in one line: a human class, another organization, a malformed --project', async () => {
    const projectId = await fx.project(app);
    const human = assay([
      'ai-validator',
      'create',
      '--org',
      app.orgA.code,
      '--name',
      'x',
      '--project',
      `${projectId}:senior`,
    ]);
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(/^assay: An AI validator holds an AI class/);
    const foreign = assay([
      'ai-validator',
      'create',
      '--org',
      app.orgB.code,
      '--name',
      'x',
      '--project',
      `${projectId}:gpt`,
    ]);
    expect(foreign.stderr).toMatch(/^assay: No project .* in this organization/);
    expect(
      assay(['ai-validator', 'create', '--org', app.orgA.code, '--name', 'x', '--project', projectId]).stderr,
    ).toMatch(/--project takes PROJECT_ID:CLASS_ID/);
  });
});
