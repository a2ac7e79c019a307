// The job worker's periodic sweeps, as one table: each entry is a name, an interval and what it
// runs. Every worker process runs the same scheduler, and each sweep runs on one process at a
// time, once per interval across all of them (src/db/sweeps.ts): a fleet of workers does not
// fail stale runs or unlock dead workers' jobs once per process.
import type { Sql } from '../db/client.ts';
import { runSweepOnce } from '../db/sweeps.ts';
import type { Logger } from '../log.ts';

export interface Sweep {
  /** Unique among the sweeps: the name its runs are claimed under. */
  name: string;
  everyMs: number;
  /** One pass; returns how many things it changed. */
  run(): Promise<number>;
  /** What the log says when a pass changed something (routine sweeps say nothing). */
  changed?: { level: 'info' | 'warn'; message: string };
}

/**
 * Starts the sweeps: every `min(everyMs)` the process offers to run each sweep, one after the
 * other; a sweep runs when no process started it within its interval (a pass never overlaps the
 * next tick's). `stop` waits for the sweep under way, not the rest of its pass.
 */
export function startSweeps(sql: Sql, sweeps: readonly Sweep[], log: Logger): { stop(): Promise<void> } {
  if (new Set(sweeps.map((s) => s.name)).size !== sweeps.length) throw new Error('two sweeps share a name');
  let pass: Promise<void> | null = null;
  let stopping = false;
  const tick = async () => {
    for (const s of sweeps) {
      if (stopping) return;
      try {
        // A tenth of the interval's slack: a tick a moment early (timers drift) still runs it.
        const n = await runSweepOnce(sql, s.name, s.everyMs * 0.9, () => s.run());
        if (n && s.changed) log[s.changed.level](s.changed.message, { sweep: s.name, count: n });
      } catch (err) {
        log.error('sweep failed', { sweep: s.name, error: err instanceof Error ? err : String(err) });
      }
    }
  };
  const timer = setInterval(
    () => {
      if (!pass) pass = tick().finally(() => (pass = null));
    },
    Math.min(...sweeps.map((s) => s.everyMs)),
  );
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      await pass;
    },
  };
}
