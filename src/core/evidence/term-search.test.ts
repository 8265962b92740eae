import { describe, expect, it } from 'vitest';
import { indexFile } from './indexed-file.js';
import { findTerm, inflections, termForms } from './term-search.js';

const file = (text: string) => indexFile('Story/Scenes/01.md', text, 'v1', '0'.repeat(64));

describe('term search for absence claims', () => {
  it('inflects the last word both ways: plural, possessive, regular verb forms', () => {
    expect(inflections('ledger')).toEqual(expect.arrayContaining(['ledger', 'ledgers', "ledger's", 'ledgered']));
    expect(inflections('ledgers')).toEqual(expect.arrayContaining(['ledger', 'ledgers']));
    expect(inflections('story')).toContain('stories');
    expect(inflections('stories')).toContain('story');
    expect(inflections('box')).toContain('boxes');
    expect(inflections('lock')).toEqual(expect.arrayContaining(['locked', 'locking']));
    expect(inflections('stop')).toEqual(expect.arrayContaining(['stopped', 'stopping']));
    expect(termForms('the Old Ledger')).toContain('the old ledgers');
  });

  it('finds the term in any case, across line wraps, curly quotes and dashes, as whole words only', () => {
    const text = 'She set the\nLEDGER down.\nThe ledger’s spine — cracked.\nLedgerman is a name.\n';
    expect(findTerm(file(text), termForms('ledger')).map((hit) => hit.startLine)).toEqual([2, 3]);
    expect(findTerm(file(text), termForms('the ledger')).map((hit) => hit.startLine)).toEqual([1, 3]);
    expect(findTerm(file(text), termForms("ledger's spine - cracked")).map((hit) => hit.startLine)).toEqual([3]);
    expect(findTerm(file(text), termForms('ledgers'))).toHaveLength(2);
    expect(findTerm(file(text), termForms('locket'))).toEqual([]);
  });

  it('keeps offsets right after characters whose lower case is longer', () => {
    const text = 'İstanbul was far.\nThe ledger stayed.\n';
    const [hit] = findTerm(file(text), termForms('ledger'));
    expect(text.slice(hit?.start, hit?.end)).toBe('ledger');
  });
});

describe('the same word written another way still contradicts an absence claim', () => {
  const lines = (text: string, term: string) => findTerm(file(text), termForms(term)).map((hit) => hit.startLine);

  it('reads a dash in the book as a space or as nothing, and the term likewise', () => {
    const text = 'The harbour-\nmaster came.\nA seine-netter lay by.\nShe was thirty-eight.\nA co-operative spirit.\n';
    expect(lines(text, 'harbourmaster')).toEqual([1]);
    expect(lines(text, 'harbour master')).toEqual([1]);
    expect(lines(text, 'seine netter')).toEqual([3]);
    expect(lines(text, 'seinenetter')).toEqual([3]);
    expect(lines(text, 'thirty eight')).toEqual([4]);
    expect(lines(text, 'cooperative')).toEqual([5]);
    expect(lines(text, 'co-op')).toEqual([]);
    const [hit] = findTerm(file(text), termForms('harbourmaster'));
    expect(text.slice(hit?.start, hit?.end)).toBe('harbour-\nmaster');
  });

  it('ignores accents on both sides', () => {
    const text = 'Zoë ordered a café crème.\nNAÏVE, he said.\n';
    expect(lines(text, 'Zoe')).toEqual([1]);
    expect(lines(text, 'cafes')).toEqual([1]);
    expect(lines(text, 'naive')).toEqual([2]);
    expect(lines(text, 'Zoë')).toEqual([1]);
  });

  it('finds British and American spellings and doubled consonants', () => {
    const text = 'The colors ran.\nShe realized it late.\nThe town centre.\nA gray gull.\nThey traveled far.\nHe stops.\nLabor won.\n';
    expect(lines(text, 'colour')).toEqual([1]);
    expect(lines(text, 'realise')).toEqual([2]);
    expect(lines(text, 'realising')).toEqual([2]);
    expect(lines(text, 'center')).toEqual([3]);
    expect(lines(text, 'grey')).toEqual([4]);
    expect(lines(text, 'travelled')).toEqual([5]);
    expect(lines(text, 'stopped')).toEqual([6]);
    expect(lines(text, 'labour')).toEqual([7]);
  });

  it('does not turn a word into a different common one', () => {
    const text = 'It was for him.\nAn hour on the tor.\nBut the wise man.\n';
    expect(lines(text, 'four')).toEqual([]);
    expect(lines(text, 'tour')).toEqual([]);
    expect(lines(text, 'butt')).toEqual([]);
    expect(lines(text, 'wize')).toEqual([]);
    expect(lines(text, 'hours')).toEqual([2]);
  });
});
