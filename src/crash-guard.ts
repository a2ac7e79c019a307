// A connection to the database that breaks can reject a promise nobody waits for: the fault test
// that stops PostgreSQL under load saw one, a raw `read ECONNRESET` (docs/operations.md; where it
// was created is not found yet). Losing a connection is not a reason to stop serving: the pools
// reconnect, and the requests answer 503 meanwhile. Such rejections are logged; every other
// unhandled rejection still ends the process, as Node's default does.
import { isDatabaseUnavailable } from './db/errors.ts';
import type { Logger } from './log.ts';

let installed = false;

export function surviveLostConnections(log: Logger): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (err) => {
    if (isDatabaseUnavailable(err)) {
      log.warn('a lost connection rejected a promise no one awaited', { code: (err as { code?: string }).code });
      return;
    }
    // Thrown from the handler it becomes an uncaught exception: the process ends, as without it.
    throw err;
  });
}
