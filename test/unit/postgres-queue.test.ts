// postgres.js 3.4.9's connection queue, as patched by patches/postgres+3.4.9.patch (applied by
// `npm ci` through patch-package): the patch must be in every build the package ships, and the
// patched queue must still behave as a FIFO with removal, checked against a plain array model
// over a long random sequence (long enough to cross the compaction point many times).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// require resolves to cjs/src/index.js (the package's CommonJS build).
const root = join(dirname(require.resolve('postgres')), '..', '..');
const builds = ['src/queue.js', 'cjs/src/queue.js', 'cf/src/queue.js'];

interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}

describe('postgres.js queue patch', () => {
  it.each(builds)('is applied to %s', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    expect(text).toContain('xs.indexOf(x, index)');
    expect(text).toContain('xs = xs.slice(index)');
  });

  // The same patch guards connection.js: a small write scheduled on setImmediate that runs
  // after the connection closed wrote to a null socket, a TypeError no caller can catch, which
  // took the process down while Postgres was stopped under load (porsager/postgres#1154,
  // #1208); and the teardown now resets the cleared timer, so a reused connection schedules its
  // small writes again. (A behavioural repro was not reached: see docs/operations.md.)
  it.each(['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js'])(
    'guards writes to a closed socket in %s',
    (file) => {
      const text = readFileSync(join(root, file), 'utf8');
      expect(text).toContain('if (!socket) {');
      expect(text.match(/chunk = nextWriteTimer = null \/\/ Assay patch/g)?.length).toBe(2);
    },
  );

  it('behaves like a FIFO with removal over 200,000 random operations', async () => {
    const { default: Queue } = (await import(pathToFileURL(join(root, 'src/queue.js')).href)) as {
      default: <T>() => Queue<T>;
    };
    const q = Queue<{ n: number }>();
    const model: { n: number }[] = [];
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let next = 0;
    for (let i = 0; i < 200_000; i++) {
      const r = rand();
      // Keep the queue between roughly 0 and 40 live items, so it seldom drains completely
      // (the case the original never compacted).
      if (r < 0.5 || model.length === 0) {
        const x = { n: next++ };
        q.push(x);
        model.push(x);
      } else if (r < 0.85 || model.length > 40) {
        expect(q.shift()).toBe(model.shift());
      } else if (r < 0.95) {
        const x = model[Math.floor(rand() * model.length)];
        expect(q.remove(x)).toBe(x);
        model.splice(model.indexOf(x), 1);
      } else {
        expect(q.remove({ n: -1 })).toBeNull();
      }
      expect(q.length).toBe(model.length);
    }
    while (model.length) expect(q.shift()).toBe(model.shift());
    expect(q.length).toBe(0);
  });
});
