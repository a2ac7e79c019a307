// The other tenant of the hostile-tenant benchmark (bench/hostile.ts), in a process of its own:
// GET PROBE_URL at PROBE_RATE requests/s on 4 connections for PROBE_SECONDS; prints the latency
// figures as one JSON line, with the CPU priority it ran at (bench/hostile.ts checks it).
import { getPriority } from 'node:os';
import autocannon from 'autocannon';

const r = await autocannon({
  url: process.env.PROBE_URL!,
  connections: 4,
  overallRate: Number(process.env.PROBE_RATE),
  duration: Number(process.env.PROBE_SECONDS),
  headers: { authorization: `Bearer ${process.env.PROBE_KEY}` },
});
console.log(
  JSON.stringify({
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.non2xx,
    nice: getPriority(),
  }),
);
