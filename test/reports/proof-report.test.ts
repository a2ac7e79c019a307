// Proof Reports over real HTTP: the JWKS, the check order, the signed payload recomputed
// independently from the database rows, stable repeats, report ids under concurrency, inclusion
// proofs and the MCP tool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectEnvelope, expectContract } from '../helpers/contract.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import * as fx from '../helpers/fixtures.ts';
import { generateSigningKeyPem, loadSigningKey } from '../../src/domain/signing.ts';
import { verifyReport } from '../../src/cli/verify.ts';
import { retireSigningKey } from '../../src/admin/signing-keys.ts';

const pem = generateSigningKeyPem();
let app: TestApp;
let unsigned: TestApp;
let kid: string;
beforeAll(async () => {
  kid = (await loadSigningKey(pem)).kid;
  [app, unsigned] = await Promise.all([
    startTestApp({ worker: { taskSets: ['reports'] }, config: { signingKey: pem } }),
    startTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), unsigned?.close()]);
});

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest();
// An independent RFC 9162 MTH (recursive, straight from §2.1.1) so the test does not reuse src/domain/merkle.ts.
function mth(leaves: Buffer[]): Buffer {
  if (leaves.length === 0) return sha(Buffer.alloc(0));
  if (leaves.length === 1) return sha(Buffer.concat([Buffer.of(0), leaves[0]]));
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return sha(Buffer.concat([Buffer.of(1), mth(leaves.slice(0, k)), mth(leaves.slice(k))]));
}
const jwks = async (a: TestApp) => (await raw(a, 'GET', '/.well-known/jwks.json', { key: null })).body;

async function readyProject(n: number, key?: string, synthetic = false): Promise<{ projectId: string; ids: string[] }> {
  const projectId = await createProject(app, key);
  const ids = await addDatapoints(app.sql, projectId, n);
  // Finalization order differs from ingestion order on purpose.
  await finalize(app.sql, projectId, [...ids].reverse(), synthetic);
  return { projectId, ids };
}

describe('GET /.well-known/jwks.json', () => {
  it('publishes the configured key without auth, cacheable, as a JWK Set', async () => {
    const res = await raw(app, 'GET', '/.well-known/jwks.json', { key: null });
    await expectContract('getJwks', res);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/jwk-set\+json/);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    // With its validity window: activated (nbf), not retired (no exp), not revoked.
    expect(res.body.keys).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid, alg: 'EdDSA', use: 'sig', nbf: expect.any(Number) },
    ]);
    // No private member ever leaves.
    expect(JSON.stringify(res.body)).not.toMatch(/"d"/);
  });

  it('answers other methods with 405 and Allow: GET', async () => {
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const res = await raw(app, method, '/.well-known/jwks.json', { key: null });
      expectEnvelope(res, 'method_not_allowed', 405);
      expect(res.headers.get('allow')).toBe('GET');
    }
  });

  it('is empty when no key was ever configured', async () => {
    expect((await jwks(unsigned)).keys).toEqual([]);
  });
});

