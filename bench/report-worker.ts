// The Assay worker of the `reports` task set (exports, cold Proof Reports) alone in a process,
// started with the Node flags `assay worker` uses, so that its memory can be read from /proc.
// Prints {ready: true}; on SIGTERM stops and exits.
import { loadConfig } from '../src/config.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { createLogger } from '../src/log.ts';

const worker = await startWorker(loadConfig(process.env, { db: true, s3: true }), {
  log: createLogger('error'),
  taskSets: ['reports'],
});
console.log(JSON.stringify({ ready: true }));
process.on('SIGTERM', () => void worker.stop().then(() => process.exit(0)));
