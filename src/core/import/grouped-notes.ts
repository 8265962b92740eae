import type { ImportKind } from '../../protocol/imports.js';
import { inCapitals, titleCase } from './capital-names.js';
import { bareNumberHeading, chapterHeading, partHeading, type TextSection } from './split-sections.js';

/** What a group heading of a notes file says its section holds. */
const GROUP_KINDS: ReadonlyArray<[RegExp, ImportKind]> = [
  [/^(?:the\s+)?(?:(?:main|major|minor|principal|supporting|secondary|other|recurring)\s+)?(?:characters?|cast(?:\s+list)?|people|persons|crew|dramatis\s+personae|who['’]?s\s+who|character\s+notes)$/i, 'character'],
  // `The Family`, `The Ollerton Family`; a card's own `Family` section is no group.
  [/^the\s+(?:[\p{L}'’-]+\s+)?(?:family|household)$/iu, 'character'],
  [/^(?:the\s+)?(?:(?:main|other|key)\s+)?(?:places?|locations?|settings?|geography|gazetteer|world\s+places)$/i, 'place'],
  [/^(?:the\s+)?(?:outline|chronology|timeline|time\s*line|plot|plot\s+outline|synopsis|chapters|scenes|chapters?\s+(?:plan|outline|summaries|list|by\s+chapter)|chapter[\s-]by[\s-]chapter|beats?|beat\s+sheet|structure|story\s+outline|calendar|running\s+order|order\s+of\s+chapters|chapter\s+order|(?:the\s+)?plan|chapter\s+plan)$/i, 'outline'],
  [/^(?:lore|world(?:\s*building)?|glossary|history|background|notes|objects|items|research|themes|terms|style\s+sheet)$/i, 'lore'],
];

/** A group of a notes file: its heading, what the heading says it holds, and its lines. */
export interface NoteGroup extends TextSection {
  kind: ImportKind;
}

function headingOf(line: string): { level: number; text: string } | null {
  const match = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
  return match ? { level: match[1]!.length, text: match[2]!.replace(/^(?:\*\*|__)(.*)(?:\*\*|__)$/, '$1').trim() } : null;
}

/** The kind a group heading names, if it names one (`# Characters`, `## Chronology`). */
export function groupKind(heading: string): ImportKind | null {
  const text = heading.replace(/[:.]$/, '').trim();
  return GROUP_KINDS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/**
 * The groups of a notes file kept as one document (a story bible with `# Characters`, `# Places`
 * and `# Chronology`): the headings of the highest level at which two or more name a group, each
 * with the lines up to the next heading of that level or higher. Null when fewer than two headings
 * name a group, and when the groups are not most of that level's headings (a novel whose chapters
 * include one called "Timeline" is no notes file). A heading there that names no group (a title
 * page, "Misc") is a lore group. When no heading level names two groups, lines in capitals
 * standing alone are read as the headings instead.
 */
export function noteGroups(lines: readonly string[]): { preface: string[]; groups: NoteGroup[] } | null {
  const headings = lines.map((line, index) => ({ index, heading: headingOf(line) })).filter((entry) => entry.heading !== null);
  for (const level of [1, 2, 3]) {
    const atLevel = headings.filter((entry) => entry.heading!.level === level);
    const named = atLevel.filter((entry) => groupKind(entry.heading!.text) !== null);
    if (named.length < 2) continue;
    const starts = atLevel.filter((entry) => entry.index >= named[0]!.index);
    if (named.length * 2 < starts.length) return null;
    const groups = starts.map((start, position) => {
      const endEntry = headings.find((entry) => entry.index > start.index && entry.heading!.level <= level);
      const end = Math.min(starts[position + 1]?.index ?? lines.length, endEntry?.index ?? lines.length);
      const heading = start.heading!.text;
      return { heading, kind: groupKind(heading) ?? 'lore', lines: [`# ${heading}`, ...lines.slice(start.index + 1, end)] };
    });
    return { preface: lines.slice(0, named[0]!.index), groups };
  }
  return capitalGroups(lines);
}

const MAX_CAPITAL_HEADING_WORDS = 6;

/** True for a line that heads a chapter or a part: `CHAPTER ONE`, `PART TWO`, `XII`. */
function chapterLine(line: string): boolean {
  return chapterHeading(line) !== null || partHeading(line) !== null || bareNumberHeading(line) !== null;
}

/** The last line with words before a line, or '' at the start. */
export function lineBefore(lines: readonly string[], index: number): string {
  for (let at = index - 1; at >= 0; at -= 1) if (lines[at]!.trim() !== '') return lines[at]!;
  return '';
}

/** A line in capitals standing alone between blank lines (`CHARACTERS`, `THE FAMILY:`, `== PLACES ==`), without its marks. */
function capitalHeading(lines: readonly string[], index: number): string | null {
  const line = lines[index]!.trim();
  const alone = (lines[index - 1] ?? '').trim() === '' && (lines[index + 1] ?? '').trim() === '';
  if (!alone || line.startsWith('#')) return null;
  const text = line.replace(/^[=*_~-]+\s*|\s*[=*_~-]+$/g, '').replace(/[:.]$/, '').trim();
  return inCapitals(text) && text.split(/\s+/).length <= MAX_CAPITAL_HEADING_WORDS ? text : null;
}

/**
 * The groups of a plain-text notes file whose sections open with a line in capitals (`CHARACTERS`,
 * `THE FAMILY`, `PLACES`): each line that names a group starts one, up to the next; other lines in
 * capitals (an entry's name on a line of its own) stay inside their group. Null when fewer than
 * two lines name a group, or when more such lines are chapter headings (a novel with a `CHAPTER
 * ONE` line per chapter); a chapter's title under its heading names no group.
 */
function capitalGroups(lines: readonly string[]): { preface: string[]; groups: NoteGroup[] } | null {
  const headings = lines.map((_, index) => ({ index, text: capitalHeading(lines, index) })).filter((entry): entry is { index: number; text: string } => entry.text !== null);
  const chapters = headings.filter((entry) => chapterLine(entry.text));
  // `CHAPTER ONE` over `THE FAMILY` is a chapter and its title, not a group.
  const named = headings.filter((entry) => groupKind(entry.text) !== null && !chapterLine(lineBefore(lines, entry.index)));
  if (named.length < 2 || chapters.length > named.length) return null;
  const groups = named.map((start, position) => {
    const heading = titleCase(start.text);
    const kind = groupKind(heading)!;
    const end = named[position + 1]?.index ?? lines.length;
    return { heading, kind, lines: [`# ${heading}`, ...lines.slice(start.index + 1, end)] };
  });
  return { preface: lines.slice(0, named[0]!.index), groups };
}
