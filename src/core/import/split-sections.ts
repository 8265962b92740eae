import { parseNumberWord } from '../manuscript/numbers.js';

/** A part of a longer text that starts at a heading (or a "Chapter …" line). */
export interface TextSection {
  /** The heading's text without `#` marks, e.g. `Chapter 3: The Mill`. */
  heading: string;
  /** The text of the section, its heading line first (as a Markdown heading). */
  lines: string[];
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
// "Chapter 3", "CHAPTER THREE", "Chapter Twenty-One: The Mill", "Ch. 4 — Ice", "Chapter IV".
const CHAPTER_LINE = /^(?:#{1,6}\s*)?(?:chapter|ch\.)\s+(\d+|[ivxlc]+|[a-z]+(?:-[a-z]+)?)\b\s*[:.—–-]?\s*(.*?)\s*#*\s*$/i;

function romanValue(text: string): number | null {
  if (!/^[ivxlc]+$/i.test(text)) return null;
  let total = 0;
  const letters = text.toLowerCase().split('').map((letter) => ROMAN[letter]!);
  letters.forEach((value, index) => (total += value < (letters[index + 1] ?? 0) ? -value : value));
  return total > 0 ? total : null;
}

/** `Chapter 3: The Mill` → number 3 and title `The Mill`; null when the line is no chapter heading. */
export function chapterHeading(line: string): { number: number | null; title: string } | null {
  const match = CHAPTER_LINE.exec(line.trim());
  if (!match) return null;
  const token = match[1]!;
  const number = /^\d+$/.test(token) ? Number(token) : parseNumberWord(token) ?? romanValue(token);
  if (number === null) return null;
  const rest = match[2]!.trim();
  return { number, title: rest === '' ? line.replace(/^#+\s*/, '').replace(/\s*#*\s*$/, '').trim() : rest };
}

function headingLevel(line: string): number {
  const match = /^(#{1,6})\s+\S/.exec(line);
  return match ? match[1]!.length : 0;
}

/**
 * Splits a long text at the lines that start chapters: "Chapter …" lines when there are two or
 * more; otherwise the headings of the highest level used at least twice (one `#` title with `##`
 * chapters splits at `##`). `alsoStarts` marks other lines that open a section (a "Characters"
 * heading after "Chapter …" lines). What comes before the first split is returned as `preface`.
 */
export function splitAtChapters(lines: readonly string[], alsoStarts: (line: string) => boolean = () => false): { preface: string[]; sections: TextSection[] } {
  const chapterLines = lines.map((line, index) => (chapterHeading(line) ? index : -1)).filter((index) => index >= 0);
  const extra = lines.map((line, index) => (alsoStarts(line) ? index : -1)).filter((index) => index >= 0);
  let starts = chapterLines.length >= 2 ? [...new Set([...chapterLines, ...extra])].sort((a, b) => a - b) : chapterLines;
  if (starts.length < 2) {
    const levels = [1, 2, 3].map((level) => lines.map((line, index) => (headingLevel(line) === level ? index : -1)).filter((index) => index >= 0));
    starts = levels.find((indices) => indices.length >= 2) ?? levels.find((indices) => indices.length === 1) ?? [];
  }
  if (starts.length === 0) return { preface: [...lines], sections: [] };
  const sections: TextSection[] = starts.map((start, index) => {
    const end = starts[index + 1] ?? lines.length;
    const heading = lines[start]!.replace(/^#+\s*/, '').replace(/\s*#*\s*$/, '').trim();
    return { heading, lines: [`# ${heading}`, ...lines.slice(start + 1, end)] };
  });
  return { preface: lines.slice(0, starts[0]), sections };
}

/**
 * Splits a note that describes several entities (`Characters.md` with a `##` section per person)
 * at its headings of the level used most, when there are at least two such sections.
 */
export function splitEntities(lines: readonly string[]): TextSection[] {
  for (const level of [2, 1, 3]) {
    const starts = lines.map((line, index) => (headingLevel(line) === level ? index : -1)).filter((index) => index >= 0);
    if (starts.length < 2) continue;
    return starts.map((start, index) => {
      const end = starts[index + 1] ?? lines.length;
      const heading = lines[start]!.replace(/^#+\s*/, '').trim();
      return { heading, lines: [`# ${heading}`, ...lines.slice(start + 1, end)] };
    });
  }
  return [];
}
