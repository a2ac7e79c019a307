// The project spec compiler: checks a submitted spec against the ProjectSpec JSON Schema of
// openapi.yaml (which holds every rule JSON Schema can say, cross-field ones as if/then), then
// the one it cannot (unique class ids and qualification keys), and produces the compiled spec
// that is stored once and never changes. Pure: no I/O.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../schema/ajv.ts';
import { describeRule, errorPointer, markConditionals, pointerToPath } from '../schema/describe.ts';
import type { components } from '../generated/openapi-types.ts';
import { contractDocument } from '../generated/contract.ts';

type ProjectSpec = components['schemas']['ProjectSpec'];
type ConsensusRules = Required<NonNullable<ProjectSpec['consensus']>>;

export interface CompiledSpec extends ProjectSpec {
  consensus: ConsensusRules;
  qualifications: NonNullable<ProjectSpec['qualifications']>;
  validators: { classes: NonNullable<NonNullable<ProjectSpec['validators']>['classes']> };
}

export interface SpecCompilation {
  compiled: CompiledSpec;
  /** SHA-256 (hex) of the JCS (RFC 8785) form of the compiled spec. */
  sha256: string;
  numValidators: number;
}

/** A spec that does not compile: `path` names the field (`spec.dataset.format`), `rule` what failed. */
export class SpecError extends Error {
  readonly path: string;
  readonly rule: string;
  constructor(path: string, rule: string) {
    super(`${path}: ${rule}`);
    this.name = 'SpecError';
    this.path = path;
    this.rule = rule;
  }
}

let validateSpec: ValidateFunction | undefined;
function specValidator(): ValidateFunction {
  // The schema references other component schemas, so it is compiled against the whole
  // components object rather than copied out of it.
  if (!validateSpec) {
    const ajv = createAjv({ useDefaults: true });
    ajv.addSchema({ $id: 'assay:contract', components: markConditionals(contractDocument.components) } as object);
    validateSpec = ajv.compile({ $ref: 'assay:contract#/components/schemas/ProjectSpec' });
  }
  return validateSpec;
}

function firstDuplicate<T>(items: T[], key: (item: T) => string): [number, number] | null {
  const seen = new Map<string, number>();
  for (const [i, item] of items.entries()) {
    const k = key(item);
    if (seen.has(k)) return [seen.get(k)!, i];
    seen.set(k, i);
  }
  return null;
}

export function compileSpec(input: unknown): SpecCompilation {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new SpecError('spec', 'must be a JSON object');
  // Work on a copy: validation fills defaults in place.
  const spec = structuredClone(input) as Record<string, unknown>;
  if (spec.consensus === undefined) spec.consensus = {};
  // The reliability method's parameters get their defaults (and so enter the config digest).
  const consensus = spec.consensus as Record<string, unknown> | null;
  if (typeof consensus === 'object' && consensus?.method === 'reliability' && consensus.reliability === undefined)
    consensus.reliability = {};
  const validate = specValidator();
  if (!validate(spec)) {
    const err = validate.errors![0];
    throw new SpecError(pointerToPath(errorPointer(err), 'spec'), describeRule(err));
  }
  const typed = spec as unknown as ProjectSpec;
  const classes = (typed.validators?.classes ?? []).map((c) => ({ ...c, model: c.model ?? null }));
  const dupClass = firstDuplicate(classes, (c) => c.id);
  if (dupClass)
    throw new SpecError(
      `spec.validators.classes[${dupClass[1]}].id`,
      `duplicates spec.validators.classes[${dupClass[0]}].id "${classes[dupClass[1]].id}"`,
    );
  const qualifications = typed.qualifications ?? [];
  const dupQual = firstDuplicate(qualifications, (q) => q.key);
  if (dupQual)
    throw new SpecError(
      `spec.qualifications[${dupQual[1]}].key`,
      `duplicates spec.qualifications[${dupQual[0]}].key "${qualifications[dupQual[1]].key}"`,
    );

  const compiled: CompiledSpec = {
    ...typed,
    consensus: typed.consensus as ConsensusRules,
    qualifications,
    validators: { ...typed.validators, classes },
  };
  const sha256 = createHash('sha256').update(canonicalize(compiled)!, 'utf8').digest('hex');
  return { compiled, sha256, numValidators: typed.validation.validatorsPerDatapoint };
}

export type GoldSettings = Required<NonNullable<ProjectSpec['gold']>>;

let validateGold: ValidateFunction | undefined;
function goldValidator(): ValidateFunction {
  if (!validateGold) {
    const ajv = createAjv({ useDefaults: true });
    ajv.addSchema({ $id: 'assay:contract', components: markConditionals(contractDocument.components) } as object);
    validateGold = ajv.compile({ $ref: 'assay:contract#/components/schemas/SpecGold' });
  }
  return validateGold;
}

/**
 * Compiles the spec and gold validators now rather than at their first use, so that a process
 * compiles all of its validators before it serves (src/schema/ajv.ts, collectCompileGarbage).
 */
export function compileSpecValidators(): void {
  specValidator();
  goldValidator();
}

/**
 * A compiled spec's gold settings with the contract's defaults filled in. The defaults are read
 * at use rather than written into the compiled spec, so a spec without a `gold` block compiles to
 * what it compiled to before gold items existed (its config digest is unchanged).
 */
export function goldSettings(gold: unknown): GoldSettings {
  const validate = goldValidator();
  const settings = structuredClone(gold ?? {});
  // A stored spec was checked when it was compiled; a failure here is a defect, not input.
  if (!validate(settings)) throw new Error(`stored gold settings are invalid: ${JSON.stringify(gold)}`);
  return settings as GoldSettings;
}
