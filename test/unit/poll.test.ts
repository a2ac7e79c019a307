// pollUntil, the one poll-until-deadline loop: it stops at the first final answer, and otherwise
// returns the last answer once the deadline has passed.
import { describe, expect, it } from 'vitest';
import { pollUntil } from '../../src/domain/poll.ts';

describe('pollUntil', () => {
  it('returns the first final answer without pausing again', async () => {
    let calls = 0;
    const last = await pollUntil(Date.now() + 60_000, async () => ({ done: ++calls === 3, value: calls }), 1);
    expect([last, calls]).toEqual([{ done: true, value: 3 }, 3]);
  });

  it('keeps asking until the deadline and returns the last answer, not final', async () => {
    let calls = 0;
    const deadline = Date.now() + 120;
    const last = await pollUntil(deadline, async () => ({ done: false, value: ++calls }), 50);
    expect(Date.now()).toBeGreaterThanOrEqual(deadline);
    expect(last).toEqual({ done: false, value: calls });
  });

  it('takes the pause after each answer from a function of its index', async () => {
    const pauses: number[] = [];
    let calls = 0;
    await pollUntil(
      Date.now() + 60_000,
      async () => ({ done: ++calls === 4, value: null }),
      (n) => {
        pauses.push(n);
        return 1;
      },
    );
    expect(pauses).toEqual([0, 1, 2]);
  });

  it('with no time left, answers once and does not pause', async () => {
    let calls = 0;
    const last = await pollUntil(Date.now() - 1, async () => ({ done: false, value: ++calls }), 10_000);
    expect([last, calls]).toEqual([{ done: false, value: 1 }, 1]);
  });
});
