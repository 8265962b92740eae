import { describe, expect, it } from 'vitest';
import { indexFile } from './indexed-file.js';
import { findSection, headingsOf, titleKey } from './markdown-headings.js';

const file = indexFile(
  'Story/SCN-outline.md',
  ['---', 'title: "# not a heading"', '---', '# Outline — Glass Harbour', '## Act 1 — Keys', '### Scene 1: The Lamp Room', 'text', '```', '# in a fence', '```', '## Act 2 — High Water', '### Scene 5: The Surgery ###'].join('\n'),
  'v',
  '',
);

describe('markdown headings', () => {
  it('lists ATX headings with their section lines, skipping front matter and fences', () => {
    expect(headingsOf(file).map((heading) => [heading.level, heading.title, heading.line, heading.endLine])).toEqual([
      [1, 'Outline — Glass Harbour', 4, 12],
      [2, 'Act 1 — Keys', 5, 10],
      [3, 'Scene 1: The Lamp Room', 6, 10],
      [2, 'Act 2 — High Water', 11, 12],
      [3, 'Scene 5: The Surgery', 12, 12],
    ]);
  });

  it('folds titles: case, punctuation, curly and straight quotes', () => {
    expect(titleKey('St. Ebba’s — Church!')).toBe(titleKey("st ebba's church"));
  });

  it('finds a section by its full title, its title without the label, or its label', () => {
    expect(findSection(file, 'scene 1: the lamp room')?.line).toBe(6);
    expect(findSection(file, 'The Surgery')?.line).toBe(12);
    expect(findSection(file, 'Act 2')?.line).toBe(11);
    expect(findSection(file, 'High Water')?.line).toBe(11);
    expect(findSection(file, 'in a fence')).toBeUndefined();
    expect(findSection(file, 'Scene 9')).toBeUndefined();
  });
});
