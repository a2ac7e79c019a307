// Request ids come from a pooled block of random bytes: each has the published form, and ids
// stay distinct across many refills of the block.
import { expect, it } from 'vitest';
import { newRequestId } from '../../src/http/request-id.ts';

it('gives req_ + 24 base64url characters, distinct across many pool refills', () => {
  const ids = Array.from({ length: 10_000 }, () => newRequestId());
  for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{24}$/);
  expect(new Set(ids).size).toBe(ids.length);
});
