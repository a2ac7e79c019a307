// project_data_state is what the Proof Report trusts to decide that nothing changed since the
// stored report: it must equal counting the project's rows, however they were written (the
// ingest job, the consensus engine, plain SQL), and a new decision must lead to a new report.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { ingest } from '../helpers/uploads.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import * as fx from '../helpers/fixtures.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';
import type { Sql } from '../../src/db/client.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true, config: { signingKey: generateSigningKeyPem() } });
});
afterAll(async () => {
  await app?.close();
});

const kept = async (sql: Sql, projectId: string) => (await fx.keptDataState(sql, projectId)) ?? null;
const counted = (sql: Sql, projectId: string) => fx.countedDataState(sql, projectId);

it('follows the ingest job and Auto Consensus exactly', async () => {
  const projectId = await createProject(app);
  expect(await kept(app.sql, projectId)).toBeNull();
  const csv = 'id,q\n' + Array.from({ length: 40 }, (_, i) => `${i},question ${i}`).join('\n') + '\n';
  expect((await ingest(app, projectId, { 'a.csv': csv })).status.run.status).toBe('ok');
  expect(await kept(app.sql, projectId)).toEqual(await counted(app.sql, projectId));
  expect((await kept(app.sql, projectId))!.datapoints).toBe(40);

  await call(app, 'updateProject', {
    params: { projectId },
    body: { autoConsensus: true, autoConsensusSpread: 'tight' },
  });
  const deadline = Date.now() + 60_000;
  while ((await counted(app.sql, projectId)).decisions < 40) {
    if (Date.now() > deadline) throw new Error('Auto Consensus did not finish');
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(await kept(app.sql, projectId)).toEqual(await counted(app.sql, projectId));
});

it('follows rows written by SQL, and a new decision makes a new report', async () => {
  const projectId = await createProject(app);
  const ids = await addDatapoints(app.sql, projectId, 6);
  await finalize(app.sql, projectId, ids.slice(0, 5));
  expect(await kept(app.sql, projectId)).toEqual(await counted(app.sql, projectId));
  // 5 of 6
  expect((await call(app, 'getProofReport', { params: { projectId } })).body.error.code).toBe('proof_report_not_ready');

  await finalize(app.sql, projectId, ids.slice(5));
  const first = await call(app, 'getProofReport', { params: { projectId } });
  expect(first.status).toBe(200);
  expect((await call(app, 'getProofReport', { params: { projectId } })).body.reportId).toBe(first.body.reportId);

  // One more datapoint and its decision: the stored report no longer covers the data.
  const [extra] = await addDatapoints(app.sql, projectId, 1, () => ({ id: 'extra', text: 'late' }));
  await finalize(app.sql, projectId, [extra!]);
  expect(await kept(app.sql, projectId)).toEqual(await counted(app.sql, projectId));
  const second = await call(app, 'getProofReport', { params: { projectId } });
  expect(second.status).toBe(200);
  expect(second.body.reportId).not.toBe(first.body.reportId);
  expect(second.body.attestationRoot).not.toBe(first.body.attestationRoot);
});

it('counts contested decisions, inserted in one statement or deleted', async () => {
  const projectId = await createProject(app);
  const ids = await addDatapoints(app.sql, projectId, 5);
  await fx.insertDecisions(app.sql, projectId, ids, (i) => i % 2 === 1);
  expect(await kept(app.sql, projectId)).toEqual(await counted(app.sql, projectId));
  expect((await kept(app.sql, projectId))!.contested).toBe(2);
  await fx.deleteDecision(app.sql, ids[1]!);
  expect(await kept(app.sql, projectId)).toEqual(await counted(app.sql, projectId));
  expect((await kept(app.sql, projectId))!.contested).toBe(1);
});
