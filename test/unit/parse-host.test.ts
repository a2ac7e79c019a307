// The parser thread host: records come back as readRecords gives them, errors keep their
// message, and a misbehaving thread (one that spins, one that eats memory) is stopped without
// stopping the process: its event loop keeps turning meanwhile (timer ticks are counted; in the
// same thread a busy loop would let none through).
import { describe, expect, it } from 'vitest';
import {
  closeParserThreads,
  createParser,
  MAX_RUNS_PER_THREAD,
  prepareParserThread,
  spareThreadId,
} from '../../src/ingest/parse-host.ts';
import { IngestError, type SourceFile } from '../../src/ingest/parsers.ts';
import { contentChecksum } from '../../src/domain/content-encoding.ts';

const source = (relPath: string, chunks: Iterable<Uint8Array>, size: number): SourceFile => ({
  relPath,
  key: `k/${relPath}`,
  contentType: undefined,
  size,
  bytes: (async function* () {
    yield* chunks;
  })(),
});
const textSource = (relPath: string, text: string, size = Buffer.byteLength(text)) =>
  source(relPath, [Buffer.from(text)], size);

async function collect(it: AsyncIterable<unknown>): Promise<unknown[]> {
  const out = [];
  for await (const x of it) out.push(x);
  return out;
}

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('parser host', () => {
  it('runs on the thread started ahead of it, and never gives one thread to two parsers', async () => {
    prepareParserThread();
    const ready = spareThreadId();
    expect(ready).not.toBeNull();
    const first = createParser({ format: 'csv', idField: 'id' });
    try {
      expect(await collect(first.records(textSource('a.csv', 'id,text\nx,y\n')))).toHaveLength(1);
      // The spare was taken: the parser runs on it, and no spare is left meanwhile.
      expect(first.threadId()).toBe(ready);
      expect(spareThreadId()).toBeNull();
    } finally {
      await first.close();
    }
    prepareParserThread();
    const next = spareThreadId();
    expect(next).not.toBeNull();
    expect(next).not.toBe(ready);
    // A parser with a thread of its own (a test's misbehaving one, other limits) leaves the spare alone.
    const own = createParser({ format: 'csv', idField: 'id' }, { maxOldGenerationMb: 40 });
    try {
      await collect(own.records(textSource('b.csv', 'id,text\nx,y\n')));
      expect(own.threadId()).not.toBe(next);
      expect(spareThreadId()).toBe(next);
    } finally {
      await own.close();
      await closeParserThreads();
    }
    expect(spareThreadId()).toBeNull();
  });

  it('keeps a thread that read its files cleanly for the next run, and no other', async () => {
    await closeParserThreads();
    const csv = { format: 'csv', idField: 'id' } as const;
    // Read to its end: released, it becomes the spare, and the next parser runs on it with
    // nothing of the last file left (its records are exactly its own).
    const first = createParser(csv);
    expect(await collect(first.records(textSource('a.csv', 'id,text\nx,y\nz,w\n')))).toHaveLength(2);
    const kept = first.threadId();
    await first.release();
    expect(spareThreadId()).toBe(kept);
    const second = createParser(csv);
    const rows = await collect(second.records(textSource('b.csv', 'id,other\nq,r\n')));
    expect(rows).toMatchObject([{ row: 1, line: 2, content: { id: 'q', other: 'r' } }]);
    expect(second.threadId()).toBe(kept);
    // A spare is already there: the released thread is terminated, not kept beside it.
    prepareParserThread();
    const spare = spareThreadId();
    await second.release();
    expect(spareThreadId()).toBe(spare);
    await closeParserThreads();

    // Left in the middle of a file: terminated.
    const abandoned = createParser(csv, { batchBytes: 1024 });
    const body = `id,text\n${Array.from({ length: 5000 }, (_, i) => `${i},${'x'.repeat(30)}`).join('\n')}\n`;
    for await (const _ of abandoned.records(textSource('big.csv', body))) break;
    await abandoned.release();
    expect(spareThreadId()).toBeNull();

    // A file with an error: terminated.
    const failed = createParser(csv);
    await rejection(collect(failed.records(textSource('bad.csv', 'id,text\nx,"unclosed\n'))));
    await failed.release();
    expect(spareThreadId()).toBeNull();

    // A parser with a thread of its own (other limits) never hands it on.
    const own = createParser(csv, { maxOldGenerationMb: 40 });
    await collect(own.records(textSource('c.csv', 'id,text\nx,y\n')));
    await own.release();
    expect(spareThreadId()).toBeNull();
  });

  it(`retires a thread after ${MAX_RUNS_PER_THREAD} runs`, async () => {
    await closeParserThreads();
    const csv = { format: 'csv', idField: 'id' } as const;
    prepareParserThread();
    const thread = spareThreadId();
    for (let run = 1; run <= MAX_RUNS_PER_THREAD; run++) {
      const p = createParser(csv);
      await collect(p.records(textSource('a.csv', `id,text\n${run},y\n`)));
      expect(p.threadId()).toBe(thread);
      await p.release();
      expect(spareThreadId()).toBe(run < MAX_RUNS_PER_THREAD ? thread : null);
    }
    await closeParserThreads();
  });

  it('gives the records of several files in order, in batches across many chunks', async () => {
    const parser = createParser({ format: 'csv', idField: 'id' });
    try {
      const rows = Array.from({ length: 3000 }, (_, i) => `${i},text ${i}`);
      const body = Buffer.from(`id,text\n${rows.join('\n')}\n`);
      const chunks = Array.from({ length: Math.ceil(body.length / 1000) }, (_, i) =>
        body.subarray(i * 1000, (i + 1) * 1000),
      );
      const a = (await collect(parser.records(source('a.csv', chunks, body.length)))) as {
        row: number;
        content: Record<string, string>;
      }[];
      expect(a).toHaveLength(3000);
      expect(a[2999]).toMatchObject({ row: 3000, line: 3001, content: { id: '2999', text: 'text 2999' } });
      // Encoded in the thread as it is stored: the JSON text and the checksum of its JCS form.
      expect(a[2999]).toMatchObject({
        json: '{"id":"2999","text":"text 2999"}',
        checksum: contentChecksum({ id: '2999', text: 'text 2999' }),
      });
      const b = await collect(parser.records(textSource('b.csv', 'id,text\nx,y\n')));
      expect(b).toMatchObject([{ row: 1, line: 2, content: { id: 'x', text: 'y' } }]);
    } finally {
      await parser.close();
    }
  });

  it(
    'parses on only once the consumer has taken a batch (back-pressure): one chunk of many records never piles ' + 'up',
    async () => {
      // Small batches, so one chunk of 20,000 short rows is 20+ batches; the consumer is slow.
      const parser = createParser({ format: 'csv', idField: 'id' }, { batchBytes: 64 * 1024 });
      try {
        const rows = Array.from({ length: 20_000 }, (_, i) => `${i},${'x'.repeat(20)}`);
        let n = 0;
        for await (const _ of parser.records(textSource('slow.csv', `id,text\n${rows.join('\n')}\n`))) {
          // Give the thread every chance to run ahead while the consumer holds a batch.
          if (n++ % 1000 === 0) await new Promise((r) => setTimeout(r, 20));
        }
        expect(n).toBe(20_000);
        // At most one batch and one request for bytes wait for the consumer (without back-pressure
        // the thread parsed the whole chunk ahead: dozens of batches).
        expect(parser.maxQueued()).toBeLessThanOrEqual(2);
      } finally {
        await parser.close();
      }
    },
  );

  it("hands over a file's first records early and reads on while the consumer writes them", async () => {
    // The first chunk holds 60 rows. The source gives the second only once the consumer has a
    // record, and the consumer, holding its first record, waits until the source is asked for the
    // second chunk. Before, neither happened: the thread waited for 500 records (or the end) before
    // its first batch, and bytes were sent only when the consumer asked for its next batch.
    const rows = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `${from + i},text ${from + i}\n`).join('');
    let gotFirst!: () => void;
    const consumerGotFirst = new Promise<void>((resolve) => (gotFirst = resolve));
    let askedForSecond!: () => void;
    const secondAsked = new Promise<void>((resolve) => (askedForSecond = resolve));
    const first = Buffer.from(`id,text\n${rows(0, 60)}`);
    const second = Buffer.from(rows(60, 1000));
    const file: SourceFile = {
      relPath: 'early.csv',
      key: 'k/early.csv',
      contentType: undefined,
      size: first.length + second.length,
      bytes: (async function* () {
        yield first;
        askedForSecond();
        await consumerGotFirst;
        yield second;
      })(),
    };
    const parser = createParser({ format: 'csv', idField: 'id' });
    const stuck = (what: string) =>
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(what)), 10_000));
    try {
      const consume = async () => {
        let n = 0;
        for await (const rec of parser.records(file)) {
          if (n++ === 0) {
            expect(rec).toMatchObject({ row: 1, line: 2, content: { id: '0', text: 'text 0' } });
            gotFirst();
            await Promise.race([secondAsked, stuck('the source was not read on while a batch was held')]);
          }
        }
        return n;
      };
      expect(await Promise.race([consume(), stuck('no record before the whole file was read')])).toBe(1000);
    } finally {
      await parser.close();
    }
  });

  it("fails with the readers' message (an IngestError) and stops reading the source", async () => {
    const parser = createParser({ format: 'jsonl' });
    let pulled = 0;
    const file: SourceFile = {
      relPath: 'bad.jsonl',
      key: 'k',
      contentType: undefined,
      size: 10 ** 9,
      bytes: (async function* () {
        yield Buffer.from('{"a":1}\nnot json\n');
        for (;;) {
          pulled++;
          yield Buffer.from('{"a":2}\n');
        }
      })(),
    };
    const err = await rejection(collect(parser.records(file)));
    expect(err).toBeInstanceOf(IngestError);
    expect(err.message).toMatch(/^bad\.jsonl line 2: invalid JSON/);
    expect(pulled).toBeLessThan(3);
  });

  it('stops a thread that stops answering, while the host keeps running', async () => {
    const parser = createParser(
      { format: 'csv' },
      { workerUrl: new URL('../fixtures/parser-spin.ts', import.meta.url), chunkTimeoutMs: 1500 },
    );
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      const err = await rejection(collect(parser.records(textSource('spin.csv', 'id\n1\n'))));
      expect(err).toBeInstanceOf(IngestError);
      expect(err.message).toBe('spin.csv: parsing stopped answering for 1.5 s and was stopped');
      expect(ticks).toBeGreaterThan(5);
    } finally {
      clearInterval(timer);
      await parser.close();
    }
  });

  it('ends a thread that outgrows its heap cap with a clear error; the process goes on', async () => {
    const parser = createParser(
      { format: 'csv' },
      {
        workerUrl: new URL('../fixtures/parser-hog.ts', import.meta.url),
        maxOldGenerationMb: 16,
        maxYoungGenerationMb: 4,
      },
    );
    const chunk = Buffer.alloc(256 * 1024, 97);
    const endless: Iterable<Uint8Array> = {
      *[Symbol.iterator]() {
        for (;;) yield chunk;
      },
    };
    const err = await rejection(collect(parser.records(source('hog.csv', endless, 10 ** 12))));
    expect(err).toBeInstanceOf(IngestError);
    expect(err.message).toBe(
      "hog.csv: parsing needed more than the parser's 16 MB of memory; nothing of this run was kept",
    );
    await parser.close();
  });
});
