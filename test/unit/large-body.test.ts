// A large JSON body (src/http/body.ts) is marked, so the pipeline parses, checks and validates it
// in separate turns of the event loop; it is checked for NUL all the same.
import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isLargeBody, readJsonBody } from '../../src/http/body.ts';

const request = (text: string) =>
  Object.assign(Readable.from([Buffer.from(text)]), {
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
  }) as unknown as IncomingMessage;
const res = {} as ServerResponse;
const files = (n: number, path: string) => ({
  files: Array.from({ length: n }, (_, i) => ({ relPath: `${path}${i}` })),
});

describe('large JSON bodies', () => {
  it('marks a body of 64 KiB or more, and no smaller one', async () => {
    expect.hasAssertions();
    const small = await readJsonBody(request(JSON.stringify(files(10, 'a/'))), res, 2 ** 20);
    const large = await readJsonBody(request(JSON.stringify(files(1000, 'd/'.repeat(100)))), res, 2 ** 20);
    expect(isLargeBody(small)).toBe(false);
    expect(isLargeBody(large)).toBe(true);
    expect((large as { files: unknown[] }).files).toHaveLength(1000);
    expect(isLargeBody(JSON.parse(JSON.stringify(large)))).toBe(false);
    expect(isLargeBody(null)).toBe(false);
  });

  it('refuses a NUL in a large body as in a small one', async () => {
    expect.hasAssertions();
    const body = files(1000, 'd/'.repeat(100));
    body.files[999].relPath = 'x\u0000y';
    await expect(readJsonBody(request(JSON.stringify(body)), res, 2 ** 20)).rejects.toMatchObject({
      code: 'request_body_invalid',
    });
  });
});
