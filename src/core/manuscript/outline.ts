import type { ParseProblem } from './finding.js';
import type { SourceText } from './file-ref.js';
import { parseFrontMatter } from './front-matter.js';
import { bulletText, isBullet, parseLabelledLine, stripMarkdown, type Located } from './labelled-line.js';
import {
  chapterLead,
  chapterReference,
  headingNumber,
  leadingDate,
  datedChapterLead,
  inlinePov,
  inlineWhen,
  isTableSeparator,
  numberAndTitle,
  tableCells,
  tableColumns,
  titleAndSummary,
  withoutTrailingWhen,
  type OutlineField,
  type TableColumn,
} from './outline-lines.js';

export type { OutlineField } from './outline-lines.js';

/** How an outline entry was written. */
export type OutlineStyle = 'heading' | 'table' | 'list' | 'paragraph';

/** One scene or chapter of the outline (`### Scene 8: Letters` and its bullets, a table row, a list item). */
export interface OutlineEntry {
  /** The number in the heading, row or list item, or null when it has none. */
  number: number | null;
  /** The last chapter of an entry that spans several (`Debate (Chapters 4–5)`: 5), else null. */
  through: number | null;
  title: string;
  /** Line of the heading (row, item); `endLine` is the entry's last non-empty line. */
  line: number;
  endLine: number;
  /** Index into `Outline.acts`. */
  actIndex: number;
  fields: Partial<Record<OutlineField, Located<string>>>;
  /** Each `Beat:` line and each bullet nested under a `Beats:` label. */
  beats: Located<string>[];
  /** Names listed in `Characters:`. */
  characters: string[];
  style: OutlineStyle;
  /**
   * True when the entry names itself a chapter or scene (a number, "Chapter 3", a heading), so a
   * chapter should exist for it; a plain beat bullet under an act may span several chapters.
   */
  explicit: boolean;
}

/** An act (`## Act 2 — The Log`); entries before the first act heading sit in an untitled act. */
export interface OutlineAct {
  number: number | null;
  title: string;
  line: number;
  entries: OutlineEntry[];
}

/** A parsed outline: its acts, every scene entry in order, and what could not be parsed. */
export interface Outline {
  source: SourceText;
  path: string;
  acts: OutlineAct[];
  entries: OutlineEntry[];
  problems: ParseProblem[];
}

const LABEL_ALIASES: Record<string, OutlineField> = {
  file: 'file', 'scene file': 'file', path: 'file',
  pov: 'pov', 'point of view': 'pov', viewpoint: 'pov',
  when: 'when', time: 'when', day: 'when', date: 'when',
  characters: 'characters', cast: 'characters', who: 'characters',
  beat: 'beat', beats: 'beat', summary: 'beat',
  location: 'location', where: 'location', place: 'location', setting: 'location',
};
const ACT_HEADING = /^#{1,3}\s+(?:Act|Part|Book)\s+([0-9]+|[IVXivx]+|[A-Za-z]+)\b\s*[:.—–-]?\s*(.*)$/;
const ACT_LINE = /^(?:\*\*|__)?(?:Act|Part|Book)\s+([0-9]+|[IVX]+|One|Two|Three|Four|Five)\b(?:\*\*|__)?\s*[:.—–-]?\s*(.*)$/;
const SCENE_HEADING = /^#{1,4}\s+(?:(?:Scene|Chapter|SCN|Ch\.?)(?![a-z]))?\s*[-#]?\s*(\d+)?\s*[:.)—–-]?\s*(.*)$/i;
// Sections of an outline file that are not scenes: their lists are notes, not entries.
const NOTE_SECTION = /\b(?:notes?|ideas|research|questions|to ?do|characters|cast|themes?|background|threads|open)\b/i;
const NUMBERED = /^(\d+)[.)]\s+(.+)$/;

