// Exports and cold Proof Reports are produced by a job (docs/decisions.md, "Reports produced by a
// job"): a request answers with the stored artifact of the current data state, or says that it is
// being prepared (report_not_ready / proof_report_not_ready, with Retry-After) until the job has
// produced it; concurrent requests share one job; superseded artifacts are deleted once their
// URLs expired; a failed or interrupted job leaves nothing half-written and its retry is a clean
// run. Real server, worker, Postgres and S3.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { testConfig } from '../helpers/config.ts';
import { connectMcp, toolErrorCode, type McpSession } from '../helpers/mcp.ts';
import { addDatapoints, createProject, finalize } from '../helpers/reports.ts';
import * as fx from '../helpers/fixtures.ts';
import { ageServedAt, artifacts, buildJobs, storedKeys } from '../helpers/report-artifacts.ts';
import { eventually, until } from '../helpers/wait.ts';
import { generateSigningKeyPem, loadSigningKey } from '../../src/domain/signing.ts';
import { startWorker } from '../../src/jobs/worker.ts';
import { runReportBuild } from '../../src/jobs/build-report.ts';
import { createStorage, headSize, MULTIPART_THRESHOLD, presignGet, putFile } from '../../src/storage/s3.ts';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../src/log.ts';

const pem = generateSigningKeyPem();
/** Answers at once (REPORT_WAIT_SECONDS=0), with a worker: every cold request sees "being prepared". */
let prompt: TestApp;
/** Answers at once, and no worker runs: jobs wait in the queue until a test starts one. */
let idle: TestApp;
let mcp: McpSession;
beforeAll(async () => {
  [prompt, idle] = await Promise.all([
    startTestApp({ worker: { taskSets: ['reports'] }, config: { signingKey: pem, reportWaitSeconds: 0 } }),
    startTestApp({ config: { signingKey: pem, reportWaitSeconds: 0 } }),
  ]);
  mcp = await connectMcp(prompt, prompt.orgA.originatorKey);
});
afterAll(async () => {
  await mcp?.close();
  await Promise.all([prompt?.close(), idle?.close()]);
});

async function readyProject(app: TestApp, n: number, finalized = n): Promise<string> {
  const projectId = await createProject(app);
  const ids = await addDatapoints(app.sql, projectId, n);
  await finalize(app.sql, projectId, ids.slice(0, finalized));
  return projectId;
}

const exportOf = (app: TestApp, projectId: string, format: string, key?: string) =>
  call(app, 'getReportExport', { key, params: { projectId }, query: { format } });
const proofOf = (app: TestApp, projectId: string, key?: string) =>
  call(app, 'getProofReport', { key, params: { projectId } });

function expectPreparing(res: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([status, code]);
  expect(res.body.error.message).toMatch(/is being prepared/);
  expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
}

/** A worker of the reports task set over `app`'s database, as `assay worker --tasks reports` runs. */
const reportsWorker = (app: TestApp, overrides: object = {}) =>
  startWorker(testConfig({ databaseUrl: app.databaseUrl, signingKey: pem, ...overrides }), {
    taskSets: ['reports'],
    sweepIntervalMs: 500,
    log: createLogger('error'),
  });

