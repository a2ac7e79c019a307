// The AI calibration statistic and its rules (src/domain/calibration.ts): Lin's CCC against the
// published vector, its 95% interval (Lin 1989, variance as corrected in Lin 2000, on Fisher's z
// scale), the configuration's hash, the model match, when a check is due and the AI share cap.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aiConfiguration,
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
