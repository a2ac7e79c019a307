// `assay admin signing-key ...` as an operator runs it: the private key goes once to the named
// file and nowhere else; the lifecycle pending -> active -> retired drives the published JWKS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { generateSigningKeyPem, loadSigningKey } from '../../src/domain/signing.ts';
import { publishedJwks, registerConfiguredKey } from '../../src/admin/signing-keys.ts';

let db: TestDatabase;
const dir = mkdtempSync(join(tmpdir(), 'assay-keys-'));
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

function assay(args: string[]) {
  const res = spawnSync('node', ['bin/assay.js', ...args], {
    env: { PATH: process.env.PATH!, DATABASE_URL: db.databaseUrl },
    encoding: 'utf8',
  });
  const json = () => {
    // A run that printed no JSON says why in the failure, not as "Unexpected end of JSON input".
    try {
      return JSON.parse(res.stdout);
    } catch {
      throw new Error(
        `assay ${args.join(' ')} exited ` +
          `${res.status} (signal ${res.signal}) without JSON; stdout: ` +
          `${JSON.stringify(res.stdout)}; stderr: ${res.stderr}; error: ${res.error}`,
      );
    }
  };
  return { code: res.status, stdout: res.stdout, stderr: res.stderr, json };
}

// Each step spawns the CLI (a Node process loading the TypeScript sources): seconds each on a
// loaded machine, so these tests get more than the default 30 s.
describe('assay admin signing-key', { timeout: 120_000 }, () => {
  it('generates to a 0600 file, never prints the private key, and walks pending -> active -> retired', async () => {
    const out = join(dir, 'k1.pem');
    const gen = assay(['admin', 'signing-key', 'generate', '--out', out]);
    expect(gen.code, gen.stderr).toBe(0);
    const pem = readFileSync(out, 'utf8');
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const body = pem.split('\n')[1];
    expect(gen.stdout + gen.stderr).not.toContain(body);
    expect(gen.stdout + gen.stderr).not.toContain('PRIVATE KEY');
    const { kid, status } = gen.json();
    expect(kid).toBe((await loadSigningKey(pem)).kid);
    expect(status).toBe('pending');
    const [row] = await db.sql`select * from signing_keys where kid = ${kid}`;
    expect(JSON.stringify(row)).not.toContain(body);
    expect((await publishedJwks(db.sql)).keys).toEqual([]);

    expect(assay(['admin', 'signing-key', 'activate', '--kid', kid]).json()).toMatchObject({ kid, status: 'active' });
    expect((await publishedJwks(db.sql)).keys.map((k) => k.kid)).toEqual([kid]);
    expect(assay(['admin', 'signing-key', 'retire', '--kid', kid]).json()).toMatchObject({
      kid,
      status: 'retired',
      retiredAt: expect.any(String),
    });
    // Retired keys stay published so old reports verify.
    expect((await publishedJwks(db.sql)).keys.map((k) => k.kid)).toEqual([kid]);
    const again = assay(['admin', 'signing-key', 'activate', '--kid', kid]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^assay: signing key .* is retired/);
    expect(assay(['admin', 'signing-key', 'list']).json()).toEqual([
      expect.objectContaining({ kid, status: 'retired' }),
    ]);
  });

  it('takes a key id starting with a dash (one key in 64) as the value of --kid', async () => {
    // Before: parseArgs refused `--kid -...` as ambiguous, and the activate of such a key failed.
    const dashed = assay(['admin', 'signing-key', 'activate', '--kid', '-NoSuchKid']);
    expect(dashed.code).toBe(1);
    expect(dashed.stderr).toMatch(/^assay: no signing key -NoSuchKid/);
    // A real key whose id starts with a dash: about 64 tries.
    let pem = '';
    let kid = '';
    for (let i = 0; i < 5000 && !kid.startsWith('-'); i++) {
      pem = generateSigningKeyPem();
      kid = (await loadSigningKey(pem)).kid;
    }
    expect(kid.startsWith('-')).toBe(true);
    const file = join(dir, 'dashed.pem');
    writeFileSync(file, pem, { mode: 0o600 });
    expect(assay(['admin', 'signing-key', 'activate', '--key', file]).json()).toMatchObject({ kid, status: 'active' });
    expect(assay(['admin', 'signing-key', 'retire', '--kid', kid]).json()).toMatchObject({ kid, status: 'retired' });
    // A forgotten value is still refused, not taken from the next option.
    const forgotten = assay(['admin', 'signing-key', 'activate', '--kid', '--key', 'x.pem']);
    expect(forgotten.code).toBe(1);
    expect(forgotten.stderr).toMatch(/--kid/);
  });

  it('refuses to overwrite a key file and activates a key given as a PEM file', async () => {
    const existing = join(dir, 'exists.pem');
    writeFileSync(existing, 'keep me');
    const clobber = assay(['admin', 'signing-key', 'generate', '--out', existing]);
    expect(clobber.code).toBe(1);
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
    const file = join(dir, 'k2.pem');
    writeFileSync(file, generateSigningKeyPem(), { mode: 0o600 });
    const activated = assay(['admin', 'signing-key', 'activate', '--key', file]);
    expect(activated.json()).toMatchObject({
      kid: (await loadSigningKey(readFileSync(file, 'utf8'))).kid,
      status: 'active',
    });
    expect(assay(['admin', 'signing-key', 'activate']).stderr).toMatch(/--kid or --key is required/);
  });

  it('publishes the validity window, and marks a compromised key revoked and retired (it signs no more)', async () => {
    const key = await loadSigningKey(generateSigningKeyPem());
    expect(await registerConfiguredKey(db.sql, key)).toBe('active');
    const [{ activated }] =
      await db.sql`select extract(epoch from activated_at)::float8 as activated from signing_keys where kid =
        ${key.kid}`;
    const published = () => publishedJwks(db.sql).then((j) => j.keys.find((k) => k.kid === key.kid)!);
    expect(await published()).toMatchObject({ kid: key.kid, nbf: Math.floor(activated) });
    expect((await published()).exp).toBeUndefined();
    const marked = assay(['admin', 'signing-key', 'compromised', '--kid', key.kid]);
    expect(marked.json()).toMatchObject({ kid: key.kid, status: 'retired', retiredAt: expect.any(String) });
    const jwk = await published();
    expect(jwk.exp).toBeGreaterThanOrEqual(jwk.nbf);
    expect(jwk.revoked).toEqual({ revoked_at: expect.any(Number), reason: 'compromised' });
    expect(await registerConfiguredKey(db.sql, key)).toBe('retired');
    expect(assay(['admin', 'signing-key', 'compromised', '--kid', 'nope']).code).toBe(1);
  });

  it('registers SIGNING_KEY at start as active, but leaves a retired key retired', async () => {
    const key = await loadSigningKey(generateSigningKeyPem());
    expect(await registerConfiguredKey(db.sql, key)).toBe('active');
    expect(await registerConfiguredKey(db.sql, key)).toBe('active');
    await db.sql`update signing_keys set status = 'retired', retired_at = now() where kid = ${key.kid}`;
    expect(await registerConfiguredKey(db.sql, key)).toBe('retired');
  });
});