/** The text of a nested list item that names a chapter by a part-and-chapter label (`1.2 The Light`) or a chapter lead. */
const ROMAN_LEAD = /^(?:\*\*|__)?[IVXLC]{1,7}[.:](?:\*\*|__)?\s+(?=[(\p{Lu}])/u;

function nestedChapterText(text: string): { text: string } | null {
  // An indented line that opens with its chapter (`    Chapter 3 - Wednesday 9 June 2032: …`, the
  // plan in a field of a writing app's summary file) is an entry too.
  const plain = /^\s+(?![-*+]\s|\d+[.)]\s)(\S.*)$/.exec(text)?.[1];
  if (plain !== undefined) return chapterLead(plain) !== null || datedChapterLead(plain) !== null ? { text: plain } : null;
  const item = /^\s+(?:[-*+]|\d+[.)])\s+(.+)$/.exec(text)?.[1];
  if (item === undefined) return null;
  const decimal = /^(?:\*\*|__)?\d{1,2}\.\d{1,3}(?:\*\*|__)?\s*[.:—–-]?\s+(\S.*)$/.exec(item);
  if (decimal) return { text: decimal[1]! };
  return chapterLead(item) !== null ? { text: item } : null;
}

function splitNames(value: string): string[] {
  return value.split(/,|;|\band\b|&/).map((name) => stripMarkdown(name).replace(/\.$/, '').trim()).filter((name) => name !== '');
}

/** The parser's state between lines. */
interface Cursor {
  current: OutlineEntry | null;
  lastField: OutlineField | null;
  inBeatList: boolean;
  /** Lists here become entries (`list`), not (`notes`); under a scene heading they are its beats. */
  section: 'list' | 'notes';
  table: TableColumn[] | null;
  tableRows: number;
}

// A heading that names the outline itself: "Chapter outline", "Chapter plan", "Scene list", "Chapters".
const OUTLINE_TITLE = /^#+\s+(?:the\s+)?(?:scene|chapter)s?(?:[\s-]+(?:by[\s-]+chapter|outline|plan|summar(?:y|ies)|list|breakdown|notes|overview|guide|synopses|synopsis))?\s*:?\s*$/i;

/**
 * Parses an outline written any of the ways writers write them: headings with labelled bullets
 * (`### Scene 8: Letters` / `- POV: Hester`), headings with beat bullets, acts with one bullet per
 * chapter, numbered lists, Markdown tables (`| Ch | Title | Day | Summary |`) and plain paragraphs
 * (`Chapter Five. Mara finds…`). Tolerates bold labels, missing fields and stray text; never throws.
 */
