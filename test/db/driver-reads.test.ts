// Results that span the socket's reads (src/db/uploads.ts `fileListJson` reads a session's file
// list in rows of about 32 KB): every row comes back whole and in order, raw or decoded, and the
// driver copies only the rows that spanned two reads, not every read that ended one. Unpatched,
// postgres.js copied each read that finished a row together with everything after it, so reading
// 8 MB of rows of 20-40 KB copied more than 8 MB (patches/, docs/decisions.md).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createSql, type Sql } from '../../src/db/client.ts';

let sql: Sql;
beforeAll(() => {
  sql = createSql(inject('adminUrl'), { max: 1 });
});
afterAll(async () => {
  await sql?.end();
});

// 300 rows of 20,000 to 31,063 bytes (about 7.6 MB): edges fall anywhere in the 64 KB reads.
const ROWS = 300;
const lengthOf = (i: number) => 20_000 + i * 37;
const rowsQuery = () =>
  sql<[Buffer][]>`
    select repeat(chr(65 + (i % 26)), 20000 + i * 37) || '|' || i::text
    from generate_series(0, ${ROWS - 1}) i order by i`;

/** What the driver copied with Buffer.concat while `run` ran, in bytes. */
async function copied<T>(run: () => Promise<T>): Promise<{ result: T; bytes: number }> {
  const concat = Buffer.concat;
  let bytes = 0;
  Buffer.concat = ((list: readonly Uint8Array[], total?: number) => {
    const out = concat(list, total);
    bytes += out.length;
    return out;
  }) as typeof Buffer.concat;
  try {
    return { result: await run(), bytes };
  } finally {
    Buffer.concat = concat;
  }
}

it('returns every row whole and in order, raw and decoded, copying only the rows that spanned reads', async () => {
  const expected = (i: number) => `${String.fromCharCode(65 + (i % 26)).repeat(lengthOf(i))}|${i}`;
  const raw = await copied(() => rowsQuery().raw());
  expect(raw.result).toHaveLength(ROWS);
  let total = 0;
  raw.result.forEach(([value], i) => {
    total += value.length;
    expect(value.toString('latin1')).toBe(expected(i));
  });
  // Each row that spans two reads is copied once, and no other: under the rows' total whatever
  // the reads' sizes (about 40% of it with 64 KB reads on an idle machine, 56% seen under a full
  // test run's load, when reads are shorter and more rows span them). Unpatched, every read that
  // ended a row was copied with all that followed it: more than the rows' total.
  expect(raw.bytes).toBeLessThan(total);
  expect(raw.bytes).toBeGreaterThan(0);

  const decoded = await rowsQuery();
  expect(decoded.map((row) => Object.values(row)[0])).toEqual(Array.from({ length: ROWS }, (_, i) => expected(i)));
});
