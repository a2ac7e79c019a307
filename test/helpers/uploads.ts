// Upload helpers: declare, PUT the bytes to the presigned URL (no Authorization header), process, poll.
import { expect } from 'vitest';
import { call, type TestApp } from './app.ts';

export async function putToUrl(
  url: string,
  body: Buffer | string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, { method: 'PUT', body, headers });
}

export async function uploadFiles(
  app: TestApp,
  projectId: string,
  files: Record<string, Buffer | string>,
  key?: string,
): Promise<string> {
  const declared = Object.entries(files).map(([relPath, content]) => ({ relPath, size: Buffer.byteLength(content) }));
  const res = await call(app, 'createUploadSession', { params: { projectId }, body: { files: declared }, key });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  for (const f of res.body.files!) {
    const put = await putToUrl(f.uploadUrl, Buffer.from(files[f.relPath]));
    expect(put.status, await put.text()).toBe(200);
  }
  return res.body.uploadId;
}

export async function waitForRun(
  app: TestApp,
  projectId: string,
  uploadId: string,
  timeoutMs = 20_000,
  key?: string,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(app, 'getUploadSessionStatus', { params: { projectId, uploadId }, key });
    if (res.body.run && res.body.run.status !== 'running') return res.body;
    if (Date.now() > deadline) throw new Error(`run still running: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function ingest(
  app: TestApp,
  projectId: string,
  files: Record<string, Buffer | string>,
  body: Record<string, unknown> = {},
  key?: string,
): Promise<{ uploadId: string; status: any }> {
  const uploadId = await uploadFiles(app, projectId, files, key);
  const res = await call(app, 'processUploadSession', { params: { projectId, uploadId }, body, key });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return { uploadId, status: await waitForRun(app, projectId, uploadId, 20_000, key) };
}
