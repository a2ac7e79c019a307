// S3_PUBLIC_ENDPOINT: presigned URLs are signed for the host clients reach the store at, while the
// processes' own S3 calls keep S3_ENDPOINT. The test's S3 server answers on 127.0.0.1 under two
// names: `127.0.0.1` (the processes' endpoint) and `localhost` (standing for the public one). A
// SigV4 signature covers the Host header, so a URL signed for one name is refused under the other.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createStorage, headObject, presignGet, presignPut } from '../../src/storage/s3.ts';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { waitForRun } from '../helpers/uploads.ts';
import { loadConfig } from '../../src/config.ts';

const internal = inject('s3');
const publicEndpoint = internal.endpoint.replace('//127.0.0.1:', '//localhost:');
const publicHost = new URL(publicEndpoint).host;

describe('presigned URLs with S3_PUBLIC_ENDPOINT', () => {
  it('is read from the environment, as an http(s) URL', () => {
    const env = {
      S3_ENDPOINT: 'http://s3:9000',
      S3_BUCKET: 'assay',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    };
    expect(loadConfig(env, { s3: true }).s3.publicEndpoint).toBeNull();
    expect(loadConfig({ ...env, S3_PUBLIC_ENDPOINT: 'https://files.example.com' }, { s3: true }).s3).toMatchObject({
      endpoint: 'http://s3:9000',
      publicEndpoint: 'https://files.example.com',
    });
    expect(() => loadConfig({ ...env, S3_PUBLIC_ENDPOINT: 'ftp://files' }, { s3: true })).toThrow(
      'S3_PUBLIC_ENDPOINT must be a http: or https: URL',
    );
  });

  it('without it, a URL sent under another name of the store is refused (the signature covers the host)', async () => {
    const storage = createStorage(internal);
    const body = Buffer.from('no public endpoint');
    const url = new URL(
      await presignPut(storage, `public-endpoint/${randomBytes(4).toString('hex')}`, 60, body.length),
    );
    expect(url.host).toBe(new URL(internal.endpoint).host);
    url.host = publicHost;
    const put = await fetch(url, { method: 'PUT', body });
    expect(put.status).toBe(403);
    expect(await put.text()).toContain('SignatureDoesNotMatch');
  });

  it('with it, URLs name the public host and work there; the process itself keeps S3_ENDPOINT', async () => {
    const storage = createStorage({ ...internal, publicEndpoint });
    const key = `public-endpoint/${randomBytes(4).toString('hex')}`;
    const body = Buffer.from('sent to the public endpoint');
    const putUrl = await presignPut(storage, key, 60, body.length);
    expect(new URL(putUrl).host).toBe(publicHost);
    const put = await fetch(putUrl, { method: 'PUT', body });
    expect(put.status, await put.text()).toBe(200);
    const getUrl = await presignGet(storage, key, 60);
    expect(new URL(getUrl).host).toBe(publicHost);
    expect(Buffer.from(await (await fetch(getUrl)).arrayBuffer())).toEqual(body);

    // A public endpoint nothing answers at: signing still works and the process's own calls
    // (HEAD here) go to S3_ENDPOINT.
    const unreachable = createStorage({ ...internal, publicEndpoint: 'http://127.0.0.1:1' });
    expect(new URL(await presignPut(unreachable, key, 60, body.length)).host).toBe('127.0.0.1:1');
    expect(await headObject(unreachable, key)).toMatchObject({ size: body.length });
  });
});

describe('the API with S3_PUBLIC_ENDPOINT', { timeout: 120_000 }, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ worker: true, config: { s3: { ...internal, publicEndpoint } } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('hands out upload URLs for the public host; the bytes PUT there are ingested by the worker', async () => {
    const created = await call(app, 'createProject', {
      body: {
        name: 'Public endpoint',
        spec: {
          version: '1.0.0',
          dataset: { format: 'csv', idField: 'id' },
          validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
        },
      },
    });
    expect(created.status).toBe(201);
    const projectId = created.body.projectId as string;
    // Two files: the first URL is signed through the SDK, the others by the batch's reused presigner.
    const files: Record<string, string> = { 'a.csv': 'id,text\n1,one\n2,two\n', 'b.csv': 'id,text\n3,three\n' };
    const session = await call(app, 'createUploadSession', {
      params: { projectId },
      body: { files: Object.entries(files).map(([relPath, csv]) => ({ relPath, size: Buffer.byteLength(csv) })) },
    });
    expect(session.status).toBe(201);
    expect(session.body.files).toHaveLength(2);
    for (const file of session.body.files!) {
      expect(new URL(file.uploadUrl).host).toBe(publicHost);
      const put = await fetch(file.uploadUrl, { method: 'PUT', body: files[file.relPath] });
      expect(put.status, await put.text()).toBe(200);
    }
    const uploadId = session.body.uploadId;
    const processed = await call(app, 'processUploadSession', { params: { projectId, uploadId }, body: {} });
    expect(processed.status).toBe(202);
    const status = await waitForRun(app, projectId, uploadId, 60_000);
    expect(status.run).toMatchObject({ status: 'ok', datapointsPersisted: 3 });
  });

  it("the web app's CSP admits images from the public origin (presigned GETs)", async () => {
    const res = await fetch(`${app.url}/app/`);
    expect(res.headers.get('content-security-policy')).toContain(
      `img-src 'self' data: ${new URL(publicEndpoint).origin};`,
    );
  });
});