describe('GET /projects/{projectId}/proof-report', () => {
  it('checks project, then signing, then readiness', async () => {
    const missing = await call(unsigned, 'getProofReport', {
      params: { projectId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.body.error.code).toBe('project_not_found');
    const emptyUnsigned = await createProject(unsigned);
    const noKey = await call(unsigned, 'getProofReport', { params: { projectId: emptyUnsigned } });
    expect([noKey.status, noKey.body.error.code]).toEqual([503, 'proof_report_signing_unavailable']);
    const empty = await createProject(app);
    const notReady = await call(app, 'getProofReport', { params: { projectId: empty } });
    expect([notReady.status, notReady.body.error.code]).toEqual([404, 'proof_report_not_ready']);
    const ids = await addDatapoints(app.sql, empty, 3);
    await finalize(app.sql, empty, ids.slice(0, 2));
    expect((await call(app, 'getProofReport', { params: { projectId: empty } })).body.error.code).toBe(
      'proof_report_not_ready',
    );
    const foreign = await createProject(app, app.orgB.originatorKey);
    expect((await call(app, 'getProofReport', { params: { projectId: foreign } })).body.error.code).toBe(
      'project_not_found',
    );
    expect((await call(app, 'getProofReport', { params: { projectId: 'nope' } })).body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'projectId',
    });
  });

  it('signs a payload whose digests match the database, and verifies against the JWKS', async () => {
    const { projectId, ids } = await readyProject(7);
    const res = await call(app, 'getProofReport', { params: { projectId } });
    expect(res.status).toBe(200);
    const r = res.body;
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    expect(r.reportId).toMatch(new RegExp(`^PR-${today.slice(0, 4)}-${today.slice(4)}-${app.orgA.code}-\\d{4}$`));
    expect(r.schema).toBe('attestation/v2');
    expect(r.signingKeyId).toBe(kid);
    // (The payload's digests are an object of hex strings; the contract leaves the payload open.)
    const p = r.payload as typeof r.payload & { digests: Record<string, string> };
    expect(p).toMatchObject({
      schema: 'assay.attestation/v2',
      reportId: r.reportId,
      projectId,
      orgId: app.orgA.id,
      orgCode: app.orgA.code,
      specVersion: '1.2.0',
      signingKeyId: kid,
      testContaminated: false,
      coverage: { datapointsFinalized: 7, datapointsTotal: 7, partial: false },
    });

    // Recompute every digest from the rows, independently of the service's code.
    const [spec] = await app.sql`select id, compiled from project_specs where project_id = ${projectId}`;
    expect(p.specId).toBe(spec.id);
    expect(p.digests.config).toBe(`sha256:${sha(canonicalize(spec.compiled)!).toString('hex')}`);
    const dps = await fx.datapoints(app.sql, projectId);
    expect(dps.map((d) => d.id)).toEqual(ids);
    const manifest = mth(dps.map((d) => Buffer.from(canonicalize({ checksum: d.checksum, datapointId: d.id })!)));
    const decisions = await fx.decisions(app.sql, projectId);
    // Format 2: exact doubles (the shortest round-trip decimal), the contested flag, the
    // escalations and the vote range; these fixture decisions have no votes (an empty votes tree).
    const resultsLeaves = decisions.map((c) =>
      Buffer.from(
        canonicalize({
          consensusDecisionId: c.id,
          consensusStrength: String(c.consensus_strength),
          contested: c.contested,
          datapointId: c.datapoint_id,
          escalations: c.escalations,
          qualityRatingMean: String(c.quality_rating_mean),
          qualityRatingMedian: String(c.quality_rating_median),
          votes: { count: 0, first: 0 },
        })!,
      ),
    );
    const results = mth(resultsLeaves);
    const votes = sha(Buffer.alloc(0));
    expect(p.digests).toEqual({
      method: 'rfc9162-sha256',
      config: p.digests.config,
      manifest: `sha256:${manifest.toString('hex')}`,
      manifestLeaves: 7,
      results: `sha256:${results.toString('hex')}`,
      resultsLeaves: 7,
      votes: `sha256:${votes.toString('hex')}`,
      votesLeaves: 0,
    });
    const root = mth([Buffer.from(p.digests.config.slice(7), 'hex'), manifest, results, votes]);
    expect(r.attestationRoot).toBe(`sha256:${root.toString('hex')}`);
    expect(p.attestationRoot).toBe(r.attestationRoot);
    const meanOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(r.qualityRating).toBe(Math.round(meanOf(decisions.map((c) => c.quality_rating_mean))));
    expect(r.consensusStrength).toBe(Math.round(100 * meanOf(decisions.map((c) => c.consensus_strength))));

    // The JWS payload is exactly the JCS bytes, header as the architecture fixes it.
    const [h, body] = r.jws.split('.');
    expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toEqual({
      alg: 'EdDSA',
      kid,
      typ: 'assay.attestation+jws',
    });
    expect(Buffer.from(body, 'base64url').toString()).toBe(canonicalize(p));
    await expect(verifyReport(JSON.stringify(r), JSON.stringify(await jwks(app)))).resolves.toContain(r.reportId);
  });

  it('returns the identical report while nothing changed, a new one after a change', async () => {
    const { projectId } = await readyProject(4);
    const first = await call(app, 'getProofReport', { params: { projectId } });
    const again = await call(app, 'getProofReport', { params: { projectId } });
    expect(again.body).toEqual(first.body);
    // Forget the fast path's state: the recomputed root finds the stored report.
    await app.sql`update proof_reports set decision_max_seq = -1 where project_id = ${projectId}`;
    expect((await call(app, 'getProofReport', { params: { projectId } })).body).toEqual(first.body);
    const more = await addDatapoints(app.sql, projectId, 1);
    expect((await call(app, 'getProofReport', { params: { projectId } })).body.error.code).toBe(
      'proof_report_not_ready',
    );
    await finalize(app.sql, projectId, more);
    const changed = await call(app, 'getProofReport', { params: { projectId } });
    expect(changed.body.reportId).not.toBe(first.body.reportId);
    expect(changed.body.attestationRoot).not.toBe(first.body.attestationRoot);
    expect(changed.body.payload.coverage).toEqual({ datapointsFinalized: 5, datapointsTotal: 5, partial: false });
    expect(Number(changed.body.reportId.slice(-4))).toBe(Number(first.body.reportId.slice(-4)) + 1);
  });

  it('numbers concurrent reports of an organization without gaps or duplicates', async () => {
    const key = app.orgB.originatorKey;
    const projects = [];
    for (let i = 0; i < 6; i++) projects.push((await readyProject(2, key)).projectId);
    // Two requests per project at once: each project gets one report, the org six consecutive ids.
    const results = await Promise.all(
      [...projects, ...projects].map((projectId) => call(app, 'getProofReport', { key, params: { projectId } })),
    );
    for (const r of results) expect(r.status).toBe(200);
    for (let i = 0; i < 6; i++) expect(results[i].body).toEqual(results[i + 6].body);
    const seqs = results
      .slice(0, 6)
      .map((r) => Number(r.body.reportId.slice(-4)))
      .sort((a, b) => a - b);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6]);
    for (const r of results) expect(r.body.reportId).toMatch(new RegExp(`-${app.orgB.code}-000[1-6]$`));
  });

  it('flags test contamination from Auto Consensus', async () => {
    const { projectId } = await readyProject(2, undefined, true);
    expect((await call(app, 'getProofReport', { params: { projectId } })).body.payload.testContaminated).toBe(true);
  });

  it('serves the same report through the MCP tool', async () => {
    const { projectId } = await readyProject(3);
    const rest = await call(app, 'getProofReport', { params: { projectId } });
    const client = new Client({ name: 'assay-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${app.orgA.originatorKey}` } },
      }),
    );
    try {
      const tool = (await client.callTool({ name: 'get_proof_report', arguments: { projectId } })) as any;
      expect(tool.isError).toBeFalsy();
      expect(tool.structuredContent).toEqual(rest.body);
      const dp = (await fx.datapoints(app.sql, projectId))[0]!.id;
      const proof = (await client.callTool({
        name: 'get_datapoint_inclusion_proof',
        arguments: { projectId, datapointId: dp },
      })) as any;
      expect(proof.structuredContent).toMatchObject({ reportId: rest.body.reportId, datapointId: dp, treeSize: 3 });
      const notReady = (await client.callTool({
        name: 'get_proof_report',
        arguments: { projectId: await createProject(app) },
      })) as any;
      expect(notReady.content[0].text).toMatch(/^proofReportNotReady: /);
    } finally {
      await client.close();
    }
  });
});

