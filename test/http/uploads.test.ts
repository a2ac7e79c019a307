// Upload sessions and ingest over real HTTP, real S3 (signature-checking) and real Postgres,
// with an in-process worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { ingest, putToUrl, uploadFiles, waitForRun } from '../helpers/uploads.ts';
import * as fx from '../helpers/fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
});
afterAll(async () => {
  await app?.close();
});

const spec = (dataset: Record<string, unknown>, validators = 3) => ({
  version: '1.0.0',
  dataset,
  validation: { validatorsPerDatapoint: validators, instructions: 'Rate it.' },
});
async function project(
  dataset: Record<string, unknown> = { format: 'csv', idField: 'id' },
  key?: string,
): Promise<string> {
  const res = await call(app, 'createProject', { body: { name: 'Uploads', spec: spec(dataset) }, key });
  expect(res.status).toBe(201);
  return res.body.projectId;
}
/** Datapoints and validation slots of the project. */
const counts = async (projectId: string) => {
  const c = await fx.counts(app.sql, projectId);
  return { d: c.datapoints, s: c.slots };
};
const CSV =
  'id,question,answer\n1,"What is 2+2?",4\n2,"A ""quoted"" word, with a comma",yes\n3,"Line one\nline two",multi\n';

describe('upload sessions', () => {
  it('uploads through presigned URLs, processes, and lists the datapoints', async () => {
    const projectId = await project();
    const created = await call(app, 'createUploadSession', {
      params: { projectId },
      body: { files: [{ relPath: 'data/qa.csv', size: Buffer.byteLength(CSV) }] },
    });
    expect(created.status).toBe(201);
    const { uploadId, keyPrefix, files, expiresAt } = created.body;
    expect(keyPrefix).toBe(`uploads/${app.orgA.id}/${projectId}/${uploadId}/`);
    expect(files![0]).toMatchObject({ relPath: 'data/qa.csv', key: `${keyPrefix}data/qa.csv` });
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(3500_000);
    expect((await putToUrl(files![0].uploadUrl, CSV)).status).toBe(200);

    const got = await call(app, 'getUploadSession', { params: { projectId, uploadId } });
    expect(got.body).toMatchObject({
      uploadId,
      status: 'open',
      files: [{ relPath: 'data/qa.csv', size: Buffer.byteLength(CSV) }],
      verifiedFileCount: 0,
      verifiedBytes: 0,
    });
    const before = await call(app, 'getUploadSessionStatus', { params: { projectId, uploadId } });
    expect(before.body).toEqual({ uploadId, sessionStatus: 'open', run: null });

    const processed = await call(app, 'processUploadSession', { params: { projectId, uploadId } });
    expect(processed.status).toBe(202);
    expect(processed.body).toMatchObject({ status: 'running', phase: 'queued', dryRun: false, skipExisting: false });
    const done = await waitForRun(app, projectId, uploadId);
    expect(done.sessionStatus).toBe('complete');
    expect(done.run).toMatchObject({
      runId: processed.body.runId,
      status: 'ok',
      phase: 'writing_datapoints',
      rowCount: 3,
      datapointsPersisted: 3,
      validationsCreated: 9,
    });
    expect(done.run.finishedAt).not.toBeNull();
    expect(await counts(projectId)).toEqual({ d: 3, s: 9 });
    const session = await call(app, 'getUploadSession', { params: { projectId, uploadId } });
    expect(session.body).toMatchObject({
      status: 'complete',
      verifiedFileCount: 1,
      verifiedBytes: Buffer.byteLength(CSV),
    });

    const listed = await call(app, 'listDatapoints', { params: { projectId }, query: { limit: 2 } });
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.data![0]).toMatchObject({
      sourceFile: 'data/qa.csv',
      hasTerminalConsensus: false,
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const rest = await call(app, 'listDatapoints', {
      params: { projectId },
      query: { limit: 2, cursor: listed.body.nextCursor! },
    });
    expect(rest.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(rest.body.data).toHaveLength(1);
    expect(
      (await call(app, 'listDatapoints', { params: { projectId }, query: { status: 'terminal' } })).body.data,
    ).toEqual([]);
    const row = (await fx.datapoints(app.sql, projectId)).find((d) => d.source_row === 3)!;
    expect(row.content).toEqual({ id: '3', question: 'Line one\nline two', answer: 'multi' });
  });

  it('takes the last size when a request declares a path twice', async () => {
    const projectId = await project();
    const res = await call(app, 'createUploadSession', {
      params: { projectId },
      body: {
        files: [
          { relPath: 'a', size: 1 },
          { relPath: 'b', size: 3 },
          { relPath: 'a', size: 2 },
        ],
      },
    });
    expect(res.body.files!.map((f: { relPath: string }) => f.relPath)).toEqual(['a', 'b']);
    const got = await call(app, 'getUploadSession', { params: { projectId, uploadId: res.body.uploadId } });
    expect(got.body.files).toEqual([
      { relPath: 'a', size: 2 },
      { relPath: 'b', size: 3 },
    ]);
  });

  it('merges declared files and gives redeclared paths a fresh URL and size', async () => {
    const projectId = await project();
    const created = await call(app, 'createUploadSession', {
      params: { projectId },
      body: { files: [{ relPath: 'a.csv', size: 10 }] },
    });
    const { uploadId } = created.body;
    const declared = await call(app, 'declareUploadFiles', {
      params: { projectId, uploadId },
      body: {
        files: [
          { relPath: 'b.csv', size: 5 },
          { relPath: 'a.csv', size: 99 },
        ],
      },
    });
    expect(declared.status).toBe(200);
    expect(declared.body.files!.map((f: { relPath: string }) => f.relPath)).toEqual(['b.csv', 'a.csv']);
    const got = await call(app, 'getUploadSession', { params: { projectId, uploadId } });
    expect(got.body.files).toEqual([
      { relPath: 'a.csv', size: 99 },
      { relPath: 'b.csv', size: 5 },
    ]);
  });

  it('declares 1,000 files in order across statements, merging redeclared paths in place', async () => {
    const projectId = await project();
    const name = (i: number) => `d/${i}.csv`;
    const created = await call(app, 'createUploadSession', {
      params: { projectId },
      body: { files: Array.from({ length: 1000 }, (_, i) => ({ relPath: name(i), size: i })) },
    });
    expect(created.status).toBe(201);
    const { uploadId } = created.body;
    // 300 new paths among 700 known ones, which take their new size and keep their place.
    let fresh = 1000;
    const second = Array.from({ length: 1000 }, (_, k) =>
      k % 10 < 3 ? { relPath: name(fresh++), size: 7 } : { relPath: name(k), size: k + 5000 },
    );
    const declared = await call(app, 'declareUploadFiles', {
      params: { projectId, uploadId },
      body: { files: second },
    });
    expect(declared.status).toBe(200);
    expect(declared.body.files!.map((f: { relPath: string }) => f.relPath)).toEqual(second.map((f) => f.relPath));
    const got = await call(app, 'getUploadSession', { params: { projectId, uploadId } });
    expect(got.body.files).toEqual([
      ...Array.from({ length: 1000 }, (_, i) => ({ relPath: name(i), size: i % 10 < 3 ? i : i + 5000 })),
      ...Array.from({ length: 300 }, (_, i) => ({ relPath: name(1000 + i), size: 7 })),
    ]);
  });

  it('answers the one-shot PUT with 307 to a presigned URL before reading the body', async () => {
    const projectId = await project();
    const {
      body: { uploadId },
    } = await call(app, 'createUploadSession', {
      params: { projectId },
      body: { files: [{ relPath: 'first.csv', size: 1 }] },
    });
    // A client that announces its body and waits for the redirect (fetch cannot set Content-Length).
    const res = await new Promise<{ status: number; location: string }>((resolve, reject) => {
      const req = request(
        `${app.url}/developer/v1/projects/${projectId}/upload-sessions/${uploadId}/file?path=second.csv`,
        {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${app.orgA.originatorKey}`,
            'content-length': String(Buffer.byteLength(CSV)),
            expect: '100-continue',
          },
        },
      );
      req.on('response', (r) => {
        r.resume();
        resolve({ status: r.statusCode!, location: String(r.headers.location) });
        req.destroy();
      });
      req.on('continue', () => reject(new Error('the server asked for the body before redirecting')));
      req.on('error', () => {});
      req.flushHeaders();
    });
    expect(res.status).toBe(307);
    const location = res.location;
    expect(location).toContain(`uploads/${app.orgA.id}/${projectId}/${uploadId}/second.csv`);
    expect((await putToUrl(location, CSV)).status).toBe(200);
    const got = await call(app, 'getUploadSession', { params: { projectId, uploadId } });
    expect(got.body.files).toContainEqual({ relPath: 'second.csv', size: Buffer.byteLength(CSV) });
    // Chunked (no Content-Length) without `size`: parameter_invalid.
    const chunked = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request(`${app.url}/developer/v1/projects/${projectId}/upload-sessions/${uploadId}/file?path=x.csv`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${app.orgA.originatorKey}` },
      });
      req.on('response', (r) => {
        let text = '';
        r.on('data', (d) => (text += d));
        r.on('end', () => resolve({ status: r.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.write('some bytes'); // no Content-Length: Node sends the body chunked
      req.end();
    });
    expect(chunked.status).toBe(400);
    expect(chunked.body.error).toMatchObject({ code: 'parameter_invalid', param: 'size' });
    // With `size`, a chunked upload is redirected.
    const sized = await raw(
      app,
      'PUT',
      `/developer/v1/projects/${projectId}/upload-sessions/${uploadId}/file?path=y.csv&size=10`,
      { key: app.orgA.originatorKey },
    );
    expect(sized.status).toBe(307);
  });

  it('refuses a presigned URL that was tampered with or used for another key', async () => {
    const projectId = await project();
    const { body } = await call(app, 'createUploadSession', {
      params: { projectId },
      body: { files: [{ relPath: 'a.csv', size: 3 }] },
    });
    const tampered = body.files![0].uploadUrl.replace('a.csv', 'b.csv');
    expect((await putToUrl(tampered, 'abc')).status).toBe(403);
  });
});

describe('processing', () => {
  it('lists every missing or over-size file in upload_files_missing and writes nothing', async () => {
    const projectId = await project();
    const { body } = await call(app, 'createUploadSession', {
      params: { projectId },
      body: {
        files: [
          { relPath: 'ok.csv', size: Buffer.byteLength(CSV) },
          { relPath: 'missing.csv', size: 10 },
          { relPath: 'big.csv', size: 2 },
          { relPath: 'redeclared.csv', size: 7 },
        ],
      },
    });
    expect((await putToUrl(body.files![0].uploadUrl, CSV)).status).toBe(200);
    // The upload URL is signed for the declared length: the store refuses any other.
    expect((await putToUrl(body.files![2].uploadUrl, 'too big')).status).toBe(403);
    expect((await putToUrl(body.files![2].uploadUrl, 'o')).status).toBe(403);
    // A URL issued before a path was declared again with a smaller size still takes its old
    // length: the size is compared at processing too.
    const oldUrl = body.files![3].uploadUrl;
    await call(app, 'declareUploadFiles', {
      params: { projectId, uploadId: body.uploadId },
      body: { files: [{ relPath: 'redeclared.csv', size: 3 }] },
    });
    expect((await putToUrl(oldUrl, 'too big')).status).toBe(200);
    const res = await call(app, 'processUploadSession', { params: { projectId, uploadId: body.uploadId } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('upload_files_missing');
    expect(res.body.error.message).toContain('missing.csv (not uploaded)');
    expect(res.body.error.message).toContain('big.csv (not uploaded)');
    expect(res.body.error.message).toContain('redeclared.csv (7 bytes, declared 3)');
    expect(res.body.error.message).not.toContain('ok.csv');
    const status = await call(app, 'getUploadSessionStatus', { params: { projectId, uploadId: body.uploadId } });
    expect(status.body).toMatchObject({ sessionStatus: 'open', run: null });
  });

  it('refuses a second process while in flight or complete, and new files once not open', async () => {
    const projectId = await project();
    const { uploadId } = await ingest(app, projectId, { 'q.csv': CSV });
    const again = await call(app, 'processUploadSession', { params: { projectId, uploadId } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('upload_session_not_ready');
    const declare = await call(app, 'declareUploadFiles', {
      params: { projectId, uploadId },
      body: { files: [{ relPath: 'more.csv', size: 1 }] },
    });
    expect(declare.status).toBe(409);
    expect(declare.body.error.code).toBe('upload_session_not_open');
  });

  it(
    'fails a ragged CSV naming file and line, keeps nothing, and succeeds when fixed and processed ' + 'again',
    async () => {
      const projectId = await project();
      const bad = 'id,text\n1,ok\n2,too,many\n';
      const fixed = 'id,text\n1,ok\n2,too many\n';
      const created = await call(app, 'createUploadSession', {
        params: { projectId },
        body: { files: [{ relPath: 'bad.csv', size: Buffer.byteLength(bad) }] },
      });
      const { uploadId, files } = created.body;
      await putToUrl(files![0].uploadUrl, bad);
      expect((await call(app, 'processUploadSession', { params: { projectId, uploadId } })).status).toBe(202);
      const failed = await waitForRun(app, projectId, uploadId);
      expect(failed.sessionStatus).toBe('failed');
      expect(failed.run.status).toBe('failed');
      expect(failed.run.errorMessage).toMatch(/^bad\.csv line 3: /);
      expect(await counts(projectId)).toEqual({ d: 0, s: 0 });
      // The same bytes again: the same failure (a retry gives the same result as a clean run).
      expect((await call(app, 'processUploadSession', { params: { projectId, uploadId } })).status).toBe(202);
      expect((await waitForRun(app, projectId, uploadId)).run.errorMessage).toBe(failed.run.errorMessage);
      // Fixed bytes of the same length at the same key (the upload URL is still valid; it takes
      // only the declared length, so a fix of another length goes into a new session): the
      // retry succeeds.
      expect((await putToUrl(files![0].uploadUrl, fixed)).status).toBe(200);
      expect((await call(app, 'processUploadSession', { params: { projectId, uploadId } })).status).toBe(202);
      const ok = await waitForRun(app, projectId, uploadId);
      expect(ok).toMatchObject({ sessionStatus: 'complete', run: { status: 'ok', datapointsPersisted: 2 } });
      expect(await counts(projectId)).toEqual({ d: 2, s: 6 });
    },
  );

  it.each([
    [
      'invalid UTF-8',
      'x.jsonl',
      { format: 'jsonl' },
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d, 0x0a]),
      /^x\.jsonl line 1: invalid UTF-8/,
    ],
    ['invalid JSON lines', 'x.jsonl', { format: 'jsonl' }, '{"a":1}\n{"a":\n', /^x\.jsonl line 2: invalid JSON/],
    [
      'a JSON line that is not an object',
      'x.jsonl',
      { format: 'jsonl' },
      '{"a":1}\n[1,2]\n',
      /^x\.jsonl line 2: each line must be a JSON object/,
    ],
    [
      'a JSON file that is not an array',
      'x.json',
      { format: 'json' },
      '{"a":1}',
      /^x\.json line 1: a json dataset file must be one array/,
    ],
    ['truncated JSON', 'x.json', { format: 'json' }, '[{"a":1},\n{"a":2', /^x\.json line 2: invalid JSON/],
    [
      'a missing idField',
      'x.csv',
      { format: 'csv', idField: 'id' },
      'id,text\n1,a\n,b\n',
      /^x\.csv line 3: record 2 has no `id`/,
    ],
    ['an empty CSV', 'x.csv', { format: 'csv' }, '', /^x\.csv line 1: the file has no records/],
    ['a header-only CSV', 'x.csv', { format: 'csv' }, 'id,text\n', /^x\.csv line 1: the file has no records/],
    [
      'markdown without sections at the level',
      'x.md',
      { format: 'markdown_split', headingLevel: 2 },
      '# Title\ntext\n### deeper\n',
      /^x\.md line 1: the file has no section at heading level 2/,
    ],
  ])('fails on %s with file and line', async (_, name, dataset, content, message) => {
    const projectId = await project(dataset);
    const { status } = await ingest(app, projectId, { [name]: content });
    expect(status.run.status).toBe('failed');
    expect(status.run.errorMessage).toMatch(message);
    expect(status.sessionStatus).toBe('failed');
    expect(await counts(projectId)).toEqual({ d: 0, s: 0 });
  });

  it('reads every format', async () => {
    const cases: [Record<string, unknown>, string, string | Buffer, number][] = [
      [{ format: 'csv', idField: 'id' }, 'bom.csv', '\ufeffid,text\r\n1,a\r\n2,b\r\n', 2],
      [{ format: 'jsonl', idField: 'id' }, 'x.jsonl', '{"id":1,"t":"a"}\n\n{"id":2,"t":"b"}\n{"id":3,"t":"c"}', 3],
      [{ format: 'json', idField: 'id' }, 'x.json', '[\n {"id":1,"n":0.5},\n {"id":2,"n":[1,2]}\n]\n', 2],
      [
        { format: 'markdown_split', headingLevel: 2 },
        'doc.md',
        '# Doc\nintro\n## One\nbody 1\n### sub\nmore\n## Two\n```\n## not a heading\n```\n',
        2,
      ],
      [{ format: 'file_collection' }, 'img/a.bin', Buffer.from([0, 1, 2, 3]), 1],
    ];
    for (const [dataset, name, content, n] of cases) {
      const projectId = await project(dataset);
      const { status } = await ingest(app, projectId, { [name]: content });
      expect(status.run, JSON.stringify(dataset)).toMatchObject({
        status: 'ok',
        rowCount: n,
        datapointsPersisted: n,
        validationsCreated: n * 3,
      });
    }
    const md = await fx.datapointsFromFile(app.sql, 'doc.md');
    expect(md.map((r) => r.content.title)).toEqual(['One', 'Two']);
    expect(md[0].content.body).toBe('body 1\n### sub\nmore');
    const [file] = await fx.datapointsFromFile(app.sql, 'img/a.bin');
    expect(file.content).toMatchObject({
      relPath: 'img/a.bin',
      size: 4,
      sha256: '054edec1d0211f624fed0cbca9d4f9400b0e491c43742af2c5b0abebf0c990d8',
    });
  });

  it('dry runs count everything, persist nothing and reopen the session', async () => {
    const projectId = await project();
    const { uploadId, status } = await ingest(app, projectId, { 'q.csv': CSV }, { dryRun: true });
    expect(status.run).toMatchObject({ status: 'ok', rowCount: 3, datapointsPersisted: 0, validationsCreated: 0 });
    expect(status.sessionStatus).toBe('open');
    expect(await counts(projectId)).toEqual({ d: 0, s: 0 });
    const real = await call(app, 'processUploadSession', { params: { projectId, uploadId } });
    expect(real.status).toBe(202);
    expect((await waitForRun(app, projectId, uploadId)).run.datapointsPersisted).toBe(3);
  });

  it('fails a re-ingest of existing content unless skipExisting', async () => {
    const projectId = await project();
    await ingest(app, projectId, { 'q.csv': CSV });
    const again = await ingest(app, projectId, { 'again.csv': CSV });
    expect(again.status.run.status).toBe('failed');
    expect(again.status.run.errorMessage).toMatch(
      /^again\.csv line 2: the project already has a datapoint with this content/,
    );
    const skip = await ingest(app, projectId, { 'more.csv': CSV + '4,new,row\n' }, { skipExisting: true });
    expect(skip.status.run).toMatchObject({ status: 'ok', rowCount: 4, datapointsPersisted: 1, validationsCreated: 3 });
    expect(await counts(projectId)).toEqual({ d: 4, s: 12 });
    const dup = await ingest(app, projectId, { 'dup.csv': 'id,question,answer\n9,x,y\n9,x,y\n' });
    expect(dup.status.run.errorMessage).toMatch(/^dup\.csv line 3: same content as dup\.csv line 2/);
  });
});

describe('bad input writes nothing', () => {
  it.each([
    ['an absolute path', [{ relPath: '/etc/passwd', size: 1 }], 'upload_file_path_invalid', 'files[0].relPath'],
    ['a .. segment', [{ relPath: 'a/../../b', size: 1 }], 'upload_file_path_invalid', 'files[0].relPath'],
    [
      'a backslash',
      [
        { relPath: 'ok.csv', size: 1 },
        { relPath: 'a\\b', size: 1 },
      ],
      'upload_file_path_invalid',
      'files[1].relPath',
    ],
    ['an empty path', [{ relPath: '', size: 1 }], 'request_body_invalid', 'files[0].relPath'],
    ['a 901-character path', [{ relPath: 'a'.repeat(901), size: 1 }], 'request_body_invalid', 'files[0].relPath'],
    ['a negative size', [{ relPath: 'a', size: -1 }], 'request_body_invalid', 'files[0].size'],
    ['a size over 5 GiB', [{ relPath: 'a', size: 5368709121 }], 'request_body_invalid', 'files[0].size'],
    ['no files', [], 'upload_no_files', 'files'],
    [
      '1001 files',
      Array.from({ length: 1001 }, (_, i) => ({ relPath: `f${i}`, size: 1 })),
      'request_body_invalid',
      'files',
    ],
    ['an empty segment', [{ relPath: 'a//b', size: 1 }], 'upload_file_path_invalid', 'files[0].relPath'],
    ['a control character', [{ relPath: 'a\u0001b', size: 1 }], 'upload_file_path_invalid', 'files[0].relPath'],
    // 451 characters, 902 bytes in UTF-8: the object key would pass S3's 1,024 bytes.
    [
      'a path over 900 bytes of UTF-8',
      [{ relPath: 'é'.repeat(451), size: 1 }],
      'upload_file_path_invalid',
      'files[0].relPath',
    ],
  ])('refuses %s', async (_, files, code, param) => {
    const projectId = await project();
    const res = await call(app, 'createUploadSession', { params: { projectId }, body: { files } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code, param });
    expect(await fx.uploadSessionCount(app.sql, projectId)).toBe(0);
  });

  it('accepts a path of exactly 900 bytes of UTF-8, whose key fits S3', async () => {
    const projectId = await project();
    const res = await call(app, 'createUploadSession', {
      params: { projectId },
      body: { files: [{ relPath: 'é'.repeat(450), size: 1 }] },
    });
    expect(res.status).toBe(201);
    expect(Buffer.byteLength(res.body.files![0].key)).toBeLessThanOrEqual(1024);
  });

  it('reports unknown and foreign sessions as not found', async () => {
    const projectId = await project();
    const missing = await call(app, 'getUploadSession', {
      params: { projectId, uploadId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.body.error.code).toBe('upload_session_not_found');
    const otherProject = await project({ format: 'csv' }, app.orgB.originatorKey);
    const foreignId = await uploadFiles(app, otherProject, { 'x.csv': CSV }, app.orgB.originatorKey);
    for (const op of ['getUploadSession', 'getUploadSessionStatus'] as const) {
      const res = await call(app, op, { params: { projectId: otherProject, uploadId: foreignId } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('project_not_found');
      const viaMine = await call(app, op, { params: { projectId, uploadId: foreignId } });
      expect(viaMine.body.error.code).toBe('upload_session_not_found');
    }
    const processForeign = await call(app, 'processUploadSession', { params: { projectId, uploadId: foreignId } });
    expect(processForeign.status).toBe(404);
    expect(processForeign.body.error.code).toBe('upload_session_not_found');
  });
});
