import { describe, expect, it } from 'vitest';
import { findQuantities } from './quantities.js';

const read = (text: string) => findQuantities(text).map((quantity) => [quantity.text, quantity.value, quantity.unit]);

describe('findQuantities', () => {
  it('reads fractions of a unit as writers put them', () => {
    expect(read('a mile and a half')).toEqual([['a mile and a half', 1.5, 'mile']]);
    expect(read('two and a half miles')).toEqual([['two and a half miles', 2.5, 'miles']]);
    expect(read('half a mile off')).toEqual([['half a mile', 0.5, 'mile']]);
    expect(read('a quarter of an hour')).toEqual([['a quarter of an hour', 0.25, 'hour']]);
    expect(read('three-quarters of a mile')).toEqual([['three-quarters of a mile', 0.75, 'mile']]);
  });

  it('reads a count joined to its noun, and plain counts with the word after them', () => {
    expect(read('the whole three-mile drive')).toEqual([['three', 3, 'mile']]);
    expect(read('a twenty-two-room house and 112-step tower')).toEqual([['twenty-two', 22, 'room'], ['112', 112, 'step']]);
    expect(read('ninety-six steps, then 4 doors')).toEqual([['ninety-six', 96, 'steps'], ['4', 4, 'doors']]);
  });

  it('finds nothing in words that only look like it', () => {
    expect(read('the other half came out; a well-known face; the 21st of May').filter(([, , unit]) => unit !== null)).toEqual([]);
  });
});

describe('the noun a count counts', () => {
  it('is the head of the phrase after it: its first plural past one', () => {
    expect(read('fourteen apple trees and one pear')).toEqual([['fourteen', 14, 'trees'], ['one', 1, 'pear']]);
    expect(read('twelve back-to-back cottages below the mill')).toEqual([['twelve', 12, 'cottages']]);
    expect(read('the fourteen cottages back to back')).toEqual([['fourteen', 14, 'cottages']]);
    expect(read('nine smudge fires, three men')).toEqual([['nine', 9, 'fires'], ['three', 3, 'men']]);
  });

  it('is the word after it when no plural follows', () => {
    expect(read('three mile across the fields')).toEqual([['three', 3, 'mile']]);
    expect(read('forty Tuesdays')).toEqual([['forty', 40, 'Tuesdays']]);
  });
});
