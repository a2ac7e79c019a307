// Krippendorff's alpha and its bootstrap against published vectors (test/fixtures/quality-vectors.json:
// Krippendorff 2011, the Wikipedia worked example), and the PRNG against its reference outputs.
import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/quality-vectors.json' with { type: 'json' };
import { PRNG_NAME, Xoshiro256StarStar, splitmix64 } from '../../src/domain/prng.ts';
import {
  AlphaAccumulator,
  ExactSum,
  agreementMatrix,
  alphaFigures,
  bootstrapAlpha,
  coincidenceAlpha,
  coincidences,
  intervalAlpha,
  type Metric,
} from '../../src/domain/reliability.ts';

/** Raters x units (null missing) -> one array of values per unit. */
const unitsOf = (raters: (number | null)[][]): number[][] =>
  raters[0]!.map((_, u) => raters.map((r) => r[u]).filter((x): x is number => x !== null && x !== undefined));

const fraction = (s: string): number => {
  const [a, b] = s.split('/').map(Number);
  return a! / b!;
};

const k2011 = unitsOf(vectors.krippendorff_2011.raters);
const wiki = unitsOf(vectors.wikipedia_example.raters);

describe('PRNG reference outputs', () => {
  it('SplitMix64 from seed 0 and from 1234567', () => {
    const run = (seed: bigint, n: number) => {
      const out: bigint[] = [];
      let s = seed;
      for (let i = 0; i < n; i++) {
        const [o, next] = splitmix64(s);
        out.push(o);
        s = next;
      }
      return out;
    };
    expect(run(0n, 4)).toEqual([0xe220a8397b1dcdafn, 0x6e789e6aa1b965f4n, 0x06c45d188009454fn, 0xf88bb8a8724c81ecn]);
    expect(run(1234567n, 5)).toEqual([
      6457827717110365317n,
      3203168211198807973n,
      9817491932198370423n,
      4593380528125082431n,
      16408922859458223821n,
    ]);
  });

  it("xoshiro256** from the state {1, 2, 3, 4} (the reference implementation's ten outputs)", () => {
    const g = new Xoshiro256StarStar(0n, [1n, 2n, 3n, 4n]);
    expect(Array.from({ length: 10 }, () => g.nextU64())).toEqual([
      11520n,
      0n,
      1509978240n,
      1215971899390074240n,
      1216172134540287360n,
      607988272756665600n,
      16172922978634559625n,
      8476171486693032832n,
      10595114339597558777n,
      2904607092377533576n,
    ]);
  });

  it('doubles are the top 53 bits of the outputs', () => {
    const a = new Xoshiro256StarStar(42n);
    const b = new Xoshiro256StarStar(42n);
    for (let i = 0; i < 1000; i++) {
      const u = a.nextU64();
      expect(b.nextDouble()).toBe(Number(u >> 11n) / 2 ** 53);
    }
    expect(PRNG_NAME).toBe('xoshiro256**/splitmix64');
  });

  it('fills the same doubles as nextDouble gives, across batches and mixed with single draws', () => {
    const a = new Xoshiro256StarStar(0xfeedn);
    const b = new Xoshiro256StarStar(0xfeedn);
    const buf = new Float64Array(997);
    for (let round = 0; round < 50; round++) {
      const len = 1 + ((round * 389) % buf.length);
      b.fillDoubles(buf, len);
      for (let i = 0; i < len; i++) expect(buf[i]).toBe(a.nextDouble());
      expect(b.nextDouble()).toBe(a.nextDouble());
    }
  });

  it('refuses an all-zero state', () => {
    expect(() => new Xoshiro256StarStar(0n, [0n, 0n, 0n, 0n])).toThrow(/all zero/);
  });
});

describe('ExactSum (correctly rounded, as math.fsum)', () => {
  it.each<[number[], number]>([
    [Array(10).fill(0.1), 1],
    [[1e100, 1, -1e100, 1e-100, 1e50, -1, -1e50], 1e-100],
    [[2 ** 53, 1, 1e-16], 2 ** 53 + 2], // the tail tips the halfway case up
    [[2 ** 53, 1], 2 ** 53], // exactly halfway: to even
    [[], 0],
  ])('%j sums to %d', (xs, want) => {
    const s = new ExactSum();
    for (const x of xs) s.add(x);
    expect(s.value()).toBe(want);
  });
});

