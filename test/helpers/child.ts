// Child processes of tests: the first JSON line a fixture prints on stdout (its address), skipping
// whatever else is logged there first (graphile-worker logs to stdout).
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export async function readyJson<T = { url: string }>(child: ChildProcess): Promise<T> {
  const lines = createInterface({ input: child.stdout! });
  try {
    for await (const line of lines) {
      if (line.startsWith('{')) return JSON.parse(line) as T;
    }
  } finally {
    // Keep draining stdout so the child never blocks on a full pipe.
    lines.close();
    child.stdout!.resume();
  }
  throw new Error(`the child exited (code ${child.exitCode}) before printing its address`);
}
