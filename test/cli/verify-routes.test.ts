// The two non-Node routes of docs/verifying.md run for real against a report from the service
// (real Postgres and S3): Python with `cryptography` + `rfc8785` (scripts/verify_report.py, from
// .venv/verify made by scripts/python-verify-venv.sh), and openssl + jq under a POSIX sh
// (scripts/verify_report.sh). Each must accept the genuine report and proof and reject each
// tampered variant naming the check that caught it. Missing tools skip, with the reason in the
// test title and on stderr, never silently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import { canonicalJson } from '../../src/domain/canonical-json.ts';
import { generateSigningKeyPem, loadSigningKey, signPayload } from '../../src/domain/signing.ts';

const works = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' }).status === 0;
const VENV_PYTHON = '.venv/verify/bin/python';
const venvReason = existsSync('.venv/verify-skip-reason') ? readFileSync('.venv/verify-skip-reason', 'utf8').trim() : null;
const python = [VENV_PYTHON, 'python3'].find((p) => (p.includes('/') ? existsSync(p) : true) && works(p, ['-c', 'import cryptography, rfc8785']));
const pythonSkip = python ? null : `no python3 with cryptography and rfc8785 (${venvReason ?? 'run scripts/python-verify-venv.sh'})`;
const missing = ['openssl', 'jq', 'od', 'awk'].filter((t) => !works('sh', ['-c', `command -v ${t}`]));
// The shell route needs `openssl pkeyutl -rawin` (OpenSSL 3) for Ed25519.
const rawin = missing.length === 0 && /-rawin/.test(spawnSync('openssl', ['pkeyutl', '-help'], { encoding: 'utf8' }).stderr ?? '');
const shellSkip = missing.length ? `missing ${missing.join(', ')}` : rawin ? null : 'openssl has no pkeyutl -rawin (needs OpenSSL 3)';
if (pythonSkip) console.warn(`SKIP Python verification route: ${pythonSkip}`);
if (shellSkip) console.warn(`SKIP shell verification route: ${shellSkip}`);

const dir = mkdtempSync(join(tmpdir(), 'assay-routes-'));
let app: TestApp;
const files: Record<string, string> = {};
const write = (name: string, value: unknown) => {
  files[name] = join(dir, name);
  writeFileSync(files[name], JSON.stringify(value));
};
const b64url = (s: string) => Buffer.from(s).toString('base64url');

beforeAll(async () => {
  const pem = generateSigningKeyPem();
  app = await startTestApp({ signingKey: pem });
  const projectId = await createProject(app);
  const ids = await addDatapoints(app.sql, projectId, 5);
  await finalize(app.sql, projectId, ids);
  const report = (await call(app, 'getProofReport', { params: { projectId } })).body;
  write('report.json', report);
  write('jwks.json', (await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body);
  const proof = (await call(app, 'getDatapointInclusionProof', { params: { projectId, datapointId: ids[4] } })).body;
  write('proof.json', proof);

  const [h, p, s] = report.jws.split('.');
  // One bit pattern of the signature changed.
  write('bad-signature.json', { ...report, jws: `${h}.${p}.${s[0] === 'A' ? 'B' : 'A'}${s.slice(1)}` });
  // Validly signed by the real key, so only the later checks can catch these.
  const key = await loadSigningKey(pem);
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  const resign = async (bytes: string) => ({ ...report, payload: undefined, jws: await signPayload(key, Buffer.from(bytes)) });
  write('bad-canonical.json', await resign(JSON.stringify(payload, null, 1)));
  const otherRoot = `sha256:${'0'.repeat(64)}`;
  write('bad-root.json', await resign(canonicalJson({ ...payload, attestationRoot: otherRoot })));
  expect(b64url(canonicalJson(payload))).toBe(p); // so the root variant is canonical and differs only in the root
  // The proof of datapoint 4 presented as datapoint 3's position.
  write('bad-proof.json', { ...proof, leafIndex: 3 });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (cmd: string, args: string[]): Promise<{ code: number; out: string; err: string }> =>
  new Promise((resolve) => {
    execFile(cmd, args, { encoding: 'utf8' }, (err, out, errText) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: out.trim(), err: errText.trim() }));
  });

const routes = [
  { name: 'Python route (cryptography + rfc8785)', skip: pythonSkip, cmd: () => [python!, 'scripts/verify_report.py'] },
  { name: 'shell route (sh + openssl + jq)', skip: shellSkip, cmd: () => ['sh', 'scripts/verify_report.sh'] },
];

for (const route of routes) {
  describe(route.skip ? `${route.name} — SKIPPED: ${route.skip}` : route.name, () => {
    const verify = (...args: string[]) => {
      const [cmd, ...pre] = route.cmd();
      return run(cmd, [...pre, ...args.map((a) => files[a])]);
    };

    it.skipIf(route.skip !== null)('accepts the genuine report and the inclusion proof', async () => {
      const ok = await verify('report.json', 'jwks.json', 'proof.json');
      expect(ok.code, ok.err).toBe(0);
      expect(ok.out).toMatch(/^OK PR-\d{4}-\d{4}-ORGA1-0001 signed by \S+; datapoint [0-9a-f-]{36} included$/);
    });

    it.skipIf(route.skip !== null)('rejects each tampered variant, naming the check', async () => {
      const cases: [string[], string][] = [
        [['bad-signature.json', 'jwks.json'], 'signature'],
        [['bad-canonical.json', 'jwks.json'], 'payload'],
        [['bad-root.json', 'jwks.json'], 'root'],
        [['report.json', 'jwks.json', 'bad-proof.json'], 'proof'],
      ];
      for (const [args, check] of cases) {
        const r = await verify(...args);
        expect([args[0], args[2], r.code, r.err]).toEqual([args[0], args[2], 1, expect.stringMatching(new RegExp(`^FAILED ${check}: `))]);
      }
    });
  });
}
