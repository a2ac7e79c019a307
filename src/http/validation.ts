// Turns Ajv errors into the API's error vocabulary: which code, which `param`, what message.
//   body:          request_body_invalid, param like `files[3].size`
//   path or query: parameter_invalid, param = the parameter's name
import type { ErrorObject } from 'ajv';
import { ApiError } from '../errors.ts';
import { describeRule, errorPointer, pointerToPath } from '../schema/describe.ts';

/**
 * Maps one Ajv error to an ApiError. `scope` 'request' reads openapi-backend's validation
 * input `{ path, query, requestBody }`; 'body' reads a bare body (MCP tool arguments).
 */
export function ajvErrorToApiError(err: ErrorObject, scope: 'request' | 'body' = 'request'): ApiError {
  let pointer = errorPointer(err);
  let code: 'request_body_invalid' | 'parameter_invalid' = 'request_body_invalid';
  if (scope === 'request') {
    if (err.keyword === 'required' && (err.params as { missingProperty?: string }).missingProperty === 'requestBody') {
      return new ApiError('request_body_invalid', 'A JSON request body is required.');
    }
    const m = /^\/(path|query|header|requestBody)(\/.*)?$/.exec(pointer);
    if (!m) return new ApiError('request_body_invalid');
    code = m[1] === 'requestBody' ? 'request_body_invalid' : 'parameter_invalid';
    pointer = m[2] ?? '';
  }
  // An empty `files` list has a code of its own (upload_no_files), not the generic one.
  if (code === 'request_body_invalid' && err.keyword === 'minItems' && pointer === '/files') {
    return new ApiError('upload_no_files', 'Declare at least one file.', 'files');
  }
  // A relPath that breaks the path rules has its own code (upload_file_path_invalid).
  if (err.keyword === 'pattern' && (/\/files\/\d+\/relPath$/.test(pointer) || (code === 'parameter_invalid' && pointer === '/path'))) {
    const param = pointerToPath(pointer);
    return new ApiError('upload_file_path_invalid', `\`${param}\` must be a relative path with forward slashes and no empty, \`.\` or \`..\` segment, backslash or control character.`, param);
  }
  const param = pointerToPath(pointer);
  const subject = param ? `\`${param}\`` : code === 'parameter_invalid' ? 'The request parameters' : 'The request body';
  return new ApiError(code, `${subject} ${describeRule(err)}.`, param || undefined);
}
