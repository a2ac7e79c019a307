// Startup fails loudly when the handler table and the contract disagree.
import { describe, expect, it } from 'vitest';
import { Api, assertPlainParameters } from '../../src/http/api.ts';
import { buildHandlers } from '../../src/handlers/index.ts';
import { operationIds } from '../../src/generated/operations.ts';

describe('Api.create', () => {
  it('starts with the full handler table', async () => {
    await expect(Api.create(buildHandlers())).resolves.toBeInstanceOf(Api);
  });

  it("compiles every operation's request validators, and no response validator (nothing calls one)", async () => {
    const api = await Api.create(buildHandlers());
    const validator = (api as unknown as { backend: { validator: Record<string, Record<string, unknown>> } }).backend
      .validator;
    expect(Object.keys(validator.requestValidators).sort()).toEqual([...operationIds].sort());
    expect(Object.keys(validator.responseValidators)).toEqual([]);
    expect(Object.keys(validator.statusBasedResponseValidators)).toEqual([]);
    expect(Object.keys(validator.responseHeadersValidators)).toEqual([]);
  });

  it('has exactly one handler per operation of the contract', () => {
    expect(Object.keys(buildHandlers()).sort()).toEqual([...operationIds].sort());
  });

  it('refuses to start when an operation has no handler', async () => {
    const { getProject: _, ...missing } = buildHandlers();
    await expect(Api.create(missing as never)).rejects.toThrow(/missing \[getProject\]/);
  });

  it('refuses a handler for an operation the contract does not have', async () => {
    await expect(Api.create({ ...buildHandlers(), deleteEverything: async () => ({}) } as never)).rejects.toThrow(
      /unknown \[deleteEverything\]/,
    );
  });

  it("refuses a contract whose parameters need openapi-backend's full request parser", () => {
    const op = (parameter: object) =>
      ({ operationId: 'listThings', method: 'get', path: '/things', responses: {}, parameters: [parameter] }) as never;
    expect(() =>
      assertPlainParameters([op({ in: 'query', name: 'limit', schema: { type: 'integer' } })]),
    ).not.toThrow();
    expect(() =>
      assertPlainParameters([op({ in: 'header', name: 'Idempotency-Key', schema: { type: 'string' } })]),
    ).not.toThrow();
    for (const p of [
      { in: 'query', name: 'ids', schema: { type: 'array', items: { type: 'string' } } },
      { in: 'query', name: 'filter', content: { 'application/json': { schema: { type: 'object' } } } },
      { in: 'query', name: 'tags', style: 'pipeDelimited', schema: { type: 'string' } },
      { in: 'query', name: 'tags', explode: false, schema: { type: 'string' } },
      { in: 'cookie', name: 'session', schema: { type: 'string' } },
    ]) {
      expect(() => assertPlainParameters([op(p)]), JSON.stringify(p)).toThrow(/listThings: parameter/);
    }
  });
});
