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

  it('reads British speech in single marks, but never an apostrophe', () => {
    const quoted = (text: string) => findQuotes(text).map((span) => text.slice(span.start, span.end));
    expect(quoted('‘I told him,’ said Sandy. ‘It’s the Hollises’ boat, not ours.’ He left.')).toEqual(['‘I told him,’', '‘It’s the Hollises’ boat, not ours.’']);
    expect(quoted("He said 'There, and there.' Then it broke.")).toEqual(["'There, and there.'"]);
    // Straight marks beside double quotes, or that never close, are apostrophes.
    expect(quoted("The boys' dog ran. 'Tis true, he thought.")).toEqual([]);
    expect(quoted('"Don\'t," she said. The lads\' boat.')).toEqual(['"Don\'t,"']);
  });

  it('returns one span for text without sentence ends', () => {
    expect(splitSentences('no full stop here')).toEqual([{ start: 0, end: 17 }]);
    expect(splitSentences('')).toEqual([]);
  });
});

describe('the paragraphs cache', () => {
  const chapter = (index: number): { path: string; lines: string[] } => ({
    path: `Story/Chapters/${index}.md`,
    lines: [`# Chapter ${index}`, '', `Chapter ${index} begins. Mr. Hale waits by the weir.`, '', 'He waits a while longer.'],
  });

  it('keeps a manuscript of many chapters whole, so a second pass in the same order splits nothing again', () => {
    // More chapters than a bound counted in files would keep: walked twice in order, each read hits.
    const chapters = Array.from({ length: 1200 }, (_, index) => chapter(index));
    const first = chapters.map((source) => paragraphsOf(source, 2));
    const second = chapters.map((source) => paragraphsOf(source, 2));
    second.forEach((paragraphs, index) => expect(paragraphs).toBe(first[index]));
    expect(first[7]![0]!.text).toBe('Chapter 7 begins. Mr. Hale waits by the weir.');
    expect(first[7]![0]!.sentences).toHaveLength(2);
  });

  it('keeps results by content: an edited chapter is split again', () => {
    const before = chapter(5000);
    const after = { ...before, lines: [...before.lines.slice(0, 4), 'He leaves at dusk.'] };
    const kept = paragraphsOf(before, 2);
    expect(paragraphsOf(after, 2)).not.toBe(kept);
    expect(paragraphsOf(after, 2)[1]!.text).toBe('He leaves at dusk.');
    expect(paragraphsOf(before, 2)).toBe(kept);
  });
});
