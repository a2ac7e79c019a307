import { expect, it } from 'vitest';
it('passes', () => expect(1).toBe(1));
it.skip('is skipped', () => {});
