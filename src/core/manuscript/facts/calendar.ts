/**
 * Calendar words and dates as fiction writes them: `Monday`, `14 March 1962`, `March 14th`,
 * `the fourteenth of March`, `1962-03-14`. Day arithmetic is done on day numbers (days since
 * 1 January of year 0 in the proleptic Gregorian calendar), so weekdays can be checked.
 */
import { parseNumberWord } from '../numbers.js';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const WEEKDAY_PATTERN = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
export const MONTH_PATTERN = '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\\.?';
export const ORDINAL_WORDS = '(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|thirtieth|thirty-first)';
const DAY = `(\\d{1,2})(?:st|nd|rd|th)?|(${ORDINAL_WORDS})`;

/** A date as far as it is stated. */
export interface PartialDate {
  year: number | null;
  month: number | null;
  day: number | null;
}

/** 0 (Sunday) … 6 (Saturday) for a weekday name; null otherwise. */
export function weekdayIndex(name: string): number | null {
  const clean = name.trim().replace(/\.$/, '').toLowerCase();
  // Full names, and the short forms outlines use (`Fri`, `Tues`, `Thurs`).
  const index = WEEKDAYS.findIndex((day) => day.toLowerCase() === clean || (clean.length >= 3 && clean.length <= 5 && day.toLowerCase().startsWith(clean)));
  return index < 0 ? null : index;
}

/** 1 … 12 for a month name or abbreviation; null otherwise. */
export function monthIndex(name: string): number | null {
  const clean = name.trim().replace(/\.$/, '').toLowerCase();
  if (clean.length < 3) return null;
  const index = MONTHS.findIndex((month) => month.toLowerCase().startsWith(clean) && (clean.length >= 3 && (clean === month.toLowerCase() || clean.length <= 4)));
  return index < 0 ? null : index + 1;
}

function dayValue(digits: string | undefined, word: string | undefined): number | null {
  const value = digits !== undefined ? Number(digits) : word !== undefined ? parseNumberWord(word) : null;
  return value !== null && value >= 1 && value <= 31 ? value : null;
}

const ISO = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const DAY_MONTH = new RegExp(`\\b(?:the\\s+)?(?:${DAY})\\s+(?:of\\s+)?(${MONTH_PATTERN})(?:,?\\s+(\\d{4}))?`, 'i');
const MONTH_DAY = new RegExp(`\\b(${MONTH_PATTERN})\\s+(?:the\\s+)?(?:${DAY})(?:,?\\s+(\\d{4}))?\\b`, 'i');
const MONTH_YEAR = new RegExp(`\\b(${MONTH_PATTERN})\\s+(?:of\\s+)?(\\d{4})\\b`, 'i');
const YEAR = /\b(1[5-9]\d{2}|20\d{2})\b/;

/** The first date stated in a text, as far as it is stated; null when there is none. */
const SLASHED = /\b(\d{1,2})[/.](\d{1,2})[/.]((?:1[5-9]|2\d)\d\d)\b/;

export function parseDate(text: string): PartialDate | null {
  const iso = ISO.exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  // "03/11/1888", "23.4.1911": the day first where the numbers say so, the month first where they
  // say that; both twelve or less could be either, so only the year is taken.
  const slashed = SLASHED.exec(text);
  if (slashed) {
    const [first, second, year] = [Number(slashed[1]), Number(slashed[2]), Number(slashed[3])];
    if (first > 12 && second <= 12) return { year, month: second, day: first };
    if (second > 12 && first <= 12) return { year, month: first, day: second };
    if (first >= 1 && second >= 1 && first <= 12 && second <= 12) return first === second ? { year, month: first, day: first } : { year, month: null, day: null };
  }
  const dayMonth = DAY_MONTH.exec(text);
  const monthDay = MONTH_DAY.exec(text);
  const first = [dayMonth, monthDay].filter((match): match is RegExpExecArray => match !== null).sort((a, b) => a.index - b.index)[0];
  if (first === dayMonth && dayMonth) {
    const month = monthIndex(dayMonth[3]!);
    const day = dayValue(dayMonth[1], dayMonth[2]);
    if (month !== null && day !== null) return { year: dayMonth[4] ? Number(dayMonth[4]) : null, month, day };
  }
  if (monthDay) {
    const month = monthIndex(monthDay[1]!);
    const day = dayValue(monthDay[2], monthDay[3]);
    if (month !== null && day !== null) return { year: monthDay[4] ? Number(monthDay[4]) : null, month, day };
  }
  const monthYear = MONTH_YEAR.exec(text);
  if (monthYear) {
    const month = monthIndex(monthYear[1]!);
    if (month !== null) return { year: Number(monthYear[2]), month, day: null };
  }
  const year = YEAR.exec(text);
  return year ? { year: Number(year[1]), month: null, day: null } : null;
}

/** Days since 1 January of year 0 (proleptic Gregorian), for a full date. */
export function dayNumber(year: number, month: number, day: number): number {
  const shifted = month <= 2 ? year - 1 : year;
  const era = Math.floor(shifted / 400);
  const yearOfEra = shifted - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra + 60;
}

/** 0 (Sunday) … 6 (Saturday) of a full date. */
export function weekdayOf(year: number, month: number, day: number): number {
  // 1 January 2000 was a Saturday.
  return (((dayNumber(year, month, day) - dayNumber(2000, 1, 1) + 6) % 7) + 7) % 7;
}

/** `14 March 1962`, or as much of it as is known. */
export function formatDate(date: PartialDate): string {
  return [date.day, date.month === null ? null : MONTHS[date.month - 1], date.year].filter((part) => part !== null).join(' ');
}

/** Months of a season (northern hemisphere) or of a month's name. */
export function monthsOf(word: string): number[] | null {
  const lower = word.toLowerCase();
  const seasons: Record<string, number[]> = { spring: [3, 4, 5], summer: [6, 7, 8], autumn: [9, 10, 11], fall: [9, 10, 11], winter: [12, 1, 2] };
  if (seasons[lower]) return seasons[lower]!;
  const month = monthIndex(word);
  return month === null ? null : [month];
}
