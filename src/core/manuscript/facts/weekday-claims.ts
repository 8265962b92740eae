import type { Finding } from '../finding.js';
import { isQuoted, lineOf, type Paragraph } from '../prose.js';
import { MONTH_PATTERN, ORDINAL_WORDS, WEEKDAYS, WEEKDAY_PATTERN, formatDate, parseDate, weekdayIndex, weekdayOf, type PartialDate } from './calendar.js';

/** A weekday said together with its day of the month, anywhere in a chapter, in narration or speech. */
export interface WeekdayClaim {
  weekday: number;
  /** The date said with it; its year may be missing (the story's year is then assumed). */
  date: PartialDate;
  text: string;
  path: string;
  line: number;
  spoken: boolean;
}

const DAY = `(?:\\d{1,2}(?:st|nd|rd|th)?|${ORDINAL_WORDS})`;
// "Saturday the twenty-first of March", "Friday, 13 June", "on Tuesday, March 4th, 1952", "Sunday the 6th".
const CLAIM = new RegExp(
  `\\b(${WEEKDAY_PATTERN}),?\\s+((?:the\\s+)?${DAY}(?:\\s+(?:of\\s+)?${MONTH_PATTERN}(?:,?\\s+\\d{4})?)?|${MONTH_PATTERN}\\s+(?:the\\s+)?${DAY}(?:,?\\s+\\d{4})?)(?![\\p{L}\\d-])`,
  'gu',
);
// "Friday 13 June" said of another year in the same breath is no claim about this one.
const ANOTHER_YEAR = /\b(?:years?\s+ago|back\s+in|in\s+(?:the\s+)?(?:year\s+)?(?:1[5-9]|2\d)\d\d)\b/i;

/** Every weekday stated with its day of the month in the paragraphs. */
export function weekdayClaims(path: string, paragraphs: readonly Paragraph[]): WeekdayClaim[] {
  const claims: WeekdayClaim[] = [];
  for (const paragraph of paragraphs) {
    for (const match of paragraph.text.matchAll(CLAIM)) {
      const text = match[2]!;
      // A bare day ("Sunday the sixth") is parsed with a placeholder month, which is dropped again.
      const bare = !new RegExp(MONTH_PATTERN).test(text);
      const parsed = parseDate(bare ? `${text.replace(/^the\s+/, '')} January` : text);
      if (parsed === null || parsed.day === null) continue;
      const sentence = paragraph.text.slice(Math.max(0, match.index - 60), match.index + match[0].length + 60);
      if (parsed.year === null && ANOTHER_YEAR.test(sentence)) continue;
      claims.push({
        weekday: weekdayIndex(match[1]!)!,
        date: bare ? { ...parsed, month: null } : parsed,
        text: match[0],
        path,
        line: lineOf(paragraph, match.index),
        spoken: isQuoted(paragraph, match.index),
      });
    }
  }
  return claims;
}

// Days fixed to a date, by the names writers give them.
const HOLIDAYS: ReadonlyArray<[string, number, number]> = [
  ["St\\.? Patrick['’]s Day|Saint Patrick['’]s Day|Paddy['’]s Day", 3, 17],
  ["(?:St\\.? |Saint )?Valentine['’]s Day", 2, 14],
  ['Christmas Day', 12, 25],
  ['Christmas Eve', 12, 24],
  ["Boxing Day|St\\.? Stephen['’]s Day", 12, 26],
  ["New Year['’]s Day", 1, 1],
  ["New Year['’]s Eve|Hogmanay", 12, 31],
  ["Hallowe['’]?en", 10, 31],
  ["All Saints['’]? Day", 11, 1],
  ["All Souls['’]? Day", 11, 2],
  ['Bonfire Night|Guy Fawkes(?: Night| Day)?', 11, 5],
  ['Armistice Day', 11, 11],
  ["St\\.? George['’]s Day", 4, 23],
  ["St\\.? Andrew['’]s Day", 11, 30],
  ["St\\.? David['’]s Day", 3, 1],
  ['Burns Night', 1, 25],
  ['Midsummer(?:[’\']s)? Day', 6, 24],
  ['Lady Day', 3, 25],
  ['Michaelmas(?: Day)?', 9, 29],
  ['Candlemas(?: Day)?', 2, 2],
  ['Lammas(?: Day)?', 8, 1],
  ['May Day', 5, 1],
  ['Independence Day|the Fourth of July', 7, 4],
  ['Bastille Day', 7, 14],
  ["St\\.? Swithin['’]s Day", 7, 15],
];
const HOLIDAY_PATTERN = HOLIDAYS.map(([name]) => `(?:${name})`).join('|');
// "St Patrick's Day fell on a Monday that year", "Valentine's Day, which this year has fallen on a
// Wednesday", "on Tuesday, St Patrick's Day".
const HOLIDAY_ON = new RegExp(`\\b(${HOLIDAY_PATTERN})\\b[^.;!?]{0,60}?\\b(?:fell|falls|fallen|was|is|came|comes|landed|lands)\\s+on\\s+(?:a\\s+)?(${WEEKDAY_PATTERN})\\b`, 'giu');
const WEEKDAY_HOLIDAY = new RegExp(`\\b(${WEEKDAY_PATTERN}),?\\s+(?:the\\s+)?(${HOLIDAY_PATTERN})\\b`, 'giu');

