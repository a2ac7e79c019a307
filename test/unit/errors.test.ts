// Error mapping, table-driven: Ajv errors -> codes and params, Postgres errors -> API errors,
// code spellings for MCP.
import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import { requestErrorToApiError, toolArgumentErrorToApiError } from '../../src/http/schema-errors.ts';
import { operationTable } from '../../src/generated/operations.ts';
import { mcpTools } from '../../src/generated/mcp-tools.ts';
import { ApiError, ERRORS, camelCode, toApiError } from '../../src/errors.ts';
import { fromPgError } from '../../src/db/errors.ts';
import { pointerToPath } from '../../src/schema/describe.ts';
import contract from '../../src/generated/openapi.json' with { type: 'json' };

const ajvError = (e: Partial<ErrorObject>): ErrorObject =>
  ({ keyword: 'type', instancePath: '', schemaPath: '#', params: {}, ...e }) as ErrorObject;

describe('requestErrorToApiError', () => {
  it.each([
    [
      { keyword: 'maximum', instancePath: '/requestBody/files/3/size', message: 'must be <= 5368709120' },
      'request_body_invalid',
      'files[3].size',
      '`files[3].size` must be <= 5368709120.',
    ],
    [
      { keyword: 'additionalProperties', instancePath: '/requestBody', params: { additionalProperty: 'color' } },
      'request_body_invalid',
      'color',
      '`color` is not a known field.',
    ],
    [
      { keyword: 'required', instancePath: '/requestBody/projects/0', params: { missingProperty: 'id' } },
      'request_body_invalid',
      'projects[0].id',
      '`projects[0].id` is required.',
    ],
    [
      {
        keyword: 'dependentRequired',
        instancePath: '/requestBody',
        params: { property: 'classId', missingProperty: 'evidenceNote' },
      },
      'request_body_invalid',
      'evidenceNote',
      '`evidenceNote` is required when `classId` is set.',
    ],
    [
      {
        keyword: 'enum',
        instancePath: '/requestBody/autoConsensusSpread',
        params: { allowedValues: ['tight', 'medium', 'wild'] },
      },
      'request_body_invalid',
      'autoConsensusSpread',
      '`autoConsensusSpread` must be one of tight, medium, wild.',
    ],
    [
      { keyword: 'format', instancePath: '/path/projectId', params: { format: 'uuid' } },
      'parameter_invalid',
      'projectId',
      '`projectId` must be a valid uuid.',
    ],
    [
      { keyword: 'maximum', instancePath: '/query/limit', message: 'must be <= 100' },
      'parameter_invalid',
      'limit',
      '`limit` must be <= 100.',
    ],
    [
      { keyword: 'additionalProperties', instancePath: '/query', params: { additionalProperty: 'color' } },
      'parameter_invalid',
      'color',
      '`color` is not a known field.',
    ],
    [
      { keyword: 'type', instancePath: '/requestBody', params: { type: 'object' } },
      'request_body_invalid',
      undefined,
      'The request body must be of type object.',
    ],
    [
      { keyword: 'required', instancePath: '', params: { missingProperty: 'requestBody' } },
      'request_body_invalid',
      undefined,
      'A JSON request body is required.',
    ],
  ])('%j -> %s', (err, code, param, message) => {
    const e = requestErrorToApiError(ajvError(err), []);
    expect(e.code).toBe(code);
    expect(e.param).toBe(param);
    expect(e.message).toBe(message);
    expect(e.status).toBe(400);
  });

  // x-error-code in openapi.yaml, carried by codegen as each operation's errorCodes.
  const relPathRule =
    '`files[1].relPath` must be a relative path with forward slashes and no empty, `.` or `..` segment, backslash or ' +
    'control character.';
  it.each([
    [
      'createUploadSession',
      { keyword: 'pattern', instancePath: '/requestBody/files/1/relPath', params: { pattern: '^x$' } },
      'upload_file_path_invalid',
      'files[1].relPath',
      relPathRule,
    ],
    [
      'createUploadSession',
      {
        keyword: 'maxLength',
        instancePath: '/requestBody/files/1/relPath',
        message: 'must NOT have more than 900 characters',
      },
      'request_body_invalid',
      'files[1].relPath',
      '`files[1].relPath` must NOT have more than 900 characters.',
    ],
    [
      'declareUploadFiles',
      { keyword: 'minItems', instancePath: '/requestBody/files', message: 'must NOT have fewer than 1 items' },
      'upload_no_files',
      'files',
      'Declare at least one file.',
    ],
    [
      'declareUploadFiles',
      { keyword: 'maxItems', instancePath: '/requestBody/files', message: 'must NOT have more than 1000 items' },
      'request_body_invalid',
      'files',
      '`files` must NOT have more than 1000 items.',
    ],
    [
      'uploadFile',
      { keyword: 'pattern', instancePath: '/query/path', params: { pattern: '^x$' } },
      'upload_file_path_invalid',
      'path',
      relPathRule.replace('files[1].relPath', 'path'),
    ],
    [
      'uploadFile',
      { keyword: 'required', instancePath: '/query', params: { missingProperty: 'path' } },
      'parameter_invalid',
      'path',
      '`path` is required.',
    ],
    // ProjectSpec: every error inside a spec (members: true), none about the spec itself.
    [
      'createProject',
      { keyword: 'enum', instancePath: '/requestBody/spec/dataset/format', params: { allowedValues: ['csv', 'json'] } },
      'project_spec_invalid',
      'spec.dataset.format',
      'spec.dataset.format: must be one of csv, json',
    ],
    [
      'createProject',
      { keyword: 'required', instancePath: '/requestBody/spec', params: { missingProperty: 'version' } },
      'project_spec_invalid',
      'spec.version',
      'spec.version: is required',
    ],
    [
      'createProject',
      { keyword: 'additionalProperties', instancePath: '/requestBody/spec', params: { additionalProperty: 'owner' } },
      'project_spec_invalid',
      'spec.owner',
      'spec.owner: is not a known field',
    ],
    [
      'createProject',
      { keyword: 'type', instancePath: '/requestBody/spec', params: { type: 'object' } },
      'request_body_invalid',
      'spec',
      '`spec` must be of type object.',
    ],
    [
      'createProject',
      { keyword: 'required', instancePath: '/requestBody', params: { missingProperty: 'spec' } },
      'request_body_invalid',
      'spec',
      '`spec` is required.',
    ],
  ] as const)('%s: %j -> %s', (operationId, err, code, param, message) => {
    const e = requestErrorToApiError(ajvError(err), operationTable[operationId].errorCodes);
    expect([e.code, e.param, e.message]).toEqual([code, param, message]);
  });
});

