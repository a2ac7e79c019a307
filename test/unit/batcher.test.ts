// The micro-batcher (src/domain/batcher.ts): items added together run as one batch, items added
// while a batch runs form the next one, each caller gets its own result, and a failed batch
// rejects its own callers only.
import { expect, it } from 'vitest';
import { Batcher } from '../../src/domain/batcher.ts';

it('batches what arrives together, one batch at a time, results in order', async () => {
  const batches: number[][] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const b = new Batcher<number, number>(async (items) => {
    batches.push(items);
    if (batches.length === 1) await gate;
    return items.map((x) => x * 10);
  }, 3);
  const first = [1, 2].map((x) => b.add(x));
  await new Promise((r) => setImmediate(r));
  // While the first batch runs, four more arrive: batches of at most three follow it.
  const later = [3, 4, 5, 6].map((x) => b.add(x));
  release();
  expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50, 60]);
  expect(batches).toEqual([[1, 2], [3, 4, 5], [6]]);
});

it('rejects the callers of a failed batch, and runs the next one', async () => {
  let calls = 0;
  const b = new Batcher<string, string>(async (items) => {
    calls++;
    if (calls === 1) throw new Error('boom');
    return items;
  });
  const failed = b.add('a');
  await expect(failed).rejects.toThrow('boom');
  expect(await b.add('b')).toBe('b');
});