describe('exports', () => {
  it('says the export is being prepared, then serves it; asking again reuses it without rendering', async () => {
    const projectId = await readyProject(prompt, 6);
    expectPreparing(await exportOf(prompt, projectId, 'csv'), 409, 'report_not_ready');
    const [row] = await until(
      () => artifacts(prompt.sql, projectId, 'csv'),
      (rows) => rows[0]?.status === 'ready',
    );
    expect(row).toMatchObject({ attempt: 1, s3_key: `reports/${prompt.orgA.id}/${projectId}/${row!.id}/1.csv` });

    const first = await exportOf(prompt, projectId, 'csv');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      format: 'csv',
      coverage: { datapointsFinalized: 6, datapointsTotal: 6, partial: false },
    });
    expect(new URL(first.body.url).pathname).toContain(row!.s3_key!);
    expect((await (await fetch(first.body.url)).text()).split('\r\n').filter(Boolean)).toHaveLength(7);

    // Nothing changed: the same artifact (same object), not rendered again; a fresh URL.
    const again = await exportOf(prompt, projectId, 'csv');
    expect(again.status).toBe(200);
    expect(new URL(again.body.url).pathname).toBe(new URL(first.body.url).pathname);
    const rows = await artifacts(prompt.sql, projectId, 'csv');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ready_at).toEqual(row!.ready_at);
    expect(rows[0]!.served_at).not.toBeNull();
  });

  it('keeps the meaning of report_not_ready when nothing has finalized: no Retry-After, no job', async () => {
    const projectId = await readyProject(prompt, 3, 0);
    const res = await exportOf(prompt, projectId, 'json');
    expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
      409,
      'report_not_ready',
      'Nothing has finalized yet; there is no report to export.',
    ]);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(await artifacts(prompt.sql, projectId)).toEqual([]);
  });

  it(
    'renders a new artifact when the data changed, and the sweep deletes the superseded one once its URLs ' + 'expired',
    async () => {
      const projectId = await readyProject(prompt, 4, 3);
      expectPreparing(await exportOf(prompt, projectId, 'json'), 409, 'report_not_ready');
      expectPreparing(await exportOf(prompt, projectId, 'report_md'), 409, 'report_not_ready');
      await until(
        () => artifacts(prompt.sql, projectId),
        (rows) => rows.length === 2 && rows.every((r) => r.status === 'ready'),
      );
      const old = await exportOf(prompt, projectId, 'json');
      const oldMd = await exportOf(prompt, projectId, 'report_md');
      expect(old.body.coverage).toEqual({ datapointsFinalized: 3, datapointsTotal: 4, partial: true });
      const [oldJson, oldReadable] = [
        (await artifacts(prompt.sql, projectId, 'json'))[0]!,
        (await artifacts(prompt.sql, projectId, 'report_md'))[0]!,
      ];

      // The last datapoint finalizes: the stored exports no longer show the project's data.
      const [last] = (await fx.datapoints(prompt.sql, projectId)).filter((x) => !x.finalized_at).map((x) => x.id);
      await finalize(prompt.sql, projectId, [last!]);
      expectPreparing(await exportOf(prompt, projectId, 'json'), 409, 'report_not_ready');
      const fresh = await eventually(async () => {
        const r = await exportOf(prompt, projectId, 'json');
        return r.status === 200 ? r : null;
      });
      expect(fresh.body.coverage).toEqual({ datapointsFinalized: 4, datapointsTotal: 4, partial: false });
      expect(new URL(fresh.body.url).pathname).not.toBe(new URL(old.body.url).pathname);

      // Both old artifacts are superseded; only the one whose URL has expired may go.
      expect(await storedKeys([oldJson.s3_key!])).toEqual([oldJson.s3_key]);
      await ageServedAt(prompt.sql, oldJson.id, 3600);
      await until(
        () => artifacts(prompt.sql, projectId, 'json'),
        (rows) => rows.every((r) => r.id !== oldJson.id),
      );
      expect(await storedKeys([oldJson.s3_key!])).toEqual([]);
      expect((await fetch(old.body.url)).status).toBe(404);
      // The Markdown export's URL is still live: kept, and it still downloads.
      expect((await artifacts(prompt.sql, projectId, 'report_md')).map((r) => r.id)).toEqual([oldReadable.id]);
      expect((await fetch(oldMd.body.url)).status).toBe(200);
      // The current artifact stays, whatever its age.
      const current = (await artifacts(prompt.sql, projectId, 'json'))[0]!;
      await ageServedAt(prompt.sql, current.id, 3600);
      expect((await exportOf(prompt, projectId, 'json')).body.url).toContain(current.id);
    },
  );

  it('starts one job for concurrent requests, and the job serves them all', async () => {
    const projectId = await readyProject(idle, 5);
    const answers = await Promise.all([
      exportOf(idle, projectId, 'verifiable_html'),
      exportOf(idle, projectId, 'verifiable_html'),
      exportOf(idle, projectId, 'verifiable_html'),
    ]);
    for (const res of answers) expectPreparing(res, 409, 'report_not_ready');
    const rows = await artifacts(idle.sql, projectId);
    expect(rows.map((r) => [r.format, r.status, r.attempt])).toEqual([['verifiable_html', 'preparing', 1]]);
    expect(await buildJobs(idle.sql, rows[0]!.id)).toBe(1);
    // Asked again while queued: still one job.
    expectPreparing(await exportOf(idle, projectId, 'verifiable_html'), 409, 'report_not_ready');
    expect(await buildJobs(idle.sql, rows[0]!.id)).toBe(1);

    const worker = await reportsWorker(idle);
    try {
      await until(
        () => artifacts(idle.sql, projectId),
        (r) => r[0]?.status === 'ready',
      );
      const res = await exportOf(idle, projectId, 'verifiable_html');
      expect(res.status).toBe(200);
      expect(new URL(res.body.url).pathname).toContain(rows[0]!.id);
    } finally {
      await worker.stop();
    }
  });

  it('records a failed job, leaves nothing half-written, and a retry is a clean run', async () => {
    const projectId = await readyProject(idle, 4);
    expectPreparing(await exportOf(idle, projectId, 'json'), 409, 'report_not_ready');
    const [row] = await artifacts(idle.sql, projectId);
    const keys = [1, 2].map((attempt) => `reports/${idle.orgA.id}/${projectId}/${row!.id}/${attempt}.json`);
    const log = createLogger('error', () => {});
    const signer = await loadSigningKey(pem);

    // A worker told to stop (abort signal) between batches: the row stays preparing, nothing stored,
    // and the job would run again.
    const stopped = new AbortController();
    stopped.abort();
    await expect(
      runReportBuild(
        { sql: idle.sql, storage: createStorage(inject('s3')), log, signer, signal: stopped.signal },
        row!.id,
      ),
    ).rejects.toThrow();
    expect((await artifacts(idle.sql, projectId))[0]).toMatchObject({ status: 'preparing', attempt: 1 });
    expect(await storedKeys(keys)).toEqual([]);

    // Object storage refuses the file: the attempt is failed, with nothing stored.
    await runReportBuild(
      { sql: idle.sql, storage: createStorage({ ...inject('s3'), bucket: 'no-such-bucket' }), log, signer },
      row!.id,
    );
    expect((await artifacts(idle.sql, projectId))[0]).toMatchObject({
      status: 'failed',
      attempt: 1,
      error_code: 'internal_error',
      s3_key: null,
    });
    expect(await storedKeys(keys)).toEqual([]);

    // The next request re-arms it (a new attempt, a new job); the job renders it from nothing.
    expectPreparing(await exportOf(idle, projectId, 'json'), 409, 'report_not_ready');
    expect((await artifacts(idle.sql, projectId))[0]).toMatchObject({
      status: 'preparing',
      attempt: 2,
      error_code: null,
    });
    const worker = await reportsWorker(idle);
    try {
      await until(
        () => artifacts(idle.sql, projectId),
        (r) => r[0]?.status === 'ready',
      );
      const res = await exportOf(idle, projectId, 'json');
      expect(res.status).toBe(200);
      const json = JSON.parse(await (await fetch(res.body.url)).text());
      expect(json.datapoints).toHaveLength(4);
      expect(json.report.attestation).toMatchObject({ reportId: expect.stringMatching(/^PR-/) });
      expect(await storedKeys(keys)).toEqual([keys[1]]);
    } finally {
      await worker.stop();
    }
  });

  it('stores a file larger than one part in parts, byte for byte', async () => {
    const storage = createStorage(inject('s3'));
    const dir = mkdtempSync(join(tmpdir(), 'assay-parts-'));
    try {
      const path = join(dir, 'big.json');
      const bytes = randomBytes(MULTIPART_THRESHOLD + 3 * 1024 * 1024 + 17);
      writeFileSync(path, bytes);
      await putFile(storage, 'reports/test/parts.json', path, 'application/json');
      const res = await fetch(await presignGet(storage, 'reports/test/parts.json', 60));
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(
        createHash('sha256')
          .update(Buffer.from(await res.arrayBuffer()))
          .digest('hex'),
      ).toBe(createHash('sha256').update(bytes).digest('hex'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
      storage.client.destroy();
    }
  });

  it('stops a multipart upload between parts when its signal aborts, and aborts the upload', async () => {
    // The test S3 server (s3rver) implements neither ListMultipartUploads nor AbortMultipartUpload,
    // so the upload's end is checked on what the client sends: no part after the abort, an abort
    // of that very upload, no complete, and no object.
    const storage = createStorage(inject('s3'));
    const sent: { command: string; uploadId?: string }[] = [];
    let stop = new AbortController();
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push({ command: context.commandName!, uploadId: (args.input as { UploadId?: string }).UploadId });
        const out = await next(args);
        // A worker's shutdown arrives while the first part is being stored.
        if (context.commandName === 'UploadPartCommand') stop.abort(new Error('worker stopping'));
        return out;
      },
      { step: 'initialize', name: 'recordCommands' },
    );
    const dir = mkdtempSync(join(tmpdir(), 'assay-parts-'));
    try {
      const path = join(dir, 'big.json');
      writeFileSync(path, randomBytes(MULTIPART_THRESHOLD + 1)); // three parts
      await expect(
        putFile(storage, 'reports/test/stopped.json', path, 'application/json', stop.signal),
      ).rejects.toThrow('worker stopping');
      expect(sent.map((c) => c.command)).toEqual([
        'CreateMultipartUploadCommand',
        'UploadPartCommand',
        'AbortMultipartUploadCommand',
      ]);
      expect(sent[2]!.uploadId).toEqual(expect.any(String));
      expect(sent[2]!.uploadId).toBe(sent[1]!.uploadId);
      expect(await headSize(storage, 'reports/test/stopped.json')).toBeNull();

      // Stopped before it starts: nothing is sent, for a large or a small file.
      sent.length = 0;
      stop = new AbortController();
      stop.abort(new Error('worker stopping'));
      writeFileSync(join(dir, 'small.json'), '{}');
      for (const file of ['big.json', 'small.json']) {
        await expect(
          putFile(storage, `reports/test/${file}`, join(dir, file), 'application/json', stop.signal),
        ).rejects.toThrow('worker stopping');
        expect(await headSize(storage, `reports/test/${file}`)).toBeNull();
      }
      expect(sent.filter((c) => c.command !== 'HeadObjectCommand')).toEqual([]);

      // Without an abort the same client stores the file.
      await putFile(storage, 'reports/test/stopped.json', path, 'application/json', new AbortController().signal);
      expect(await headSize(storage, 'reports/test/stopped.json')).toBe(MULTIPART_THRESHOLD + 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      storage.client.destroy();
    }
  });

  it('is not found for another organization, and claims nothing', async () => {
    const projectId = await readyProject(prompt, 2);
    const res = await exportOf(prompt, projectId, 'csv', prompt.orgB.originatorKey);
    expect([res.status, res.body.error.code]).toEqual([404, 'project_not_found']);
    const proof = await proofOf(prompt, projectId, prompt.orgB.originatorKey);
    expect([proof.status, proof.body.error.code]).toEqual([404, 'project_not_found']);
    expect(await artifacts(prompt.sql, projectId)).toEqual([]);
  });
});

