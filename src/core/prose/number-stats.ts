/** Descriptive statistics of a list of counts; all zero for an empty list. */
export interface NumberSummary {
  count: number;
  mean: number;
  median: number;
  min: number;
  max: number;
  /** Population standard deviation. */
  stdDev: number;
}

/** Rounds to two decimals, the precision every reported figure uses. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A share `part / whole` in [0, 1], rounded; 0 when the whole is empty. */
export function ratio(part: number, whole: number): number {
  return whole > 0 ? round2(Math.min(1, Math.max(0, part / whole))) : 0;
}

/** Mean of the values, unrounded; 0 for an empty list. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}

/** Population standard deviation, unrounded; 0 for fewer than two values. */
export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const average = mean(values);
  let squares = 0;
  for (const value of values) squares += (value - average) ** 2;
  return Math.sqrt(squares / values.length);
}

/** Count, mean, median, min, max and standard deviation, rounded to two decimals. */
export function summarize(values: readonly number[]): NumberSummary {
  if (values.length === 0) return { count: 0, mean: 0, median: 0, min: 0, max: 0, stdDev: 0 };
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return {
    count: values.length,
    mean: round2(mean(values)),
    median: round2(median),
    min: sorted[0] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
    stdDev: round2(standardDeviation(values)),
  };
}
