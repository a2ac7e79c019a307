// The spec compiler, table-driven: what compiles, what does not and how the error reads.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { compileSpec, SpecError } from '../../src/domain/spec-compiler.ts';
import { minimalSpec, validSpec } from '../fixtures/specs.ts';
import { calibrationSettings } from '../../src/domain/calibration.ts';
import { projectRaterModel, reliabilitySettings } from '../../src/domain/rater-model.ts';
import contract from '../../src/generated/openapi.json' with { type: 'json' };

type Mutation = (s: any) => void;

const failing: [string, Mutation, string, RegExp][] = [
  [
    'class type outside the enum',
    (s) => {
      s.validators.classes[1].type = 'robot';
    },
    'spec.validators.classes[1].type',
    /^must be one of human, ai$/,
  ],
  [
    'missing version',
    (s) => {
      delete s.version;
    },
    'spec.version',
    /^is required$/,
  ],
  [
    'version that is not semver',
    (s) => {
      s.version = 'v1';
    },
    'spec.version',
    /pattern/,
  ],
  [
    'unknown top-level field',
    (s) => {
      s.owner = 'me';
    },
    'spec.owner',
    /^is not a known field$/,
  ],
  [
    'unknown nested field',
    (s) => {
      s.dataset.sheet = 1;
    },
    'spec.dataset.sheet',
    /^is not a known field$/,
  ],
  [
    'unknown dataset format',
    (s) => {
      s.dataset.format = 'xml';
    },
    'spec.dataset.format',
    /^must be one of csv, json, jsonl, markdown_split, file_collection$/,
  ],
  [
    'missing dataset',
    (s) => {
      delete s.dataset;
    },
    'spec.dataset',
    /^is required$/,
  ],
  [
    'validatorsPerDatapoint of 0',
    (s) => {
      s.validation.validatorsPerDatapoint = 0;
    },
    'spec.validation.validatorsPerDatapoint',
    /must be >= 1/,
  ],
  [
    'fractional validatorsPerDatapoint',
    (s) => {
      s.validation.validatorsPerDatapoint = 2.5;
    },
    'spec.validation.validatorsPerDatapoint',
    /integer/,
  ],
  [
    'minStrength above 1',
    (s) => {
      s.consensus.minStrength = 1.5;
    },
    'spec.consensus.minStrength',
    /must be <= 1/,
  ],
  [
    'negative reward',
    (s) => {
      s.validators.classes[0].rewardCents = -1;
    },
    'spec.validators.classes[0].rewardCents',
    /must be >= 0/,
  ],
  [
    'stakeWei as a number',
    (s) => {
      s.validators.classes[0].stakeWei = 5;
    },
    'spec.validators.classes[0].stakeWei',
    /must be of type string/,
  ],
  [
    'stakeWei with letters',
    (s) => {
      s.validators.classes[0].stakeWei = '1e18';
    },
    'spec.validators.classes[0].stakeWei',
    /pattern/,
  ],
  [
    'zero consensus weight',
    (s) => {
      s.validators.classes[0].consensusWeight = 0;
    },
    'spec.validators.classes[0].consensusWeight',
    /must be > 0/,
  ],
  // Cross-field rules are if/then in the contract; the rule names its condition.
  [
    'ai class with a null model',
    (s) => {
      s.validators.classes[1].model = null;
    },
    'spec.validators.classes[1].model',
    /^must be of type string when type is ai$/,
  ],
  [
    'ai class without a model',
    (s) => {
      delete s.validators.classes[1].model;
    },
    'spec.validators.classes[1].model',
    /^is required when type is ai$/,
  ],
  [
    'human class with a model',
    (s) => {
      s.validators.classes[0].model = 'gpt-5';
    },
    'spec.validators.classes[0].model',
    /^must be null when type is human$/,
  ],
  [
    'values on a non-enum qualification',
    (s) => {
      s.qualifications[0].type = 'string';
    },
    'spec.qualifications[0].values',
    /^is only allowed when type is enum$/,
  ],
  [
    'duplicate class id',
    (s) => {
      s.validators.classes[1].id = 'senior';
    },
    'spec.validators.classes[1].id',
    /^duplicates spec\.validators\.classes\[0\]\.id "senior"$/,
  ],
  [
    'duplicate qualification key',
    (s) => {
      s.qualifications.push({ key: 'domain_expertise', type: 'string' });
    },
    'spec.qualifications[1].key',
    /^duplicates/,
  ],
  [
    'enum qualification without values',
    (s) => {
      delete s.qualifications[0].values;
    },
    'spec.qualifications[0].values',
    /^is required when type is enum$/,
  ],
  [
    'markdown_split without headingLevel',
    (s) => {
      s.dataset = { format: 'markdown_split' };
    },
    'spec.dataset.headingLevel',
    /^is required when format is markdown_split$/,
  ],
  [
    'markdownFields on markdown_split content',
    (s) => {
      s.dataset = { format: 'markdown_split', headingLevel: 2, markdownFields: ['body'] };
    },
    'spec.dataset.markdownFields',
    /^is only allowed when format is one of csv, json, jsonl$/,
  ],
  [
    'a Markdown field named twice',
    (s) => {
      s.dataset = { format: 'csv', markdownFields: ['answer', 'answer'] };
    },
    'spec.dataset.markdownFields',
    /./,
  ],
];

