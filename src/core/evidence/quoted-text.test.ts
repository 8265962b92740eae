import { describe, expect, it } from 'vitest';
import { blankQuoted, findQuoted, splitOutsideQuotes, trimPiece } from './quoted-text.js';

describe('quoted text', () => {
  it('finds straight and curly quotes with their offsets, curly ones nesting', () => {
    const text = 'a "one" b “two “inner” end” c "un';
    const quotes = findQuoted(text, 10);
    expect(quotes.map((quote) => [quote.text, quote.closed])).toEqual([
      ['one', true],
      ['two “inner” end', true],
      ['un', false],
    ]);
    expect(quotes[0]).toMatchObject({ start: 13, end: 16 });
  });

  it('splits outside quotes only, keeping offsets', () => {
    const pieces = splitOutsideQuotes('content | a.md | "x | y" | receipt r', '|').map(trimPiece);
    expect(pieces.map((piece) => piece.text)).toEqual(['content', 'a.md', '"x | y"', 'receipt r']);
    expect(pieces[2]).toMatchObject({ start: 17, end: 24 });
  });

  it('blanks quoted words so patterns skip them', () => {
    expect(blankQuoted('I said "I searched" then')).toBe('I said              then');
  });
});
