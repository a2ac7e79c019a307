// The two non-Node routes of docs/verifying.md run for real against a report from the service
// (real Postgres and S3): Python with `cryptography` + `rfc8785` (verify/verify_report.py, from
// .venv/verify made by scripts/python-verify-venv.sh), and openssl + jq under a POSIX sh
// (verify/verify_report.sh). Each must accept the genuine report and proof and reject each
// tampered variant naming the check that caught it. Missing tools skip, with the reason in the
// test title and on stderr, never silently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import { DSSE_COMMAND, LINK_COMMANDS } from '../helpers/verify-commands.ts';
import { canonicalJson } from '../../src/domain/canonical-json.ts';
import { generateSigningKeyPem, loadSigningKey, signPayload } from '../../src/domain/signing.ts';

const works = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' }).status === 0;
const VENV_PYTHON = '.venv/verify/bin/python';
const venvReason = existsSync('.venv/verify-skip-reason')
  ? readFileSync('.venv/verify-skip-reason', 'utf8').trim()
  : null;
const python = [VENV_PYTHON, 'python3'].find(
  (p) => (p.includes('/') ? existsSync(p) : true) && works(p, ['-c', 'import cryptography, rfc8785']),
);
const pythonSkip = python
  ? null
  : `no python3 with cryptography and rfc8785 (${venvReason ?? 'run scripts/python-verify-venv.sh'})`;
const missing = ['openssl', 'jq', 'od', 'awk'].filter((t) => !works('sh', ['-c', `command -v ${t}`]));
// The shell route needs `openssl pkeyutl -rawin` (OpenSSL 3) for Ed25519.
const rawin =
  missing.length === 0 && /-rawin/.test(spawnSync('openssl', ['pkeyutl', '-help'], { encoding: 'utf8' }).stderr ?? '');
const shellSkip = missing.length
  ? `missing ${missing.join(', ')}`
  : rawin
    ? null
    : 'openssl has no pkeyutl -rawin (needs OpenSSL 3)';
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
  app = await startTestApp({ worker: { taskSets: ['reports'] }, config: { signingKey: pem } });
  const projectId = await createProject(app);
  const ids = await addDatapoints(app.sql, projectId, 5);
  await finalize(app.sql, projectId, ids);
  const report = (await call(app, 'getProofReport', { params: { projectId } })).body;
  write('report.json', report);
  const jwks = (await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body;
  write('jwks.json', jwks);
  // The key's validity window against the report's issuedAt (every route checks it).
  const issued = Math.floor(
    Date.parse(
      report.payload?.issuedAt ?? JSON.parse(Buffer.from(report.jws.split('.')[1], 'base64url').toString()).issuedAt,
    ) / 1000,
  );
  const withKey = (change: (k: Record<string, unknown>) => Record<string, unknown>) => ({
    keys: jwks.keys.map((k: Record<string, unknown>) => (k.kid === report.signingKeyId ? change(k) : k)),
  });
  write(
    'jwks-activated-later.json',
    withKey((k) => ({ ...k, nbf: issued + 1 })),
  );
  write(
    'jwks-retired-before.json',
    withKey((k) => ({ ...k, exp: issued })),
  );
  write(
    'jwks-compromised.json',
    withKey((k) => ({ ...k, exp: issued + 3600, revoked: { revoked_at: issued + 60, reason: 'compromised' } })),
  );
  write(
    'jwks-no-window.json',
    withKey(({ nbf: _, ...k }) => k),
  );
  write(
    'jwks-retired-after.json',
    withKey((k) => ({ ...k, exp: issued + 2 })),
  );
  const proof = (await call(app, 'getDatapointInclusionProof', { params: { projectId, datapointId: ids[4] } })).body;
  write('proof.json', proof);

  const [h, p, s] = report.jws.split('.');
  // One bit pattern of the signature changed.
  write('bad-signature.json', { ...report, jws: `${h}.${p}.${s[0] === 'A' ? 'B' : 'A'}${s.slice(1)}` });
  // Validly signed by the real key, so only the later checks can catch these.
  const key = await loadSigningKey(pem);
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  // Only `jws`: the top-level copies of the genuine report would be caught by another check.
  const resign = async (bytes: string) => ({ jws: await signPayload(key, Buffer.from(bytes)) });
  write('bad-canonical.json', await resign(JSON.stringify(payload, null, 1)));
  const otherRoot = `sha256:${'0'.repeat(64)}`;
  write('bad-root.json', await resign(canonicalJson({ ...payload, attestationRoot: otherRoot })));
  expect(b64url(canonicalJson(payload))).toBe(p); // so the root variant is canonical and differs only in the root
  write('bad-copy.json', { ...report, qualityRating: (report.qualityRating + 1) % 100 });
  // The proof of datapoint 4 presented as datapoint 3's position.
  write('bad-proof.json', { ...proof, leafIndex: 3 });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (cmd: string, args: string[]): Promise<{ code: number; out: string; err: string }> =>
  new Promise((resolve) => {
    execFile(cmd, args, { encoding: 'utf8' }, (err, out, errText) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: out.trim(), err: errText.trim() }),
    );
  });

// The commands docs/verifying.md shows, verbatim; the routes below run exactly these with the
// three file names replaced (and `--proof proof.json` / `proof.json` dropped when there is none).
const DOC_COMMANDS = {
  assay: 'node bin/assay.js verify report.json --jwks jwks.json --proof proof.json',
  shell: 'sh verify/verify_report.sh report.json jwks.json proof.json',
  python: '.venv/verify/bin/python verify/verify_report.py report.json jwks.json proof.json',
};
// Run by `make test` before the tests (it makes the interpreter the Python route uses).
const VENV_COMMAND = 'bash scripts/python-verify-venv.sh';

