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

describe('a birth in a notes entry', () => {
  const births = (text: string) => agePhrases(text).filter((phrase) => phrase.kind === 'born').map((phrase) => phrase.born);

  it('reads "b." before a full date, a month and year, or a year', () => {
    expect(births('EVELYN CRUMP (b. 3 Sept 1902). Postmistress.')).toEqual([{ year: 1902, month: 9, day: 3 }]);
    expect(births('THOMAS ABERNETHY, b. June 1878, ironmonger.')).toEqual([{ year: 1878, month: 6, day: null }]);
    expect(births('Ada Pike (b. 1920), his cousin.')).toEqual([{ year: 1920, month: null, day: null }]);
    expect(births('Ruth Delgado (b. March 14, 1951).')).toEqual([{ year: 1951, month: 3, day: 14 }]);
  });

  it('reads a month and year after "born" as no day of the month', () => {
    expect(births('LIEUTENANT AMOS REID (born January 1890), retired.')).toEqual([{ year: 1890, month: 1, day: null }]);
    expect(births('She was born October 1936 on the ranch.')).toEqual([{ year: 1936, month: 10, day: null }]);
  });

  it('reads no birth from an abbreviation that is not "b."', () => {
    expect(births('See pp. 1902 and ed. 1911.')).toEqual([]);
    expect(births('The club (est. 1899) held its dinner.')).toEqual([]);
  });
});

describe('an age said before its owner is named', () => {
  it('reads "At seventy, Name is" with the name as the owner', () => {
    const [phrase] = agePhrases('At sixty-eight, Aunt Hester still rides to hounds.');
    expect(phrase).toMatchObject({ kind: 'age', age: 68, pronoun: null, subjectAt: 'At sixty-eight, Aunt Hester'.length });
    expect(agePhrases('At twelve, Nell had learned to drive the truck.')).toEqual([]);
  });
});

describe('an age said as a fragment', () => {
  const ages = (text: string) => agePhrases(text).map((phrase) => `${phrase.age}/${phrase.pronoun}`);

  it('reads "N years old and …" with the pronoun it goes on to use as the owner', () => {
    expect(ages('Forty-one years old and still sleeping in her childhood bed.')).toEqual(['41/her']);
    expect(ages('Nineteen years old, he had never seen the sea.')).toEqual(['19/he']);
  });

  it('reads nothing when the fragment names nobody or is dated to back then', () => {
    expect(ages('Sixty years old and the roof still sound.')).toEqual([]);
    expect(ages('Twelve years old, back then, and she ran the farm alone.')).toEqual([]);
  });
});
