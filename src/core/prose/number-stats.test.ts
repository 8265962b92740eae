import { describe, expect, it } from 'vitest';
import { mean, ratio, round2, standardDeviation, summarize } from './number-stats.js';

describe('number stats', () => {
  it('summarises counts with a population standard deviation', () => {
    // mean 2.5; squared deviations 2.25 + 0.25 + 0.25 + 2.25 = 5, / 4 = 1.25, √1.25 ≈ 1.118
    expect(summarize([4, 1, 3, 2])).toEqual({ count: 4, mean: 2.5, median: 2.5, min: 1, max: 4, stdDev: 1.12 });
    expect(summarize([7, 1, 4])).toEqual({ count: 3, mean: 4, median: 4, min: 1, max: 7, stdDev: 2.45 });
    expect(summarize([5])).toEqual({ count: 1, mean: 5, median: 5, min: 5, max: 5, stdDev: 0 });
  });

  it('is all zero for no values', () => {
    expect(summarize([])).toEqual({ count: 0, mean: 0, median: 0, min: 0, max: 0, stdDev: 0 });
    expect(mean([])).toBe(0);
    expect(standardDeviation([])).toBe(0);
  });

  it('gives shares in [0, 1] and rounds to two decimals', () => {
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(5, 0)).toBe(0);
    expect(ratio(4, 2)).toBe(1);
    expect(round2(2.345678)).toBe(2.35);
  });
});
