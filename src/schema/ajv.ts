// One way to build the JSON Schema validator everywhere (REST via openapi-backend, MCP tool
// arguments, the spec compiler): the 2020-12 dialect of OpenAPI 3.1 with formats really checked.
// openapi-backend's own default Ajv ignores `uuid`, `email`, `date-time` and `uri`.
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

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
  // OpenAPI's numeric formats: int32/int64 bounds are expressed with minimum/maximum in the
  // contract; the formats themselves only need to be known, not to reject anything extra.
  for (const f of ['int32', 'int64', 'double', 'float']) ajv.addFormat(f, { type: 'number', validate: () => true });
  ajv.addFormat('binary', true);
  return ajv;
}
