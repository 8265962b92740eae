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
