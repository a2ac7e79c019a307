// The dataset readers against hostile input, fed as generated streams (never built in memory):
// each limit fails with the file and the line, reading stops soon after the limit (the bytes
// pulled from the source are counted), and the markdown heading match is linear (the pattern it
// replaced took hours on the 100k-space heading below, so this file would time out).
import { describe, expect, it } from 'vitest';
import {
  IngestError,
  LIMITS,
  headingTitle,
  readRecords,
  type DatasetRules,
  type SourceFile,
} from '../../src/ingest/parsers.ts';

const CHUNK = 64 * 1024;

/** A source of `total` bytes made by `make(offset, length)`, counting what was pulled. */
function generated(
  relPath: string,
  total: number,
  make: (offset: number, length: number) => Uint8Array,
  size = total,
): SourceFile & { pulled(): number } {
  let pulled = 0;
  return {
    relPath,
    key: `k/${relPath}`,
    contentType: undefined,
    size,
    pulled: () => pulled,
    bytes: (async function* () {
      for (let at = 0; at < total; at += CHUNK) {
        const chunk = make(at, Math.min(CHUNK, total - at));
        pulled += chunk.length;
        yield chunk;
      }
    })(),
  };
}

/** head, then `fill` repeated up to `total` bytes, then tail. */
function pattern(relPath: string, head: string, fill: string, tail: string, total: number, size = total) {
  const h = Buffer.from(head);
  const t = Buffer.from(tail);
  const f = Buffer.from(fill);
  return generated(
    relPath,
    total,
    (offset, length) => {
      const out = Buffer.alloc(length);
      for (let i = 0; i < length; i++) {
        const at = offset + i;
        out[i] =
          at < h.length ? h[at] : at >= total - t.length ? t[at - (total - t.length)] : f[(at - h.length) % f.length];
      }
      return out;
    },
    size,
  );
}

const text = (relPath: string, s: string, size?: number) => {
  const b = Buffer.from(s);
  return generated(relPath, b.length, (o, l) => b.subarray(o, o + l), size ?? b.length);
};

async function collect(rules: DatasetRules, file: SourceFile) {
  const out = [];
  for await (const r of readRecords(rules, file)) out.push(r);
  return out;
}

async function failure(rules: DatasetRules, file: SourceFile): Promise<string> {
  try {
    await collect(rules, file);
  } catch (err) {
    expect(err).toBeInstanceOf(IngestError);
    return (err as Error).message;
  }
  throw new Error('expected the file to fail');
}

const MiB = 1024 * 1024;
const csv: DatasetRules = { format: 'csv' };
const jsonl: DatasetRules = { format: 'jsonl' };
const json: DatasetRules = { format: 'json' };
const md: DatasetRules = { format: 'markdown_split', headingLevel: 2 };

describe('markdown heading match', () => {
  // The pattern the hand-written match replaced: same answers on every short line.
  const oracle = (line: string, level: number) => {
    const m = new RegExp(`^#{${level}}\\s+(.*?)\\s*#*\\s*$`).exec(line);
    return m && !line.startsWith('#'.repeat(level + 1)) ? m[1] : null;
  };
  it('agrees with the old pattern on every line of up to 6 characters of # space tab a', () => {
    const alphabet = ['#', ' ', '\t', 'a'];
    let lines = [''];
    for (let len = 1; len <= 6; len++) {
      lines = lines.flatMap((l) => alphabet.map((c) => l + c));
      for (const line of lines)
        for (const level of [1, 2, 3])
          expect(headingTitle(line, level), JSON.stringify([line, level])).toBe(oracle(line, level));
    }
  });

  it('matches a heading with 100,000 spaces before its last character in linear time', async () => {
    const line = `## a${' '.repeat(100_000)}b`;
    expect(headingTitle(line, 2)).toBe(`a${' '.repeat(100_000)}b`);
    const recs = await collect(md, text('h.md', `${line}\nbody\n## next\n`));
    expect(recs.map((r) => r.content.title)).toEqual([`a${' '.repeat(100_000)}b`, 'next']);
  });
});

