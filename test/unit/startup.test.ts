// Startup fails loudly when the handler table and the contract disagree.
import { describe, expect, it } from 'vitest';
import { Api } from '../../src/http/api.ts';
import { buildHandlers } from '../../src/handlers/index.ts';
import { operationIds } from '../../src/generated/operations.ts';

describe('Api.create', () => {
  it('starts with the full handler table', async () => {
    await expect(Api.create(buildHandlers())).resolves.toBeInstanceOf(Api);
  });

  it('has exactly one handler per operation of the contract', () => {
    expect(Object.keys(buildHandlers()).sort()).toEqual([...operationIds].sort());
  });

  it('refuses to start when an operation has no handler', async () => {
    const { getProject: _, ...missing } = buildHandlers();
    await expect(Api.create(missing as never)).rejects.toThrow(/missing \[getProject\]/);
  });

  it('refuses a handler for an operation the contract does not have', async () => {
    await expect(Api.create({ ...buildHandlers(), deleteEverything: async () => ({}) } as never)).rejects.toThrow(/unknown \[deleteEverything\]/);
  });
});