function argv(template: string, report: string, proof: string | null, jwks = 'jwks.json'): string[] {
  const words = template.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (proof === null && (w === 'proof.json' || (w === '--proof' && words[i + 1] === 'proof.json'))) continue;
    out.push(
      w === 'report.json' ? files[report] : w === 'jwks.json' ? files[jwks] : w === 'proof.json' ? files[proof!] : w,
    );
  }
  return out;
}

const routes = [
  {
    name: 'assay verify',
    skip: null,
    template: DOC_COMMANDS.assay,
    ok: new RegExp(
      String.raw`^assay verify: OK PR-\d{4}-\d{4}-ORGA1-0001 signed by \S+, attestationRoot sha256:[0-9a-f]{64}; ` +
        String.raw`datapoint [0-9a-f-]{36} included at 4 of 5 with no votes committed \(its figures cannot be ` +
        String.raw`recomputed\); checkpoint \S+/projects/[0-9a-f-]{36} at 5$`,
    ),
  },
  // When only the system python3 has the packages, it stands in for the venv's interpreter.
  {
    name: 'Python route (cryptography + rfc8785)',
    skip: pythonSkip,
    template: DOC_COMMANDS.python.replace(VENV_PYTHON, python ?? VENV_PYTHON),
    ok: new RegExp(
      String.raw`^OK PR-\d{4}-\d{4}-ORGA1-0001 signed by \S+; datapoint [0-9a-f-]{36} included with no votes ` +
        String.raw`committed \(its figures cannot be recomputed\); ` +
        String.raw`checkpoint \S+/projects/[0-9a-f-]{36} at 5$`,
    ),
  },
  {
    name: 'shell route (sh + openssl + jq)',
    skip: shellSkip,
    template: DOC_COMMANDS.shell,
    ok: /^OK PR-\d{4}-\d{4}-ORGA1-0001 signed by \S+; datapoint [0-9a-f-]{36} included$/,
  },
];

for (const route of routes) {
  describe(route.skip ? `${route.name} — SKIPPED: ${route.skip}` : route.name, () => {
    const verify = (report: string, proof: string | null, jwks?: string) => {
      const [cmd, ...args] = argv(route.template, report, proof, jwks);
      return run(cmd, args);
    };

    it.skipIf(route.skip !== null)('accepts the genuine report and the inclusion proof', async () => {
      const ok = await verify('report.json', 'proof.json');
      expect(ok.code, ok.err).toBe(0);
      expect(ok.out).toMatch(route.ok);
    });

    it.skipIf(route.skip !== null)(
      'rejects each tampered variant, naming the check',
      async () => {
        const cases: [string, string | null, string][] = [
          ['bad-signature.json', null, 'signature'],
          ['bad-canonical.json', null, 'payload'],
          ['bad-root.json', null, 'root'],
          ['report.json', 'bad-proof.json', 'proof'],
          ['bad-copy.json', null, 'payload'],
        ];
        // One after another, not in parallel: five Node starts at once slow the other test files'
        // child processes on a shared machine; the longer timeout covers a loaded machine instead.
        for (const [report, proof, check] of cases) {
          const r = await verify(report, proof);
          expect([report, proof, r.code !== 0, r.err]).toEqual([
            report,
            proof,
            true,
            expect.stringMatching(new RegExp(`^(assay verify: )?FAILED ${check}: `)),
          ]);
        }
      },
      120_000,
    );

    it.skipIf(route.skip !== null)(
      "checks the key's validity window against issuedAt, and refuses a compromised key",
      async () => {
        for (const jwks of [
          'jwks-activated-later.json',
          'jwks-retired-before.json',
          'jwks-compromised.json',
          'jwks-no-window.json',
        ]) {
          const r = await verify('report.json', null, jwks);
          expect([jwks, r.code !== 0, r.err]).toEqual([
            jwks,
            true,
            expect.stringMatching(/^(assay verify: )?FAILED key: /),
          ]);
        }
        // Retired after the report was issued: the report still verifies.
        const ok = await verify('report.json', null, 'jwks-retired-after.json');
        expect(ok.code, ok.err).toBe(0);
      },
      120_000,
    );
  });
}

// docs/verifying.md may only show what is tested: its commands are the ones above, and every
// code excerpt is a verbatim piece of the script it quotes.
describe('docs/verifying.md', () => {
  const doc = readFileSync('docs/verifying.md', 'utf8');
  const blocks = [...doc.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], text: m[2] }));

  it('shows exactly the commands this test runs', () => {
    const shown = blocks.filter((b) => b.lang === 'console').flatMap((b) => b.text.split('\n').filter(Boolean));
    expect(shown.every((l) => l.startsWith('$ '))).toBe(true);
    expect(shown.map((l) => l.slice(2)).sort()).toEqual(
      [...Object.values(DOC_COMMANDS), ...Object.values(LINK_COMMANDS), DSSE_COMMAND, VENV_COMMAND].sort(),
    );
  });

  it('quotes the scripts verbatim', () => {
    const sources: Record<string, string> = {
      sh: readFileSync('verify/verify_report.sh', 'utf8'),
      python: readFileSync('verify/verify_report.py', 'utf8'),
    };
    const excerpts = blocks.filter((b) => b.lang === 'sh' || b.lang === 'python');
    expect(excerpts.length).toBeGreaterThanOrEqual(8);
    for (const b of excerpts)
      expect(sources[b.lang].includes(b.text), `not in the ${b.lang} script:\n${b.text}`).toBe(true);
  });
});
