// A long top-level array is written in slices (src/http/respond.ts): the bytes must be exactly
// JSON.stringify's, for every body shape, and through a real HTTP response with back-pressure.
import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express, { type Response } from 'express';
import { describe, expect, it } from 'vitest';
import { jsonPieces, writeResult } from '../../src/http/respond.ts';
import { JsonElements, JsonText } from '../../src/domain/json-text.ts';

const files = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ relPath: `d/${'é'.repeat(i % 5)}f${i}.csv`, size: i }));

const text = (value: unknown) => new JsonText(Buffer.from(JSON.stringify(value)));

describe('jsonPieces', () => {
  it.each([
    ['a short body', { a: 1, b: [1, 2, 3] }, false],
    ['an array of 999', files(999), false],
    ['an array of exactly 1,000', files(1000), true],
    ['an array of 1,001', files(1001), true],
    ['an array of 1,250 (a multiple of the slice)', files(1250), true],
    [
      'an object with the long array between members, undefined and Date members',
      { uploadId: 'u', skipped: undefined, files: files(1234), at: new Date(0), tail: { x: [null] } },
      true,
    ],
    ['an object whose first member is long', { files: files(1000), n: 2 }, true],
    ['an object whose last member is long', { n: 2, files: files(2001) }, true],
    ['an object whose only member is long', { files: files(1500) }, true],
    ['an object whose first member has no JSON form', { skipped: undefined, files: files(1000) }, true],
    ['holes and undefined in a long array', [...files(1000), undefined, () => 1], true],
    ['a member that is JSON text', { uploadId: 'u', files: text(files(3)), n: 1 }, true],
    ['a member that is JSON text, first and only', { files: text(files(10_000)) }, true],
    ['JSON text as the whole body', text(files(2)), true],
  ])('%s: JSON.stringify, byte for byte', (_, body, sliced) => {
    expect.hasAssertions();
    const pieces = jsonPieces(body);
    expect(pieces !== null).toBe(sliced);
    if (pieces) expect(Buffer.concat([...pieces].map((p) => Buffer.from(p))).toString()).toBe(JSON.stringify(body));
  });

  it('writes JSON text as the very buffers it holds, in order, never serialized again', () => {
    expect.hasAssertions();
    const list = text(files(5));
    const pieces = [...jsonPieces({ a: 1, files: list })!];
    expect(pieces).toContain(list.pieces[0]);
    // A text in several pieces (a long file list, in rows from Postgres): each written as it is.
    const json = JSON.stringify(files(5));
    const cut = [json.indexOf(',{'), json.lastIndexOf(',{')];
    const parts = [json.slice(0, cut[0]), json.slice(cut[0], cut[1]), json.slice(cut[1])].map((p) => Buffer.from(p));
    const several = new JsonText(parts);
    expect(several.length).toBe(Buffer.byteLength(json));
    const written = [...jsonPieces({ a: 1, files: several })!];
    for (const part of parts) expect(written).toContain(part);
    expect(Buffer.concat(written.map((p) => Buffer.from(p))).toString()).toBe(
      JSON.stringify({ a: 1, files: files(5) }),
    );
    expect(JSON.stringify({ files: several })).toBe(JSON.stringify({ files: files(5) }));
  });

  it('cuts a long array of large elements into pieces of tens of kilobytes', () => {
    expect.hasAssertions();
    // A declare's answer: 1,000 elements of about 3 KB (path, key and presigned URL).
    const big = Array.from({ length: 1000 }, (_, i) => ({ relPath: `${'d/'.repeat(440)}${i}`, url: 'u'.repeat(2000) }));
    const element = JSON.stringify(big[0]).length;
    const pieces = [...jsonPieces({ files: big })!].map(String);
    expect(pieces.join('')).toBe(JSON.stringify({ files: big }));
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(32 * 1024 + element + 2);
    expect(pieces.length).toBeGreaterThan(80);
  });

  it('makes JsonElements as their pieces are written, and JSON.stringify gets the whole array', () => {
    expect.hasAssertions();
    let made = 0;
    const elements = new JsonElements(1000, (i) => {
      made++;
      return { relPath: `${'d/'.repeat(440)}${i}`, n: i };
    });
    const body = { keyPrefix: 'k', files: elements, expiresAt: 'e' };
    const pieces = jsonPieces(body)![Symbol.iterator]();
    const written: string[] = [];
    for (let next = pieces.next(); !next.done; next = pieces.next()) {
      written.push(String(next.value));
      // Each piece holds about 32 KB of elements; none is made before its piece.
      if (written.length === 2) expect(made).toBeLessThan(60);
    }
    expect(made).toBe(1000);
    expect(written.join('')).toBe(JSON.stringify(body));
    expect(JSON.parse(JSON.stringify(body)).files).toHaveLength(1000);
    expect(jsonPieces({ files: new JsonElements(0, () => 1) })).not.toBeNull();
    expect([...jsonPieces({ files: new JsonElements(0, () => 1) })!].join('')).toBe('{"files":[]}');
  });

  it('gives the event loop a turn between pieces, even when each write drains in the same turn', async () => {
    expect.hasAssertions();
    // A socket that takes a write at once completes it synchronously, and Node emits 'drain'
    // from process.nextTick: in the same turn. This response does exactly that for every piece.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    const turnsAtWrite: number[] = [];
    const chunks: string[] = [];
    const res = Object.assign(new EventEmitter(), {
      destroyed: false,
      status: () => res,
      type: () => res,
      write: (chunk: string) => {
        turnsAtWrite.push(turns);
        chunks.push(chunk);
        process.nextTick(() => res.emit('drain'));
        return false;
      },
      end: () => undefined,
    });
    const body = { files: Array.from({ length: 1000 }, (_, i) => ({ relPath: `${'d/'.repeat(440)}${i}` })) };
    setImmediate(tick);
    try {
      await writeResult(res as unknown as Response, { status: 200, body });
    } finally {
      ticking = false;
    }
    expect(chunks.join('')).toBe(JSON.stringify(body));
    for (let i = 1; i < turnsAtWrite.length; i++) expect(turnsAtWrite[i]).toBeGreaterThan(turnsAtWrite[i - 1]);
    expect(turnsAtWrite.length).toBeGreaterThan(10);
  });

  it('writes the same bytes through HTTP, chunked, with the JSON content type', async () => {
    expect.hasAssertions();
    const body = { uploadId: 'u', files: files(10_000), urls: text(files(3)), verifiedBytes: 0 };
    const app = express();
    app.get('/', (_req, res) => void writeResult(res, { status: 200, body }));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      expect(await res.text()).toBe(JSON.stringify(body));
    } finally {
      server.close();
    }
  });
});

describe('writeResult and lent text', () => {
  it('releases lent text once the response closed, after the client had every byte', async () => {
    expect.hasAssertions();
    const value = files(10_000);
    const events: string[] = [];
    const lent = new JsonText(Buffer.from(JSON.stringify(value)), () => events.push('released'));
    const body = { uploadId: 'u', files: lent };
    const app = express();
    app.get('/', (_req, res) => {
      res.once('finish', () => events.push('finished'));
      void writeResult(res, { status: 200, body }).then(() => events.push('written'));
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await res.text()).toBe(JSON.stringify({ uploadId: 'u', files: value }));
      await new Promise((r) => setTimeout(r, 50));
      expect(events.filter((e) => e === 'released')).toHaveLength(1);
      expect(events.indexOf('finished')).toBeGreaterThanOrEqual(0);
      expect(events.indexOf('finished')).toBeLessThan(events.indexOf('released'));
    } finally {
      server.close();
    }
  });
});
