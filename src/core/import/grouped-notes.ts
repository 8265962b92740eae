import type { ImportKind } from '../../protocol/imports.js';
import type { TextSection } from './split-sections.js';

/** What a group heading of a notes file says its section holds. */
const GROUP_KINDS: ReadonlyArray<[RegExp, ImportKind]> = [
  [/^(?:the\s+|main\s+)?(?:characters?|cast(?:\s+list)?|people|persons|crew|dramatis\s+personae|who['’]?s\s+who|character\s+notes)$/i, 'character'],
  [/^(?:the\s+)?(?:places?|locations?|settings?|geography|gazetteer|world\s+places)$/i, 'place'],
  [/^(?:the\s+)?(?:outline|chronology|timeline|time\s*line|plot|plot\s+outline|synopsis|chapters?\s+(?:plan|outline|summaries|list|by\s+chapter)|chapter[\s-]by[\s-]chapter|beats?|beat\s+sheet|structure|story\s+outline|calendar)$/i, 'outline'],
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
 * page, "Misc") is a lore group.
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
  return null;
}
