// The AI calibration statistic and its rules (src/domain/calibration.ts): Lin's CCC against the
// published vector, its 95% interval (Lin 1989, variance as corrected in Lin 2000, on Fisher's z
// scale), the configuration's hash, the model match, when a check is due and the AI share cap.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aiConfiguration,
  altTest,
  benjaminiYekutieli,
  calibrate,
  calibrationDue,
  calibrationSettings,
  capAiShare,
  concordance,
  modelMatches,
} from '../../src/domain/calibration.ts';

// The "lin_ccc" case of the published quality vectors (population moments, computed exactly).
const LIN = { rater: [14, 22, 35, 41, 58, 63, 77, 90], gold: [10, 20, 30, 40, 50, 60, 70, 80], ccc: 2270 / 2337 };

describe("Lin's concordance with its 95% interval", () => {
  it('gives the published CCC and the mean signed difference', () => {
    const c = concordance(LIN.rater, LIN.gold);
    expect(c.n).toBe(8);
    expect(c.value).toBeCloseTo(LIN.ccc, 12);
    expect(c.bias).toBe(5);
  });

  it('gives the interval of the formula (Lin 2000 variance, atanh scale)', () => {
    // The same formula evaluated independently (Python's math module, the published variance written
    // in the form of the epiR and Stata implementations: sep / (1 - ccc²) on the z scale).
    const c = concordance(LIN.rater, LIN.gold);
    expect(c.ci95![0]).toBeCloseTo(0.9050896200745736, 12);
    expect(c.ci95![1]).toBeCloseTo(0.9915451668770308, 12);
    // Symmetric on Fisher's z scale around atanh(ccc).
    const z = Math.atanh(c.value!);
    expect(z - Math.atanh(c.ci95![0])).toBeCloseTo(Math.atanh(c.ci95![1]) - z, 12);
  });

  it('has no interval without positive correlation, below three pairs, or for constant ratings', () => {
    expect(concordance([1, 2], [1, 2]).ci95).toBeNull();
    expect(concordance([3, 2, 1], [1, 2, 3]).ci95).toBeNull();
    expect(concordance([5, 5, 5], [1, 2, 3]).ci95).toBeNull();
    expect(concordance([], [])).toEqual({ n: 0, value: null, ci95: null, bias: null });
    expect(concordance([1, 2, 3], [1, 2, 3])).toEqual({ n: 3, value: 1, ci95: [1, 1], bias: 0 });
  });

  it('passes only with enough items and the lower bound at the threshold', () => {
    const pairs = LIN.rater.map((rating, i) => ({ rating, reference: LIN.gold[i]! }));
    const s = { ...calibrationSettings(undefined), minItems: 8 };
    expect(calibrate(pairs, { ...s, minConcordance: 0.9 }).passed).toBe(true);
    expect(calibrate(pairs, { ...s, minConcordance: 0.91 }).passed).toBe(false);
    expect(calibrate(pairs, { ...s, minItems: 9, minConcordance: 0.5 }).passed).toBe(false);
  });
});

describe('configurations', () => {
  const p = {
    model: 'gpt-5-2025-08-07',
    provider: 'openai',
    promptTemplateSha256: 'a'.repeat(64),
    promptSha256: 'b'.repeat(64),
    outputSha256: 'c'.repeat(64),
    sampling: { temperature: 0.7, seed: 42 },
    scoring: 'parsed_integer' as const,
  };

  it('hashes the JCS form of model, provider, template hash and sampling (not the per-vote hashes)', () => {
    const { configuration, hash } = aiConfiguration(p);
    const jcs =
      '{"model":"gpt-5-2025-08-07","promptTemplateSha256":"' +
      'a'.repeat(64) +
      '","provider":"openai","sampling":{"seed":42,"temperature":"0.7"}}';
    expect(hash).toBe(createHash('sha256').update(jcs).digest('hex'));
    expect(configuration.sampling).toEqual({ temperature: '0.7', seed: 42 });
    expect(aiConfiguration({ ...p, promptSha256: 'd'.repeat(64), outputSha256: 'e'.repeat(64) }).hash).toBe(hash);
    expect(aiConfiguration({ ...p, promptTemplateSha256: 'f'.repeat(64) }).hash).not.toBe(hash);
    expect(aiConfiguration({ ...p, model: 'gpt-5-2025-09-01' }).hash).not.toBe(hash);
  });

  it.each([
    ['gpt-5', 'gpt-5', true],
    ['gpt-5', 'gpt-5-2025-08-07', true],
    ['llama3', 'llama3:70b', true],
    ['claude', 'claude@2026', true],
    ['gpt-5', 'gpt-50', false],
    ['gpt-5', 'gpt-4', false],
    ['gpt-5-mini', 'gpt-5', false],
  ])('declared %s, served %s: %s', (declared, served, ok) => {
    expect(modelMatches(declared, served)).toBe(ok);
  });
});

