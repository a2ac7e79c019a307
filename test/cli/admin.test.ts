// The admin CLI as a user runs it: a child process on the project's Node, against a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { hashApiKey, KEY_PATTERN } from '../../src/admin/keys.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

function assay(args: string[], env: Record<string, string> = { DATABASE_URL: db.databaseUrl }) {
  const res = spawnSync('node', ['bin/assay.js', ...args], {
    env: { PATH: process.env.PATH!, ...env },
    encoding: 'utf8',
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr, json: () => JSON.parse(res.stdout) };
}

// Each step spawns the CLI (a Node process loading the TypeScript sources): seconds each on a
// loaded machine, so these tests get more than the default 30 s.
describe('assay admin', { timeout: 120_000 }, () => {
  it('creates an organization, a user, a membership and a key that authenticates', async () => {
    const org = assay(['admin', 'org', 'create', '--name', 'Acme', '--code', 'ACME']);
    expect(org.code).toBe(0);
    expect(org.json()).toMatchObject({ name: 'Acme', code: 'ACME' });
    expect(
      assay(['admin', 'user', 'create', '--subject', 'auth0|ada', '--email', 'Ada@Acme.Example']).json(),
    ).toMatchObject({ email: 'ada@acme.example' });
    expect(
      assay(['admin', 'member', 'add', '--org', 'ACME', '--user', 'ada@acme.example', '--originator']).json(),
    ).toEqual({ isOriginator: true, isValidator: false });
    expect(
      assay(['admin', 'member', 'add', '--org', 'ACME', '--user', 'ada@acme.example', '--validator']).json(),
    ).toEqual({ isOriginator: true, isValidator: true });
    const created = assay(['admin', 'key', 'create', '--org', 'ACME', '--user', 'ada@acme.example', '--name', 'ci']);
    expect(created.code).toBe(0);
    const { id, key } = created.json();
    expect(key).toMatch(KEY_PATTERN);
    expect(created.stderr).toContain('shown once');
    const [row] = await db.sql`select key_hash, key_last4 from api_keys where id = ${id}`;
    expect(Buffer.from(row.key_hash)).toEqual(hashApiKey(key));
    expect(row.key_last4).toBe(key.slice(-4));
    const listed = assay(['admin', 'key', 'list', '--org', 'ACME']).json();
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(assay(['admin', 'key', 'revoke', '--id', id]).json()).toEqual({ revoked: true });
    const [revoked] = await db.sql`select revoked_at from api_keys where id = ${id}`;
    expect(revoked.revoked_at).not.toBeNull();
  });

  it('offboards a person: clears the originator flag, removes the member, revokes their sessions', async () => {
    expect(assay(['admin', 'org', 'create', '--name', 'Offboard', '--code', 'OFFB']).code).toBe(0);
    assay(['admin', 'user', 'create', '--subject', 'auth0|bob', '--email', 'bob@offb.example']);
    assay(['admin', 'member', 'add', '--org', 'OFFB', '--user', 'bob@offb.example', '--originator', '--validator']);
    const { id: keyId } = assay(['admin', 'key', 'create', '--org', 'OFFB', '--user', 'bob@offb.example']).json();
    const [user] = await db.sql`select id from users where email = 'bob@offb.example'`;
    await db.sql`insert into validator_sessions (user_id, token_hash, expires_at)
      values (${user.id}, ${hashApiKey('session-of-bob')}, now() + interval '1 day')`;

    expect(
      assay(['admin', 'member', 'clear-originator', '--org', 'OFFB', '--user', 'bob@offb.example']).json(),
    ).toEqual({ isOriginator: false, isValidator: true });
    const removed = assay(['admin', 'member', 'remove', '--org', 'OFFB', '--user', 'bob@offb.example']);
    expect(removed.json()).toMatchObject({ removed: true, keysRevoked: 1 });
    const [key] = await db.sql`select revoked_at from api_keys where id = ${keyId}`;
    expect(key.revoked_at).not.toBeNull();
    expect(await db.sql`select 1 from memberships where user_id = ${user.id}`).toHaveLength(0);
    expect(assay(['admin', 'user', 'revoke-sessions', '--user', 'bob@offb.example']).json()).toEqual({
      sessionsRevoked: 1,
    });
    const [session] = await db.sql`select revoked_at from validator_sessions where user_id = ${user.id}`;
    expect(session.revoked_at).not.toBeNull();
    // Removing someone who is not a member says so.
    const again = assay(['admin', 'member', 'remove', '--org', 'OFFB', '--user', 'bob@offb.example']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not a member/);
  });

  it('explains mistakes in one line and exits non-zero', () => {
    const bad = assay(['admin', 'org', 'create', '--name', 'x', '--code', 'lower']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^assay: organization code must be/);
    const missing = assay(['admin', 'key', 'create', '--org', 'ACME']);
    expect(missing.stderr).toMatch(/--user is required/);
    const unknownOrg = assay(['admin', 'key', 'list', '--org', 'NOPE']);
    expect(unknownOrg.stderr).toMatch(/no organization NOPE/);
  });

  it('lists every missing configuration key before doing anything', () => {
    const res = assay(['serve'], {});
    expect(res.code).toBe(1);
    for (const key of [
      'DATABASE_URL',
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'PUBLIC_BASE_URL',
    ])
      expect(res.stderr).toContain(key);
    expect(assay(['worker'], {}).stderr).toContain('DATABASE_URL is required');
    expect(assay(['migrate'], {}).stderr).toContain('DATABASE_URL is required');
  });

  it('migrate is idempotent on an up-to-date database', () => {
    const res = assay(['migrate']);
    expect(res.code).toBe(0);
  });
});
