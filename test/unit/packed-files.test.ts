import { describe, expect, it } from 'vitest';
import { PackedFiles } from '../../src/domain/packed-files.ts';

describe('PackedFiles', () => {
  const files = new Map<string, number>([
    ['a.csv', 10],
    ['dir/ü ñ 日本/b,"quoted"\\.json', 5_368_709_120],
    ['😀/c', 0],
    ['d'.repeat(900), 7],
  ]);
  const packed = new PackedFiles(files);

  it('gives back every path and size, in order, whatever their characters', () => {
    expect(packed.length).toBe(4);
    expect(Array.from({ length: packed.length }, (_, i) => [packed.relPath(i), packed.size(i)])).toEqual([...files]);
  });

  it('gives the database one line per path and the sizes comma-separated, as Postgres splits them', () => {
    expect(packed.pathLines().split('\n')).toEqual([...files.keys()]);
    expect(packed.sizeList().split(',').map(Number)).toEqual([...files.values()]);
    expect(packed.sizeList()).not.toMatch(/e/i);
  });

  it('packs one path, and none', () => {
    const one = new PackedFiles(new Map([['x', 1]]));
    expect([one.length, one.relPath(0), one.pathLines(), one.sizeList()]).toEqual([1, 'x', 'x', '1']);
    const none = new PackedFiles(new Map());
    expect([none.length, none.pathLines(), none.sizeList()]).toEqual([0, '', '']);
  });

  it('refuses a path with a newline (a RelPath has no control character)', () => {
    expect(() => new PackedFiles(new Map([['a\nb', 1]]))).toThrow(/newline/);
  });
});
