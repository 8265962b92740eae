import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateQuote, normaliseForMatch, quoteContainsValue } from './quote-locator.js';

const LINES = [
  '---',
  'name: St. Ebba’s Church',
  '---',
  '“You’ll all be wanting another before the night’s out,” said Tresk',
  'from the end of the bar — and nobody answered him.',
];

describe('locateQuote', () => {
  it('finds a quote on its line, with straight quotes standing for curly ones', () => {
    expect(locateQuote(LINES, "name: St. Ebba's Church")).toEqual({ line: 2, endLine: 2 });
    expect(locateQuote(LINES, '"You\'ll all be wanting another')).toEqual({ line: 4, endLine: 4 });
  });

  it('matches a quote wrapped over two lines and reports both lines', () => {
    expect(locateQuote(LINES, 'said Tresk from the end of the bar')).toEqual({ line: 4, endLine: 5 });
  });

  it('treats dashes alike and whitespace runs as one space', () => {
    expect(locateQuote(LINES, 'bar -   and nobody')).toEqual({ line: 5, endLine: 5 });
  });

  it('keeps letters exact: a changed word or case is not found', () => {
    expect(locateQuote(LINES, 'said Tresk from the end of the pub')).toBeNull();
    expect(locateQuote(LINES, 'SAID TRESK')).toBeNull();
    expect(locateQuote(LINES, '   ')).toBeNull();
  });

  it('never throws and only reports lines of the file', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 6 }), fc.string(), (lines, quote) => {
        const found = locateQuote(lines, quote);
        if (found !== null) {
          expect(found.line).toBeGreaterThanOrEqual(1);
          expect(found.endLine).toBeLessThanOrEqual(lines.length);
          expect(found.endLine).toBeGreaterThanOrEqual(found.line);
        }
      }),
    );
  });

  it('finds every substring of a single line on that line', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }).filter((text) => !/\s/.test(text)), fc.nat(), fc.nat(), (word, a, b) => {
        const start = a % word.length;
        const end = start + 1 + (b % (word.length - start));
        expect(locateQuote(['first line', `x ${word} y`], word.slice(start, end))?.line ?? 2).toBeLessThanOrEqual(2);
        expect(locateQuote(['', `x ${word} y`], word.slice(start, end))).toEqual({ line: 2, endLine: 2 });
      }),
    );
  });
});

describe('quoteContainsValue', () => {
  it('accepts a value the quote states, in any case', () => {
    expect(quoteContainsValue('eyes: grey', 'Grey')).toBe(true);
    expect(quoteContainsValue('aliases: [Hester, Miss Vane, Hessie]', 'Hester, Miss Vane, Hessie')).toBe(true);
  });

  it('accepts a YAML block list quoted over several lines', () => {
    expect(quoteContainsValue('aliases:\n  - Hester\n  - Hessie', 'Hester, Hessie')).toBe(true);
  });

  it('refuses a value the quote does not state', () => {
    expect(quoteContainsValue('eyes: grey', 'green')).toBe(false);
    expect(quoteContainsValue('She returns at thirty-eight', '38')).toBe(false);
  });

  it('normalises for comparison without losing letters', () => {
    expect(normaliseForMatch('  “Day 4 —\n afternoon”  ')).toBe('"Day 4 - afternoon"');
  });
});
