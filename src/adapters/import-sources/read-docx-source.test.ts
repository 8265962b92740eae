import { describe, expect, it } from 'vitest';
import { noteDocumentName, splitDocxLines } from './read-docx-source.js';

describe('Word documents of notes', () => {
  it('knows a document named for its book\'s notes, and not a book named otherwise', () => {
    for (const name of ['Ropewalk - notes', 'Kiln Lane – story bible', 'Characters', 'Chapter plan', 'Book notes']) expect(noteDocumentName(name)).toBe(true);
    for (const name of ['Ropewalk', 'The Plan of Attack draft 2', 'Footnotes and Fireflies']) expect(noteDocumentName(name)).toBe(false);
  });

  it('reads a "Plan" or "Running order" section of a book as notes, not as a chapter', () => {
    const lines = ['# Chapter 1', '', 'Prose of the first chapter.', '', '# Chapter 2', '', 'More prose.', '', '# Plan', '', 'Ch 1 (Mon 17 April 1893) — The Long Walk.'];
    const { documents } = splitDocxLines(lines, 'Book.docx');
    expect(documents.map((document) => [document.name, document.hint])).toEqual([
      ['Chapter 1', 'chapter'],
      ['Chapter 2', 'chapter'],
      ['Plan', null],
    ]);
  });
});
