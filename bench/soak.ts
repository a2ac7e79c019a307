// Soak: does the server hold its throughput, latency and memory under sustained load?
//
// 1. Peak: GET /developer/v1/projects/{id}, autocannon, 32 connections, SOAK_PEAK_SECONDS
//    (default 20) after a 5 s warm-up: the measured peak requests/s.
// 2. Soak: the same request at a constant offered load of SOAK_LOAD (default 0.8) x that peak,
//    spread over 32 connections (autocannon `overallRate`), for SOAK_SECONDS (default 600).
//    Every response is counted in its minute with its latency; the server's RSS
//    (/proc/<pid>/status VmRSS) is sampled every 5 s.
// Targets: the last minute's throughput >= 0.95x the first minute's, p99 < 50 ms over the whole
// soak, 0 errors (connection errors, timeouts, non-2xx), RSS flat (last minute's mean within
// 10% of the second minute's: the heap settles during the first). Loopback only; `make bench-soak`.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const CONNECTIONS = 32;

export interface SoakOptions {
  url: string;
  apiKey: string;
  serverPid: number;
  peakSeconds?: number;
  soakSeconds?: number;
  load?: number;
}

interface Minute {
  count: number;
  errors: number;
  latencies: number[];
  rss: number[];
  /** Server CPU seconds (user + system) at the minute's first and last sample. */
  cpu: number[];
}

/**
 * CPU seconds the server process has used (utime + stime from /proc/<pid>/stat). CPU per request
 * is the decay signal that the neighbours on a shared machine cannot fake: throughput and
 * latency also move with their load, CPU per request only with the server's own work.
 */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function soakBench(options: SoakOptions): Promise<{ lines: string[]; met: boolean }> {
  const peakSeconds = options.peakSeconds ?? Number(process.env.SOAK_PEAK_SECONDS ?? 20);
  const soakSeconds = options.soakSeconds ?? Number(process.env.SOAK_SECONDS ?? 600);
  const load = options.load ?? Number(process.env.SOAK_LOAD ?? 0.8);
  const headers = { authorization: `Bearer ${options.apiKey}` };

  await autocannon({ url: options.url, connections: CONNECTIONS, duration: 5, headers });
  const peakRun = await autocannon({ url: options.url, connections: CONNECTIONS, duration: peakSeconds, headers });
  const peak = peakRun.requests.average;
  const rate = Math.round(peak * load);

  const minutes: Minute[] = [];
  const started = Date.now();
  const minuteOf = () => {
    const i = Math.min(Math.floor((Date.now() - started) / 60_000), Math.ceil(soakSeconds / 60) - 1);
    while (minutes.length <= i) minutes.push({ count: 0, errors: 0, latencies: [], rss: [], cpu: [] });
    return minutes[i];
  };
  const sample = () => {
    const m = minuteOf();
    m.rss.push(rssMb(options.serverPid));
    m.cpu.push(cpuSeconds(options.serverPid));
  };
  const sampler = setInterval(sample, 5000);
  sample();
  let finish!: (r: autocannon.Result) => void;
  let fail!: (e: Error) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    { url: options.url, connections: CONNECTIONS, overallRate: rate, duration: soakSeconds, headers },
    (err, r) => (err ? fail(err) : finish(r)),
  );
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    const m = minuteOf();
    m.count++;
    m.latencies.push(ms);
    if (status < 200 || status >= 300) m.errors++;
  });
  instance.on('reqError', () => minuteOf().errors++);
  const result = await done;
  clearInterval(sampler);
  minutes[minutes.length - 1].cpu.push(cpuSeconds(options.serverPid));

  const all = new Float64Array(minutes.reduce((n, m) => n + m.latencies.length, 0));
  let at = 0;
  for (const m of minutes) {
    all.set(m.latencies, at);
    at += m.latencies.length;
  }
  all.sort();
  const p99 = percentile(all, 99);
  const errors = minutes.reduce((n, m) => n + m.errors, 0) + result.timeouts + result.errors;
  const first = minutes[0];
  const last = minutes[minutes.length - 1];
  // The last bucket may be short when the run length is not whole minutes: rate per second.
  const seconds = (i: number) => Math.min(60, soakSeconds - i * 60);
  const rps = (i: number) => minutes[i].count / seconds(i);
  const ratio = rps(minutes.length - 1) / rps(0);
  // CPU ms per request in a minute: from its first sample to the next minute's first sample.
  const cpuPerRequest = (i: number) => {
    const from = minutes[i].cpu[0];
    const to = i + 1 < minutes.length ? minutes[i + 1].cpu[0] : minutes[i].cpu[minutes[i].cpu.length - 1];
    return ((to - from) * 1000) / minutes[i].count;
  };
  const cpuRatio = cpuPerRequest(minutes.length - 1) / cpuPerRequest(0);
  // RSS settles during the first minute (heap sizing under load): flat means from minute 2 on.
  const rssFirst = mean((minutes.length >= 3 ? minutes[1] : first).rss);
  const rssLast = mean(last.rss);
  const rssGrowth = rssLast / rssFirst - 1;
  const checks = {
    throughput: ratio >= 0.95,
    p99: p99 < 50,
    errors: errors === 0,
    rss: Math.abs(rssGrowth) <= 0.1,
  };
  const met = Object.values(checks).every(Boolean);
  const lines = [
    `\nSoak: GET /projects/{projectId}, ` +
      `${CONNECTIONS} connections; peak ` +
      `${peak.toFixed(0)} req/s over ${peakSeconds} s; offered ${rate} req/s (${load}x peak) for ${soakSeconds} s\n`,
    '| minute | req/s | p50 ms | p99 ms | max ms | errors | server CPU ms/request | server RSS MB (mean) |',
    '|---|---|---|---|---|---|---|---|',
    ...minutes.map((m, i) => {
      const sorted = Float64Array.from(m.latencies).sort();
      return (
        `| ${i + 1} | ${rps(i).toFixed(0)} | ${percentile(sorted, 50).toFixed(1)} | ` +
        `${percentile(sorted, 99).toFixed(1)} | ${sorted[sorted.length - 1]?.toFixed(1)} | ${m.errors} | ` +
        `${cpuPerRequest(i).toFixed(3)} | ${mean(m.rss).toFixed(0)} |`
      );
    }),
    '',
    `last minute / first minute: ${ratio.toFixed(3)}x (target >= 0.95x: ${checks.throughput ? 'met' : 'NOT met'})`,
    `server CPU per request, last minute / first minute: ${cpuRatio.toFixed(3)}x (not a target: the decay signal ` +
      `that the machine's other load cannot move)`,
    `p99 over the soak: ${p99.toFixed(1)} ms (autocannon, corrected for coordinated omission: ` +
      `${result.latency.p99} ms) (target < 50 ms: ${checks.p99 ? 'met' : 'NOT met'})`,
    `errors: ${errors} (target 0: ${checks.errors ? 'met' : 'NOT met'})`,
    `server RSS: minute ${minutes.length >= 3 ? 2 : 1} ${rssFirst.toFixed(0)} MB, last minute ` +
      `${rssLast.toFixed(0)} MB (${(rssGrowth * 100).toFixed(1)}%; target within 10%: ` +
      `${checks.rss ? 'met' : 'NOT met'})`,
  ];
  return { lines, met };
}
