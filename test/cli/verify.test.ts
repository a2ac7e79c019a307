// `assay verify` against a real report from a running service: the untouched report passes, and
// each tampering names the check that failed, in one line, with a non-zero exit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import { generateSigningKeyPem, loadSigningKey, signPayload } from '../../src/domain/signing.ts';
import { canonicalJson } from '../../src/domain/canonical-json.ts';

const pem = generateSigningKeyPem();
const dir = mkdtempSync(join(tmpdir(), 'assay-verify-'));
let app: TestApp;
let report: any;
let jwks: any;
let proof: any;

beforeAll(async () => {
  app = await startTestApp({ worker: { taskSets: ['reports'] }, config: { signingKey: pem } });
  const projectId = await createProject(app);
  const ids = await addDatapoints(app.sql, projectId, 6);
  await finalize(app.sql, projectId, ids);
  report = (await call(app, 'getProofReport', { params: { projectId } })).body;
  proof = (await call(app, 'getDatapointInclusionProof', { params: { projectId, datapointId: ids[3] } })).body;
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

// Asynchronous: the service under test runs in this process and must keep answering (JWKS by URL).
function verify(
  r: unknown,
  k: unknown,
  p?: unknown,
  jwksArg?: string,
): Promise<{ code: number; out: string; err: string }> {
  const args = ['bin/assay.js', 'verify', file(r), '--jwks', jwksArg ?? file(k)];
  if (p !== undefined) args.push('--proof', file(p));
  return new Promise((resolve) => {
    execFile('node', args, { env: { PATH: process.env.PATH! }, encoding: 'utf8' }, (err, out, errText) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errText });
    });
  });
}

/** Flips one character of a base64url segment to another valid one. */
const flip = (s: string, at: number): string => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
const segments = () => report.jws.split('.') as [string, string, string];
const expectFailure = async (pending: ReturnType<typeof verify>, check: string) => {
  const res = await pending;
  expect(res.code, res.out + res.err).not.toBe(0);
  expect(res.err.trim().split('\n')).toHaveLength(1);
  expect(res.err).toMatch(new RegExp(`^assay verify: FAILED ${check}: `));
};

// Each step spawns the CLI (a Node process loading the TypeScript sources): seconds each on a
// loaded machine, so these tests get more than the default 30 s.
describe('assay verify', { timeout: 120_000 }, () => {
  it('accepts the untouched report with its proof, from a JWKS file or URL', async () => {
    const ok = await verify(report, jwks, proof);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain(`OK ${report.reportId}`);
    expect(ok.out).toContain(`included at ${proof.leafIndex} of 6`);
    expect((await verify(report, null, undefined, `${app.url}/.well-known/jwks.json`)).code).toBe(0);
  });

  it('fails on one changed byte of the signed payload', async () => {
    const [h, p, s] = segments();
    await expectFailure(verify({ ...report, jws: `${h}.${flip(p, 40)}.${s}` }, jwks), 'signature');
  });

  it('fails on one changed byte of the signature', async () => {
    const [h, p, s] = segments();
    await expectFailure(verify({ ...report, jws: `${h}.${p}.${flip(s, 10)}` }, jwks), 'signature');
  });

  it('fails when the unsigned copy of the payload was edited', async () => {
    await expectFailure(
      verify(
        { ...report, payload: { ...report.payload, qualityRating: (report.payload.qualityRating + 1) % 100 } },
        jwks,
      ),
      'payload',
    );
  });

  it('fails on one changed byte of a leaf', async () => {
    const leaf = proof.leaf.replace(
      /"consensusStrength":"(\d)/,
      (_m: string, d: string) => `"consensusStrength":"${(Number(d) + 1) % 10}`,
    );
    expect(leaf).not.toBe(proof.leaf);
    await expectFailure(verify(report, jwks, { ...proof, leaf }), 'proof');
    await expectFailure(verify(report, jwks, { ...proof, auditPath: [...proof.auditPath.slice(1)] }), 'proof');
  });

  it('fails on one changed byte of the JWKS key', async () => {
    const keys = jwks.keys.map((k: any) => ({ ...k, x: flip(k.x, 5) }));
    await expectFailure(verify(report, { keys }), 'signature');
  });

  it('fails on a JWKS without the kid', async () => {
    await expectFailure(verify(report, { keys: jwks.keys.map(({ kid: _kid, ...k }: any) => k) }), 'kid');
    await expectFailure(verify(report, { keys: [] }), 'kid');
  });

  it('fails on a truncated JWS', async () => {
    const [h, p] = segments();
    await expectFailure(verify({ ...report, jws: `${h}.${p}` }, jwks), 'jws');
    await expectFailure(verify({ ...report, jws: report.jws.slice(0, -1) }, jwks), 'signature');
  });

  it('fails on a correctly signed payload that is not canonical (extra whitespace)', async () => {
    const key = await loadSigningKey(pem);
    const spaced = JSON.stringify(report.payload, null, 1);
    const jws = await signPayload(key, Buffer.from(spaced));
    await expectFailure(verify({ ...report, jws }, jwks), 'payload');
  });

  it('fails when the signed root does not follow from the digests', async () => {
    const key = await loadSigningKey(pem);
    const payload = {
      ...report.payload,
      digests: { ...report.payload.digests, manifestLeaves: 7, manifest: `sha256:${'0'.repeat(64)}` },
    };
    const jws = await signPayload(key, Buffer.from(canonicalJson(payload)));
    await expectFailure(verify({ ...report, payload, jws }, jwks), 'root');
  });
});