describe('compileSpec: refusals', () => {
  it.each(failing)('%s -> %s', (_, mutate, path, rule) => {
    const spec = validSpec();
    mutate(spec);
    let caught: unknown;
    try {
      compileSpec(spec);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(SpecError);
    const e = caught as SpecError;
    expect(e.path).toBe(path);
    expect(e.rule).toMatch(rule);
    expect(e.message).toBe(`${path}: ${e.rule}`);
  });

  it.each([[null], [[]], ['version = "1"'], [42]])('refuses a spec that is not an object: %j', (input) => {
    expect(() => compileSpec(input)).toThrow(SpecError);
  });
});

describe('compileSpec: accepted specs', () => {
  it('compiles the full example and hashes its JCS form', () => {
    const { compiled, sha256, numValidators } = compileSpec(validSpec());
    expect(numValidators).toBe(3);
    expect(compiled.validators.classes.map((c) => c.id)).toEqual(['senior', 'gpt']);
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    // Key order of the input does not matter: the hash is over the canonical form.
    const reordered = Object.fromEntries(Object.entries(validSpec()).reverse());
    expect(compileSpec(reordered).sha256).toBe(sha256);
  });

  it('fills consensus defaults and empty class and qualification lists', () => {
    const { compiled } = compileSpec(minimalSpec());
    expect(compiled.consensus).toEqual({
      minStrength: expect.any(Number),
      escalationStep: expect.any(Number),
      maxEscalations: expect.any(Number),
      // The weighting method and the median's tie rule are in the compiled spec (the config digest).
      method: 'class_weighted',
      medianTie: 'midpoint',
    });
    expect(compiled.validators.classes).toEqual([]);
    expect(compiled.qualifications).toEqual([]);
  });

  it('does not modify its input', () => {
    const spec = minimalSpec();
    const copy = structuredClone(spec);
    compileSpec(spec);
    expect(spec).toEqual(copy);
  });

  it('hashes differently when anything changes', () => {
    const a = compileSpec(validSpec()).sha256;
    const changed = validSpec();
    changed.validation.instructions += '!';
    expect(compileSpec(changed).sha256).not.toBe(a);
  });

  it('computes the hash as SHA-256 over RFC 8785 bytes', () => {
    const { compiled, sha256 } = compileSpec(minimalSpec());
    // RFC 8785 serializes numbers as ECMAScript does (as JSON.stringify), so for this data it is
    // JSON with keys sorted by code unit and no whitespace.
    const sortKeys = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sortKeys)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.keys(v)
                .sort()
                .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
            )
          : v;
    const expected = createHash('sha256')
      .update(JSON.stringify(sortKeys(compiled)))
      .digest('hex');
    expect(sha256).toBe(expected);
  });
});

describe("defaults applied at run time are the contract's", () => {
  // Read from the contract document itself, not through codegen's table.
  const schemas = (contract as any).components.schemas;
  const consensusSchema = schemas.ProjectSpec.properties.consensus;
  const defaultsOf = (schema: any) =>
    Object.fromEntries(Object.entries(schema.properties).map(([k, p]: [string, any]) => [k, p.default]));

  it("the rater model's parameters: the compiler's, every method's, and the reliability method's", () => {
    const reliability = defaultsOf(consensusSchema.properties.reliability);
    expect(Object.keys(reliability).sort()).toEqual(['inconsistencyFloor', 'maxPrecision', 'priorVotes']);
    const { compiled } = compileSpec({ ...minimalSpec(), consensus: { method: 'reliability' } });
    expect(compiled.consensus.reliability).toEqual(reliability);
    expect(projectRaterModel(compiled.consensus as Record<string, unknown>)).toMatchObject(reliability);
    expect(projectRaterModel(null)).toMatchObject(reliability);
    expect(reliabilitySettings({ method: 'reliability' })).toMatchObject(reliability);
    expect(reliabilitySettings({ method: 'reliability', reliability: { priorVotes: 0 } })).toMatchObject({
      ...reliability,
      priorVotes: 0,
    });
    expect(reliabilitySettings({ method: 'class_weighted' })).toBeNull();
  });

  it('the consensus rules and the calibration settings', () => {
    const { compiled } = compileSpec(minimalSpec());
    const consensus = defaultsOf(consensusSchema);
    delete consensus.reliability;
    expect(compiled.consensus).toEqual(consensus);
    expect(calibrationSettings(undefined)).toEqual(defaultsOf(schemas.SpecCalibration));
  });
});