describe('GET /projects/{projectId}/proof-report/datapoints/{datapointId}', () => {
  it('proves every datapoint up to the signed results digest', async () => {
    const { projectId, ids } = await readyProject(11);
    const report = (await call(app, 'getProofReport', { params: { projectId } })).body;
    const keys = JSON.stringify(await jwks(app));
    const order = await fx.decisions(app.sql, projectId);
    for (const id of ids) {
      const res = await call(app, 'getDatapointInclusionProof', { params: { projectId, datapointId: id } });
      expect(res.status).toBe(200);
      const proof = res.body;
      expect(proof).toMatchObject({
        reportId: report.reportId,
        attestationRoot: report.attestationRoot,
        tree: 'results',
        treeRoot: (report.payload.digests as Record<string, string>).results,
        datapointId: id,
        treeSize: 11,
      });
      expect(proof.leafIndex).toBe(order.findIndex((o) => o.datapoint_id === id));
      expect(JSON.parse(proof.leaf).datapointId).toBe(id);
      await expect(verifyReport(JSON.stringify(report), keys, JSON.stringify(proof))).resolves.toContain(
        `included at ${proof.leafIndex} of 11`,
      );
    }
  });

  it('refuses datapoints of other projects and unknown ones', async () => {
    const a = await readyProject(2);
    const b = await readyProject(2);
    const res = await call(app, 'getDatapointInclusionProof', {
      params: { projectId: a.projectId, datapointId: b.ids[0] },
    });
    expect([res.status, res.body.error.code]).toEqual([404, 'datapoint_not_found']);
    const unknown = await call(app, 'getDatapointInclusionProof', {
      params: { projectId: a.projectId, datapointId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.body.error.code).toBe('datapoint_not_found');
    const foreign = await call(app, 'getDatapointInclusionProof', {
      key: app.orgB.originatorKey,
      params: { projectId: a.projectId, datapointId: a.ids[0] },
    });
    expect(foreign.body.error.code).toBe('project_not_found');
  });
});

describe('retired keys', () => {
  // Last: retiring the app's only key stops new signatures for the rest of this file.
  it('keep old reports verifiable but sign nothing new', async () => {
    const { projectId } = await readyProject(2);
    const report = (await call(app, 'getProofReport', { params: { projectId } })).body;
    await retireSigningKey(app.sql, kid);
    const keys = await jwks(app);
    expect(keys.keys.map((k: { kid: string }) => k.kid)).toContain(kid);
    await expect(verifyReport(JSON.stringify(report), JSON.stringify(keys))).resolves.toContain(report.reportId);
    const fresh = await readyProject(1);
    const refused = await call(app, 'getProofReport', { params: { projectId: fresh.projectId } });
    expect([refused.status, refused.body.error.code]).toEqual([503, 'proof_report_signing_unavailable']);
  });
});
