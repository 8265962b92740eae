import { SHORT_MONTH as MONTH, SHORT_WEEKDAY as WEEKDAY } from '../manuscript/outline-lines.js';

// A date at the start of an entry: `Tue 3 May 1887`, `3 May`, `May 3rd, 1887`, `1887-05-03`, `Day 4`.
const DATE_LEAD = new RegExp(
  `^\\s*(?:[-*+]|\\d+[.)])?\\s*(?:\\*\\*|__)?\\s*(?:${WEEKDAY}\\b[ ,]*(?:the\\s+)?(?:\\d{1,2}|${MONTH})|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\b|${MONTH}\\s+\\d{1,2}\\b|\\d{4}-\\d{2}-\\d{2}\\b|day\\s+\\d+\\b)`,
  'i',
);
const MENTIONS_CHAPTER = /\b(?:chapter|ch\.|scene)\s+(?:\d+|[ivxlc]+\b|[a-z]+)/i;
// An entry that names its chapter first and then its date: `- II. The Lower Field: Tuesday 8 April 1952. …`,
// `- Prologue — 25 February 1947`, `- Chapter 3 (The Mill): May 3rd`.
const CHAPTER_THEN_DATE = new RegExp(
  `^\\s*(?:[-*+]|\\d+[.)])\\s*(?:\\*\\*|__)?\\s*(?:(?:chapter|ch\\.?|scene|part)\\s+)?(?:[ivxlc]+|\\d+|prologue|epilogue|interlude|coda)\\b[^:—–\\n]{0,60}(?::|\\s[—–-])\\s*(?:\\*\\*|__)?\\s*(?:${WEEKDAY}\\b|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\b|${MONTH}\\s+\\d{1,2}\\b|\\d{4}-\\d{2}-\\d{2}\\b|day\\s+\\d+\\b)`,
  'i',
);

/**
 * True when a note is a dated timeline of the story that can stand as its outline: at least three
 * entries open with a date (`- Tue 3 May 1887 — Chapter 2: The Mill. …`), they are most of its
 * entries, and either they name chapters or the note is called a timeline or chronology.
 */
export function isDatedTimeline(name: string, text: string): boolean {
  const entries = text.split('\n').filter((line) => line.trim() !== '' && !/^\s*#/.test(line) && !/^\s*---\s*$/.test(line) && !/^\s*\|\s*:?-{2,}/.test(line));
  const dated = entries.filter((line) => DATE_LEAD.test(line.replace(/^\s*\|\s*/, '')) || CHAPTER_THEN_DATE.test(line));
  if (dated.length < 3 || dated.length * 2 < entries.length) return false;
  const chapters = dated.filter((line) => MENTIONS_CHAPTER.test(line) || CHAPTER_THEN_DATE.test(line)).length;
  return chapters >= 2 || /timeline|chronolog|calendar|dates/i.test(name);
}
