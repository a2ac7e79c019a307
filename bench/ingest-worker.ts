// The Assay worker alone in a process, so its peak RSS and CPU time can be measured. Prints
// {maxRssMb, cpuSeconds} on SIGTERM (the CPU of every thread of the process: the parser thread too).
import { loadConfig } from '../src/config.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { createLogger } from '../src/log.ts';

const worker = await startWorker(loadConfig(process.env, { db: true, s3: true }), { log: createLogger('error'), concurrency: 1 });
console.log(JSON.stringify({ ready: true }));
process.on('SIGTERM', () => {
  void worker.stop().then(() => {
    const usage = process.resourceUsage();
    console.log(JSON.stringify({ maxRssMb: Math.round(usage.maxRSS / 1024), cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6 }));
    process.exit(0);
  });
});
