// The two standard exports through the real service and bucket: the in-toto Statement in its
// DSSE envelope verifies with the JWKS key over the DSSE pre-authentication encoding, names every
// datapoint with the SHA-256 the manifest commits and carries the signed payload as predicate;
// tampering with it fails. The Croissant metadata carries the RAI fields and the manifest's
// sha256 per file, and `mlcroissant validate` accepts it (its pinned venv made by
// scripts/python-croissant-venv.sh; without it the check skips saying why, and fails under CI).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createPublicKey, verify } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import * as fx from '../helpers/fixtures.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';
import { dssePae } from '../../src/domain/standard-exports.ts';
import { DSSE_COMMAND } from '../helpers/verify-commands.ts';
import { spawnSync } from 'node:child_process';

const VENV_PYTHON = '.venv/verify/bin/python';
const python = [VENV_PYTHON, 'python3'].find(
  (p) =>
    (p.includes('/') ? existsSync(p) : true) &&
    spawnSync(p, ['-c', 'import cryptography, rfc8785'], { encoding: 'utf8' }).status === 0,
);

const MLCROISSANT = '.venv/croissant/bin/mlcroissant';
const croissantSkip = existsSync(MLCROISSANT)
  ? null
  : existsSync('.venv/croissant-skip-reason')
    ? readFileSync('.venv/croissant-skip-reason', 'utf8').trim()
    : 'run scripts/python-croissant-venv.sh';
if (croissantSkip) {
  if (process.env.CI === 'true') throw new Error(`mlcroissant is required under CI: ${croissantSkip}`);
  console.warn(`SKIP mlcroissant validate: ${croissantSkip}`);
}

let app: TestApp;
let complete: string;
let partial: string;
let jwks: any;
let report: any;
const dir = mkdtempSync(join(tmpdir(), 'assay-standard-exports-'));

