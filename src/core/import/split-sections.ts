import { parseNumberWord } from '../manuscript/numbers.js';
import { decimalLabel } from './decimal-label.js';

/** A part of a longer text that starts at a heading (or a "Chapter …" line). */
export interface TextSection {
  /** The heading's text without `#` marks, e.g. `Chapter 3: The Mill`. */
  heading: string;
  /** The text of the section, its heading line first (as a Markdown heading). */
  lines: string[];
  /** The part (`Part One`, a `Heading 1` over `Heading 2` chapters) the section belongs to, if any. */
  part?: string;
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
// "Chapter 3", "CHAPTER THREE", "Chapter Twenty-One: The Mill", "Ch. 4 — Ice", "Chapter IV".
const CHAPTER_LINE = /^(#{1,6}\s*)?(?:chapter|ch\.)\s+(\d+|[ivxlc]+|[a-z]+(?:-[a-z]+)?)\b\s*([:.—–-])?\s*(.*?)\s*#*\s*$/i;
// "PART ONE", "Part 2: The Crossing", "# Book III".
const PART_LINE = /^(#{1,6}\s*)?(?:part|book)\s+(\d+|[ivxlc]+|[a-z]+(?:-[a-z]+)?)\b\s*([:.—–-])?\s*(.*?)\s*#*\s*$/i;
// A heading line has at most this many words; longer lines are sentences that begin with the word.
const MAX_HEADING_WORDS = 14;

function romanValue(text: string): number | null {
  if (!/^[ivxlc]+$/i.test(text)) return null;
  let total = 0;
  const letters = text.toLowerCase().split('').map((letter) => ROMAN[letter]!);
  letters.forEach((value, index) => (total += value < (letters[index + 1] ?? 0) ? -value : value));
  return total > 0 ? total : null;
}

/**
 * A numbered heading line (`Chapter 3: The Mill`, `PART TWO`) → its number and the title after it;
 * null for a sentence that merely starts with the word ("Chapter two of her life began…"): a
 * heading is marked with `#`, or stands alone, or puts a separator or capitals after the number.
 */
function numberedHeading(pattern: RegExp, line: string): { number: number; title: string } | null {
  const trimmed = line.trim().replace(/^(?:\*\*|__)(.*)(?:\*\*|__)$/, '$1').trim();
  const match = pattern.exec(trimmed);
  if (!match || trimmed.split(/\s+/).length > MAX_HEADING_WORDS) return null;
  const [, marks, token, separator, rest] = match as unknown as [string, string | undefined, string, string | undefined, string];
  const upper = trimmed === trimmed.toUpperCase();
  if (marks === undefined && separator === undefined && rest !== '' && !upper && !/^[\p{Lu}\d"“'‘]/u.test(rest)) return null;
  if (marks === undefined && /[,;]$|[a-z]\.$/.test(rest) && rest.split(/\s+/).length > 6) return null;
  const number = /^\d+$/.test(token) ? Number(token) : parseNumberWord(token) ?? romanValue(token);
  if (number === null) return null;
  return { number, title: rest === '' ? trimmed.replace(/^#+\s*/, '').replace(/\s*#*\s*$/, '').trim() : rest };
}

/**
 * A heading that is a chapter's number and nothing else — `# One`, `# 12`, `# XIV.`, `# Twenty-One` —
 * as novels number chapters without the word "Chapter"; null otherwise.
 */
export function bareNumberHeading(heading: string): number | null {
  const token = heading.replace(/^#+\s*/, '').replace(/\s*#*\s*$/, '').replace(/[.:]$/, '').trim();
  if (!/^(?:\d{1,3}|[IVXLC]{1,7}|[A-Za-z]+(?:-[A-Za-z]+)?)$/.test(token)) return null;
  const number = /^\d+$/.test(token) ? Number(token) : /^[IVXLC]+$/.test(token) ? romanValue(token) : parseNumberWord(token.toLowerCase());
  return number !== null && number > 0 && number < 1000 ? number : null;
}

/**
 * A chapter's number and title from its heading: `Chapter 3: The Mill`, a number alone with the
 * title after it (`One: The Docking`, `One`), or a label numbered within its part (`1.4 — The
 * Ledger`, which has no number of its own); null for any other heading.
 */
export function numberedChapter(heading: string): { number: number | null; title: string } | null {
  const decimal = decimalLabel(heading);
  if (decimal !== null) return { number: null, title: decimal.title };
  const chapter = chapterHeading(heading);
  if (chapter !== null) return chapter;
  const [lead, ...title] = heading.split(/:\s+/);
  const number = bareNumberHeading(lead!);
  return number === null ? null : { number, title: title.length > 0 ? title.join(': ') : heading };
}

/** `Chapter 3: The Mill` → number 3 and title `The Mill`; null when the line is no chapter heading. */
export function chapterHeading(line: string): { number: number | null; title: string } | null {
  return numberedHeading(CHAPTER_LINE, line);
}

/** `PART TWO`, `Part 2: The Crossing`, `# Book III` → its number and title; null otherwise. */
export function partHeading(line: string): { number: number; title: string } | null {
  return numberedHeading(PART_LINE, line);
}

/**
 * A chapter headed by its number alone (`CHAPTER ONE`, `3`, `One`, `1.4`) with its title on the next line
 * (`The Ferry`, `**The Well**`, `*Green*`): one heading `CHAPTER ONE: The Ferry`. Any other section
 * is returned as it is.
 */
export function titledOnNextLine(section: TextSection): TextSection {
  const bare = bareNumberHeading(section.heading);
  const heading = decimalLabel(section.heading) ?? chapterHeading(section.heading) ?? partHeading(section.heading) ?? (bare === null ? null : { number: bare, title: section.heading });
  if (!heading || heading.title !== section.heading) return section;
  const next = section.lines.findIndex((line, index) => index > 0 && line.trim() !== '');
  const candidate = next < 0 ? '' : section.lines[next]!.replace(/^#+\s*/, '').replace(/^(?:\*\*|__|\*|_)(.*?)(?:\*\*|__|\*|_)$/, '$1').trim();
  const titleLike = candidate !== '' && candidate.split(/\s+/).length <= 8 && !/[.,;!?"”]$/.test(candidate) && !/^["“'‘-]/.test(candidate) && /^[\p{Lu}\d]/u.test(candidate);
  if (!titleLike) return section;
  const title = `${section.heading}: ${candidate}`;
  const after = section.lines.slice(next + 1);
  const prose = after.findIndex((line) => line.trim() !== '');
  return { ...section, heading: title, lines: [`# ${title}`, ...(prose < 0 ? [] : ['', ...after.slice(prose)])] };
}

function headingLevel(line: string): number {
  const match = /^(#{1,6})\s+\S/.exec(line);
  return match ? match[1]!.length : 0;
}

const MIN_PART_WORDS = 60;

function wordCount(lines: readonly string[]): number {
  return lines.join(' ').split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
}

/** A heading line's text without its `#` marks or bold: `## 3` → `3`, `**CHAPTER ONE**` → `CHAPTER ONE`. */
export function headingText(line: string): string {
  return line.trim().replace(/^(?:\*\*|__)(.*)(?:\*\*|__)$/, '$1').replace(/^#+\s*/, '').replace(/\s*#*\s*$/, '').trim();
}

function sectionAt(lines: readonly string[], start: number, end: number): TextSection {
  const heading = headingText(lines[start]!);
  return { heading, lines: [`# ${heading}`, ...lines.slice(start + 1, end)] };
}

/** Where sections start, and which of those starts are parts or notes rather than chapters. */
interface SplitPlan {
  starts: number[];
  partStarts: Set<number>;
  noteStarts: Set<number>;
}

/**
 * Level-1 headings that are parts over level-2 chapters (`# Part One` › `## The Ferry`, or every
 * `#` holding `##`s): the `##`s start chapters, the `#`s parts. A `#` note (`# Characters` with a
 * `##` per person) stays one section. Null when the `#`s are not parts.
 */
function partedPlan(lines: readonly string[], alsoStarts: (line: string) => boolean): SplitPlan | null {
  const tops = lines.map((line, index) => (headingLevel(line) === 1 ? index : -1)).filter((index) => index >= 0);
  const groups = tops.filter((index) => !alsoStarts(lines[index]!));
  const endOf = (index: number) => tops.find((top) => top > index) ?? lines.length;
  const chaptersIn = (index: number) => lines.map((line, at) => (at > index && at < endOf(index) && headingLevel(line) === 2 ? at : -1)).filter((at) => at >= 0);
  const holding = groups.filter((index) => chaptersIn(index).length > 0);
  if (holding.length === 0) return null;
  const named = groups.every((index) => partHeading(lines[index]!) !== null);
  if (!named && (holding.length !== groups.length || groups.length < 2)) return null;
  const notes = tops.filter((index) => alsoStarts(lines[index]!));
  const starts = [...groups, ...groups.flatMap(chaptersIn), ...notes].sort((a, b) => a - b);
  return { starts, partStarts: new Set(holding), noteStarts: new Set(notes) };
}

/**
 * The lines of a plain text that head chapters by their number alone (`I.`, `II.`, `3`, `FOUR`),
 * each after a blank line: at least two, numbered one after another from one or two, so a list of
 * figures or a lone "1" is no chapter.
 */
function bareNumberLines(lines: readonly string[]): number[] {
  const found: Array<{ index: number; number: number }> = [];
  lines.forEach((line, index) => {
    const text = line.trim();
    if (text === '' || text.startsWith('#') || (index > 0 && lines[index - 1]!.trim() !== '')) return;
    // A number word heads a chapter in capitals ("FOUR"), never as a word of prose ("Four").
    if (/^[A-Za-z]+(?:-[A-Za-z]+)?$/.test(text) && !/^[IVXLC]+\.?$/.test(text) && text !== text.toUpperCase()) return;
    const number = bareNumberHeading(text);
    if (number !== null) found.push({ index, number });
  });
  const run = found.filter((entry, at) => at === 0 || entry.number > found[at - 1]!.number);
  const steady = run.length === found.length && run.length >= 2 && run[0]!.number <= 2 && run.every((entry, at) => at === 0 || entry.number - run[at - 1]!.number <= 2);
  return steady ? run.map((entry) => entry.index) : [];
}

/**
 * Splits a long text at the lines that start chapters: "Chapter …" lines when there are two or
 * more; else, in a text without headings, lines with a chapter's number alone (`I.`, `II.`); else `##` chapters under `#` parts; otherwise the headings of the highest level used at
 * least twice (one `#` title with `##` chapters splits at `##`). "Part …" lines end the chapter
 * before them and name the part of the chapters after (`part`); a part with only a title or an
 * epigraph is left out (its heading is in `parts`), and when there are no chapter lines or
 * headings under them the parts are the chapters. `alsoStarts` marks other lines that open a
 * section (a "Characters" heading after "Chapter …" lines). What comes before the first split is
 * returned as `preface`.
 */
export function splitAtChapters(
  lines: readonly string[],
  alsoStarts: (line: string) => boolean = () => false,
): { preface: string[]; sections: TextSection[]; parts: string[] } {
  const indices = (test: (line: string) => boolean): number[] => lines.map((line, index) => (test(line) ? index : -1)).filter((index) => index >= 0);
  const chapterLines = indices((line) => chapterHeading(line) !== null);
  const partLines = indices((line) => partHeading(line) !== null && chapterHeading(line) === null);
  const extra = indices(alsoStarts);
  const sorted = (...groups: number[][]) => [...new Set(groups.flat())].sort((a, b) => a - b);
  const bareLines = bareNumberLines(lines);
  let plan: SplitPlan;
  if (chapterLines.length >= 2) {
    plan = { starts: sorted(chapterLines, partLines, extra), partStarts: new Set(partLines), noteStarts: new Set(extra) };
  } else if (bareLines.length >= 2 && !lines.some((line) => headingLevel(line) > 0)) {
    plan = { starts: sorted(bareLines, partLines, extra), partStarts: new Set(partLines), noteStarts: new Set(extra) };
  } else {
    const parted = partedPlan(lines, alsoStarts);
    if (parted) plan = parted;
    else if (partLines.length >= 2) plan = { starts: sorted(partLines, extra), partStarts: new Set(), noteStarts: new Set(extra) };
    else {
      const levels = [1, 2, 3].map((level) => indices((line) => headingLevel(line) === level));
      const starts = levels.find((found) => found.length >= 2) ?? levels.find((found) => found.length === 1) ?? [];
      plan = { starts, partStarts: new Set(), noteStarts: new Set() };
    }
  }
  const { starts, partStarts, noteStarts } = plan;
  if (starts.length === 0) return { preface: [...lines], sections: [], parts: [] };
  const sections: TextSection[] = [];
  const parts: string[] = [];
  let part: string | undefined;
  starts.forEach((start, index) => {
    const end = starts[index + 1] ?? lines.length;
    const section = sectionAt(lines, start, end);
    if (partStarts.has(start)) {
      // A part with pages of its own (a prologue under its title) is read as a chapter too.
      part = section.heading;
      if (wordCount(section.lines.slice(1)) < MIN_PART_WORDS) parts.push(section.heading);
      else sections.push(section);
      return;
    }
    if (noteStarts.has(start)) part = undefined;
    sections.push(part === undefined ? section : { ...section, part });
  });
  return { preface: lines.slice(0, starts[0]), sections, parts };
}

/**
 * Splits a note that describes several entities (`Characters.md` with a `##` section per person)
 * at its `##` headings (else `#`, else `###`, or in the order of `levels`), when there are at least
 * two such sections.
 */
export function splitEntities(lines: readonly string[], levels: readonly number[] = [2, 1, 3]): TextSection[] {
  for (const level of levels) {
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