describe('Proof Reports', () => {
  it('says a cold report is being prepared, then returns it, and the stored one at once after', async () => {
    const projectId = await readyProject(prompt, 5);
    expectPreparing(await proofOf(prompt, projectId), 404, 'proof_report_not_ready');
    const [row] = await until(
      () => artifacts(prompt.sql, projectId, 'proof_report'),
      (rows) => rows[0]?.status === 'ready',
    );
    const report = await proofOf(prompt, projectId);
    expect(report.status).toBe(200);
    expect(report.body.reportId).toBe(row!.report_id);
    expect(report.body.payload.coverage).toEqual({ datapointsFinalized: 5, datapointsTotal: 5, partial: false });
    expect((await proofOf(prompt, projectId)).body.reportId).toBe(report.body.reportId);
    expect(await artifacts(prompt.sql, projectId)).toHaveLength(1);
  });

  it('keeps the meaning of proof_report_not_ready while the project drains: no Retry-After, no job', async () => {
    const projectId = await readyProject(prompt, 3, 2);
    const res = await proofOf(prompt, projectId);
    expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
      404,
      'proof_report_not_ready',
      'The dataset has not finished draining; no finalized report yet.',
    ]);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(await artifacts(prompt.sql, projectId)).toEqual([]);
  });

  it('builds one report for concurrent first requests', async () => {
    const projectId = await readyProject(idle, 4);
    const answers = await Promise.all([
      proofOf(idle, projectId),
      proofOf(idle, projectId),
      call(idle, 'getDatapointInclusionProof', {
        params: { projectId, datapointId: '00000000-0000-4000-8000-000000000000' },
      }),
    ]);
    for (const res of answers) expectPreparing(res, 404, 'proof_report_not_ready');
    const rows = await artifacts(idle.sql, projectId);
    expect(rows.map((r) => r.format)).toEqual(['proof_report']);
    expect(await buildJobs(idle.sql, rows[0]!.id)).toBe(1);
    const worker = await reportsWorker(idle);
    try {
      const [done] = await until(
        () => artifacts(idle.sql, projectId),
        (r) => r[0]?.status === 'ready',
      );
      const [a, b] = await Promise.all([proofOf(idle, projectId), proofOf(idle, projectId)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.reportId).toBe(done!.report_id);
      expect(b.body.reportId).toBe(done!.report_id);
    } finally {
      await worker.stop();
    }
  });
});

