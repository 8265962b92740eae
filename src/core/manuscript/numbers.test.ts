import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findNumbers, parseNumberWord } from './numbers.js';

const values = (text: string) => findNumbers(text).map((number) => [number.text, number.value, number.ordinal]);

describe('findNumbers', () => {
  it('reads word numbers as phrases', () => {
    expect(values('a hundred and thirty-one steps')).toEqual([['a hundred and thirty-one', 131, false]]);
    expect(values('They climbed the ninety steps')).toEqual([['ninety', 90, false]]);
    expect(values('one hundred twelve, twenty two and five hundred and six')).toEqual([
      ['one hundred twelve', 112, false],
      ['twenty two', 22, false],
      ['five hundred and six', 506, false],
    ]);
    expect(values('a thousand and one nights')).toEqual([['a thousand and one', 1001, false]]);
  });

  it('reads digits but not clock times or decimals', () => {
    expect(values('131 steps from 22.20 to 22:58, 1,200 jars')).toEqual([
      ['131', 131, false],
      ['1,200', 1200, false],
    ]);
  });

  it('marks ordinals and keeps separate numbers apart', () => {
    expect(values('the fourth morning')).toEqual([['fourth', 4, true]]);
    expect(values('one two three')).toEqual([
      ['one', 1, false],
      ['two', 2, false],
      ['three', 3, false],
    ]);
    expect(values('a hundred people')).toEqual([['a hundred', 100, false]]);
    expect(values('a boat and a bell')).toEqual([]);
  });

  it('finds every integer written in digits, at its span', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99999 }), fc.string({ maxLength: 10 }).filter((text) => !/[\d.:,]/.test(text)), (value, prefix) => {
        const text = `${prefix} ${value} steps`;
        const found = findNumbers(text).filter((number) => number.value === value && number.text === String(value));
        expect(found).toHaveLength(1);
        expect(text.slice(found[0]!.start, found[0]!.end)).toBe(String(value));
      }),
    );
  });
});

describe('parseNumberWord', () => {
  it('reads cardinals, ordinals and hyphenated pairs', () => {
    expect(parseNumberWord('Seven')).toBe(7);
    expect(parseNumberWord('thirty-one')).toBe(31);
    expect(parseNumberWord('forty-first')).toBe(41);
    expect(parseNumberWord('sixth')).toBe(6);
    expect(parseNumberWord('12')).toBe(12);
    expect(parseNumberWord('north')).toBeNull();
  });
});
