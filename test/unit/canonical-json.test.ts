// RFC 8785 canonical JSON: the examples of the RFC and the safe-integer rule.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { CanonicalJsonError, canonicalBytes, canonicalJson, decimalString } from '../../src/domain/canonical-json.ts';

describe('RFC 8785 examples', () => {
  it('sorts properties by UTF-16 code units (RFC 8785 §3.2.3)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With ' +
        'Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With ' +
        'Dagesh"}',
    );
  });

  it('serializes strings and literals as §3.2.2 says (the §3.2.2 example, with numbers outside)', () => {
    const input = { literals: [null, true, false], string: '€$\u000f\nA\'B"\\\\"/' };
    expect(canonicalJson(input)).toBe('{"literals":[null,true,false],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
  });

  it('formats the §3.2.2 numbers as ECMAScript does (checked against canonicalize directly)', () => {
    // Our wrapper refuses non-safe-integers; the library itself must follow the RFC's example.
    // biome-ignore lint/correctness/noPrecisionLoss: the RFC's literal, on purpose.
    expect(canonicalize({ numbers: [333333333.33333329, 1e30, 4.5, 2e-3, 0.000000000000000000000000001] })).toBe(
      '{"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27]}',
    );
  });

  it('removes whitespace and keeps array order', () => {
    expect(canonicalJson({ b: [3, 1, 2], a: { d: 1, c: 2 } })).toBe('{"a":{"c":2,"d":1},"b":[3,1,2]}');
  });
});

describe('safe integers only', () => {
  it.each([[0.5], [2 ** 53], [-(2 ** 53)], [Number.NaN], [Number.POSITIVE_INFINITY], [1e30]])(
    'refuses %d anywhere in the value',
    (n) => {
      expect(() => canonicalJson({ a: [{ b: n }] })).toThrow(CanonicalJsonError);
    },
  );

  it('names the path of the offending number', () => {
    expect(() => canonicalJson({ results: [{ mean: 1 }, { mean: 72.5 }] })).toThrow('$.results[1].mean');
  });

  it('accepts safe integers and decimal strings', () => {
    expect(canonicalJson({ n: 2 ** 53 - 1, mean: decimalString(72.5, 4) })).toBe(
      '{"mean":"72.5000","n":9007199254740991}',
    );
  });

  it('hashes the UTF-8 bytes', () => {
    expect(
      createHash('sha256')
        .update(canonicalBytes({ b: 1, a: 'é' }))
        .digest('hex'),
    ).toBe(createHash('sha256').update('{"a":"é","b":1}', 'utf8').digest('hex'));
  });
});
