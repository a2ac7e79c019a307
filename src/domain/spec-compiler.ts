// The project spec compiler: checks a submitted spec against the ProjectSpec JSON Schema of
// openapi.yaml (which holds every rule JSON Schema can say, cross-field ones as if/then), then
// the one it cannot (unique class ids and qualification keys), and produces the compiled spec
// that is stored once and never changes. Pure: no I/O.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { ValidateFunction } from 'ajv';
import { type Ajv2020, createAjv } from '../schema/ajv.ts';
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

let contractAjv: Ajv2020 | undefined;
const componentValidators = new Map<string, ValidateFunction>();
/**
 * The validator of one of the contract's component schemas. The schemas reference other
 * components, so they are compiled against the whole components object (added once, to one Ajv)
 * rather than copied out of it.
 */
function componentValidator(name: 'ProjectSpec' | 'SpecGold'): ValidateFunction {
  let validate = componentValidators.get(name);
  if (!validate) {
    if (!contractAjv) {
      contractAjv = createAjv({ useDefaults: true });
      contractAjv.addSchema({ $id: 'assay:contract', components: markConditionals(contractDocument.components) });
    }
    validate = contractAjv.compile({ $ref: `assay:contract#/components/schemas/${name}` });
    componentValidators.set(name, validate);
  }
  return validate;
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
  const validate = componentValidator('ProjectSpec');
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

/**
 * Compiles the spec and gold validators now rather than at their first use, so that a process
 * compiles all of its validators before it serves (src/schema/ajv.ts, collectCompileGarbage).
 */
export function compileSpecValidators(): void {
  componentValidator('ProjectSpec');
  componentValidator('SpecGold');
}

/**
 * A compiled spec's gold settings with the contract's defaults filled in. The defaults are read
 * at use rather than written into the compiled spec, so a spec without a `gold` block compiles to
 * what it compiled to before gold items existed (its config digest is unchanged).
 */
export function goldSettings(gold: unknown): GoldSettings {
  const validate = componentValidator('SpecGold');
  const settings = structuredClone(gold ?? {});
  // A stored spec was checked when it was compiled; a failure here is a defect, not input.
  if (!validate(settings)) throw new Error(`stored gold settings are invalid: ${JSON.stringify(gold)}`);
  return settings as GoldSettings;
}