const HOLIDAY_NAMES = HOLIDAYS.map(([pattern, month, day]) => ({ name: new RegExp(`^(?:${pattern})$`, 'iu'), month, day }));

function holidayDate(name: string): { month: number; day: number } | null {
  const found = HOLIDAY_NAMES.find((holiday) => holiday.name.test(name.trim()));
  return found ? { month: found.month, day: found.day } : null;
}

/** A weekday said of a day fixed to a date (St Patrick's Day, Christmas Day) in the paragraphs. */
export function holidayClaims(path: string, paragraphs: readonly Paragraph[]): WeekdayClaim[] {
  const claims: WeekdayClaim[] = [];
  for (const paragraph of paragraphs) {
    const found = [
      ...[...paragraph.text.matchAll(HOLIDAY_ON)].map((match) => ({ match, holiday: match[1]!, weekday: match[2]! })),
      ...[...paragraph.text.matchAll(WEEKDAY_HOLIDAY)].map((match) => ({ match, holiday: match[2]!, weekday: match[1]! })),
    ];
    for (const { match, holiday, weekday } of found) {
      const date = holidayDate(holiday);
      const index = weekdayIndex(weekday);
      if (date === null || index === null) continue;
      const sentence = paragraph.text.slice(Math.max(0, match.index - 60), match.index + match[0].length + 60);
      // A year named with it is that year's; another year ("in 1947 it fell on …") is none of the story's.
      const year = /\b((?:1[5-9]|2\d)\d\d)\b/.exec(match[0])?.[1];
      if (year === undefined && ANOTHER_YEAR.test(sentence)) continue;
      claims.push({ weekday: index, date: { year: year === undefined ? null : Number(year), ...date }, text: match[0], path, line: lineOf(paragraph, match.index), spoken: isQuoted(paragraph, match.index) });
    }
  }
  return claims;
}

/**
 * Weekdays that do not fall on the date said with them, in the year stated or else the chapter's
 * year (its month too, for "Sunday the sixth"). A stated year makes it certain; an assumed one,
 * or a character saying it, leaves it for the writer to confirm.
 */
export function weekdayClaimFindings(claims: readonly WeekdayClaim[], when: { year: number | null; month: number | null }): Finding[] {
  const findings: Finding[] = [];
  for (const claim of claims) {
    const year = claim.date.year ?? when.year;
    const month = claim.date.month ?? when.month;
    if (year === null || month === null || claim.date.day === null) continue;
    const actual = weekdayOf(year, month, claim.date.day);
    if (actual === claim.weekday) continue;
    const date = { year, month, day: claim.date.day };
    const assumed = claim.date.year === null ? ` (taking the story's year${claim.date.month === null ? ' and month' : ''})` : '';
    findings.push({
      kind: 'weekday_date_mismatch',
      severity: claim.date.year !== null && !claim.spoken ? 'error' : 'warning',
      message: `${formatDate(date)} is a ${WEEKDAYS[actual]}${assumed}, not a ${WEEKDAYS[claim.weekday]} ("${claim.text}")${claim.spoken ? ', as said in speech' : ''}.`,
      path: claim.path,
      line: claim.line,
      quote: '',
    });
  }
  return findings;
}