beforeAll(async () => {
  app = await startTestApp({ worker: { taskSets: ['reports'] }, config: { signingKey: generateSigningKeyPem() } });
  complete = await createProject(app);
  await finalize(app.sql, complete, await addDatapoints(app.sql, complete, 6));
  partial = await createProject(app);
  const ids = await addDatapoints(app.sql, partial, 3);
  await finalize(app.sql, partial, ids.slice(0, 2));
  report = (await call(app, 'getProofReport', { params: { projectId: complete } })).body;
  jwks = (await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body;
});
afterAll(async () => {
  await app?.close();
});

async function download(projectId: string, format: string) {
  const res = await call(app, 'getReportExport', { params: { projectId }, query: { format } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const file = await fetch(res.body.url);
  expect(file.status).toBe(200);
  return { meta: res.body, type: file.headers.get('content-type'), text: await file.text() };
}

async function manifest(projectId: string): Promise<{ id: string; checksum: string }[]> {
  return (await fx.datapoints(app.sql, projectId)).map(({ id, checksum }) => ({ id, checksum }));
}

describe('intoto_dsse', () => {
  let envelope: any;
  beforeAll(async () => {
    const d = await download(complete, 'intoto_dsse');
    expect(d.type).toBe('application/vnd.dsse.envelope.v1+json');
    expect(d.meta.filename.endsWith('.dsse.json')).toBe(true);
    envelope = JSON.parse(d.text);
  });

  const verifies = (env: any): boolean => {
    const jwk = jwks.keys.find((k: any) => k.kid === env.signatures[0].keyid);
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
    const pae = dssePae(env.payloadType, Buffer.from(env.payload, 'base64'));
    return verify(null, pae, key, Buffer.from(env.signatures[0].sig, 'base64'));
  };

  it("verifies over the DSSE encoding with the report's JWKS key", () => {
    expect(envelope.payloadType).toBe('application/vnd.in-toto+json');
    expect(envelope.signatures).toHaveLength(1);
    expect(envelope.signatures[0].keyid).toBe(report.signingKeyId);
    expect(verifies(envelope)).toBe(true);
  });

  it('states the datapoints with their manifest SHA-256, and the signed payload as predicate', async () => {
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8'));
    expect(statement._type).toBe('https://in-toto.io/Statement/v1');
    expect(statement.predicateType).toBe('urn:assay:predicate:data-quality-report:v1');
    expect(statement.predicate).toEqual(report.payload);
    expect(statement.subject).toEqual(
      (await manifest(complete)).map((r) => ({ name: `datapoints/${r.id}.json`, digest: { sha256: r.checksum } })),
    );
  });

  it('fails when the statement, the payload type or the signature changes', () => {
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8'));
    statement.subject[0].digest.sha256 = '0'.repeat(64);
    const changed = Buffer.from(JSON.stringify(statement)).toString('base64');
    expect(verifies({ ...envelope, payload: changed })).toBe(false);
    expect(verifies({ ...envelope, payloadType: 'application/json' })).toBe(false);
    const sig = Buffer.from(envelope.signatures[0].sig, 'base64');
    sig[0] ^= 1;
    expect(verifies({ ...envelope, signatures: [{ ...envelope.signatures[0], sig: sig.toString('base64') }] })).toBe(
      false,
    );
  });

  it.skipIf(!python)('verifies with the Python script the docs show, and a changed statement fails', async () => {
    const run = (env: unknown) => {
      const envPath = join(dir, `envelope-${Math.random()}.json`);
      const jwksPath = join(dir, 'jwks.json');
      writeFileSync(envPath, JSON.stringify(env));
      writeFileSync(jwksPath, JSON.stringify(jwks));
      const names: Record<string, string> = { 'envelope.json': envPath, 'jwks.json': jwksPath };
      const [cmd, ...args] = DSSE_COMMAND.replace(VENV_PYTHON, python!)
        .split(' ')
        .map((w) => names[w] ?? w);
      return spawnSync(cmd, args, { encoding: 'utf8' });
    };
    const ok = run(envelope);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toBe(`OK in-toto statement of 6 subjects signed by ${report.signingKeyId}\n`);
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8'));
    statement.predicate.qualityRating = 100 - statement.predicate.qualityRating;
    const bad = run({ ...envelope, payload: Buffer.from(JSON.stringify(statement)).toString('base64') });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^FAILED dsse: /);
  });

  it('is refused while no signed report covers the data', async () => {
    const res = await call(app, 'getReportExport', {
      params: { projectId: partial },
      query: { format: 'intoto_dsse' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('report_not_ready');
  });
});

describe('croissant', () => {
  let path: string;
  let doc: any;
  beforeAll(async () => {
    const d = await download(complete, 'croissant');
    expect(d.type).toBe('application/ld+json');
    doc = JSON.parse(d.text);
    path = join(dir, 'croissant.json');
    writeFileSync(path, d.text);
  });

  it('carries the RAI annotation fields and the manifest sha256 of every file', async () => {
    expect(doc.conformsTo).toBe('http://mlcommons.org/croissant/1.1');
    expect(doc['rai:annotationsPerItem']).toBe('3');
    expect(doc['rai:dataAnnotationProtocol']).toBe('Rate.');
    expect(doc['rai:dataAnnotationAnalysis']).toContain(report.reportId);
    expect(doc.distribution.map((f: any) => [f.contentUrl, f.sha256])).toEqual(
      (await manifest(complete)).map((r) => [`datapoints/${r.id}.json`, r.checksum]),
    );
  });

  it.skipIf(croissantSkip !== null)('passes mlcroissant validate', async () => {
    const res = await new Promise<{ code: number; out: string }>((resolve) =>
      execFile(MLCROISSANT, ['validate', '--jsonld', path], { encoding: 'utf8' }, (err, out, errText) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: out + errText }),
      ),
    );
    expect(res.code, res.out).toBe(0);
    expect(res.out).not.toMatch(/error/i);
    // The context is the standard one: no warning about it.
    expect(res.out).not.toMatch(/@context` is not standard/);
  });
});
