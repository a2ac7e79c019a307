// CSV exports defuse cells a spreadsheet would run as a formula, including the forms that slip
// past a first-character check: leading spaces or tabs, and full-width signs.
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/domain/export-formats.ts';

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    [' =cmd()', "' =cmd()"],
    ['\t=cmd()', "'\t=cmd()"],
    ['\u3000=cmd()', "'\u3000=cmd()"],
    ['＝HYPERLINK("x")', `"'＝HYPERLINK(""x"")"`],
    ['＋1', "'＋1"],
    ['\r=1', `"'\r=1"`],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['', ''],
    ['a, b', '"a, b"'],
  ])('%j -> %j', (input, out) => {
    expect(csvCell(input)).toBe(out);
  });
  it('leaves numbers alone', () => {
    expect(csvCell('-1.5', false)).toBe('-1.5');
  });
});