describe('interval alpha, closed form', () => {
  it('Krippendorff 2011: 951/1120 over 40 pairable values', () => {
    const f = intervalAlpha(k2011);
    expect(f.pairableValues).toBe(vectors.krippendorff_2011.pairableValues);
    expect(f.value).toBeCloseTo(fraction(vectors.krippendorff_2011.alpha.interval.exact), 14);
    expect(f.value!.toFixed(3)).toBe(String(vectors.krippendorff_2011.alpha.interval.published));
  });

  it('Wikipedia worked example: 643/793', () => {
    const f = intervalAlpha(wiki);
    expect(f.value).toBeCloseTo(fraction(vectors.wikipedia_example.alpha.interval.exact), 14);
    expect(f.value).toBeCloseTo(vectors.wikipedia_example.alpha.interval.published, 6);
  });

  it('does not depend on the order of units or of values within a unit (bit for bit)', () => {
    const a = intervalAlpha(k2011).value;
    const shuffled = [...k2011].reverse().map((u) => [...u].reverse());
    expect(intervalAlpha(shuffled).value).toBe(a);
  });

  it('ignores units with one value, and is undefined without variation', () => {
    expect(intervalAlpha([[1], [2, 2], [3, 3]]).pairableValues).toBe(4);
    expect(
      intervalAlpha([
        [5, 5],
        [5, 5, 5],
      ]).value,
    ).toBeNull();
    expect(intervalAlpha([[5]]).value).toBeNull();
    // Perfect agreement with variation between units is 1.
    expect(
      intervalAlpha([
        [10, 10],
        [90, 90, 90],
      ]).value,
    ).toBe(1);
  });

  it('agrees with the coincidence-matrix path on random data', () => {
    const g = new Xoshiro256StarStar(7n);
    for (let t = 0; t < 20; t++) {
      const units = Array.from({ length: 30 }, () =>
        Array.from({ length: 1 + Math.floor(g.nextDouble() * 5) }, () => Math.floor(g.nextDouble() * 101)),
      );
      const closed = intervalAlpha(units).value!;
      expect(coincidenceAlpha(coincidences(units), 'interval').value).toBeCloseTo(closed, 10);
    }
  });
});

/**
 * The textbook accumulation, kept simple: values sorted once, masses (2·count)/(m - 1) summed per
 * m ascending, and Σx, Σx² and the unit terms as exact sums over each value.
 */
function reference(units: number[][]) {
  const pairable = units.filter((u) => u.length >= 2).map((u) => [...u].sort((a, b) => a - b));
  const values = [...new Set(pairable.flat())].sort((a, b) => a - b);
  const V = values.length;
  const byM = new Map<number, Map<number, number>>();
  for (const u of pairable) {
    const cells = byM.get(u.length) ?? new Map<number, number>();
    byM.set(u.length, cells);
    for (let i = 0; i < u.length; i++)
      for (let j = i + 1; j < u.length; j++) {
        const key = values.indexOf(u[i]!) * V + values.indexOf(u[j]!);
        cells.set(key, (cells.get(key) ?? 0) + 1);
      }
  }
  const mass = new Map<number, number>();
  for (const m of [...byM.keys()].sort((a, b) => a - b))
    for (const [key, count] of byM.get(m)!) mass.set(key, (mass.get(key) ?? 0) + (2 * count) / (m - 1));
  const keys = [...mass.keys()].sort((a, b) => a - b);
  const n = pairable.flat().length;
  const [s1, s2, within] = [new ExactSum(), new ExactSum(), new ExactSum()];
  for (const u of pairable) {
    const mean = u.reduce((a, x) => a + x, 0) / u.length;
    within.add((u.length * u.reduce((a, x) => a + (x - mean) * (x - mean), 0)) / (u.length - 1));
    for (const x of u) {
      s1.add(x);
      s2.add(x * x);
    }
  }
  const ss = s2.value() - (s1.value() * s1.value()) / n;
  return {
    values,
    cells: keys.map((k) => [Math.floor(k / V), k % V, mass.get(k)!]),
    alpha: 1 - (2 * within.value()) / n / ((2 * ss) / (n - 1)),
  };
}

describe('the one-pass accumulator', () => {
  const g = new Xoshiro256StarStar(31n);
  // Integer ratings (the square array), tenths (a few hundred distinct values: the map), and
  // sizes up to 20 values (the typed-array sort).
  const datasets = [1, 10, 0.1].map((step) =>
    Array.from({ length: 400 }, () => {
      const m = Math.floor(g.nextDouble() * (step === 0.1 ? 20 : 5));
      const t = g.nextDouble() * 100;
      return Array.from(
        { length: m },
        () => Math.round(Math.min(100, Math.max(0, t + (g.nextDouble() - 0.5) * 40)) / step) * step,
      );
    }),
  );
  it.each(datasets.map((d, i) => [['integers', 'tens', 'tenths'][i], d] as const))(
    '%s: the same coincidences and alpha as the textbook accumulation, bit for bit, in any unit order',
    (_name, units) => {
      const want = reference(units);
      for (const order of [units, [...units].reverse()]) {
        const acc = new AlphaAccumulator();
        for (const u of order) {
          for (const x of u) acc.push(x);
          acc.endUnit();
        }
        const co = acc.coincidences();
        expect(co.values).toEqual(want.values);
        expect(Array.from(co.mass, (mass, i) => [co.cellC[i], co.cellK[i], mass])).toEqual(want.cells);
        expect(acc.intervalFigures().value).toBe(want.alpha);
      }
    },
  );
});

