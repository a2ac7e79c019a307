// presignPuts signs a batch with one reused presigner from the first URL's endpoint: its URLs
// must be exactly the SDK's, key for key, on path-style and virtual-hosted endpoints alike, and
// the store (which checks signatures) must take a PUT of the declared length to any of them.
import { describe, expect, inject, it } from 'vitest';
import { batchSigner, createStorage, presignPut, presignPuts } from '../../src/storage/s3.ts';

const KEYS = [
  'uploads/p1/s1/data.csv',
  'uploads/p1/s1/a dir/naïve file (1).csv',
  "uploads/p1/s1/it's!*~+%20&=?#.jsonl",
  ...Array.from({ length: 150 }, (_, i) => `uploads/p1/s1/${'d/'.repeat(i % 7)}part-${i}.csv`),
];

describe('presignPuts', () => {
  const s3 = inject('s3');
  it.each([
    ['the test store (path style)', s3],
    [
      'a virtual-hosted endpoint in another region',
      { ...s3, endpoint: 'https://s3.eu-west-3.example.com', region: 'eu-west-3', forcePathStyle: false },
    ],
  ])('gives the SDK URL for every key: %s', async (_, config) => {
    expect.hasAssertions();
    const storage = createStorage(config);
    const date = new Date('2026-11-25T12:00:00Z');
    const files = KEYS.map((key, i) => ({ key, contentLength: 10 + i }));
    const batch = await presignPuts(storage, files, 3600, date);
    const one = await Promise.all(files.map((f) => presignPut(storage, f.key, 3600, f.contentLength, date)));
    expect(batch).toHaveLength(KEYS.length);
    expect(batch).toEqual(one);
    // The batch was signed here, not by the SDK URL by URL: the first URL's layout was recognized
    // and signing its file here gave the SDK's URL.
    expect(await batchSigner(storage, one[0], files[0])).not.toBeNull();
  });

  it('leaves the batch to the SDK when its first URL is not what signing it here gives', async () => {
    expect.hasAssertions();
    const storage = createStorage(s3);
    const file = { key: 'uploads/p1/s1/data.csv', contentLength: 10 };
    const url = await presignPut(storage, file.key, 3600, file.contentLength);
    expect(await batchSigner(storage, url, file)).not.toBeNull();
    const flipped = url.replace(/(X-Amz-Signature=[0-9a-f]{63})(.)/, (_, head, c) => head + (c === '0' ? '1' : '0'));
    expect(flipped).not.toBe(url);
    expect(await batchSigner(storage, flipped, file)).toBeNull();
    expect(await batchSigner(storage, url, { ...file, contentLength: 11 })).toBeNull();
    expect(await batchSigner(storage, url.replace('content-length%3Bhost', 'host'), file)).toBeNull();
  });

  it('signs URLs the store accepts at the declared length only', async () => {
    expect.hasAssertions();
    const storage = createStorage(s3);
    const files = Array.from({ length: 70 }, (_, i) => ({ key: `presign-test/${i}.txt`, contentLength: 5 }));
    const urls = await presignPuts(storage, files, 600);
    const last = urls[urls.length - 1];
    expect((await fetch(last, { method: 'PUT', body: 'hello' })).status).toBe(200);
    expect((await fetch(last, { method: 'PUT', body: 'hello world' })).status).toBe(403);
  });
});
