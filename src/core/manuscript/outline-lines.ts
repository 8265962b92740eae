import { parseNumberWord } from './numbers.js';
import { stripMarkdown } from './labelled-line.js';
import { ORDINAL_WORDS } from './facts/calendar.js';

/** The fields an outline scene entry may carry, after label aliases are folded. */
export type OutlineField = 'file' | 'pov' | 'when' | 'characters' | 'beat' | 'location';

const ROMAN: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4, V: 5, VI: 6, VII: 7, VIII: 8, IX: 9, X: 10, XI: 11, XII: 12, XIII: 13, XIV: 14, XV: 15, XVI: 16, XVII: 17, XVIII: 18, XIX: 19, XX: 20 };

/** `3`, `three`, `III` → 3; null for anything else. */
export function headingNumber(token: string): number | null {
  if (/^\d+$/.test(token)) return Number(token);
  return ROMAN[token.toUpperCase()] ?? parseNumberWord(token);
}

// "Chapter 5", "Ch. 5", "CHAPTER FIVE", "Scene 12", "Chapter Twenty-One", a diary's "Entry 3" at the start of a line.
// The keyword stands alone: "Check-In" and "Scenery" are titles, not "Ch eck-In".
const CHAPTER_LEAD = /^(?:chapter|chap\.?|ch\.?|scene|scn|sc\.?|entry|episode|letter)(?![a-z])\s*[-#]?\s*(\d+|[ivxlc]+\b|[a-z]+(?:-[a-z]+)?)\s*([:.,)—–-]|\s|$)\s*(.*)$/i;

/** A line that opens a chapter entry in prose: `Chapter Five. Mara finds…` → number 5 and the rest. */
export function chapterLead(text: string): { number: number; rest: string } | null {
  const match = CHAPTER_LEAD.exec(stripMarkdown(text.replace(/\*\*|__/g, '')).trim());
  if (!match) return null;
  const number = headingNumber(match[1]!);
  return number === null ? null : { number, rest: match[3]!.trim() };
}

/**
 * Splits an entry's one-line text into a title and the rest: `The Ferry — Ilse crosses` → title
 * `The Ferry`; `**The Ferry.** Ilse crosses` → `The Ferry`; a long sentence with no separator is
 * all summary and gets no title.
 */
export function titleAndSummary(text: string): { title: string; summary: string } {
  const bold = /^\*\*([^*]+?)\*\*[\s:.—–-]*(.*)$/.exec(text.trim()) ?? /^__([^_]+?)__[\s:.—–-]*(.*)$/.exec(text.trim());
  if (bold) return { title: stripMarkdown(bold[1]!).replace(/[.:]$/, ''), summary: stripMarkdown(bold[2]!) };
  const plain = stripMarkdown(text);
  const separated = /^(.{1,80}?)\s+(?:—|–|-{1,2})\s+(.+)$/.exec(plain) ?? /^([^:]{1,60}):\s+(.+)$/.exec(plain);
  if (separated) return { title: separated[1]!.trim(), summary: separated[2]!.trim() };
  const sentence = /^([^.!?]{1,60}[.!?])\s+(.+)$/.exec(plain);
  if (sentence && sentence[1]!.split(/\s+/).length <= 8) return { title: sentence[1]!.replace(/[.]$/, '').trim(), summary: sentence[2]!.trim() };
  return plain.split(/\s+/).length <= 8 ? { title: plain.replace(/[.]$/, ''), summary: '' } : { title: '', summary: plain };
}

/** The column headers an outline table uses, folded onto entry fields. */
export type TableColumn = OutlineField | 'number' | 'title' | null;

const COLUMN_NAMES: ReadonlyArray<[RegExp, TableColumn]> = [
  [/^(?:#|no\.?|num(?:ber)?|ch(?:apter)?\.?(?:\s*(?:no\.?|#|number))?|scene(?:\s*(?:no\.?|#|number))?|sc\.?)$/i, 'number'],
  [/^(?:title|name|chapter\s*title|scene\s*title|heading)$/i, 'title'],
  // `Day and date`, `Date / day`, `Day & time`, `Story date`, `Dated`.
  [/^(?:when|dated?|time|(?:story|in[-\s]story)\s*(?:day|date|time)|(?:day|date)(?:\s*(?:\/|and|&|\+|,)\s*(?:day|date|time))*)$/i, 'when'],
  [/^(?:pov|point\s*of\s*view|viewpoint|narrator)$/i, 'pov'],
  [/^(?:characters|cast|who|people)$/i, 'characters'],
  [/^(?:location|where|place|setting)$/i, 'location'],
  [/^(?:file|scene\s*file|path)$/i, 'file'],
  [/^(?:summary|beat|beats|events?|key\s*events|what\s*happens|synopsis|plot|description|notes?|action|content|(?:chapter|scene)\s*summary)$/i, 'beat'],
];

/** The cells of a Markdown table row, trimmed; null when the line is not a row. */
export function tableCells(line: string): string[] | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|')) return null;
  return trimmed.replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => stripMarkdown(cell.trim()));
}

/** True for a table's separator row, `|---|:--:|`. */
export function isTableSeparator(line: string): boolean {
  return /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line);
}

