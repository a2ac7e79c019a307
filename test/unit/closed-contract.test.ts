// The test copy of the contract closes every response object: an undeclared field fails the check.
import { expect, it } from 'vitest';
import { closedContract, expectContract } from '../helpers/contract.ts';

const headers = new Headers({ 'x-request-id': 'req_abc' });

it('accepts a declared response and refuses one with an undeclared field, at any depth', async () => {
  await expectContract('ping', { status: 200, headers, body: { pong: true } });
  await expect(expectContract('ping', { status: 200, headers, body: { pong: true, debug: 'x' } })).rejects.toThrow(
    /body matches the contract/,
  );
  const item = {
    assignmentId: '00000000-0000-4000-8000-000000000001',
    projectId: '00000000-0000-4000-8000-000000000002',
    projectName: 'P',
    assignedAt: '2026-01-01T00:00:00.000Z',
  };
  await expectContract('listValidatorProjects', { status: 200, headers, body: { data: [item] } });
  await expect(
    expectContract('listValidatorProjects', { status: 200, headers, body: { data: [{ ...item, internalNote: 'x' }] } }),
  ).rejects.toThrow(/body matches the contract/);
});

it("merges allOf parts before closing, so a composed schema keeps every part's fields and no others", () => {
  const doc = closedContract();
  const s = doc.components.schemas.WebhookEndpointWithSecret;
  expect(s.allOf).toBeUndefined();
  expect(s.additionalProperties).toBe(false);
  expect(Object.keys(s.properties)).toEqual(
    expect.arrayContaining(['secret', ...Object.keys(doc.components.schemas.WebhookEndpoint.properties)]),
  );
  // Every object schema with declared properties is closed in the test copy.
  const open: string[] = [];
  const walk = (x: unknown, path: string): void => {
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, any>;
    if (
      o.properties &&
      typeof o.properties === 'object' &&
      o.additionalProperties === undefined &&
      !path.endsWith('/properties')
    )
      open.push(path);
    for (const [k, v] of Object.entries(o)) if (k !== 'example' && k !== 'examples') walk(v, `${path}/${k}`);
  };
  walk(doc.components.schemas, '#/components/schemas');
  expect(open).toEqual([]);
});
