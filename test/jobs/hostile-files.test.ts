// Hostile data files through the whole path, with real processes: uploaded through presigned URLs
// (generated as streams, never built in memory), processed by a worker that shares its process
// with an API server (as `make dev` runs them). Each run fails with a clear message naming the
// file and the line; the shared process keeps answering /ping throughout, and its peak RSS stays
// under the worker's budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { inject } from 'vitest';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/wait.ts';
import { readyJson } from '../helpers/child.ts';
import * as fx from '../helpers/fixtures.ts';
import { createStorage } from '../../src/storage/s3.ts';

const MiB = 1024 * 1024;
/**
 * The shared process's budget: the worker's 256 MB (bench/README.md's target for `assay worker`,
 * which the ingest benchmark's worker alone meets at 187 MB) plus 32 MB for what this process
 * holds beside a worker: the API server, and the parser thread a worker keeps ready for the next
 * run (an idle isolate, about 19 MB). Measured peaks of this test on 2026-11-25: 261-262 MB
 * without the ready thread (at the budget's edge: some runs passed 256, some not), 267-280 MB
 * with it; a parser without back-pressure reached 598 MB.
 */
const RSS_BUDGET_MB = 256 + 32;
const WORKER_FLAGS = JSON.parse(
  readFileSync(new URL('../../src/jobs/worker-node-flags.json', import.meta.url), 'utf8'),
) as string[];

let app: TestApp;
let child: ChildProcess;
let childUrl: string;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  await app?.close();
});