/** What each column of an outline table holds; null when the table is not an outline (no title, number or summary). */
export function tableColumns(header: readonly string[]): TableColumn[] | null {
  const columns = header.map((name) => COLUMN_NAMES.find(([pattern]) => pattern.test(name.trim()))?.[1] ?? null);
  return columns.some((column) => column === 'number' || column === 'title' || column === 'beat') ? columns : null;
}

const WEEKDAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
// A day as digits or in words: "14th", "the fourteenth" ("Saturday, the fourteenth of October 2023").
const DAY_OF_MONTH = `(?:the\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?|${ORDINAL_WORDS})`;
const DATE = `(?:${DAY_OF_MONTH}\\s+(?:of\\s+)?${MONTH}(?:,?\\s+\\d{4})?|${MONTH}\\s+${DAY_OF_MONTH}(?:,?\\s+\\d{4})?)`;
const TIME = `(?:Day\\s+\\d+|${WEEKDAY}(?:,?\\s+${DATE})?|${DATE})(?:[,\\s]+(?:morning|afternoon|evening|night|dawn|dusk|midnight|noon))?`;
// Where an outline line says when its chapter happens: "(Monday)", "Monday:", "on Monday",
// "Monday morning", "It is Monday", "Day 3", or a line that opens with its time, perhaps a clock
// time, and a stop or comma ("Friday 14 March, 21:40. Ana boards…", "Day 2. The storm", "Friday,
// a week later"). A weekday merely named ("Monday's storm") is not one.
const INLINE_WHEN = new RegExp(
  `\\((${TIME})[^)]*\\)|^(${TIME})(?:,?\\s+(?:at\\s+)?\\d{1,2}[:.]\\d{2}(?:\\s*[ap]\\.?m\\.?)?)?\\s*(?:[,:—–-]|\\.(?:\\s|$))|\\b(?:on|it\\s+is|it's|it\\s+was)\\s+(${TIME})\\b|\\b(Day\\s+\\d+(?:[,\\s]+(?:morning|afternoon|evening|night))?)\\b|\\b(${WEEKDAY}\\s+(?:morning|afternoon|evening|night))\\b|[—–-]\\s*(${TIME})\\s*$`,
  'i',
);
const INLINE_POV = /\(?\bPOV\s*[:—–-]?\s*([\p{Lu}][\p{L}'’.-]*(?:\s+[\p{Lu}][\p{L}'’.-]*)*)\)?/u;

/** A time the line states for its entry (`Monday`, `Day 3`, `14 March`), or null. */
export function inlineWhen(text: string): string | null {
  const plain = stripMarkdown(text);
  const match = INLINE_WHEN.exec(plain);
  // A short date in brackets, as a plan of entries writes it: "Entry 3 (Sun 4 Mar): the storm".
  if (!match) return SHORT_IN_BRACKETS.exec(plain)?.[1]?.trim() ?? null;
  const found = (match.slice(1).find((group) => group !== undefined) ?? '').trim();
  // `Sunday — Sunday, March 15`: the fuller time at the end wins over a title that is a weekday.
  const trailing = new RegExp(`[—–-]\\s*(${TIME})\\s*$`, 'i').exec(plain)?.[1]?.trim() ?? '';
  return (trailing.length > found.length ? trailing : found) || null;
}

const TRAILING_WHEN = new RegExp(`\\s*[—–-]\\s*${TIME}\\s*$`, 'i');

/** A heading's title without the time it ends with: `Check-In — Monday, March 9` → `Check-In`. */
export function withoutTrailingWhen(text: string): string {
  const title = text.replace(TRAILING_WHEN, '').trim();
  return title === '' ? text.trim() : title;
}

/**
 * A table cell that holds a chapter's number and title together (`01 The Lamp Room`, `3. Ice`,
 * `Ch 4 — Flood`): the number and the title; null when it does not start with a number.
 */
export function numberAndTitle(cell: string): { number: number; title: string } | null {
  const lead = chapterLead(cell);
  if (lead) return { number: lead.number, title: titleAndSummary(lead.rest).title || lead.rest };
  const match = /^(\d+)\s*[.):—–-]?\s+(\S.*)$/.exec(cell.trim());
  return match ? { number: Number(match[1]), title: match[2]!.trim() } : null;
}

/** A `POV: Name` stated inside an entry's line, or null. */
export function inlinePov(text: string): string | null {
  return INLINE_POV.exec(text)?.[1]?.trim() ?? null;
}

