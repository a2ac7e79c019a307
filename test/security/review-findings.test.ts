// Findings of the security review that need a running server: a crafted cursor is a clear
// parameter_invalid (it answered 500 with an error-level stack), and a client that trickles its
// headers is cut off by the server's headers timeout (Node's default kept it for a minute), and a
// stored file is served with a safe type (HTML or SVG of an uploader never runs in a browser).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { once } from 'node:events';
import { call, startTestApp, type TestApp } from '../helpers/app.ts';
import { DEFAULT_HTTP_TIMEOUTS } from '../../src/config.ts';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createStorage, presignGet } from '../../src/storage/s3.ts';
import { servedFile } from '../../src/domain/served-files.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    config: { http: { ...DEFAULT_HTTP_TIMEOUTS, headersTimeoutMs: 1000, requestTimeoutMs: 2000 } },
  });
});
afterAll(async () => {
  await app?.close();
});

describe('cursors', () => {
  it.each(['2024-02-31T00:00:00.000000Z', '2023-02-29T12:00:00.000000Z', '2024-01-01T24:00:00.000000Z'])(
    'answers a cursor of %s (no such instant) with parameter_invalid, not 500',
    async (t) => {
      const cursor = Buffer.from(`${t}|0b0c7c1e-4d7e-4b4c-9d1e-8f1a2b3c4d5e`).toString('base64url');
      const res = await call(app, 'listProjects', { query: { cursor } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'cursor' });
    },
  );
});

describe('slow clients', () => {
  it('closes a connection whose headers never end', async () => {
    const { port } = new URL(app.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /developer/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    // A trickle: one byte a while, never the blank line that ends the headers.
    const trickle = setInterval(() => socket.writable && socket.write('a'), 200);
    try {
      await once(socket, 'close');
    } finally {
      clearInterval(trickle);
    }
    expect(Buffer.concat(chunks).toString()).toMatch(/^HTTP\/1\.1 408/);
  }, 60_000);
});

describe('stored files', () => {
  it('serves an uploaded HTML or SVG file as an attachment of no type, and a PNG inline as an image', async () => {
    // As the claim handler presigns a file_collection file: the object keeps the type its
    // uploader chose; the presigned GET says how it is served.
    const storage = createStorage(inject('s3'));
    const served: Record<string, { type: string | null; disposition: string | null }> = {};
    for (const [relPath, body, type] of [
      ['page.html', '<script>alert(document.domain)</script>', 'text/html'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
      ['pic.png', '\x89PNG\r\n\x1a\n', 'image/png'],
      ['photo.jpg', 'jpeg bytes', 'text/html'],
    ] as const) {
      const key = `review/${randomUUID()}/${relPath}`;
      await storage.client.send(
        new PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: body, ContentType: type }),
      );
      const res = await fetch(await presignGet(storage, key, 60, undefined, servedFile(relPath, type)));
      expect(res.status).toBe(200);
      served[relPath] = { type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition') };
    }
    expect(served['page.html']).toEqual({
      type: 'application/octet-stream',
      disposition: `attachment; filename="page.html"`,
    });
    expect(served['logo.svg']!.type).toBe('application/octet-stream');
    expect(served['logo.svg']!.disposition).toMatch(/^attachment;/);
    expect(served['pic.png']).toEqual({
      type: 'image/png',
      disposition: `inline; filename="pic.png"`,
    });
    // An image by its name, whatever type its uploader gave it.
    expect(served['photo.jpg']!.type).toBe('image/jpeg');
  });
});
