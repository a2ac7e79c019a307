// Alpha with its bootstrap (1,000 replicates) over a project of BENCH_ALPHA_DATAPOINTS (default
// 1,000,000) datapoints x 3 votes of integer ratings, next to a baseline in the same run: one pass
// summing the ratings and their squares (the least any statistic over the votes costs).
// Target (docs/quality.md): <= 2 s. Usage: node bench/quality-alpha.ts
import { alphaFigures } from '../src/domain/reliability.ts';
import { Xoshiro256StarStar } from '../src/domain/prng.ts';

const N = Number(process.env.BENCH_ALPHA_DATAPOINTS ?? 1_000_000);
const g = new Xoshiro256StarStar(1n);
const units: number[][] = [];
for (let i = 0; i < N; i++) {
  const t = g.nextDouble() * 100;
  units.push([0, 1, 2].map(() => Math.max(0, Math.min(100, Math.round(t + (g.nextDouble() - 0.5) * 30)))));
}
let t0 = performance.now();
let s = 0;
let s2 = 0;
for (const u of units)
  for (const x of u) {
    s += x;
    s2 += x * x;
  }
const baseline = performance.now() - t0;
t0 = performance.now();
const a = alphaFigures(units, 0x5eedn, 1000);
const ms = performance.now() - t0;
const heap = process.memoryUsage().heapUsed / 2 ** 20;
console.log(
  JSON.stringify({
    datapoints: N,
    alphaMs: Math.round(ms),
    baselineMs: Math.round(baseline),
    heapMiB: Math.round(heap),
    alpha: a.value,
    ci95: a.ci95,
    pairsPerDraw: a.pairsPerDraw,
    check: s + s2 > 0,
  }),
);
