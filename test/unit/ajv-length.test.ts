// maxLength and minLength (src/schema/ajv.ts) count code points only when the UTF-16 length
// cannot decide: the verdict and the error must be exactly stock Ajv's for every string.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../src/schema/ajv.ts';

const pieces = ['a', 'é', '😀', '\ud800', '\udc00', '\ud83d', 'ab'];
/** Every string of up to 5 pieces from a few kinds of code unit: ASCII, BMP, astral pairs, lone surrogates. */
function* strings(depth = 5, prefix = ''): Generator<string> {
  yield prefix;
  if (depth > 0) for (const p of pieces) yield* strings(depth - 1, prefix + p);
}

describe('string length keywords', () => {
  it.each([
    [0, 3],
    [1, 1],
    [2, 4],
    [3, 5],
    [4, 6],
  ])('minLength %i and maxLength %i: the same verdict and error as stock Ajv', (min, max) => {
    expect.hasAssertions();
    const schema = { type: 'string', minLength: min, maxLength: max, pattern: '^[^b]*$' };
    const ours = createAjv().compile(schema);
    const stock = new Ajv2020({ strict: false }).compile(schema);
    let checked = 0;
    for (const s of strings()) {
      const verdict = ours(s);
      expect(verdict, JSON.stringify(s)).toBe(stock(s));
      if (!verdict) expect(ours.errors![0]).toMatchObject(stock.errors![0]!);
      checked++;
    }
    expect(checked).toBeGreaterThan(19_000);
  });

  it('checks lengths before the pattern, as stock Ajv does', () => {
    expect.hasAssertions();
    const v = createAjv().compile({ type: 'string', maxLength: 2, pattern: '^a*$' });
    expect(v('bbbb')).toBe(false);
    expect(v.errors![0]).toMatchObject({ keyword: 'maxLength', params: { limit: 2 } });
  });
});
