import { findDayMarkers } from '../day-markers.js';
import { parseNumberWord } from '../numbers.js';
import { isQuoted, lineOf, type Paragraph } from '../prose.js';
import { parseWhen } from '../story-time.js';
import { MONTH_PATTERN, ORDINAL_WORDS, WEEKDAY_PATTERN, parseDate, weekdayIndex, type PartialDate } from './calendar.js';

/** A statement of when a chapter happens: a story day, a weekday, a date, or a step from the chapter before. */
export interface TimeStatement {
  /** `Day 4` of the story. */
  day: number | null;
  /** 0 (Sunday) … 6 (Saturday). */
  weekday: number | null;
  date: PartialDate | null;
  /** Days after the previous chapter ("The next morning" → 1, "That evening" → 0). */
  after: number | null;
  text: string;
  path: string;
  line: number;
  source: 'front_matter' | 'heading' | 'prose' | 'outline';
}

const DATE = `(?:(?:the\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?|${ORDINAL_WORDS})\\s+(?:of\\s+)?${MONTH_PATTERN}(?:,?\\s+\\d{4})?|${MONTH_PATTERN}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?)`;
const PART = '(?:\\s+(?:morning|afternoon|evening|night))?';
// "It was Monday morning", "Today was a Tuesday", "It was Monday, the 3rd of June", "It was 14 March 1962",
// and in present-tense narration "It's Thursday night", "Today's the 9th of May".
const IT_IS = "(?:It|Today|This|The\\s+day)(?:\\s+(?:was|is|being)|['’]s)";
const IT_WAS = new RegExp(`\\b${IT_IS}\\s+(?:a\\s+|the\\s+|now\\s+)?(?:(${WEEKDAY_PATTERN})${PART}(?:,?\\s+(${DATE}))?|(${DATE}))`, 'g');
const IT_WAS_BEFORE = new RegExp(`\\b${IT_IS}\\s+(?:a\\s+|now\\s+)?$`);
const SAYS_IT_IS = new RegExp(`^${IT_IS}\\s`, 'i');

