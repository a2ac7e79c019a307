// Linking two reports (`assay verify --consistency OLD NEW` and the Python script's
// `--consistency`, the commands docs/verifying.md shows) and the checkpoint check of a single
// report, against reports of a real service: a later report of the same project passes;
// reordered reports, a report of another project, a truncated, extended or bit-flipped proof,
// and a changed checkpoint each fail naming their check. The Python route skips, saying why,
// without python3 and its two packages (scripts/python-verify-venv.sh).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import { LINK_COMMANDS } from '../helpers/verify-commands.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';

const VENV_PYTHON = '.venv/verify/bin/python';
const python = [VENV_PYTHON, 'python3'].find(
  (p) =>
    (p.includes('/') ? existsSync(p) : true) &&
    spawnSync(p, ['-c', 'import cryptography, rfc8785'], { encoding: 'utf8' }).status === 0,
);
if (!python) console.warn('SKIP Python consistency route: no python3 with cryptography and rfc8785');

const dir = mkdtempSync(join(tmpdir(), 'assay-verify-consistency-'));
let app: TestApp;
let older: any;
let newer: any;
let otherProject: any;
let proof: any;
let jwks: any;

async function grown(projectId: string, n: number): Promise<any> {
  const ids = await addDatapoints(app.sql, projectId, n, (i) => ({ id: `${projectId}-${Date.now()}-${i}` }));
  await finalize(app.sql, projectId, ids);
  const res = await call(app, 'getProofReport', { params: { projectId } });
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  app = await startTestApp({ worker: { taskSets: ['reports'] }, config: { signingKey: generateSigningKeyPem() } });
  const projectId = await createProject(app);
  older = await grown(projectId, 5);
  newer = await grown(projectId, 7);
  proof = (await call(app, 'getProofReportConsistency', { params: { projectId }, query: { from: older.reportId } }))
    .body;
  otherProject = await grown(await createProject(app), 5);
  jwks = (await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body;
});
afterAll(async () => {
  await app?.close();
});

let n = 0;
const file = (value: unknown): string => {
  const path = join(dir, `f${++n}.json`);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};

function run(cmd: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(cmd[0], cmd.slice(1), { env: { PATH: process.env.PATH! } }, (err, out, errText) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: String(out), err: String(errText) }),
    );
  });
}

const routes = [
  {
    name: 'assay verify',
    skip: false,
    template: LINK_COMMANDS.assay,
    single: (report: string, jwksFile: string) => ['node', 'bin/assay.js', 'verify', report, '--jwks', jwksFile],
    ok: 'assay verify: OK ',
    failed: 'assay verify: FAILED ',
    code: 2,
  },
  {
    name: 'Python script',
    skip: !python,
    template: LINK_COMMANDS.python.replace(VENV_PYTHON, python ?? VENV_PYTHON),
    single: (report: string, jwksFile: string) => [python!, 'verify/verify_report.py', report, jwksFile],
    ok: 'OK ',
    failed: 'FAILED ',
    code: 1,
  },
];

for (const route of routes) {
  describe.skipIf(route.skip)(route.name, () => {
    const link = (a: unknown, b: unknown, p: unknown = proof) => {
      const names: Record<string, string> = {
        'old.json': file(a),
        'new.json': file(b),
        'jwks.json': file(jwks),
        'consistency.json': file(p),
      };
      return run(route.template.split(' ').map((w) => names[w] ?? w));
    };
    const failsWith = async (pending: ReturnType<typeof run>, check: string) => {
      const res = await pending;
      expect(res.code, res.out + res.err).toBe(route.code);
      expect(res.err.startsWith(`${route.failed}${check}: `), res.err).toBe(true);
    };

    it('passes for a later report of the same project', async () => {
      const res = await link(older, newer);
      expect(res.err).toBe('');
      expect(res.code).toBe(0);
      expect(res.out.startsWith(`${route.ok}${newer.reportId} extends ${older.reportId}`)).toBe(true);
    });

    it('fails for reordered reports', async () => {
      await failsWith(link(newer, older), 'order');
    });

    it('fails between two projects, even with sizes that fit', async () => {
      await failsWith(link(otherProject, newer), 'project');
      // The other project's report relabelled as this one's is no longer signed.
      await failsWith(link({ ...otherProject, payload: undefined, reportId: older.reportId }, newer), 'payload');
    });

    it('fails with a truncated, extended or bit-flipped proof, or a proof of other reports', async () => {
      const results = proof.results.proof as string[];
      expect(results.length).toBeGreaterThan(1);
      const withResults = (p: string[]) => ({ ...proof, results: { ...proof.results, proof: p } });
      await failsWith(link(older, newer, withResults(results.slice(0, -1))), 'consistency');
      await failsWith(link(older, newer, withResults([...results, results[0]])), 'consistency');
      const flipped = results.map((h, i) => (i === 0 ? (h[0] === '0' ? '1' : '0') + h.slice(1) : h));
      await failsWith(link(older, newer, withResults(flipped)), 'consistency');
      const manifest = proof.manifest.proof as string[];
      await failsWith(
        link(older, newer, { ...proof, manifest: { ...proof.manifest, proof: manifest.slice(1) } }),
        'consistency',
      );
      await failsWith(link(older, newer, { ...proof, from: { reportId: newer.reportId } }), 'consistency');
    });

    it("checks a report's checkpoint; a changed one fails", async () => {
      expect(typeof newer.checkpoint).toBe('string');
      const ok = await run(route.single(file(newer), file(jwks)));
      expect(ok.code, ok.err).toBe(0);
      expect(ok.out).toContain(`checkpoint ${newer.checkpoint.split('\n')[0]} at 12`);
      const lines = newer.checkpoint.split('\n');
      lines[1] = '13';
      await failsWith(run(route.single(file({ ...newer, checkpoint: lines.join('\n') }), file(jwks))), 'checkpoint');
      await failsWith(run(route.single(file({ ...newer, checkpoint: older.checkpoint }), file(jwks))), 'checkpoint');
    });
  });
}
