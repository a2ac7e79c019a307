// The one poll-until-deadline loop: ask, and while the answer is not final and time is left,
// pause and ask again. The last pause is shortened to end at the deadline and the step runs once
// more then, so a caller gets the whole time it asked for (returning one interval early gave a
// one-second wait half a second).

export interface Poll<T> {
  /** Final: stop asking. */
  done: boolean;
  value: T;
}

/**
 * Runs `step` until it is done or `deadline` (ms since the epoch) has passed; returns its last
 * answer. `pauseMs(n)` is the pause after the n-th answer (0-based): a number for a fixed interval.
 * `signal` (the caller left): the pause ends at once and the last answer is returned, asking no more.
 */
export async function pollUntil<T>(
  deadline: number,
  step: () => Promise<Poll<T>>,
  pauseMs: number | ((n: number) => number),
  signal?: AbortSignal,
): Promise<Poll<T>> {
  for (let n = 0; ; n++) {
    const answer = await step();
    if (answer.done || signal?.aborted) return answer;
    const left = deadline - Date.now();
    if (left <= 0) return answer;
    const pause = typeof pauseMs === 'number' ? pauseMs : pauseMs(n);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(pause, left));
      signal?.addEventListener('abort', done, { once: true });
    });
    if (signal?.aborted) return answer;
  }
}
