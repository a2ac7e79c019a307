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

  it('does not bank idle time beyond the burst', () => {
    let now = 0;
    const r = new ByteRate(1000, 1000, () => now);
    r.charge('a', 500);
    now = 60_000;
    r.charge('a', 2000);
    expect(r.wait('a')).toBe(1000);
  });
});
