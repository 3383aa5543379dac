// Summary statistics for the benchmark figures: median, min, max and percentiles of a sample, and ratios of them.
// Timings are noisy on shared machines, so every figure reports the median of several runs beside min and max.

export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export function summarise(values: readonly number[]): Summary {
  return {
    median: median(values),
    min: values.length === 0 ? Number.NaN : Math.min(...values),
    max: values.length === 0 ? Number.NaN : Math.max(...values),
    runs: values.length,
  };
}

/** Rounds for display: 3 significant decimals below 10, 2 below 100, whole numbers above. */
export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  const abs = Math.abs(value);
  const digits = abs < 0.01 ? 5 : abs < 10 ? 3 : abs < 100 ? 2 : 0;
  return Number(value.toFixed(digits));
}

/** "median (min–max, n runs)" */
export function describe(summary: Summary, unit = ''): string {
  const u = unit === '' ? '' : ` ${unit}`;
  if (summary.runs <= 1) return `${round(summary.median)}${u}`;
  return `${round(summary.median)}${u} (${round(summary.min)}–${round(summary.max)}, ${summary.runs} runs)`;
}
