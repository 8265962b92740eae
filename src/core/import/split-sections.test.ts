import { describe, expect, it } from 'vitest';
import { splitAtChapters } from './split-sections.js';

const prose = (seed: string, words = 20) => Array.from({ length: words }, (_, index) => `${seed}${index % 7}`).join(' ') + '.';
const outline = (lines: readonly string[]) => {
  const { sections, parts, preface } = splitAtChapters(lines, (line) => /^#{1,3}\s+(?:characters|places)\b/i.test(line));
  return { chapters: sections.map((section) => [section.part ?? null, section.heading]), parts, preface: preface.filter((line) => line.trim() !== '') };
};

describe('splitAtChapters with parts over chapters', () => {
  it('splits "# Part One" headings over "##" chapters at the chapters, each keeping its part', () => {
    const lines = ['# Part One: Low Water', '', '## The Sluice', prose('mud'), '## Eel Traps', prose('reed'), '# Part Two: Spring Tide', '## The Breach', prose('flood')];
    expect(outline(lines)).toEqual({
      chapters: [
        ['Part One: Low Water', 'The Sluice'],
        ['Part One: Low Water', 'Eel Traps'],
        ['Part Two: Spring Tide', 'The Breach'],
      ],
      parts: ['Part One: Low Water', 'Part Two: Spring Tide'],
      preface: [],
    });
  });

  it('reads "#" headings with other names as parts when every one holds "##" chapters', () => {
    const lines = ['# Winter', '## Frost Fair', prose('ice'), '## The Skaters', prose('blade'), '# Thaw', '## Meltwater', prose('drip')];
    expect(outline(lines).chapters).toEqual([
      ['Winter', 'Frost Fair'],
      ['Winter', 'The Skaters'],
      ['Thaw', 'Meltwater'],
    ]);
  });

  it('keeps a "# Characters" note whole after the parts, and a part with pages of its own as a chapter', () => {
    const lines = ['# Book I', prose('omen', 80), '## Arrival', prose('cart'), '# Book II', '## Departure', prose('sail'), '# Characters', '## Wenna Cole', '- Eyes: grey'];
    const { chapters, parts } = outline(lines);
    expect(chapters).toEqual([
      [null, 'Book I'],
      ['Book I', 'Arrival'],
      ['Book II', 'Departure'],
      [null, 'Characters'],
    ]);
    expect(parts).toEqual(['Book II']);
  });

  it('still splits at "#" when only some of them hold "##" headings, and at "##" under a single title', () => {
    const mixed = ['# Frost Fair', prose('ice'), '## Later', prose('snow'), '# The Skaters', prose('blade')];
    expect(outline(mixed).chapters).toEqual([
      [null, 'Frost Fair'],
      [null, 'The Skaters'],
    ]);
    const titled = ['# The Long Fen', '## One', prose('sedge'), '## Two', prose('peat')];
    expect(outline(titled)).toEqual({ chapters: [[null, 'One'], [null, 'Two']], parts: [], preface: ['# The Long Fen'] });
  });

  it('names the part of "Chapter …" lines that follow a "Part …" line', () => {
    const lines = ['PART ONE', 'Chapter 1: Salt', prose('brine'), 'Chapter 2: Nets', prose('cord'), 'PART TWO', 'Chapter 3: Ice', prose('rime')];
    expect(outline(lines).chapters).toEqual([
      ['PART ONE', 'Chapter 1: Salt'],
      ['PART ONE', 'Chapter 2: Nets'],
      ['PART TWO', 'Chapter 3: Ice'],
    ]);
  });
});
