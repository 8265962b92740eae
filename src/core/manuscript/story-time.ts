import { parseNumberWord } from './numbers.js';

/** A point of story time: a day number and, when stated, a part of the day. */
export interface StoryTime {
  day: number;
  /** Normalised part of the day, e.g. `morning`, `afternoon`, `evening`, `night`; null when not stated. */
  part: string | null;
}

const PART_ALIASES: Record<string, string> = {
  dawn: 'morning', morning: 'morning', 'early morning': 'morning', 'late morning': 'morning', forenoon: 'morning',
  noon: 'afternoon', midday: 'afternoon', afternoon: 'afternoon', 'late afternoon': 'afternoon',
  dusk: 'evening', evening: 'evening', 'early evening': 'evening', 'late evening': 'evening',
  night: 'night', 'late night': 'night', midnight: 'night', 'small hours': 'night',
};
const PART_ORDER = ['morning', 'afternoon', 'evening', 'night'];
/** The part-of-day phrases, longest first so `late evening` wins over `evening`. */
const PART_PATTERN = Object.keys(PART_ALIASES).sort((a, b) => b.length - a.length).map((phrase) => phrase.replace(/ /g, '\\s+')).join('|');

/** Folds a part-of-day phrase to morning/afternoon/evening/night, or returns it lower-cased. */
export function normalisePart(text: string): string {
  const cleaned = text.trim().toLowerCase().replace(/\s+/g, ' ');
  return PART_ALIASES[cleaned] ?? cleaned;
}

/** Parses `Day 4, afternoon`, `day 4`, `Day four — evening` or `the fourth day`; null when not a story time. */
export function parseWhen(text: string): StoryTime | null {
  const part = `(?:\\s*[,;—–-]?\\s*(?:in\\s+the\\s+|at\\s+)?(${PART_PATTERN})\\b)?`;
  const patterns = [new RegExp(`\\bday\\s+(\\d+|[a-z]+(?:-[a-z]+)?)\\b${part}`, 'gi'), new RegExp(`\\bthe\\s+([a-z]+(?:-[a-z]+)?)\\s+day\\b${part}`, 'gi')];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const day = /^\d+$/.test(match[1]!) ? Number(match[1]) : parseNumberWord(match[1]!);
      if (day === null || day < 1) continue;
      return { day, part: match[2] === undefined ? null : normalisePart(match[2]) };
    }
  }
  return null;
}

/** `Day 4, afternoon`, the form the outline and timeline use. */
export function formatStoryTime(time: StoryTime): string {
  return time.part === null ? `Day ${time.day}` : `Day ${time.day}, ${time.part}`;
}

/** Orders two story times (a missing part sorts before a stated one); negative when `a` comes first. */
export function compareStoryTime(a: StoryTime, b: StoryTime): number {
  if (a.day !== b.day) return a.day - b.day;
  const partIndex = (part: string | null): number => (part === null ? -1 : PART_ORDER.indexOf(part));
  return partIndex(a.part) - partIndex(b.part);
}

/** True when two times agree: same day and, if both state it, the same part of day. */
export function sameStoryTime(a: StoryTime, b: StoryTime): boolean {
  return a.day === b.day && (a.part === null || b.part === null || a.part === b.part);
}
