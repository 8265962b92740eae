import { parseDate, WEEKDAY_PATTERN } from '../facts/calendar.js';
import { parseWhen } from '../story-time.js';

// Outlines and chapters written against a calendar give weekdays and dates (`Monday`, `Tue 6 Oct`, `4 March 1987`).
const WEEKDAY_WORD = new RegExp(`\\b(?:${WEEKDAY_PATTERN}|Mon|Tues?|Wed|Thur?s?|Fri|Sat|Sun)\\b`, 'i');

/** True when a `When` value says when: a story time (`Day 4, afternoon`), a weekday or a date. */
export function readableWhen(text: string): boolean {
  return parseWhen(text) !== null || parseDate(text) !== null || WEEKDAY_WORD.test(text);
}
