// `assay verify --consistency OLD NEW` and the checkpoint check of `assay verify`, against
// reports of a real service: a later report of the same project passes; reordered reports, a
// report of another project, a truncated or bit-flipped proof, and a changed checkpoint each
// fail naming their check, with exit code 2.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';

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

function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile('node', ['bin/assay.js', 'verify', ...args], { env: { PATH: process.env.PATH! } }, (err, out, errText) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: String(out), err: String(errText) }),
    );
  });
}
const consistency = (a: unknown, b: unknown, p: unknown = proof) =>
  run(['--consistency', file(a), file(b), '--jwks', file(jwks), '--proof', file(p)]);
const failsWith = async (pending: ReturnType<typeof run>, check: string) => {
  const res = await pending;
  expect(res.code, res.out + res.err).toBe(2);
  expect(res.err).toMatch(new RegExp(`^assay verify: FAILED ${check}: `));
};

it('passes for a later report of the same project', async () => {
  const res = await consistency(older, newer);
  expect(res.err).toBe('');
  expect(res.code).toBe(0);
  expect(res.out).toBe(
    `assay verify: OK ${newer.reportId} extends ${older.reportId}: manifest 5 -> 12, results 5 -> 12\n`,
  );
});

it('fails for reordered reports', async () => {
  await failsWith(consistency(newer, older), 'order');
});

it('fails between two projects, even with sizes that fit', async () => {
  await failsWith(consistency(otherProject, newer), 'project');
  // The other project's report relabelled as this one's is no longer signed.
  await failsWith(consistency({ ...otherProject, payload: undefined, reportId: older.reportId }, newer), 'payload');
});

it('fails with a truncated, extended or bit-flipped proof, or a proof of other reports', async () => {
  const results = proof.results.proof as string[];
  expect(results.length).toBeGreaterThan(1);
  await failsWith(
    consistency(older, newer, { ...proof, results: { ...proof.results, proof: results.slice(0, -1) } }),
    'consistency',
  );
  await failsWith(
    consistency(older, newer, { ...proof, results: { ...proof.results, proof: [...results, results[0]] } }),
    'consistency',
  );
  const flipped = results.map((h, i) => (i === 0 ? (h[0] === '0' ? '1' : '0') + h.slice(1) : h));
  await failsWith(
    consistency(older, newer, { ...proof, results: { ...proof.results, proof: flipped } }),
    'consistency',
  );
  const manifest = proof.manifest.proof as string[];
  await failsWith(
    consistency(older, newer, { ...proof, manifest: { ...proof.manifest, proof: manifest.slice(1) } }),
    'consistency',
  );
  await failsWith(consistency(older, newer, { ...proof, from: { reportId: newer.reportId } }), 'consistency');
});

it('checks the report checkpoint; a changed one fails', async () => {
  expect(typeof newer.checkpoint).toBe('string');
  const ok = await run([file(newer), '--jwks', file(jwks)]);
  expect(ok.code).toBe(0);
  expect(ok.out).toContain(`checkpoint ${newer.checkpoint.split('\n')[0]} at 12`);
  const lines = newer.checkpoint.split('\n');
  lines[1] = '13';
  await failsWith(run([file({ ...newer, checkpoint: lines.join('\n') }), '--jwks', file(jwks)]), 'checkpoint');
  await failsWith(run([file({ ...newer, checkpoint: older.checkpoint }), '--jwks', file(jwks)]), 'checkpoint');
});
