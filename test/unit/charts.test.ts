// The chart renderer: round axes, escaped labels, and the figures present in the markup.
import { describe, expect, it } from 'vitest';
import { agreementSvg, histogramSvg, niceScale, progressSvg, textHistogram } from '../../src/domain/charts.ts';
import { RATING_BIN_LABELS, RATING_EDGES, ratingBin, strengthBin } from '../../src/domain/distributions.ts';

describe('niceScale', () => {
  it.each([
    [0, 4, 1],
    [1, 1, 1],
    [3, 3, 1],
    [7, 8, 2],
    [10, 10, 5],
    [100, 100, 25],
    [101, 150, 50],
    [1234, 1500, 500],
  ])('max %d -> top %d, step %d', (max, top, step) => {
    const s = niceScale(max);
    expect(s.top).toBe(top);
    expect(s.step).toBe(step);
    expect(Number.isInteger(s.step)).toBe(true);
    expect(s.top).toBeGreaterThanOrEqual(max);
  });
});

describe('bins', () => {
  it.each([
    [0, 0],
    [9.99, 0],
    [10, 1],
    [55.5, 5],
    [99.9, 9],
    [100, 9],
  ])('rating %d -> bin %d', (r, b) => expect(ratingBin(r)).toBe(b));
  it.each([
    [0, 0],
    [0.05, 0],
    [0.1, 1],
    [0.75, 7],
    [0.999, 9],
    [1, 9],
  ])('strength %d -> bin %d', (s, b) => expect(strengthBin(s)).toBe(b));
});

describe('svg', () => {
  it('a histogram names every bin and count, in its description too', () => {
    const values = [0, 1, 2, 3, 0, 0, 5, 0, 0, 12];
    const svg = histogramSvg({
      id: 'h',
      title: 'Ratings',
      labels: RATING_BIN_LABELS,
      edges: RATING_EDGES,
      values,
      xTitle: 'rating',
      yTitle: 'datapoints',
    });
    expect(svg).toMatch(/^<svg [^>]*role="img"[^>]*aria-labelledby="h-t h-d"/);
    expect(svg).toContain('<title id="h-t">Ratings</title>');
    expect(svg).toContain('23 in all. 0–9: 0; 10–19: 1;');
    expect(svg.match(/<rect /g)).toHaveLength(10);
    expect(svg).not.toContain('NaN');
  });

  it('escapes labels from data', () => {
    const svg = agreementSvg({
      id: 'a',
      title: 'T',
      rows: [{ label: '<script>alert(1)</script>&"', agreeing: 1, votes: 2 }],
    });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
    expect(svg).toContain('50%');
  });

  it('a progress line ends at the finalized count, with the total marked', () => {
    const svg = progressSvg({
      id: 'p',
      title: 'Progress',
      total: 10,
      points: [
        { at: '2026-01-01T00:00:00Z', finalized: 0 },
        { at: '2026-01-01T01:00:00Z', finalized: 4 },
        { at: '2026-01-01T02:00:00Z', finalized: 7 },
      ],
    });
    expect(svg).toContain('total 10');
    expect(svg).toContain('7 of 10 datapoints finalized by 2026-01-01 02:00 UTC, starting 2026-01-01 00:00 UTC');
    expect(svg).not.toContain('NaN');
  });

  it('text bars scale to the largest count', () => {
    expect(textHistogram(['a', 'bb'], [2, 4], 4)).toEqual([' a | 2 ##', 'bb | 4 ####']);
  });
});
