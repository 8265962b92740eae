import { describe, expect, it } from 'vitest';
import { findQuotes, isQuoted, lineOf, paragraphsOf, sentenceAt, splitSentences } from './prose.js';

const text = '---\ntitle: x\n---\n# Heading\n\n“You found the road,” said Mr. Tresk. Dr. Reddaway\nnodded. She went in.\n\n* * *\n\nA second paragraph.';
const source = { path: 'a.md', lines: text.split('\n') };

describe('paragraphsOf', () => {
  it('splits at blank lines, headings and scene breaks, keeping real line numbers', () => {
    const paragraphs = paragraphsOf(source, 4);
    expect(paragraphs.map((paragraph) => [paragraph.startLine, paragraph.endLine])).toEqual([
      [6, 7],
      [11, 11],
    ]);
    const first = paragraphs[0]!;
    expect(lineOf(first, first.text.indexOf('nodded'))).toBe(7);
    expect(lineOf(first, 0)).toBe(6);
  });

  it('keeps "Mr." and "Dr." inside sentences and finds quoted speech', () => {
    const first = paragraphsOf(source, 4)[0]!;
    const sentences = first.sentences.map((span) => first.text.slice(span.start, span.end).replace(/\n/g, ' '));
    expect(sentences).toEqual(['“You found the road,” said Mr. Tresk.', 'Dr. Reddaway nodded.', 'She went in.']);
    expect(isQuoted(first, first.text.indexOf('road'))).toBe(true);
    expect(isQuoted(first, first.text.indexOf('Tresk'))).toBe(false);
    expect(first.text.slice(sentenceAt(first, first.text.indexOf('went')).start).startsWith('She went')).toBe(true);
  });
});

describe('findQuotes and splitSentences', () => {
  it('pairs curly and straight quotes and lets an unclosed quote run to the end', () => {
    expect(findQuotes('“a” b "c" d “e')).toEqual([
      { start: 0, end: 3 },
      { start: 6, end: 9 },
      { start: 12, end: 14 },
    ]);
  });

  it('returns one span for text without sentence ends', () => {
    expect(splitSentences('no full stop here')).toEqual([{ start: 0, end: 17 }]);
    expect(splitSentences('')).toEqual([]);
  });
});
