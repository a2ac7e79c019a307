// The Assay worker alone in a process, so its peak RSS can be measured. Prints {maxRssMb} on SIGTERM.
import { loadConfig } from '../src/config.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { createLogger } from '../src/log.ts';

const worker = await startWorker(loadConfig(process.env, { db: true, s3: true }), { log: createLogger('error'), concurrency: 1 });
console.log(JSON.stringify({ ready: true }));
process.on('SIGTERM', () => {
  void worker.stop().then(() => {
    console.log(JSON.stringify({ maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
    process.exit(0);
  });
});
