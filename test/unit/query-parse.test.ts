// The request path's query parser (src/http/api.ts parseQuery) gives what qs.parse gives, which
// openapi-backend's validators were written against: on random queries over the characters that
// matter to either (separators, brackets raw and encoded, `+`, malformed and valid escapes,
// Object.prototype's names), and on a few written out.
import { describe, expect, it } from 'vitest';
import { parse } from 'qs';
import { parseQuery } from '../../src/http/api.ts';
import { Xoshiro256StarStar } from '../../src/domain/prng.ts';

const PIECES = [
  'a',
  'b',
  'limit',
  '20',
  '=',
  '=',
  '&',
  '&',
  '&&',
  '+',
  '%20',
  '%2',
  '%zz',
  '%C3%A9',
  '%E9',
  '[',
  ']',
  '[]',
  '%5B',
  '%5d',
  '.',
  'toString',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'x',
  '0',
  '%26',
  '%3D',
];

describe('parseQuery', () => {
  it.each([
    'limit=20',
    'limit=20&cursor=abc',
    'status=pending&limit=5',
    'q=a+b%20c',
    'flag',
    '=5&a=1',
    'a=%zz',
    'toString=1&a=2',
    'a=1&a=2',
    'a[b]=1',
    'a%5Bb%5D=1',
    'a[]=1&a[]=2',
    '&&a=1&',
    'a.b=1',
  ])('%s as qs parses it', (q) => {
    expect(parseQuery(q)).toEqual(parse(q));
  });

  it('agrees with qs on 20,000 random queries', () => {
    // The project's seeded generator, so a failure reproduces.
    const g = new Xoshiro256StarStar(20261128n);
    const next = () => g.nextDouble();
    let fast = 0;
    for (let i = 0; i < 20_000; i++) {
      const n = 1 + Math.floor(next() * 12);
      let q = '';
      for (let k = 0; k < n; k++) q += PIECES[Math.floor(next() * PIECES.length)];
      expect(parseQuery(q), q).toEqual(parse(q));
      if (!/[[\]]|%5[bd]/i.test(q)) fast++;
    }
    // A third of them or more were without brackets (the path that does not call qs unless a key repeats).
    expect(fast).toBeGreaterThan(5000);
  });
});
