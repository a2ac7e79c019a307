// The worker's sweeps (src/jobs/sweeps.ts, src/db/sweeps.ts): a sweep runs on one process at a
// time and once per interval across all of them. Two "processes" here are two callers sharing
// the database, as two worker processes do.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { runSweepOnce } from '../../src/db/sweeps.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

it('runs a sweep on one caller at a time: another skips it while the first runs, whatever the interval', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  const first = runSweepOnce(db.sql, 'held', 0, async () => {
    started();
    await held;
    return 'first';
  });
  await running;
  // The interval (0) has passed, but the first run holds the sweep.
  expect(await runSweepOnce(db.sql, 'held', 0, async () => 'second')).toBeUndefined();
  release();
  expect(await first).toBe('first');
  // Once it ended, the next caller runs it.
  expect(await runSweepOnce(db.sql, 'held', 0, async () => 'third')).toBe('third');
});

it('runs a sweep once per interval across callers', async () => {
  expect(await runSweepOnce(db.sql, 'hourly', 3_600_000, async () => 1)).toBe(1);
  expect(await runSweepOnce(db.sql, 'hourly', 3_600_000, async () => 2)).toBeUndefined();
  // Another sweep's interval is its own.
  expect(await runSweepOnce(db.sql, 'other', 3_600_000, async () => 3)).toBe(3);
  // Of concurrent callers whose interval has passed, exactly one runs it.
  const runs = await Promise.all(
    Array.from({ length: 4 }, (_, i) => runSweepOnce(db.sql, 'contended', 3_600_000, async () => i)),
  );
  expect(runs.filter((r) => r !== undefined)).toHaveLength(1);
});

it('frees the sweep when a run fails, and the error reaches the caller', async () => {
  await expect(
    runSweepOnce(db.sql, 'failing', 0, async () => {
      throw new Error('the sweep failed');
    }),
  ).rejects.toThrow('the sweep failed');
  expect(await runSweepOnce(db.sql, 'failing', 0, async () => 'again')).toBe('again');
});
