// Small statistics the benchmarks report.

/** The median of `xs` (for an even count, the upper of the two middle values); `xs` is not changed. */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}