describe('limits', () => {
  it('a 200 MB single-line CSV fails at the record limit, reading little of it', async () => {
    const file = pattern('big.csv', 'id,text\n1,', 'x', '\n', 200 * MiB);
    expect(await failure(csv, file)).toMatch(
      /^big\.csv line 2: the record starting here is longer than 1048576 characters/,
    );
    expect(file.pulled()).toBeLessThan(LIMITS.recordChars + 4 * CHUNK);
  });

  it('a 200 MB CSV header line fails at the record limit', async () => {
    // csv-parse counts a record's field characters, not its separators: one-character fields
    // reach the limit after twice as many bytes.
    const file = pattern('head.csv', 'id', ',c', '\n', 200 * MiB);
    expect(await failure(csv, file)).toMatch(/^head\.csv line 1: the record starting here is longer than/);
    expect(file.pulled()).toBeLessThan(2 * LIMITS.recordChars + 4 * CHUNK);
  });

  it('an unterminated quoted field fails: at the record limit, or at the end of a short file', async () => {
    const long = pattern('open.csv', 'id,text\n1,"never closed', ' and on', '', 50 * MiB);
    expect(await failure(csv, long)).toMatch(/^open\.csv line 2: the record starting here is longer than/);
    expect(long.pulled()).toBeLessThan(LIMITS.recordChars + 4 * CHUNK);
    expect(await failure(csv, text('short.csv', 'id,text\n1,ok\n2,"never closed\n3,x\n'))).toMatch(
      /^short\.csv line \d+: a quoted field is not closed before the end of the file/,
    );
  });

  it('a CSV field over the field limit fails with its line', async () => {
    const big = 'y'.repeat(LIMITS.fieldChars + 1);
    expect(await failure(csv, text('f.csv', `id,text\n1,ok\n2,${big}\n`))).toBe(
      `f.csv line 3: a value is longer than ${LIMITS.fieldChars} characters`,
    );
  });

  it('a long CSV header over short rows fails at the header-names budget (content amplification)', async () => {
    // 4 names of 250,000 characters and 40 rows `n,,,`: each row would store 1 MB read from 4 bytes.
    const names = ['a', 'b', 'c', 'd'].map((c) => c.repeat(250_000));
    const rows = Array.from({ length: 40 }, (_, i) => `${i},,,`);
    expect(await failure(csv, text('amp.csv', `${names.join(',')}\n${rows.join('\n')}\n`))).toBe(
      `amp.csv line 2: the header's names (1000000 characters) are more than ${LIMITS.headerNamesPerRowChar} times ` +
        `this row (4 characters); every row stores the header's names as its keys, so shorten the column names`,
    );
  });

  it('a wide header over sparse rows is within the budget', async () => {
    const names = Array.from({ length: 300 }, (_, i) => `column_number_${String(i).padStart(6, '0')}`);
    const rows = Array.from({ length: 5 }, (_, i) => `${i}${','.repeat(299)}`);
    const records = [];
    for await (const r of readRecords({ format: 'csv' }, text('wide.csv', `${names.join(',')}\n${rows.join('\n')}\n`)))
      records.push(r);
    expect(records).toHaveLength(5);
  });

  it('a 100 MB JSON string inside an array element fails at the record limit', async () => {
    const file = pattern('s.json', '[{"id":1,"text":"ok"},\n{"id":2,"text":"', 'z', '"}]', 100 * MiB);
    expect(await failure(json, file)).toBe('s.json line 2: element 2 of the array is longer than 1048576 characters');
    expect(file.pulled()).toBeLessThan(LIMITS.recordChars + 4 * CHUNK);
  });

  it('a 100 MB JSON string on one jsonl line fails at the line limit', async () => {
    const file = pattern('s.jsonl', '{"id":1}\n{"id":2,"text":"', 'z', '"}\n', 100 * MiB);
    expect(await failure(jsonl, file)).toBe('s.jsonl line 2: the line is longer than 1048576 characters');
    expect(file.pulled()).toBeLessThan(LIMITS.lineChars + 4 * CHUNK);
  });

  it('a JSON string value over the field limit fails, at any depth', async () => {
    const big = 'q'.repeat(LIMITS.fieldChars + 1);
    expect(await failure(jsonl, text('d.jsonl', `{"id":1}\n{"id":2,"a":{"b":["${big}"]}}\n`))).toBe(
      `d.jsonl line 2: a value is longer than ${LIMITS.fieldChars} characters`,
    );
    expect(await failure(json, text('d.json', `[{"id":1},\n{"id":2,"a":{"b":["${big}"]}}]`))).toBe(
      `d.json line 2: a value is longer than ${LIMITS.fieldChars} characters`,
    );
  });

  it('a markdown section over the section limit fails naming the line of its heading', async () => {
    const file = pattern('sec.md', '## one\nbody\n## two\n', 'a line of the body\n', '', 50 * MiB);
    expect(await failure(md, file)).toBe(
      `sec.md line 3: the section starting here is longer than ${LIMITS.sectionChars} characters`,
    );
    expect(file.pulled()).toBeLessThan(LIMITS.sectionChars + 4 * CHUNK);
  });

  it("a datapoint's content over the content limit fails (multibyte text within the character limits)", async () => {
    const value = 'é'.repeat(200_000); // 400,000 bytes in UTF-8
    const line = `{"id":1,"a":"${value}","b":"${value}","c":"${value}"}`;
    expect(line.length).toBeLessThan(LIMITS.lineChars);
    expect(await failure(jsonl, text('c.jsonl', `${line}\n`))).toMatch(
      /^c\.jsonl line 1: record 1 is \d+ bytes as JSON, more than the 1048576 bytes a datapoint's content may have$/,
    );
  });

  it('a file longer than its declared size fails as soon as more was read, for every format', async () => {
    for (const rules of [csv, jsonl, json, md, { format: 'file_collection' } as DatasetRules]) {
      const file = pattern('long.txt', '', 'a,b\n', '', 20 * MiB, 1000);
      expect(await failure(rules, file)).toBe(
        'long.txt: the file is longer than its declared size of 1000 bytes (more than 1000 bytes were read); declare ' +
          'its real size and upload it again',
      );
      expect(file.pulled()).toBe(CHUNK);
    }
  });

  it('a file of exactly its declared size is read', async () => {
    expect(await collect(csv, text('ok.csv', 'id,t\n1,a\n2,b\n'))).toHaveLength(2);
  });

  it('splits a long file of many lines across chunk boundaries exactly', async () => {
    // Lines of varying length, so line ends fall everywhere relative to the 64 KiB chunks.
    const rows = Array.from({ length: 20_000 }, (_, i) => `{"id":${i},"t":"${'w'.repeat(i % 97)}"}`);
    const recs = await collect(jsonl, text('many.jsonl', rows.join('\r\n') + '\n'));
    expect(recs).toHaveLength(20_000);
    expect(recs[19_999]).toEqual({ row: 20_000, line: 20_000, content: { id: 19_999, t: 'w'.repeat(19_999 % 97) } });
  });
});
