import { describe, expect, it } from 'vitest';
import { agePhrases } from './age-phrases.js';

describe('a birth date written in words', () => {
  const births = (text: string) => agePhrases(text).filter((phrase) => phrase.kind === 'born').map((phrase) => phrase.born);

  it('reads ordinal words, with or without "the" and "of", in either order', () => {
    expect(births('She was born on the third of September, 1951, in the back bedroom.')).toEqual([{ year: 1951, month: 9, day: 3 }]);
    expect(births('He was born on the twenty-first of June 1988.')).toEqual([{ year: 1988, month: 6, day: 21 }]);
    expect(births('Born March the fourteenth, 2151, on the transit ship.')).toEqual([{ year: 2151, month: 3, day: 14 }]);
    expect(births('She was born on 4 July 1960.')).toEqual([{ year: 1960, month: 7, day: 4 }]);
  });

  it('reads no birth date out of a name or a place after "born"', () => {
    expect(births('She was born in the second house on Mill Street.')).toEqual([]);
    expect(births('He was born on the first floor of the hospital.')).toEqual([]);
  });
});