describe('when a configuration in shadow is checked', () => {
  it('first at minItems, then each time its items grew by a tenth', () => {
    expect(calibrationDue(49, 0, 50)).toBe(false);
    expect(calibrationDue(50, 0, 50)).toBe(true);
    expect(calibrationDue(54, 50, 50)).toBe(false);
    expect(calibrationDue(55, 50, 50)).toBe(true);
    expect(calibrationDue(11, 10, 10)).toBe(true);
  });
});

describe('the AI share cap', () => {
  const votes = [
    { weight: 1, ai: false },
    { weight: 2, ai: true },
    { weight: 2, ai: true },
  ];
  it('scales the AI weights to the cap, leaves them under it, and waits for a person without one', () => {
    expect(capAiShare(votes, 1)).toEqual([1, 2, 2]);
    const w = capAiShare(votes, 0.5)!;
    expect(w[1]! + w[2]!).toBeCloseTo(w[0]!, 12);
    expect(capAiShare(votes, 0.9)).toEqual([1, 2, 2]);
    expect(capAiShare([{ weight: 1, ai: true }], 0.5)).toBeNull();
    expect(capAiShare([{ weight: 1, ai: false }], 0)).toEqual([1]);
  });
});

describe('the alternative annotator test', () => {
  it('rejects with the Benjamini-Yekutieli thresholds k/m · q/H_m', () => {
    // m = 8, H_8 = 2.717857: thresholds 0.0023, 0.0046, 0.0069, ...; only the smallest p is under its own.
    const p = [0.042, 0.001, 0.039, 0.205, 0.008, 0.041, 0.06, 0.074];
    expect([...benjaminiYekutieli(p, 0.05)]).toEqual([1]);
    // 0.004 is under the second threshold, so both of the two smallest are rejected (step-up).
    expect([...benjaminiYekutieli([0.004, 0.003, 0.5], 0.05)].sort()).toEqual([0, 1]);
    expect(benjaminiYekutieli([0.5, 0.9], 0.05).size).toBe(0);
  });

  /** 40 items rated by three people around a truth, and an AI rating `ai(truth, i)`. */
  const items = (ai: (truth: number, i: number) => number) =>
    Array.from({ length: 40 }, (_, i) => {
      const truth = 10 + 2 * i;
      const noise = [((i * 7) % 11) - 5, ((i * 5) % 13) - 6, ((i * 3) % 9) - 4];
      return {
        ai: ai(truth, i),
        people: ['p1', 'p2', 'p3'].map((rater, k) => ({ rater, rating: truth + 3 * noise[k]! })),
      };
    });

  it('passes a judge that represents the others better than each person, and fails a far-off one', () => {
    // The AI at the truth is closer to the other two than a noisy person is, on most items.
    const good = altTest(
      items((t) => t),
      0.1,
    );
    expect(good).toEqual({ annotators: 3, winningRate: 1, passed: true });
    const bad = altTest(
      items((t, i) => (i % 2 ? t + 40 : t - 40)),
      0.1,
    );
    expect(bad).toEqual({ annotators: 3, winningRate: 0, passed: false });
  });

  it('needs 30 items per person and at least two people', () => {
    expect(altTest(items((t) => t).slice(0, 29), 0.1)).toEqual({ annotators: 0, winningRate: null, passed: false });
    const two = items((t) => t).map((it) => ({ ...it, people: it.people.slice(0, 1) }));
    expect(altTest(two, 0.1).annotators).toBe(0);
  });

  it("decides calibration under method alt_test, whatever Lin's bound says", () => {
    const its = items((t) => t);
    const pairs = its.map((it) => ({
      rating: it.ai,
      reference: it.people.reduce((a, p) => a + p.rating, 0) / it.people.length,
    }));
    const s = { ...calibrationSettings(undefined), minItems: 40 };
    expect(calibrate(pairs, { ...s, method: 'alt_test', minConcordance: 1 }, its).passed).toBe(true);
    expect(calibrate(pairs, { ...s, method: 'concordance', minConcordance: 1 }, its).passed).toBe(false);
    expect(calibrate(pairs, { ...s, method: 'alt_test' }, []).passed).toBe(false);
  });
});
