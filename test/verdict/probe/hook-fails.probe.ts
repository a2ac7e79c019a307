import { afterAll, expect, it } from 'vitest';
afterAll(() => {
  throw new Error('teardown fails on purpose');
});
it('passes', () => expect(1).toBe(1));