describe('toolArgumentErrorToApiError', () => {
  const tool = (name: string) => mcpTools.find((t) => t.name === name)!;
  it.each([
    [
      'create_project',
      { keyword: 'minLength', instancePath: '/name', message: 'must NOT have fewer than 1 characters' },
      'request_body_invalid',
      'name',
    ],
    [
      'get_project',
      { keyword: 'required', instancePath: '', params: { missingProperty: 'projectId' } },
      'parameter_invalid',
      'projectId',
    ],
    [
      'list_projects',
      { keyword: 'maximum', instancePath: '/limit', message: 'must be <= 100' },
      'parameter_invalid',
      'limit',
    ],
    [
      'get_project',
      { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'color' } },
      'request_body_invalid',
      'color',
    ],
    [
      'create_upload_session',
      { keyword: 'pattern', instancePath: '/files/0/relPath', params: { pattern: '^x$' } },
      'upload_file_path_invalid',
      'files[0].relPath',
    ],
    [
      'create_upload_session',
      { keyword: 'minItems', instancePath: '/files', message: 'must NOT have fewer than 1 items' },
      'upload_no_files',
      'files',
    ],
    [
      'create_project',
      { keyword: 'required', instancePath: '/spec/dataset', params: { missingProperty: 'format' } },
      'project_spec_invalid',
      'spec.dataset.format',
    ],
  ] as const)('%s: %j -> %s', (name, err, code, param) => {
    const t = tool(name);
    const e = toolArgumentErrorToApiError(ajvError(err), t.args, t.errorCodes);
    expect([e.code, e.param]).toEqual([code, param]);
  });
});

describe('pointerToPath', () => {
  it.each([
    ['', '', ''],
    ['/a', '', 'a'],
    ['/files/3/size', '', 'files[3].size'],
    ['/0/a', '', '[0].a'],
    ['/validators/classes/1/type', 'spec', 'spec.validators.classes[1].type'],
    ['/a~1b/c~0d', '', 'a/b.c~d'],
  ])('%s (prefix %s) -> %s', (pointer, prefix, out) => {
    expect(pointerToPath(pointer, prefix)).toBe(out);
  });
});

describe('the registry', () => {
  it("has exactly the contract's error codes, each with one status", () => {
    const codes = (contract.components.schemas.ErrorCode as { enum: string[] }).enum;
    expect(Object.keys(ERRORS).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(new ApiError(code as never).status).toBeGreaterThanOrEqual(400);
  });

  it.each([
    ['api_key_missing', 401],
    ['method_not_allowed', 405],
    ['not_org_originator', 403],
    ['project_not_found', 404],
    ['upload_files_missing', 409],
    ['proof_report_not_ready', 404],
    ['proof_report_signing_unavailable', 503],
    ['report_not_ready', 409],
    ['internal_error', 500],
  ])('%s is %i', (code, status) => {
    expect(new ApiError(code as never).status).toBe(status);
  });

  it.each([
    ['project_spec_invalid', 'projectSpecInvalid'],
    ['not_org_originator', 'notOrgOriginator'],
    ['api_key_missing', 'apiKeyMissing'],
    ['internal_error', 'internalError'],
  ])('spells %s as %s for MCP', (code, camel) => {
    expect(camelCode(code)).toBe(camel);
  });

  it('turns anything that is not an ApiError into internal_error without its text', () => {
    const e = toApiError(new Error('relation "projects" does not exist'));
    expect(e.code).toBe('internal_error');
    expect(e.message).toBe('Internal server error.');
    expect(JSON.stringify(e.body('req_x'))).not.toContain('relation');
  });
});

describe('fromPgError', () => {
  it.each([
    [{ code: '23505', constraint_name: 'qualification_catalog_pkey' }, 'qualification_catalog_conflict'],
    [{ code: '23505', constraint_name: 'some_other_key' }, 'internal_error'],
    [{ code: '42P01' }, 'internal_error'],
  ])('%j -> %s', (pg, code) => {
    expect(toApiError(fromPgError(Object.assign(new Error('pg'), pg))).code).toBe(code);
  });
});
