// A signing key marked compromised: its reports are issued again, for the same data, by the
// current key. Neither the Proof Report nor an export that embeds the signed attestation is
// answered with the compromised key's signature any more (verifiers refuse those), while the old
// report stays on record under its own id.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import { testConfig } from '../helpers/config.ts';
import { generateSigningKeyPem, loadSigningKey } from '../../src/domain/signing.ts';
import { markCompromised } from '../../src/admin/signing-keys.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { startWorker, type RunningWorker } from '../../src/jobs/worker.ts';
import { createLogger } from '../../src/log.ts';

const oldPem = generateSigningKeyPem();
const newPem = generateSigningKeyPem();
let app: TestApp; // no worker of its own: each key's worker runs in turn
let next: { server: RunningServer; worker: RunningWorker } | null = null;
beforeAll(async () => {
  app = await startTestApp({ config: { signingKey: oldPem, reportWaitSeconds: 30 } });
});
afterAll(async () => {
  await next?.worker.stop();
  await next?.server.close();
  await app?.close();
});

const silent = createLogger('error', () => {});
async function exportText(a: TestApp, projectId: string): Promise<string> {
  for (;;) {
    const res = await call(a, 'getReportExport', { params: { projectId }, query: { format: 'attestation_yaml' } });
    if (res.status === 200) return (await fetch(res.body.url)).text();
    expect(res.body.error.code).toBe('report_not_ready');
    await new Promise((r) => setTimeout(r, 200));
  }
}

it('issues the Proof Report and its exports again by the current key once the old key is compromised', {
  timeout: 120_000,
}, async () => {
  const oldKid = (await loadSigningKey(oldPem)).kid;
  const newKid = (await loadSigningKey(newPem)).kid;
  const projectId = await createProject(app);
  await finalize(app.sql, projectId, await addDatapoints(app.sql, projectId, 4));

  const oldWorker = await startWorker(testConfig({ databaseUrl: app.databaseUrl, signingKey: oldPem }), {
    log: silent,
    taskSets: ['reports'],
  });
  let first: Awaited<ReturnType<typeof call<'getProofReport'>>>;
  let firstExport: string;
  try {
    first = await call(app, 'getProofReport', { params: { projectId } });
    expect(first.status).toBe(200);
    expect(first.body.signingKeyId).toBe(oldKid);
    firstExport = await exportText(app, projectId);
    expect(firstExport).toContain(oldKid);
  } finally {
    await oldWorker.stop();
  }

  expect((await markCompromised(app.sql, oldKid)).reissued).toBeGreaterThanOrEqual(2);
  const config = testConfig({ databaseUrl: app.databaseUrl, signingKey: newPem, reportWaitSeconds: 30 });
  next = {
    server: await startServer(config, { log: silent }),
    worker: await startWorker(config, { log: silent, taskSets: ['reports'] }),
  };
  const current = { ...app, url: next.server.url };
  const again = await call(current, 'getProofReport', { params: { projectId } });
  expect(again.status).toBe(200);
  expect(again.body.signingKeyId).toBe(newKid);
  expect(again.body.reportId).not.toBe(first.body.reportId);
  // The same data: the same attestation root, signed by the current key.
  expect(again.body.attestationRoot).toBe(first.body.attestationRoot);
  const reissuedExport = await exportText(current, projectId);
  expect(reissuedExport).toContain(newKid);
  expect(reissuedExport).not.toContain(oldKid);
});
