// One way to build the JSON Schema validator everywhere (REST via openapi-backend, MCP tool
// arguments, the spec compiler): the 2020-12 dialect of OpenAPI 3.1 with formats really checked.
// openapi-backend's own default Ajv ignores `uuid`, `email`, `date-time` and `uri`.
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { _ as ajvCode, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import { useFunc } from 'ajv/dist/compile/util.js';

export type { Ajv2020 };

export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false, // OpenAPI keywords (example, discriminator, x-*) are not JSON Schema keywords
    allErrors: false, // report the first problem: one clear error with one param
    useDefaults: true,
    verbose: true, // errors carry their schema: a failed `then` is worded with its `if` (describe.ts)
    ...options,
  });
  addFormats.default(ajv);
  for (const keyword of ['maxLength', 'minLength'])
    (ajv.getKeyword(keyword) as CodeKeywordDefinition).code = limitLength;
  // OpenAPI's numeric formats: int32/int64 bounds are expressed with minimum/maximum in the
  // contract; the formats themselves only need to be known, not to reject anything extra.
  for (const f of ['int32', 'int64', 'double', 'float']) ajv.addFormat(f, { type: 'number', validate: () => true });
  ajv.addFormat('binary', true);
  return ajv;
}

// Ajv's own counter, as its keyword uses it (a CommonJS default export, read the same way under
// Node and under the test runner's transform).
const ucs2length = (
  createRequire(import.meta.url)('ajv/dist/runtime/ucs2length.js') as {
    default: ((s: string) => number) & { code: string };
  }
).default;

/**
 * maxLength and minLength as Ajv writes them (the same keyword, error and order), but counting
 * code points only when the UTF-16 length cannot decide: a string has at most as many code
 * points as code units and at least half as many, so `s.length <= max` passes maxLength and
 * `s.length < min` fails minLength without a count. Ajv counts every string it checks, twice when
 * a schema has both: a 1,000-file declare of 900-character paths spent 6 of its 13 ms of
 * validation counting, in one turn of the event loop (bench/README.md, hostile tenants).
 */
function limitLength(cxt: KeywordCxt): void {
  const { keyword, data, schemaCode, gen } = cxt;
  const count = useFunc(gen, ucs2length);
  const units = ajvCode`${data}.length`;
  cxt.fail$data(
    keyword === 'maxLength'
      ? ajvCode`${units} > ${schemaCode} && ${count}(${data}) > ${schemaCode}`
      : ajvCode`${units} < ${schemaCode} || (${units} < 2 * ${schemaCode} && ${count}(${data}) < ${schemaCode})`,
  );
}

/**
 * A full garbage collection, run once after every validator of the process is compiled and
 * before it serves anything (the server first thing at its start, before any connection; the
 * worker before it runs jobs).
 *
 * Why: Ajv's code generation builds thousands of short-lived plain objects whose first property
 * is a generated identifier (`_errs35`, `data61`, `err203`...). V8 records one hidden-class
 * transition per distinct first property on the map every `{}` shares, up to 1,536, and drops
 * the dead ones only in a full collection. Until that collection comes, any object that gets a
 * property V8 has no transition for left gets a hidden class of its own (Node's own `nextTick`
 * record among them: 5 µs a call instead of under 1), and the request path's inline caches go
 * megamorphic for the life of the process. Measured in bench/README.md ("HTTP"): every start of
 * the server was in that state after compiling the contract's validators, and about 6% of its CPU
 * per request was lost to it. Node has no public call for a collection; `--expose-gc` is set for
 * one new context and cleared again (the way jest's leak detector does it).
 */
export function collectCompileGarbage(): void {
  setFlagsFromString('--expose-gc');
  try {
    (runInNewContext('gc') as () => void)();
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
