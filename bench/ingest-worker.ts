// The Assay worker alone in a process, so its peak RSS and CPU time can be measured. Prints
// {maxRssMb, cpuSeconds} on SIGTERM: the peak resident set of this process (VmHWM) and the CPU
// of every thread of it (the parser thread too). Not process.resourceUsage().maxRSS: on Linux
// that also keeps the resident set of the process that spawned this one as it was at the fork
// (the benchmark's own, which had just uploaded the file), and read 1,176 MB for a worker whose
// VmHWM stayed at 171 MB.
import { readFileSync } from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { createLogger } from '../src/log.ts';

const peakRssMb = () =>
  Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) / 1024;

const worker = await startWorker(loadConfig(process.env, { db: true, s3: true }), {
  log: createLogger('error'),
  concurrency: 1,
});
console.log(JSON.stringify({ ready: true }));
process.on('SIGTERM', () => {
  const usage = process.resourceUsage();
  const measured = { maxRssMb: Math.round(peakRssMb()), cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6 };
  void worker.stop().then(() => {
    console.log(JSON.stringify(measured));
    process.exit(0);
  });
});
