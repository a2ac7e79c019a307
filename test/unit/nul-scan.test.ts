// scanValue finds the first string or key holding U+0000, or the first value nested too deep,
// and names where it is: the path is written out for that value only, so it is checked here for
// each shape a path takes.
import { expect, it } from 'vitest';
import { scanValue } from '../../src/http/nul.ts';

it('names the path of the first NUL, in document order', () => {
  expect(scanValue({ a: { b: ['x', 'y\u0000'] } })).toEqual({ kind: 'nul', path: 'a.b[1]' });
  expect(scanValue({ a: 'x\u0000', b: 'y\u0000' })).toEqual({ kind: 'nul', path: 'a' });
  expect(scanValue([['ok'], { deep: [{ k: 'v\u0000' }] }])).toEqual({ kind: 'nul', path: '[1].deep[0].k' });
  expect(
    scanValue({ files: Array.from({ length: 1000 }, (_, i) => ({ relPath: i === 999 ? '\u0000' : 'a' })) }),
  ).toEqual({ kind: 'nul', path: 'files[999].relPath' });
});

it('names a key holding NUL, and a NUL at the root', () => {
  expect(scanValue({ a: { 'k\u0000': 1 } })).toEqual({ kind: 'nul', path: 'a.k\u0000' });
  expect(scanValue(['x', { 'k\u0000': 1 }])).toEqual({ kind: 'nul', path: '[1].k\u0000' });
  expect(scanValue('a\u0000')).toEqual({ kind: 'nul', path: '' });
});

it('names the first value nested too deep, and passes what is neither', () => {
  let deep: unknown = 'leaf';
  for (let i = 0; i < 5; i++) deep = [deep];
  expect(scanValue({ x: deep }, 4)).toEqual({ kind: 'depth', path: 'x[0][0][0]' });
  expect(scanValue({ x: deep }, 6)).toBeNull();
  expect(scanValue({ a: [1, null, true, { b: 'c' }] })).toBeNull();
  // A key JSON.parse made an own property is read as one.
  expect(scanValue(JSON.parse('{"ok":1,"__proto__":"x\\u0000"}'))).toEqual({ kind: 'nul', path: '__proto__' });
});
