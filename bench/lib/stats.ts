/** Percentiles and number formatting shared by the benchmark suite. */

/** The p-th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A figure for the table: `—` when it could not be measured. */
export function fmt(value: number | undefined | null, digits = 1): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return "—";
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
