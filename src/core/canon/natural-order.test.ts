import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNatural } from './natural-order.js';

describe('compareNatural', () => {
  it('orders numbers inside text by value', () => {
    expect(['Scene 10', 'Scene 2', 'Scene 1'].sort(compareNatural)).toEqual(['Scene 1', 'Scene 2', 'Scene 10']);
  });

  it('ignores case first, then breaks ties exactly', () => {
    expect(['beta', 'Alpha', 'alpha'].sort(compareNatural)).toEqual(['Alpha', 'alpha', 'beta']);
  });

  it('is a consistent order: antisymmetric, zero only for equal strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(Math.sign(compareNatural(a, b)) + Math.sign(compareNatural(b, a))).toBe(0);
        expect(compareNatural(a, b) === 0).toBe(a === b);
      }),
    );
  });

  it('sorts the same whatever the input order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 12 }), (values) => {
        const sorted = [...values].sort(compareNatural);
        expect([...values].reverse().sort(compareNatural)).toEqual(sorted);
      }),
    );
  });
});
