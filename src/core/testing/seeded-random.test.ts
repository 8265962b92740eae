import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.js';

describe('seededRandom', () => {
  it('repeats its sequence for a seed, stays in [0, 1), and differs between seeds', () => {
    const first = seededRandom(20_240_601);
    const again = seededRandom(20_240_601);
    const other = seededRandom(7);
    const a = Array.from({ length: 1000 }, () => first());
    expect(Array.from({ length: 1000 }, () => again())).toEqual(a);
    expect(a.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(Array.from({ length: 1000 }, () => other())).not.toEqual(a);
    // The first draw of seed 1, pinned so the algorithm cannot change unnoticed (seeds in logs must keep repeating runs).
    expect(seededRandom(1)()).toBeCloseTo(0.6270739405881613, 15);
  });
});
