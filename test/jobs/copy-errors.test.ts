// postgres.js 3.4.9 as patched by patches/postgres+3.4.9.patch: a COPY FROM STDIN that the server
// fails after the last row (a unique violation found when the rows are checked) rejects the
// writable with the server's error, and the transaction rolls back. Unpatched, the writable never
// finishes and the transaction's connection is left aborted (porsager/postgres#1173): the ingest
// job relies on this to report a duplicate instead of hanging.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { once } from 'node:events';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql`create table copy_target (k int primary key)`;
});
afterAll(async () => {
  await db?.drop();
});

it('rejects a failed COPY after its last row and rolls the transaction back', async () => {
  const attempt = db.sql.begin(async (tx) => {
    await tx`insert into copy_target values (0)`;
    const copy = await tx`copy copy_target (k) from stdin`.writable();
    copy.write('1\n2\n1\n');
    copy.end();
    await once(copy, 'finish');
  });
  await expect(attempt).rejects.toMatchObject({ code: '23505' });
  // Nothing of the transaction stayed, and the pool still answers.
  expect(await db.sql`select k from copy_target`).toEqual([]);
  expect((await db.sql`select 1 as one`)[0]).toEqual({ one: 1 });
});