describe('MCP wait_for_proof_report', () => {
  it('waits for a cold report inside the call and returns what get_proof_report returns', async () => {
    const projectId = await readyProject(prompt, 3);
    const got = await mcp.tool('get_proof_report', { projectId });
    expect(toolErrorCode(got)).toBe('proof_report_not_ready');
    expect(got.content[0]!.text).toMatch(/being prepared/);
    const waited = await mcp.tool('wait_for_proof_report', { projectId, timeoutSeconds: 60 });
    expect(waited.isError).toBeFalsy();
    const { timedOut, ...report } = waited.structuredContent;
    expect(timedOut).toBe(false);
    expect(report).toEqual((await proofOf(prompt, projectId)).body);
  });

  it('times out while the project drains or while no worker runs, and refuses what waiting cannot change', async () => {
    const draining = await readyProject(prompt, 2, 1);
    const started = Date.now();
    const waited = await mcp.tool('wait_for_proof_report', { projectId: draining, timeoutSeconds: 1 });
    expect(waited.structuredContent).toEqual({
      timedOut: true,
      status: 'not_ready',
      message: 'The dataset has not finished draining; no finalized report yet.',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    const queued = await readyProject(idle, 2);
    const idleMcp = await connectMcp(idle, idle.orgA.originatorKey);
    try {
      const r = await idleMcp.tool('wait_for_proof_report', { projectId: queued, timeoutSeconds: 1 });
      expect(r.structuredContent).toMatchObject({
        timedOut: true,
        status: 'preparing',
        message: expect.stringMatching(/being prepared/),
      });
    } finally {
      await idleMcp.close();
    }

    const other = await connectMcp(prompt, prompt.orgB.originatorKey);
    try {
      expect(toolErrorCode(await other.tool('wait_for_proof_report', { projectId: draining, timeoutSeconds: 1 }))).toBe(
        'project_not_found',
      );
    } finally {
      await other.close();
    }
    expect(toolErrorCode(await mcp.tool('wait_for_proof_report', { projectId: draining, timeoutSeconds: 301 }))).toBe(
      'request_body_invalid',
    );
  });
});
