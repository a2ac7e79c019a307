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

let backend: Promise<OpenAPIBackend> | undefined;
function getBackend(): Promise<OpenAPIBackend> {
  backend ??= new Backend({
    definition: structuredClone(contract) as unknown as Document,
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
    expect(result.errors ?? [], `${operationId} ${res.status} body matches the contract: ${JSON.stringify(res.body).slice(0, 500)}`).toEqual([]);
  }
  if (res.status >= 400) expect((res.body as { requestId?: string }).requestId).toBe(requestId);
}

let envelopeValidator: ReturnType<ReturnType<typeof createAjv>['compile']> | undefined;

/** Same for responses outside any operation (unknown endpoints, MCP HTTP errors): the envelope. */
export function expectEnvelope(res: ContractResponse, code: string, status: number): void {
  if (!envelopeValidator) {
    const ajv = createAjv({ useDefaults: false });
    ajv.addSchema({ $id: 'assay:contract', components: contract.components } as object);
    envelopeValidator = ajv.compile({ $ref: 'assay:contract#/components/schemas/ErrorEnvelope' });
  }
  expect(res.status).toBe(status);
  expect(envelopeValidator(res.body), JSON.stringify(envelopeValidator.errors)).toBe(true);
  const body = res.body as { error: { code: string }; requestId: string };
  expect(body.error.code).toBe(code);
  expect(body.requestId).toBe(res.headers.get('x-request-id'));
}