// A date a timeline entry opens with, abbreviated as timelines write them: `Tue 3 May 1887`,
// `Saturday 14 March`, `3 May`, `May 3rd, 1887`, `1887-05-03`, `Day 4`.
/** A weekday as timelines write it, whole or cut short (`Tue`, `Thurs.`, `Saturday`); match case-insensitively. */
export const SHORT_WEEKDAY = '(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs?)?|Fri|Sat(?:ur)?|Sun)(?:day)?\\.?';
/** A month as timelines write it, whole or cut short (`Sep`, `Sept.`, `March`); match case-insensitively. */
export const SHORT_MONTH = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
// A short date in brackets: "(Sun 4 Mar)", "(Tue, 22 Aug 1946)", "(Sat Mar 3)".
const SHORT_IN_BRACKETS = new RegExp(`\\(((?:${SHORT_WEEKDAY},?\\s+)?\\d{1,2}(?:st|nd|rd|th)?\\s+${SHORT_MONTH}(?:,?\\s+\\d{4})?|${SHORT_WEEKDAY},?\\s+${SHORT_MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?)\\)`, 'i');
const SHORT_DATE = `(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${SHORT_MONTH}(?:,?\\s+\\d{4})?|${SHORT_MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?|\\d{4}-\\d{2}-\\d{2})`;
const DATED_LEAD = new RegExp(
  `^((?:(?:${SHORT_WEEKDAY},?\\s+(?:the\\s+)?)?${SHORT_DATE}|${SHORT_WEEKDAY}|Day\\s+\\d+)(?:[,\\s]+(?:morning|afternoon|evening|night|dawn|dusk))?)\\s*(?:[—–:|-]|,)\\s*(.+)$`,
  'i',
);

/**
 * A line that opens with a date and a separator, as timelines and chapter lists write it:
 * `Wed 14 Aug 1946 - The Lodgers. …` → when `Wed 14 Aug 1946` and the rest; null otherwise.
 */
// "2019-04-13 (Sat) ch 1 - …": a date with its weekday in brackets needs no separator after it.
const DATE_AND_WEEKDAY = new RegExp(`^(${SHORT_DATE}\\s*\\(${SHORT_WEEKDAY}\\))\\s*(?:[—–:|-]|,)?\\s*(.+)$`, 'i');

export function leadingDate(text: string): { when: string; rest: string } | null {
  const plain = stripMarkdown(text.replace(/\*\*|__/g, '')).trim();
  const match = DATE_AND_WEEKDAY.exec(plain) ?? DATED_LEAD.exec(plain);
  return match ? { when: match[1]!.trim(), rest: match[2]!.trim() } : null;
}

/**
 * A timeline entry that names its chapter after the date: `Tue 3 May 1887 — Chapter 2: Gorse Hall.
 * …` → when `Tue 3 May 1887` and the rest from `Chapter 2`; null when no chapter follows the date.
 */
export function datedChapterLead(text: string): { when: string; rest: string } | null {
  const dated = leadingDate(text);
  return dated !== null && chapterLead(dated.rest) !== null ? dated : null;
}

const CHAPTER_NUMBER = '(\\d+|[IVXLC]+\\b|[a-z]+(?:-[a-z]+)?)';
const CHAPTER_WORD = '(?:chapters?|chaps?\\.?|chs?\\.?)';
// "(Ch. 3)", "[Chapter 3]", "(Chapters 4–5)", "(chs. 6 & 7)", or "— Ch. 3" at the end of a heading.
const CHAPTER_REFERENCE = new RegExp(
  `\\s*(?:[(\\[]\\s*${CHAPTER_WORD}\\s*${CHAPTER_NUMBER}(?:\\s*(?:[–—-]|to|through|and|&)\\s*${CHAPTER_NUMBER})?\\s*[)\\]]|[—–:-]\\s*${CHAPTER_WORD}\\s*${CHAPTER_NUMBER}(?:\\s*(?:[–—-]|to|through|and|&)\\s*${CHAPTER_NUMBER})?\\s*$)`,
  'i',
);

/**
 * The chapters a beat or heading points at when it is not numbered itself: `Catalyst (Ch. 3)` →
 * chapter 3, title `Catalyst`; `Debate (Chapters 4–5)` → chapters 4 to 5. Null when it names none.
 */
export function chapterReference(text: string): { number: number; through: number | null; title: string } | null {
  const plain = stripMarkdown(text);
  const match = CHAPTER_REFERENCE.exec(plain);
  if (!match) return null;
  const first = headingNumber(match[1] ?? match[3]!);
  const lastToken = match[2] ?? match[4];
  const last = lastToken === undefined ? null : headingNumber(lastToken);
  if (first === null || (lastToken !== undefined && (last === null || last < first))) return null;
  const title = `${plain.slice(0, match.index)}${plain.slice(match.index + match[0].length)}`.replace(/\s+/g, ' ').trim();
  return { number: first, through: last !== null && last > first ? last : null, title };
}
