// The per-organization budget of file-list bytes built (src/domain/byte-rate.ts), on a clock the
// test moves: a burst at once, then waits that follow the bytes.
import { describe, expect, it } from 'vitest';
import { ByteRate } from '../../src/domain/byte-rate.ts';

describe('ByteRate', () => {
  it('lets a burst through at once, then makes the key wait bytes / rate', () => {
    let now = 0;
    const r = new ByteRate(1000, 2000, () => now); // 1,000 bytes a second, 2,000 at once
    expect(r.wait('a')).toBe(0);
    r.charge('a', 1000);
    expect(r.wait('a')).toBe(0);
    r.charge('a', 1000);
    expect(r.wait('a')).toBe(0); // exactly the burst spent
    r.charge('a', 3000); // one large build over it
    expect(r.wait('a')).toBe(3000);
    expect(r.wait('b')).toBe(0); // another key is not charged
    now = 2500;
    expect(r.wait('a')).toBe(500);
    now = 3000;
    expect(r.wait('a')).toBe(0);
  });

  it('reserves known sizes in order without waiting for each other, and refuses a wait over the bound', () => {
    let now = 0;
    const r = new ByteRate(1000, 1000, () => now); // 1,000 bytes a second, 1,000 at once
    expect(r.reserve('a', 1000, 5000)).toBe(0); // the burst
    expect(r.reserve('a', 2000, 5000)).toBe(0); // the clock is exactly the burst ahead
    expect(r.reserve('a', 2000, 5000)).toBe(2000); // after the 2,000 before it
    expect(r.reserve('a', 1000, 5000)).toBe(4000);
    expect(r.reserve('a', 1000, 3999)).toBeNull(); // would wait 5,000 ms: refused, not charged
    expect(r.wait('a')).toBe(5000);
    expect(r.reserve('b', 1000, 0)).toBe(0); // another key is not charged
    now = 4500;
    expect(r.reserve('a', 1000, 1000)).toBe(500);
  });

  it('does not bank idle time beyond the burst', () => {
    let now = 0;
    const r = new ByteRate(1000, 1000, () => now);
    r.charge('a', 500);
    now = 60_000;
    r.charge('a', 2000);
    expect(r.wait('a')).toBe(1000);
  });

  it('runs one piece per key at a time, each after the bytes of those before it are charged', async () => {
    let now = 0;
    const slept: number[] = [];
    // A sleep that moves the test's clock: the waits are the budget's, not the test's timing.
    const r = new ByteRate(
      1000,
      1000,
      () => now,
      async (ms) => {
        slept.push(ms);
        now += ms;
      },
    );
    const order: string[] = [];
    const piece = (name: string, bytes: number) => async () => {
      order.push(`start ${name} at ${now}`);
      await new Promise((res) => setImmediate(res));
      order.push(`end ${name}`);
      return bytes;
    };
    const same = (n: number) => n;
    // Three concurrent callers of one key, and one of another key.
    const runs = [
      r.run('a', piece('a1', 3000), same),
      r.run('a', piece('a2', 500), same),
      r.run('a', piece('a3', 500), same),
      r.run('b', piece('b1', 100), same),
    ];
    expect(await Promise.all(runs)).toEqual([3000, 500, 500, 100]);
    // a1 starts at once; a2 waits for a1's 3,000 bytes (3 s, less the 1 s burst); a3 for a2's too.
    expect(order.filter((l) => /^(start|end) a/.test(l))).toEqual([
      'start a1 at 0',
      'end a1',
      'start a2 at 2000',
      'end a2',
      'start a3 at 2500',
      'end a3',
    ]);
    expect(slept).toEqual([2000, 500]);
    // Another key never queued behind a's pieces.
    expect(order.indexOf('start b1 at 0')).toBeLessThan(order.indexOf('end a1'));
  });

  it('charges nothing for a failed piece, and the queue goes on after it', async () => {
    let now = 0;
    const r = new ByteRate(
      1000,
      1000,
      () => now,
      async (ms) => {
        now += ms;
      },
    );
    const failed = r.run(
      'a',
      async () => Promise.reject(new Error('gone')),
      () => 5000,
    );
    const next = r.run(
      'a',
      async () => 10,
      (n) => n,
    );
    await expect(failed).rejects.toThrow('gone');
    expect(await next).toBe(10);
    expect(r.wait('a')).toBe(0);
  });
});
