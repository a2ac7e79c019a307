// Small statistics the benchmarks report.

/** The median of `xs` (for an even count, the upper of the two middle values); `xs` is not changed. */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

/** The lower quartile, median and upper quartile of `xs` (nearest rank); `xs` is not changed. */
export function quartiles(xs: readonly number[]): [number, number, number] {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return [at(0.25), at(0.5), at(0.75)];
}
