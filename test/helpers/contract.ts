// Checks every response a test receives against openapi.yaml: the status must be declared for
// the operation, the body must validate against its schema, and X-Request-Id must be present
// (and equal the envelope's requestId on errors).
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { expect } from 'vitest';
import { createAjv } from '../../src/schema/ajv.ts';
import contract from '../../src/generated/openapi.json' with { type: 'json' };

class Backend extends OpenAPIBackend {
  override validateDefinition(): Document {
    return this.document;
  }
}

type Schema = Record<string, any>;

/**
 * The test copy of the contract, with every response object closed: an object schema that
 * declares `properties` and says nothing about others gets `additionalProperties: false`, so a
 * field the server sends but the contract does not declare fails the test. An `allOf` of object
 * schemas is merged into one closed schema first (closing its parts would refuse each other's
 * fields). Only the test copy changes: the served contract keeps its extensibility.
 */
export function closedContract(): Schema {
  const doc = structuredClone(contract) as Schema;
  const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]) : s);
  const merge = (s: Schema): Schema => {
    const parts = (s.allOf as Schema[]).map(resolve);
    if (!parts.every((p) => p.type === 'object' && p.properties)) return s;
    const { allOf: _, ...rest } = s;
    return {
      ...rest,
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties)),
      required: [...new Set(parts.flatMap((p) => p.required ?? []))],
    };
  };
  const close = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(close);
    if (!s || typeof s !== 'object') return s;
    let o = s as Schema;
    if (Array.isArray(o.allOf)) o = merge(o);
    const out: Schema = {};
    for (const [k, v] of Object.entries(o)) out[k] = k === 'example' || k === 'examples' ? v : close(v);
    if (
      out.properties &&
      typeof out.properties === 'object' &&
      out.additionalProperties === undefined &&
      out.unevaluatedProperties === undefined
    ) {
      out.additionalProperties = false;
    }
    return out;
  };
  // First the allOf merges, against the open parts; then everything is closed.
  doc.components.schemas = Object.fromEntries(
    Object.entries(doc.components.schemas as Schema).map(([k, v]) => [k, Array.isArray(v.allOf) ? merge(v) : v]),
  );
  return close(doc) as Schema;
}

let backend: Promise<OpenAPIBackend> | undefined;
function getBackend(): Promise<OpenAPIBackend> {
  backend ??= new Backend({
    definition: closedContract() as unknown as Document,
    apiRoot: '/',
    strict: true,
    customizeAjv: () => createAjv({ useDefaults: false }) as never,
  }).init();
  return backend;
}

/**
 * Compiles the contract's validators now. startTestApp calls it, so the cost (seconds for the
 * whole contract on a loaded machine) falls in the setup hook and not in a file's first test.
 */
export async function warmContract(): Promise<void> {
  await getBackend();
}

export interface ContractResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Asserts the response is one the contract declares for `operationId`. */
export async function expectContract(operationId: string, res: ContractResponse): Promise<void> {
  const api = await getBackend();
  const requestId = res.headers.get('x-request-id');
  expect(requestId, 'X-Request-Id header').toMatch(/^req_[A-Za-z0-9_-]+$/);
  const op = api.getOperation(operationId);
  expect(op, `operation ${operationId}`).toBeTruthy();
  const declared = Object.keys(op!.responses ?? {});
  expect(declared, `${operationId} declares status ${res.status}`).toContain(String(res.status));
  if (res.body !== undefined) {
    const result = api.validateResponse(res.body, operationId, res.status);
    expect(
      result.errors ?? [],
      `${operationId} ${res.status} body matches the contract: ${JSON.stringify(res.body).slice(0, 500)}`,
    ).toEqual([]);
  }
  if (res.status >= 400) expect((res.body as { requestId?: string }).requestId).toBe(requestId);
}

let envelopeValidator: ReturnType<ReturnType<typeof createAjv>['compile']> | undefined;

/** Same for responses outside any operation (unknown endpoints, MCP HTTP errors): the envelope. */
export function expectEnvelope(res: ContractResponse, code: string, status: number): void {
  if (!envelopeValidator) {
    const ajv = createAjv({ useDefaults: false });
    ajv.addSchema({ $id: 'assay:contract', components: closedContract().components } as object);
    envelopeValidator = ajv.compile({ $ref: 'assay:contract#/components/schemas/ErrorEnvelope' });
  }
  expect(res.status).toBe(status);
  expect(envelopeValidator(res.body), JSON.stringify(envelopeValidator.errors)).toBe(true);
  const body = res.body as { error: { code: string }; requestId: string };
  expect(body.error.code).toBe(code);
  expect(body.requestId).toBe(res.headers.get('x-request-id'));
}
