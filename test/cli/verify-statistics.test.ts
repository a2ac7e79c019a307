// The Python verifier (verify/verify_report.py --votes) recomputes the signed statistics (alpha,
// per class, human and AI, bootstrap included) from the votes export alone, with the standard
// library, and requires the same bytes; a changed vote fails it. Skips with the reason when no
// python3 with the verifier's packages is at hand (as test/cli/verify-routes.test.ts does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallResult, call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { addDatapoints, finalize } from '../helpers/reports.ts';
import * as fx from '../helpers/fixtures.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';
import { Xoshiro256StarStar } from '../../src/domain/prng.ts';

const python = ['.venv/verify/bin/python', 'python3'].find(
  (p) =>
    (p.includes('/') ? existsSync(p) : true) &&
    spawnSync(p, ['-c', 'import cryptography, rfc8785'], { encoding: 'utf8' }).status === 0,
);
if (!python) console.warn('SKIP Python statistics recompute: no python3 with cryptography and rfc8785');

const dir = mkdtempSync(join(tmpdir(), 'assay-stats-'));
let app: TestApp;
let votesCsv = '';
let report: CallResult<'getProofReport'>['body'];

beforeAll(async () => {
  app = await startTestApp({ worker: { taskSets: ['reports'] }, config: { signingKey: generateSigningKeyPem() } });
  const created = await call(app, 'createProject', {
    body: {
      name: 'Statistics',
      spec: {
        version: '1.0.0',
        dataset: { format: 'csv', idField: 'id' },
        validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' },
        validators: {
          classes: [
            { id: 'reviewer', label: 'Reviewer', type: 'human', rewardCents: 1, stakeWei: '0', consensusWeight: 1 },
            {
              id: 'model',
              label: 'Model',
              type: 'ai',
              rewardCents: 1,
              stakeWei: '0',
              consensusWeight: 0.5,
              model: 'm',
            },
          ],
        },
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const projectId = created.body.projectId as string;
  const ids = await addDatapoints(app.sql, projectId, 40);
  // Real-valued ratings around a per-datapoint truth; two humans and two models per datapoint.
  const g = new Xoshiro256StarStar(11n);
  const rows = ids.flatMap((datapointId, j) => {
    const truth = 10 + 80 * g.nextDouble();
    return ['h1', 'h2', 'm1', 'm2'].flatMap((v, i) =>
      j % 7 === i
        ? []
        : [
            {
              datapointId,
              voter: v,
              classId: v.startsWith('h') ? 'reviewer' : 'model',
              rating: Math.min(100, Math.max(0, truth + (g.nextDouble() - 0.5) * (i + 1) * 8)),
            },
          ],
    );
  });
  await fx.insertVotes(app.sql, projectId, rows);
  await finalize(app.sql, projectId, ids);
  report = (await call(app, 'getProofReport', { params: { projectId } })).body;
  const jwks = (await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body;
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
  writeFileSync(join(dir, 'jwks.json'), JSON.stringify(jwks));
  const exp = await call(app, 'getReportExport', { params: { projectId }, query: { format: 'votes_csv' } });
  votesCsv = await (await fetch(exp.body.url)).text();
  writeFileSync(join(dir, 'votes.csv'), votesCsv);
}, 300_000);
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[]) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile(python!, ['verify/verify_report.py', ...args], (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });

describe.skipIf(!python)('verify/verify_report.py --votes', () => {
  it('recomputes every alpha of the signed statistics from the votes export, byte for byte', async () => {
    const { code, out } = await run([
      join(dir, 'report.json'),
      join(dir, 'jwks.json'),
      '--votes',
      join(dir, 'votes.csv'),
    ]);
    const votes = votesCsv.trimEnd().split('\r\n').length - 1;
    expect(votes).toBe(136);
    expect(out).toContain(
      `statistics recomputed from ${votes} votes (alpha ${report.payload.statistics!.alpha.value})`,
    );
    expect(code).toBe(0);
  });

  it('fails naming the statistics when one vote changed', async () => {
    const lines = votesCsv.split('\r\n');
    const cells = lines[5]!.split(',');
    cells[7] = String(Number(cells[7]) + 1);
    lines[5] = cells.join(',');
    writeFileSync(join(dir, 'tampered.csv'), lines.join('\r\n'));
    const { code, out } = await run([
      join(dir, 'report.json'),
      join(dir, 'jwks.json'),
      '--votes',
      join(dir, 'tampered.csv'),
    ]);
    expect(out).toMatch(/FAILED statistics: alpha does not recompute from the votes/);
    expect(code).toBe(1);
  });
});