export function parseOutline(source: SourceText): Outline {
  const frontMatter = parseFrontMatter(source.path, source.lines);
  const problems: ParseProblem[] = frontMatter.problem ? [frontMatter.problem] : [];
  const acts: OutlineAct[] = [];
  const entries: OutlineEntry[] = [];
  const cursor: Cursor = { current: null, lastField: null, inBeatList: false, section: 'list', table: null, tableRows: 0 };

  const currentAct = (): number => {
    if (acts.length === 0) acts.push({ number: null, title: '', line: 0, entries: [] });
    return acts.length - 1;
  };
  const open = (entry: Omit<OutlineEntry, 'actIndex' | 'fields' | 'beats' | 'characters' | 'endLine' | 'through'> & { through?: number | null }): OutlineEntry => {
    const actIndex = currentAct();
    const created: OutlineEntry = { ...entry, through: entry.through ?? null, endLine: entry.line, actIndex, fields: {}, beats: [], characters: [] };
    acts[actIndex]!.entries.push(created);
    entries.push(created);
    cursor.current = created;
    cursor.lastField = null;
    cursor.inBeatList = false;
    return created;
  };
  const addBeat = (entry: OutlineEntry, value: string, line: number): void => {
    if (value === '') return;
    entry.beats.push({ value, line });
    entry.fields.beat ??= { value, line };
  };
  /** An entry from one line of text (a list item, a paragraph, a bullet under an act). */
  const openFromText = (whole: string, line: number, style: OutlineStyle, listNumber: number | null): void => {
    // A dated timeline's entry (`Tue 3 May 1887 — Chapter 2: Gorse Hall. …`): the date is its time.
    const dated = datedChapterLead(whole);
    const text = dated ? dated.rest : whole;
    // "II. The Lower Field: …" numbers its chapter in Roman numerals (capitals, so "I." is no pronoun).
    const roman = chapterLead(text) === null && listNumber === null ? /^\s*(?:\*\*|__)?([IVXLC]+)[.:]\s+(?=\S)/.exec(text) : null;
    const romanNumber = roman ? headingNumber(roman[1]!) : null;
    const lead = chapterLead(text) ?? (romanNumber !== null ? { number: romanNumber, rest: text.slice(roman![0].length) } : null);
    // "Ch 3 - Wed 14 Aug 1946 - The Lodgers. …": the date after the number is the entry's time.
    // "Entry 3 (Sun 4 Mar): the storm": a date in brackets after the number is its time, not its title.
    const bracketed = lead && !dated ? /^\(([^()]{3,40})\)\s*[:.—–-]?\s*(.*)$/.exec(lead.rest) : null;
    const bracketedWhen = bracketed && inlineWhen(`(${bracketed[1]!})`) !== null ? { when: bracketed[1]!.trim(), rest: bracketed[2]!.trim() } : null;
    const datedRest = lead && !dated ? (bracketedWhen ?? leadingDate(lead.rest)) : null;
    if (lead && datedRest) lead.rest = datedRest.rest;
    const { title, summary } = titleAndSummary(lead ? lead.rest : text);
    const entry = open({ number: lead?.number ?? listNumber, title, line, style, explicit: lead !== null || listNumber !== null });
    addBeat(entry, summary || stripMarkdown(lead ? lead.rest : text), line);
    const pov = inlinePov(text);
    if (pov) entry.fields.pov = { value: pov, line };
    if (dated) entry.fields.when = { value: dated.when, line };
    else if (datedRest) entry.fields.when = { value: datedRest.when, line };
  };

  // Paragraphs led by a chapter's number in Roman figures ("III. (Thursday 11 September) Gas
  // Street."), when two or more are: each is an entry.
  const romanLed = source.lines.slice(frontMatter.bodyStart - 1).filter((text) => ROMAN_LEAD.test(text)).length;
  const partLevels = new Set(source.lines.slice(frontMatter.bodyStart - 1).filter((text) => ACT_HEADING.test(text)).map((text) => /^(#{1,6})/.exec(text)?.[1]!.length ?? 0));
  const deepest = Math.max(0, ...source.lines.slice(frontMatter.bodyStart - 1).map((text) => /^(#{1,6})\s+\S/.exec(text)?.[1]!.length ?? 0));
  for (let line = frontMatter.bodyStart; line <= source.lines.length; line += 1) {
    const text = source.lines[line - 1]!;
    if (text.trim() === '') {
      cursor.lastField = null;
      continue;
    }
    const cells = tableCells(text);
    if (cells !== null) {
      if (isTableSeparator(text)) continue;
      const header = cursor.table === null ? tableColumns(cells) : null;
      if (header !== null && isTableSeparator(source.lines[line] ?? '')) {
        cursor.table = header;
        cursor.tableRows = 0;
        cursor.current = null;
        continue;
      }
      if (cursor.table !== null) readTableRow(cells, cursor.table, line, (cursor.tableRows += 1));
      continue;
    }
    cursor.table = null;
    // A list item that names a part (`1. Part One`, `- Act II: The Storm`) is the part, its nested items the entries.
    const listedPart = /^\s*(?:[-*+]|\d+[.)])\s+/.test(text) && !/^\s{2,}/.test(text) ? ACT_LINE.exec(text.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').trim()) : null;
    const act = ACT_HEADING.exec(text) ?? listedPart ?? (isBullet(text) || /^#/.test(text) ? null : ACT_LINE.exec(text.trim()));
    if (act) {
      acts.push({ number: headingNumber(act[1]!), title: stripMarkdown(act[2] ?? ''), line, entries: [] });
      cursor.current = null;
      cursor.section = 'list';
      continue;
    }
    if (/^#/.test(text)) {
      const scene = SCENE_HEADING.exec(text);
      const level = /^#+/.exec(text)![0].length;
      // ("# Chapter outline", "## Chapter summaries": the outline's own title, no chapter.)
      const says = /^#+\s+(?:Scene|Chapter|SCN|Ch\.?)(?![a-z])\s*[-#]?\s*(?:\d|[IVXivx]+\b|[A-Za-z]+)/i.test(text) && !OUTLINE_TITLE.test(text);
      // A heading is a scene when it says so (`## Chapter 3`, `# Scene 2`) or sits below level 2;
      // a level-1 heading is the outline's title, a level-2 one without a number a section.
      // When level 2 is the deepest level used, its headings (beats under each) are the entries,
      // unless they name an act, a part or a notes section.
      const plainEntry = level === 2 && deepest === 2 && !NOTE_SECTION.test(text) && !/^#+\s+(?:act|part|book|volume)\b/i.test(text);
      // Beside part headings, a "Prologue" or "Epilogue" heading is a part of its own, its bullets the entries.
      if (!says && partLevels.has(level) && /^#+\s+(?:prologue|epilogue|interlude|coda|afterword)\b/i.test(text)) {
        acts.push({ number: null, title: stripMarkdown(text.replace(/^#+\s*/, '')), line, entries: [] });
        cursor.current = null;
        cursor.section = 'list';
        continue;
      }
      const isScene = scene !== null && !OUTLINE_TITLE.test(text) && (says || level > 2 || (level === 2 && scene[1] !== undefined) || plainEntry);
      if (scene && isScene) {
        const lead = chapterLead(text.replace(/^#+\s*/, ''));
        // A beat sheet's `### Catalyst (Ch. 3)` names the chapter (or chapters) it plans.
        const reference = scene[1] === undefined && lead === null ? chapterReference(text.replace(/^#+\s*/, '')) : null;
        const title = withoutTrailingWhen(lead && scene[1] === undefined ? titleAndSummary(lead.rest).title || stripMarkdown(text.replace(/^#+\s*/, '')) : reference?.title ?? stripMarkdown(scene[2] ?? ''));
        open({ number: scene[1] !== undefined ? Number(scene[1]) : lead?.number ?? reference?.number ?? null, through: reference?.through ?? null, title, line, style: 'heading', explicit: true });
        const when = inlineWhen(text.replace(/^#+\s*/, ''));
        if (when) cursor.current!.fields.when = { value: when, line };
      } else {
        cursor.current = null;
        cursor.section = level === 1 || !NOTE_SECTION.test(text) ? 'list' : 'notes';
      }
      cursor.lastField = null;
      cursor.inBeatList = false;
      continue;
    }
    const current = cursor.current;
    const indented = /^\s{2,}\S/.test(text);
    const numbered = NUMBERED.exec(text.trim());
    // A nested item labelled as a chapter of a part (`   1. 1.2 The Light — Sunday 3 June …`, `  - Chapter 4: …`)
    // is an entry of its own, not a beat of the item before it.
    const nestedChapter = indented && cursor.section === 'list' && (current === null || current.style !== 'heading') ? nestedChapterText(text) : null;
    if (nestedChapter !== null) {
      openFromText(nestedChapter.text, line, 'list', null);
      cursor.current!.explicit = true;
      continue;
    }
    // Outside a heading entry, a top-level numbered item or bullet, or a "Chapter N" paragraph,
    // opens an entry of its own.
    if (!indented && (current === null || current.style !== 'heading') && cursor.section === 'list') {
      const labelled = parseLabelledLine(text);
      const isField = labelled !== null && LABEL_ALIASES[labelled.label] !== undefined && current !== null;
      if (numbered && !isField) {
        openFromText(numbered[2]!, line, 'list', Number(numbered[1]));
        continue;
      }
      if (isBullet(text) && !isField) {
        openFromText(bulletText(text), line, 'list', null);
        continue;
      }
      if (!isBullet(text) && !numbered && (chapterLead(text) !== null || datedChapterLead(text) !== null || (romanLed >= 2 && ROMAN_LEAD.test(text)))) {
        openFromText(text, line, 'paragraph', null);
        continue;
      }
    }
    if (current === null) continue;
    current.endLine = line;
    readEntryLine(current, text, line);
  }

  function readTableRow(rowCells: readonly string[], columns: readonly TableColumn[], line: number, rowIndex: number): void {
    const value = (column: TableColumn): string => rowCells[columns.indexOf(column)]?.trim() ?? '';
    const numberCell = value('number');
    const lead = chapterLead(numberCell) ?? chapterLead(value('title'));
    // A chapter column may hold the number and the title together (`01 The Lamp Room`), or only a
    // title when the table has no title column.
    const both = /^\d+$/.test(numberCell) ? null : numberAndTitle(numberCell);
    const number = /^\d+$/.test(numberCell) ? Number(numberCell) : both?.number ?? lead?.number ?? headingNumber(numberCell);
    const titleCell = value('title') || (both?.title ?? (!columns.includes('title') && number === null ? numberCell : ''));
    const entry = open({ number: number ?? (columns.includes('number') ? null : rowIndex), title: lead && !/^\d+$/.test(numberCell) && value('title') === '' ? titleAndSummary(lead.rest).title : titleCell, line, style: 'table', explicit: true });
    columns.forEach((column, index) => {
      const cell = rowCells[index]?.trim() ?? '';
      if (column === null || column === 'number' || column === 'title' || cell === '') return;
      if (column === 'beat') addBeat(entry, cell, line);
      else entry.fields[column] ??= { value: cell, line };
      if (column === 'characters') entry.characters = splitNames(cell);
    });
    cursor.current = null;
  }

  function readEntryLine(current: OutlineEntry, text: string, line: number): void {
    const nested = /^\s{2,}(?:[-*+]|\d+[.)])\s/.test(text);
    if (nested && cursor.inBeatList) {
      current.beats.push({ value: bulletText(text.replace(/^(\s*)\d+[.)]\s/, '$1- ')), line });
      return;
    }
    const labelled = parseLabelledLine(text);
    const field = labelled ? LABEL_ALIASES[labelled.label] : undefined;
    if (labelled && field) {
      cursor.inBeatList = field === 'beat' && labelled.value === '';
      cursor.lastField = field;
      if (field === 'beat') {
        if (labelled.value !== '') current.beats.push({ value: labelled.value, line });
        current.fields.beat ??= { value: labelled.value, line };
        return;
      }
      if (current.fields[field] && !(field === 'when' && current.style !== 'heading')) {
        problems.push({ code: 'outline_field_repeated', message: `Scene entry "${current.title}" repeats its ${field} field.`, path: source.path, line });
        return;
      }
      current.fields[field] = { value: labelled.value, line };
      if (field === 'characters') current.characters = splitNames(labelled.value);
      return;
    }
    const bullet = isBullet(text) || /^\s*\d+[.)]\s/.test(text);
    if (!bullet && cursor.lastField !== null) {
      // A wrapped line continues the field above it.
      const previous = current.fields[cursor.lastField];
      if (previous) previous.value = `${previous.value} ${text.trim()}`.trim();
      if (cursor.lastField === 'beat' && current.beats.length > 0) {
        const beat = current.beats[current.beats.length - 1]!;
        beat.value = `${beat.value} ${text.trim()}`;
      }
      if (cursor.lastField === 'characters' && previous) current.characters = splitNames(previous.value);
      return;
    }
    // Beat bullets and free text: each is a beat of the entry (a task list's box, `- [x]`, is no part of it).
    addBeat(current, stripMarkdown(text.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '')), line);
  }

  for (const entry of entries) inferWhen(entry);
  return { source, path: source.path, acts, entries, problems };
}

/** An entry with no `When:` takes the time its own lines state ("(Monday)", "on Day 3"). */
function inferWhen(entry: OutlineEntry): void {
  if (entry.fields.when) return;
  for (const beat of [{ value: entry.title, line: entry.line }, ...entry.beats]) {
    const when = inlineWhen(beat.value);
    if (when) {
      entry.fields.when = { value: when, line: beat.line };
      return;
    }
  }
}
