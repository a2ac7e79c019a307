// Turns Ajv errors into the API's error vocabulary: which code, which `param`, what message.
//   body:          request_body_invalid, param like `files[3].size`
//   path or query: parameter_invalid, param = the parameter's name
// unless the contract gives the value a code of its own (`x-error-code`, carried by codegen as
// the operation's `errorCodes`): then that code, with the contract's wording.
import type { ErrorObject } from 'ajv';
import { ApiError } from '../errors.ts';
import { describeRule, errorPointer, pointerToPath } from '../schema/describe.ts';
import type { ErrorCodeRule } from '../generated/operations.ts';

type Location = ErrorCodeRule['in'];

/** `pattern` matches `pointer` segment by segment, `*` matching any one segment. */
function matches(pattern: string, pointer: string, members: boolean): boolean {
  const want = pattern.split('/');
  const got = pointer.split('/');
  if (members ? got.length <= want.length : got.length !== want.length) return false;
  return want.every((seg, i) => seg === '*' || seg === got[i]);
}

/**
 * `value`: the instance the failing keyword evaluated; `pointer`: what the error is about (for a
 * missing or unknown property, that property). Both relative to `location`.
 */
function validationError(
  err: ErrorObject,
  location: Location,
  value: string,
  pointer: string,
  rules: readonly ErrorCodeRule[],
): ApiError {
  const param = pointerToPath(pointer);
  const rule = describeRule(err);
  for (const r of rules) {
    if (r.in !== location) continue;
    const hit =
      r.keywords === null
        ? matches(r.pointer, pointer, true)
        : r.keywords.includes(err.keyword) && matches(r.pointer, value, false);
    if (hit)
      return new ApiError(
        r.code,
        (r.message ?? '`{param}` {rule}.').replaceAll('{param}', param).replaceAll('{rule}', rule),
        param || undefined,
      );
  }
  const code = location === 'body' ? 'request_body_invalid' : 'parameter_invalid';
  const subject = param ? `\`${param}\`` : code === 'parameter_invalid' ? 'The request parameters' : 'The request body';
  return new ApiError(code, `${subject} ${rule}.`, param || undefined);
}

/** Maps the first error of openapi-backend's request validation (`{ path, query, requestBody }`). */
export function requestErrorToApiError(err: ErrorObject, rules: readonly ErrorCodeRule[]): ApiError {
  if (err.keyword === 'required' && (err.params as { missingProperty?: string }).missingProperty === 'requestBody') {
    return new ApiError('request_body_invalid', 'A JSON request body is required.');
  }
  const m = /^\/(path|query|header|requestBody)(\/.*)?$/.exec(errorPointer(err));
  if (!m) return new ApiError('request_body_invalid');
  // Headers are parameters too (parameter_invalid); no x-error-code rule concerns them.
  const location: Location = m[1] === 'requestBody' ? 'body' : m[1] === 'path' ? 'path' : 'query';
  const value = err.instancePath.slice(1 + m[1].length);
  return validationError(err, location, value, m[2] ?? '', m[1] === 'header' ? [] : rules);
}

/**
 * Maps the first error of an MCP tool's arguments. A tool's arguments are the operation's path
 * and query parameters and its body's top-level fields; `args` says which is which, so the code
 * is the one the REST call would give.
 */
export function toolArgumentErrorToApiError(
  err: ErrorObject,
  args: Readonly<Record<string, Location>>,
  rules: readonly ErrorCodeRule[],
): ApiError {
  const pointer = errorPointer(err);
  const first = (pointer.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
  return validationError(err, args[first] ?? 'body', err.instancePath, pointer, rules);
}
