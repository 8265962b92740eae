import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance.js';

describe('editDistance', () => {
  it('counts edits, with an adjacent swap as one', () => {
    expect(editDistance('Merrick', 'Marrick')).toBe(1);
    expect(editDistance('Tresk', 'Trsek')).toBe(1);
    expect(editDistance('Harlow Quay', 'Harrow Quay')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('stops early past the limit', () => {
    expect(editDistance('Glass Harbour', 'Skerry Light', 2)).toBe(3);
  });

  it('is zero exactly for equal strings, symmetric and bounded by the longer length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const distance = editDistance(a, b);
        expect(distance === 0).toBe(a === b);
        expect(editDistance(b, a)).toBe(distance);
        expect(distance).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});
