// Simulation of AI calibration (not a timed test; docs/quality.md "AI validators", bench/README.md).
// Per seed: 200 datapoints with a planted truth ~ U(5, 85), arriving in order; each is rated by 3
// people (noise SD 12, no bias), a good judge (bias +10, noise SD 5) and a bad judge (bias +10,
// noise SD 40); ratings clamped to 0..100. Both judges start in shadow, so every decision is the
// people's; after each decision a judge still in shadow is checked as the lifecycle checks it
// (calibrationDue, then calibrate of src/domain/calibration.ts with the default settings: 50
// items, lower 95% bound of Lin's CCC >= 0.7) against the people's mean. Reported per judge:
//   - in how many seeds it was activated, and after how many items (the good one should, in
//     >= 95% of seeds; the bad one should stay in shadow in >= 95%);
//   - the learned bias (the calibration's mean signed difference over all 200 items) and how
//     often it is within 2 points of the planted +10;
//   - how often Lin's 95% interval over the 200 items holds the judge's population CCC (computed
//     from 2,000,000 simulated items), a check of the interval's coverage;
//   - the alternative annotator test over the 200 items (the 3 people rate every datapoint): how
//     often it passes and the mean winning rate.
// Usage: node bench/quality-ai-calibration.ts [seeds=100]
import {
  altTest,
  calibrate,
  calibrationDue,
  calibrationSettings,
  concordance,
  type AltTestItem,
} from '../src/domain/calibration.ts';
import { Xoshiro256StarStar } from '../src/domain/prng.ts';

const SEEDS = Number(process.argv[2] ?? 100);
const DATAPOINTS = 200;
const PEOPLE = 3;
const HUMAN_NOISE = 12;
const JUDGES = [
  { name: 'good judge', bias: 10, noise: 5 },
  { name: 'bad judge', bias: 10, noise: 40 },
] as const;
const settings = calibrationSettings(undefined);

const clamp = (x: number) => Math.min(100, Math.max(0, x));

/** A standard normal draw (Box-Muller) from the seeded generator. */
function normal(g: Xoshiro256StarStar): number {
  const u = 1 - g.nextDouble();
  const v = g.nextDouble();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** One datapoint: the people's ratings and mean, and each judge's rating. */
function item(g: Xoshiro256StarStar): { reference: number; people: number[]; judges: number[] } {
  const truth = 5 + 80 * g.nextDouble();
  const people = Array.from({ length: PEOPLE }, () => clamp(truth + HUMAN_NOISE * normal(g)));
  return {
    reference: people.reduce((a, b) => a + b, 0) / PEOPLE,
    people,
    judges: JUDGES.map((j) => clamp(truth + j.bias + j.noise * normal(g))),
  };
}

// The population CCC of each judge with the people's mean (clamping included), by a large sample.
const population = (() => {
  const g = new Xoshiro256StarStar(0xc0ffeen);
  const refs: number[] = [];
  const ratings: number[][] = JUDGES.map(() => []);
  for (let i = 0; i < 2_000_000; i++) {
    const it = item(g);
    refs.push(it.reference);
    it.judges.forEach((r, k) => {
      ratings[k]!.push(r);
    });
  }
  return ratings.map((r) => concordance(r, refs).value!);
})();

const stats = JUDGES.map(() => ({
  activated: 0,
  itemsAtActivation: [] as number[],
  biases: [] as number[],
  biasWithin2: 0,
  covered: 0,
  altPassed: 0,
  winningRates: [] as number[],
}));
for (let seed = 1; seed <= SEEDS; seed++) {
  const g = new Xoshiro256StarStar(BigInt(seed));
  const pairs: { rating: number; reference: number }[][] = JUDGES.map(() => []);
  const altItems: AltTestItem[][] = JUDGES.map(() => []);
  const state = JUDGES.map(() => ({ active: false, lastCheck: 0, activatedAt: 0 }));
  for (let d = 0; d < DATAPOINTS; d++) {
    const it = item(g);
    JUDGES.forEach((_, k) => {
      pairs[k]!.push({ rating: it.judges[k]!, reference: it.reference });
      altItems[k]!.push({ ai: it.judges[k]!, people: it.people.map((rating, p) => ({ rater: `p${p}`, rating })) });
      const s = state[k]!;
      const items = pairs[k]!.length;
      if (s.active || !calibrationDue(items, s.lastCheck, settings.minItems)) return;
      s.lastCheck = items;
      if (calibrate(pairs[k]!, settings).passed) {
        s.active = true;
        s.activatedAt = items;
      }
    });
  }
  JUDGES.forEach((_, k) => {
    const st = stats[k]!;
    const final = calibrate(pairs[k]!, settings);
    if (state[k]!.active) {
      st.activated++;
      st.itemsAtActivation.push(state[k]!.activatedAt);
    }
    st.biases.push(final.bias!);
    if (Math.abs(final.bias! - JUDGES[k]!.bias) <= 2) st.biasWithin2++;
    if (final.ci95 && final.ci95[0] <= population[k]! && population[k]! <= final.ci95[1]) st.covered++;
    const alt = altTest(altItems[k]!, settings.epsilon);
    if (alt.passed) st.altPassed++;
    st.winningRates.push(alt.winningRate ?? 0);
  });
}

const pct = (n: number) => `${((100 * n) / SEEDS).toFixed(1)}%`;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
console.log(
  `${SEEDS} seeds x ${DATAPOINTS} datapoints; people: ${PEOPLE} per datapoint, noise ${HUMAN_NOISE}; ` +
    `calibration: ${settings.minItems} items, lower bound >= ${settings.minConcordance}`,
);
JUDGES.forEach((j, k) => {
  const s = stats[k]!;
  const sorted = [...s.itemsAtActivation].sort((a, b) => a - b);
  console.log(
    `${j.name} (bias +${j.bias}, noise ${j.noise}): population CCC ${population[k]!.toFixed(4)}; ` +
      `activated in ${pct(s.activated)} of seeds` +
      (sorted.length
        ? ` (after ${sorted[0]}-${sorted[sorted.length - 1]} items, median ${sorted[sorted.length >> 1]})`
        : '') +
      `, in shadow in ${pct(SEEDS - s.activated)}; learned bias mean ${mean(s.biases).toFixed(2)}, ` +
      `within 2 points in ${pct(s.biasWithin2)}; 95% interval holds the population CCC in ${pct(s.covered)}; ` +
      `alt-test (epsilon ${settings.epsilon}, 3 people x 200 items) passed in ${pct(s.altPassed)}, ` +
      `mean winning rate ${mean(s.winningRates).toFixed(2)}`,
  );
});
