// Simulation of reliability-weighted consensus (not a timed test; docs/quality.md, bench/README.md):
// per seed, 8 validators with planted bias and noise, one of them a spammer rating uniformly at
// random, 200 datapoints with a planted truth, each rated by 3 validators drawn at random. The
// rater model (src/domain/rater-model.ts, default parameters) is fitted on all the ratings, as a
// project's estimates are once its votes are in; then per seed:
//   - RMSE against the truth of the class-weighted consensus (every class weight 1: the plain mean)
//     and of the reliability-weighted one (weight = precision), both by src/domain/consensus.ts;
//   - whether the spammer has the largest estimated inconsistency;
//   - Spearman's rho between estimated and planted inconsistency (the spammer's planted one is the
//     SD of uniform ratings, 100/sqrt(12));
//   - how often psi_j ± 1.96·(Σ_i 1/upsilon_i²)^(-1/2) holds the truth (the model's 95% interval).
// Usage: node bench/quality-simulation.ts [seeds=200]
import { consensusFigures } from '../src/domain/consensus.ts';
import { Xoshiro256StarStar } from '../src/domain/prng.ts';
import { fitRaterModel, type Rating } from '../src/domain/rater-model.ts';

const SEEDS = Number(process.argv[2] ?? 200);
const VALIDATORS = 8;
const DATAPOINTS = 200;
const PER_DATAPOINT = 3;

function ranks(xs: number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(xs.length);
  order.forEach(([, i], k) => {
    r[i] = k + 1;
  });
  return r;
}
function spearman(a: number[], b: number[]): number {
  const ra = ranks(a);
  const rb = ranks(b);
  const n = a.length;
  const d2 = ra.reduce((s, r, i) => s + (r - rb[i]!) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

let sumRatio = 0;
let spammerNoisiest = 0;
let covered = 0;
let intervals = 0;
const rhos: number[] = [];
const rmse = { classWeighted: 0, reliability: 0 };
for (let seed = 1; seed <= SEEDS; seed++) {
  const g = new Xoshiro256StarStar(BigInt(seed));
  const normal = () => Math.sqrt(-2 * Math.log(1 - g.nextDouble())) * Math.cos(2 * Math.PI * g.nextDouble());
  const bias = Array.from({ length: VALIDATORS }, () => 5 * normal());
  const meanBias = bias.reduce((a, b) => a + b) / VALIDATORS;
  for (let i = 0; i < VALIDATORS; i++) bias[i]! -= meanBias;
  const noise = Array.from({ length: VALIDATORS }, () => 2 + 10 * g.nextDouble());
  const spammer = Math.floor(g.nextDouble() * VALIDATORS);
  noise[spammer] = 100 / Math.sqrt(12);
  const truth: number[] = [];
  const ratings: Rating[] = [];
  for (let j = 0; j < DATAPOINTS; j++) {
    const t = 15 + 70 * g.nextDouble();
    truth.push(t);
    const pool = Array.from({ length: VALIDATORS }, (_, i) => i);
    for (let k = 0; k < PER_DATAPOINT; k++) {
      const i = pool.splice(Math.floor(g.nextDouble() * pool.length), 1)[0]!;
      const x = i === spammer ? 100 * g.nextDouble() : t + bias[i]! + noise[i]! * normal();
      ratings.push({ unit: `d${String(j).padStart(4, '0')}`, rater: `v${i}`, rating: Math.min(100, Math.max(0, x)) });
    }
  }
  const model = fitRaterModel(ratings);
  const se = { c: 0, r: 0 };
  for (let j = 0; j < DATAPOINTS; j++) {
    const unit = `d${String(j).padStart(4, '0')}`;
    const votes = ratings.filter((r) => r.unit === unit);
    const plain = consensusFigures(votes.map((v) => ({ rating: v.rating, weight: 1 }))).mean;
    const weighted = consensusFigures(
      votes.map((v) => ({ rating: v.rating, weight: model.raters.get(v.rater)!.precision })),
    ).mean;
    se.c += (plain - truth[j]!) ** 2;
    se.r += (weighted - truth[j]!) ** 2;
    const precision = votes.reduce((s, v) => s + 1 / model.raters.get(v.rater)!.inconsistency ** 2, 0);
    const half = 1.96 * Math.sqrt(model.varianceInflation / precision);
    const psi = model.scores.get(unit)!;
    intervals++;
    if (Math.abs(psi - truth[j]!) <= half) covered++;
  }
  const c = Math.sqrt(se.c / DATAPOINTS);
  const r = Math.sqrt(se.r / DATAPOINTS);
  rmse.classWeighted += c;
  rmse.reliability += r;
  sumRatio += r / c;
  const est = Array.from({ length: VALIDATORS }, (_, i) => model.raters.get(`v${i}`)!.inconsistency);
  if (est.indexOf(Math.max(...est)) === spammer) spammerNoisiest++;
  rhos.push(spearman(est, noise));
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sorted = [...rhos].sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      seeds: SEEDS,
      rmseClassWeighted: rmse.classWeighted / SEEDS,
      rmseReliability: rmse.reliability / SEEDS,
      rmseReduction: 1 - sumRatio / SEEDS,
      spammerRankedNoisiest: spammerNoisiest / SEEDS,
      spearmanMean: mean(rhos),
      spearmanMedian: sorted[Math.floor(SEEDS / 2)],
      intervalCoverage95: covered / intervals,
    },
    null,
    2,
  ),
);