describe('coincidence matrix, every metric', () => {
  const cases: [string, number[][], Metric, number, number][] = [
    ['2011 nominal (exact 113/152)', k2011, 'nominal', fraction(vectors.krippendorff_2011.alpha.nominal.exact), 12],
    ['2011 ordinal', k2011, 'ordinal', vectors.krippendorff_2011.alpha.ordinal.published, 3],
    ['2011 interval (exact 951/1120)', k2011, 'interval', fraction(vectors.krippendorff_2011.alpha.interval.exact), 12],
    ['2011 ratio', k2011, 'ratio', vectors.krippendorff_2011.alpha.ratio.published, 3],
    ['Wikipedia nominal (exact 56/81)', wiki, 'nominal', fraction(vectors.wikipedia_example.alpha.nominal.exact), 12],
    [
      'Wikipedia interval (exact 643/793)',
      wiki,
      'interval',
      fraction(vectors.wikipedia_example.alpha.interval.exact),
      12,
    ],
  ];
  it.each(cases)('%s', (_name, units, metric, want, places) => {
    const value = coincidenceAlpha(coincidences(units), metric).value!;
    if (places === 3) expect(Math.abs(value - want)).toBeLessThan(0.0005);
    else expect(value).toBeCloseTo(want, places);
  });
});

describe("Krippendorff's bootstrap", () => {
  it('reproduces the published nominal interval on the 2011 matrix within Monte Carlo error', () => {
    const co = coincidences(k2011);
    const nominal = coincidenceAlpha(co, 'nominal');
    const b = bootstrapAlpha(co, {
      metric: 'nominal',
      draws: 20000,
      seed: 12345n,
      expectedDisagreement: nominal.expectedDisagreement,
    })!;
    const pub = vectors.krippendorff_2011.bootstrap.nominal;
    // R icr draws pairs uniformly and weights each by its slot's unit, so its replicates centre
    // on 0.721, below alpha (0.743); Krippendorff's description draws by coincidence and centres
    // on alpha. The interval is that shift wider at the bottom: 0.02 of Monte Carlo tolerance
    // plus the 0.022 between the two centres (docs/decisions.md, Reliability statistics).
    const shift = nominal.value! - pub.mean;
    expect(shift).toBeCloseTo(0.022, 3);
    expect(Math.abs(b.ci95[0] - pub.ci95[0])).toBeLessThan(pub.tolerance + shift);
    expect(Math.abs(b.ci95[1] - pub.ci95[1])).toBeLessThan(pub.tolerance);
    // 55 pairs in the data, 25·q above that: M = 55.
    expect(b.pairsPerDraw).toBe(55);
  });

  it('centres on alpha: P(alpha* < alpha) is about one half', () => {
    const co = coincidences(k2011);
    const f = intervalAlpha(k2011);
    const b = bootstrapAlpha(co, {
      metric: 'interval',
      draws: 20000,
      seed: 99n,
      expectedDisagreement: f.expectedDisagreement!,
    })!;
    expect(b.ci95[0]).toBeLessThan(f.value!);
    expect(b.ci95[1]).toBeGreaterThan(f.value!);
    expect(Math.abs((b.ci95[0] + b.ci95[1]) / 2 - f.value!)).toBeLessThan(0.05);
  });

  it('is the same for the same seed, and differs for another seed', () => {
    const a = alphaFigures(k2011, 0x0123456789abcdefn);
    const b = alphaFigures(k2011, 0x0123456789abcdefn);
    const c = alphaFigures(k2011, 0x0123456789abcdeen);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.ci95).not.toEqual(c.ci95);
    expect(a.seed).toBe('0123456789abcdef');
    expect(a.value).toBeCloseTo(951 / 1120, 14);
    expect(a.ci95![0]).toBeLessThan(a.value!);
    expect(a.ci95![1]).toBeGreaterThan(a.value!);
    // 0.849 is well above 0.667: failing it is rare; failing 0.800 is not.
    expect(a.pAlphaBelow!['0.667']).toBeLessThan(a.pAlphaBelow!['0.800']);
  });

  it('has no interval without variation', () => {
    const s = alphaFigures(
      [
        [3, 3],
        [3, 3],
      ],
      1n,
    );
    expect(s.value).toBeNull();
    expect(s.ci95).toBeNull();
  });
});

describe('agreement matrix', () => {
  it('counts shared datapoints and the mean absolute difference per pair, by hand', () => {
    const m = agreementMatrix([
      [
        { voter: 'b', rating: 60 },
        { voter: 'a', rating: 70 },
        { voter: 'c', rating: 90 },
      ],
      [
        { voter: 'a', rating: 20 },
        { voter: 'b', rating: 40 },
      ],
      [{ voter: 'c', rating: 50 }],
    ]);
    expect(m).toEqual([
      { a: 'a', b: 'b', datapoints: 2, meanAbsoluteDifference: 15, within10: 0.5 },
      { a: 'a', b: 'c', datapoints: 1, meanAbsoluteDifference: 20, within10: 0 },
      { a: 'b', b: 'c', datapoints: 1, meanAbsoluteDifference: 30, within10: 0 },
    ]);
  });
});
