import { groupKind, lineBefore } from './grouped-notes.js';
import { bareNumberHeading, chapterHeading } from './split-sections.js';
import { inCapitals } from './capital-names.js';

// A line that says the notes begin: "NOTES", "======== WRITING NOTES ========", "Author's notes",
// "STORY BIBLE", "Appendix".
const NOTES_MARK = /^(?:(?:writing|working|author['’]?s|story|background|research|planning|novel|book)\s+)?(?:notes|bible|appendix)(?:\s+(?:and|&)\s+[\p{L}]+)?$/iu;
const DECORATION = /^[=*_~#\-–—\s]+|[=*_~#\-–—\s]+$/g;

/** True when a line stands alone, a blank line (or the text's edge) on each side. */
function alone(lines: readonly string[], index: number): boolean {
  return (lines[index - 1] ?? '').trim() === '' && (lines[index + 1] ?? '').trim() === '';
}

/** True for a line that heads a chapter: `CHAPTER ONE`, `Chapter 3: The Mill`, or a number alone (`IV.`). */
function chapterLine(lines: readonly string[], index: number): boolean {
  const text = lines[index]!.trim();
  return chapterHeading(text) !== null || ((lines[index - 1] ?? '').trim() === '' && bareNumberHeading(text) !== null && !/^\p{Lu}\p{Ll}+$/u.test(text));
}

/**
 * Where the notes begin in a plain text that holds the book and then its notes: the first line,
 * after two or more chapter headings, that stands alone and says so ("======== WRITING NOTES
 * ========", "NOTES") or names a group of notes in capitals ("WHO'S WHO", "PLACES"). A chapter's
 * title under its number ("IV." over "THE FAMILY") is no group. Null when there is no such line.
 */
export function notesTail(lines: readonly string[]): number | null {
  let chapters = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const text = lines[index]!.trim();
    if (text === '' || text.startsWith('#')) continue;
    if (chapterLine(lines, index)) {
      chapters += 1;
      continue;
    }
    if (chapters < 2 || !alone(lines, index)) continue;
    const bare = text.replace(DECORATION, '').replace(/[:.]$/, '').trim();
    if (NOTES_MARK.test(bare)) return index;
    const before = lineBefore(lines, index);
    if (inCapitals(bare) && groupKind(bare) !== null && !chapterLine([before], 0)) return index;
  }
  return null;
}
