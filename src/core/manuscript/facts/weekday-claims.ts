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