/** True when a statement names the chapter's own day ("It is Thursday the twenty-second of April"). */
export function datesItsChapter(statement: TimeStatement): boolean {
  return SAYS_IT_IS.test(statement.text);
}
// A paragraph that opens with its time: "Monday morning. The ferry…", "Tuesday, 4 June.", "On Friday the rain…",
// "That Thursday the belt broke", "On that Sunday…" (a chapter's opening "that" points at its own day).
// ("Monday was Michaelmas, so on the Saturday before it…" speaks of another day.)
const OPENING = new RegExp(`^(?:On\\s+that\\s+|On\\s+|That\\s+)?(?:(${WEEKDAY_PATTERN})${PART}(?:,?\\s+(${DATE}))?|(${DATE}))(?=[\\s,.:;—–-])(?!\\s+(?:was|is|had|would|will|came|meant|being|brought)\\b)`);
// "Tuesday the 6th", "Sunday the eleventh", "Monday, 5th November" anywhere in the opening narration.
const WEEKDAY_DAY = new RegExp(`\\b(${WEEKDAY_PATTERN}),?\\s+(?:(${DATE})|the\\s+(\\d{1,2}(?:st|nd|rd|th)|${ORDINAL_WORDS})\\b)`, 'gi');
const SHORT_WEEKDAY = /\b(Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\b\.?/i;
const NOT_NOW = /\b(?:last|next|every|each|since|until|till|by|before|after|this\s+coming|that|of|from)\s+$/i;
const RELATIVE: ReadonlyArray<[RegExp, (match: RegExpExecArray) => number | null]> = [
  [/^(?:The\s+)?(?:next|following)\s+(?:morning|day|afternoon|evening|night)\b|^(?:The\s+)?(?:morning|day)\s+after\b|^Next\s+(?:morning|day)\b/i, () => 1],
  [/^(?:That|The\s+same)\s+(?:morning|afternoon|evening|night)\b|^Later\s+that\s+(?:day|morning|afternoon|evening|night)\b|^An\s+hour\s+later\b/i, () => 0],
  [/^(\w+)\s+days?\s+later\b/i, (match) => (/^\d+$/.test(match[1]!) ? Number(match[1]) : parseNumberWord(match[1]!))],
  [/^A\s+week\s+later\b/i, () => 7],
  [/^A\s+fortnight\s+later\b/i, () => 14],
];
/** How far into a chapter its opening time may be stated: the first paragraphs, not a jump mid-way. */
const OPENING_PARAGRAPHS = 3;

function statement(fields: Partial<TimeStatement> & Pick<TimeStatement, 'text' | 'path' | 'line' | 'source'>): TimeStatement {
  return { day: null, weekday: null, date: null, after: null, ...fields };
}

/** The time a front-matter value, title or outline `When` states (`Day 4, afternoon`, `Monday`, `14 March 1962`). */
export function timeOfText(text: string, where: Pick<TimeStatement, 'path' | 'line' | 'source'>): TimeStatement | null {
  const day = parseWhen(text)?.day ?? null;
  const weekdayMatch = new RegExp(`\\b(${WEEKDAY_PATTERN})\\b`, 'i').exec(text) ?? SHORT_WEEKDAY.exec(text);
  const weekday = weekdayMatch ? weekdayIndex(weekdayMatch[1]!) : null;
  const date = new RegExp(`${DATE}|\\d{4}-\\d{2}-\\d{2}`, 'i').test(text) ? parseDate(text) : null;
  if (day === null && weekday === null && date === null) return null;
  return statement({ day, weekday, date, text: text.trim(), ...where });
}

/**
 * When a chapter opens, as its own text states it: the front matter's `when`/`date`, a title that is
 * a time, and in the first paragraphs' narration (never in speech) "It was Monday morning", a
 * paragraph opening "Tuesday, 4 June.", "Day 5", or a step from the chapter before ("The next
 * morning", "Two days later"). Statements are in reading order; the first is the chapter's time.
 */
export function chapterTimeStatements(path: string, frontMatterWhen: { value: string; line: number } | null, title: { value: string; line: number } | null, paragraphs: readonly Paragraph[]): TimeStatement[] {
  const found: TimeStatement[] = [];
  if (frontMatterWhen) {
    const parsed = timeOfText(frontMatterWhen.value, { path, line: frontMatterWhen.line, source: 'front_matter' });
    if (parsed) found.push(parsed);
  }
  if (title && title.line > 0 && title.value.split(/\s+/).length <= 6) {
    const parsed = timeOfText(title.value, { path, line: title.line, source: 'heading' });
    if (parsed && (parsed.weekday !== null || parsed.date !== null) && new RegExp(`^(?:${WEEKDAY_PATTERN}|${DATE}|\\d)`, 'i').test(title.value.trim())) found.push(parsed);
  }
  paragraphs.slice(0, OPENING_PARAGRAPHS).forEach((paragraph, index) => {
    const text = paragraph.text;
    if (index === 0) {
      for (const [pattern, days] of RELATIVE) {
        const match = pattern.exec(text.trimStart());
        const after = match ? days(match) : null;
        if (match && after !== null) {
          found.push(statement({ after, text: match[0], path, line: paragraph.startLine, source: 'prose' }));
          break;
        }
      }
    }
    const opening = OPENING.exec(text);
    if (opening && !isQuoted(paragraph, 0)) {
      const weekday = opening[1] ? weekdayIndex(opening[1]) : null;
      const dateText = opening[2] ?? opening[3];
      found.push(statement({ weekday, date: dateText ? parseDate(dateText) : null, text: opening[0], path, line: paragraph.startLine, source: 'prose' }));
    }
    for (const match of text.matchAll(WEEKDAY_DAY)) {
      if (isQuoted(paragraph, match.index) || found.some((other) => other.line === lineOf(paragraph, match.index) && other.date !== null)) continue;
      if (NOT_NOW.test(text.slice(Math.max(0, match.index - 20), match.index))) continue;
      // "It is Thursday the twenty-second of April" is read whole below, as the chapter's own day.
      if (IT_WAS_BEFORE.test(text.slice(Math.max(0, match.index - 24), match.index))) continue;
      const day = match[3] ? parseDate(`${match[3]} January`)?.day ?? null : null;
      const date = match[2] ? parseDate(match[2]) : day === null ? null : { year: null, month: null, day };
      found.push(statement({ weekday: weekdayIndex(match[1]!), date, text: match[0], path, line: lineOf(paragraph, match.index), source: 'prose' }));
    }
    for (const match of text.matchAll(IT_WAS)) {
      if (isQuoted(paragraph, match.index) || (opening && match.index === 0)) continue;
      const weekday = match[1] ? weekdayIndex(match[1]) : null;
      const dateText = match[2] ?? match[3];
      found.push(statement({ weekday, date: dateText ? parseDate(dateText) : null, text: match[0], path, line: lineOf(paragraph, match.index), source: 'prose' }));
    }
    for (const marker of findDayMarkers([paragraph])) {
      if (marker.kind === 'explicit' && !isQuoted(paragraph, paragraph.text.indexOf(marker.text))) found.push(statement({ day: marker.day, text: marker.text, path, line: marker.line, source: 'prose' }));
    }
  });
  return found.filter((item, index) => !NOT_NOW.test(item.text) || index === 0);
}

/** The one time a set of statements agrees on: the first day, weekday, date and step stated. */
export function combinedTime(statements: readonly TimeStatement[]): { day: TimeStatement | null; weekday: TimeStatement | null; date: TimeStatement | null; after: TimeStatement | null } {
  return {
    day: statements.find((item) => item.day !== null) ?? null,
    weekday: statements.find((item) => item.weekday !== null) ?? null,
    date: statements.find((item) => item.date !== null && item.date.month !== null && item.date.day !== null) ?? null,
    after: statements.find((item) => item.after !== null) ?? null,
  };
}