async function startSharedProcess(): Promise<void> {
  const [{ db }] = await app.sql<{ db: string }[]>`select current_database() as db`;
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${db}`;
  const s3 = inject('s3');
  child = spawn(process.execPath, [...WORKER_FLAGS, 'test/fixtures/serve-and-work.ts'], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: url.toString(),
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      PUBLIC_BASE_URL: 'http://127.0.0.1',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      MAIL_MODE: 'log',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  childUrl = (await readyJson(child)).url;
}

/** PUTs `size` bytes made by `fill` (offset, length) to a presigned URL, streamed. */
async function putStream(url: string, size: number, fill: (offset: number, length: number) => Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-length': size } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    let at = 0;
    const pump = () => {
      while (at < size) {
        const n = Math.min(256 * 1024, size - at);
        const ok = req.write(fill(at, n));
        at += n;
        if (!ok) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

/** A file: `head`, then `filler` repeated, then `tail`, `size` bytes in all. */
function shaped(head: string, filler: string, tail: string, size: number) {
  const h = Buffer.from(head);
  const t = Buffer.from(tail);
  const block = Buffer.from(filler.repeat(Math.ceil((256 * 1024) / filler.length) + 1));
  return (offset: number, length: number): Buffer => {
    const out = Buffer.allocUnsafe(length);
    for (let i = 0; i < length; ) {
      const at = offset + i;
      if (at < h.length) {
        out[i++] = h[at];
      } else if (at >= size - t.length) {
        out[i++] = t[at - (size - t.length)];
      } else {
        const k = (at - h.length) % filler.length;
        const n = Math.min(length - i, size - t.length - at, block.length - k);
        block.copy(out, i, k, k + n);
        i += n;
      }
    }
    return out;
  };
}

async function project(format: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(app, 'createProject', {
    body: {
      name: `Hostile ${format}`,
      spec: {
        version: '1.0.0',
        dataset: { format, ...extra },
        validation: { validatorsPerDatapoint: 1, instructions: 'Rate.' },
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.projectId;
}

/** Declares one file, uploads it streamed, processes it; returns its ids. */
async function uploadAndProcess(
  projectId: string,
  relPath: string,
  size: number,
  fill: (o: number, l: number) => Buffer,
): Promise<string> {
  const session = await call(app, 'createUploadSession', {
    params: { projectId },
    body: { files: [{ relPath, size }] },
  });
  expect(session.status).toBe(201);
  expect(await putStream(session.body.files![0].uploadUrl, size, fill)).toBe(200);
  expect(
    (await call(app, 'processUploadSession', { params: { projectId, uploadId: session.body.uploadId } })).status,
  ).toBe(202);
  return session.body.uploadId;
}

/** Waits for the run to end, pinging the shared process all along; every ping must answer 200. */
async function finishWhilePinging(projectId: string, uploadId: string): Promise<{ run: any; pings: number }> {
  let pings = 0;
  const run = await until(
    async () => {
      const ping = await fetch(`${childUrl}/developer/v1/ping`, {
        headers: { authorization: `Bearer ${app.orgA.originatorKey}` },
      });
      expect(ping.status).toBe(200);
      pings++;
      return (await call(app, 'getUploadSessionStatus', { params: { projectId, uploadId } })).body.run;
    },
    (r) => !!r && r.status !== 'running',
    120_000,
  );
  return { run, pings };
}

const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('hostile files', { timeout: 180_000 }, () => {
  it('a file replaced after the process call by a longer one fails without being read through', async () => {
    // No worker runs yet: the run is queued when the object is replaced by a longer one.
    const projectId = await project('csv');
    const small = 'id,text\n1,a\n';
    const uploadId = await uploadAndProcess(projectId, 'grown.csv', small.length, (o, l) =>
      Buffer.from(small).subarray(o, o + l),
    );
    const key = await fx.uploadObjectKey(app.sql, uploadId, 'grown.csv');
    const storage = createStorage(inject('s3'));
    await storage.client.send(
      new PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: Buffer.alloc(8 * MiB, 'a') }),
    );
    await startSharedProcess();
    const { run } = await finishWhilePinging(projectId, uploadId);
    expect(run.status).toBe('failed');
    // Its ETag was pinned when the session was processed: the replacement is refused on first read.
    // (A file longer than its declared size cannot be uploaded any more: the presigned PUT signs the
    // length; the parsers' own length bound is tested in test/unit/parsers.test.ts.)
    expect(run.errorMessage).toBe(
      '"grown.csv" was replaced after the session was processed; declare it again, upload it and process the ' +
        'session again',
    );
  }, 180_000);

  it('a 200 MB single-line CSV fails at the record limit', async () => {
    const projectId = await project('csv');
    const uploadId = await uploadAndProcess(
      projectId,
      'line.csv',
      200 * MiB,
      shaped('id,text\n1,', 'x', '\n', 200 * MiB),
    );
    const { run } = await finishWhilePinging(projectId, uploadId);
    expect(run.status).toBe('failed');
    expect(run.errorMessage).toMatch(/^line\.csv line 2: the record starting here is longer than 1048576 characters/);
  }, 180_000);

  it('an unterminated quoted field fails', async () => {
    const projectId = await project('csv');
    const uploadId = await uploadAndProcess(
      projectId,
      'quote.csv',
      20 * MiB,
      shaped('id,text\n1,ok\n2,"never closed', ' and on\n', '', 20 * MiB),
    );
    const { run } = await finishWhilePinging(projectId, uploadId);
    expect(run.status).toBe('failed');
    expect(run.errorMessage).toMatch(/^quote\.csv line 3: the record starting here is longer than 1048576 characters/);
  }, 180_000);

  it('a 100 MB JSON string fails at the element limit', async () => {
    const projectId = await project('json');
    const uploadId = await uploadAndProcess(
      projectId,
      'string.json',
      100 * MiB,
      shaped('[{"id":1},\n{"id":2,"text":"', 'z', '"}]', 100 * MiB),
    );
    const { run } = await finishWhilePinging(projectId, uploadId);
    expect(run.status).toBe('failed');
    expect(run.errorMessage).toBe('string.json line 2: element 2 of the array is longer than 1048576 characters');
  }, 180_000);

  it('a markdown heading with 100,000 spaces is read (linear match): the run succeeds', async () => {
    const projectId = await project('markdown_split', { headingLevel: 2 });
    const text = `## a${' '.repeat(100_000)}b\nbody\n## next\nmore\n`;
    const uploadId = await uploadAndProcess(projectId, 'spaces.md', text.length, (o, l) =>
      Buffer.from(text).subarray(o, o + l),
    );
    const { run } = await finishWhilePinging(projectId, uploadId);
    expect(run.status).toBe('ok');
    expect(run.datapointsPersisted).toBe(2);
  }, 180_000);

  it('a 1 MB CSV of 4 header names of 250,000 characters over 40,000 rows `n,,,` fails at the header ' +
    'budget', async () => {
    // Without the budget each 4-byte row stored 1 MB: 40 rows were 38 MB, this file ~40 GB.
    const projectId = await project('csv');
    const head = `${['a', 'b', 'c', 'd'].map((c) => c.repeat(250_000)).join(',')}\n`;
    const size = head.length + 40_000 * 5;
    const uploadId = await uploadAndProcess(projectId, 'amplify.csv', size, shaped(head, '7,,,\n', '', size));
    const { run } = await finishWhilePinging(projectId, uploadId);
    expect(run).toMatchObject({ status: 'failed', errorCode: 'ingest_file_invalid', datapointsPersisted: 0 });
    expect(run.errorMessage).toMatch(
      /^amplify\.csv line 2: the header's names \(1000000 characters\) are more than 64 times/,
    );
    expect((await fx.counts(app.sql, projectId)).datapoints).toBe(0);
  }, 180_000);

  it('the shared process stayed within the worker budget', () => {
    expect(peakRssMb(child.pid!)).toBeLessThan(RSS_BUDGET_MB);
  });
});
