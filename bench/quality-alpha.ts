// Alpha with its bootstrap (1,000 replicates) over a project of BENCH_ALPHA_DATAPOINTS (default
// 1,000,000) datapoints x 3 votes of integer ratings, next to a baseline in the same run: one pass
// over the same votes summing the ratings and their squares (the least any statistic over the
// votes costs). The votes are generated first into typed columns (as the database cursor hands
// them over, datapoint by datapoint) and are not part of the timing; the alpha pass feeds them
// one vote at a time to AlphaAccumulator, as the Proof Report's StatisticsBuilder does.
// Memory: the heap and array buffers in use after the pass (after a collection, with --expose-gc),
// less the generated votes, at the full size and at a tenth of it (flat: the same at both).
// Target (docs/quality.md): <= 2 s.
// Usage: node bench/quality-alpha.ts (prints one JSON line; bench/run.ts runs it as BENCH=quality).
import { AlphaAccumulator } from '../src/domain/reliability.ts';
import { Xoshiro256StarStar } from '../src/domain/prng.ts';

const N = Number(process.env.BENCH_ALPHA_DATAPOINTS ?? 1_000_000);
const PER = 3;

function votes(n: number): Float64Array {
  const g = new Xoshiro256StarStar(1n);
  const out = new Float64Array(n * PER);
  for (let i = 0; i < n; i++) {
    const t = g.nextDouble() * 100;
    for (let k = 0; k < PER; k++)
      out[i * PER + k] = Math.max(0, Math.min(100, Math.round(t + (g.nextDouble() - 0.5) * 30)));
  }
  return out;
}

const inUse = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

function run(n: number) {
  const ratings = votes(n);
  let t0 = performance.now();
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < ratings.length; i++) {
    const x = ratings[i]!;
    s += x;
    s2 += x * x;
  }
  const baselineMs = performance.now() - t0;
  const cpu0 = process.cpuUsage();
  t0 = performance.now();
  const acc = new AlphaAccumulator();
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < PER; k++) acc.push(ratings[i * PER + k]!);
    acc.endUnit();
  }
  const passMs = performance.now() - t0;
  globalThis.gc?.();
  // What is in use with the pass's state alive, besides the generated votes themselves.
  const held = inUse() - ratings.byteLength;
  const a = acc.figures(0x5eedn, 1000);
  const alphaMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return {
    n,
    alphaMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    passMs,
    baselineMs,
    heldMiB: held / 2 ** 20,
    a,
    check: s + s2 > 0,
  };
}

const small = run(Math.max(1, Math.floor(N / 10)));
const full = run(N);
console.log(
  JSON.stringify({
    datapoints: N,
    alphaMs: Math.round(full.alphaMs),
    alphaCpuMs: Math.round(full.cpuMs),
    passMs: Math.round(full.passMs),
    bootstrapMs: Math.round(full.alphaMs - full.passMs),
    baselineMs: Math.round(full.baselineMs),
    heldMiB: Number(full.heldMiB.toFixed(2)),
    heldMiBAtTenth: Number(small.heldMiB.toFixed(2)),
    alphaMsAtTenth: Math.round(small.alphaMs),
    alpha: full.a.value,
    ci95: full.a.ci95,
    pairsPerDraw: full.a.pairsPerDraw,
    check: full.check && small.check,
  }),
);
