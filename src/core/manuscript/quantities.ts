/**
 * Quantities as fiction writes them: a number and the word it counts (`131 steps`, `ninety-six
 * steps`, `a three-mile drive`), and the fractions writers use for distances and spans (`a mile and
 * a half`, `two and a half miles`, `half a mile`, `a quarter of a mile`, `three-quarters of an hour`).
 */
import { findNumbers, parseNumberWord, type NumberMention } from './numbers.js';

/** A number and what follows it; `unit` is the word it counts, or null when none follows. */
export interface Quantity extends NumberMention {
  unit: string | null;
}

const FRACTIONS: Record<string, number> = { half: 0.5, quarter: 0.25, 'three-quarters': 0.75, 'three quarters': 0.75, third: 1 / 3 };
const WHOLE = '(\\d+|[a-z]+(?:-[a-z]+)?|an?)';
const UNIT = '(\\p{L}+)';
// "a mile and a half", "the mile and a half", "two miles and a half", "an hour and a quarter".
const UNIT_AND_FRACTION = new RegExp(`\\b(\\d+|[a-z]+(?:-[a-z]+)?|an?|the)[\\s-]+${UNIT}\\s+and\\s+a\\s+(half|quarter|third)\\b`, 'giu');
// "two and a half miles", "one and a quarter hours".
const WHOLE_AND_FRACTION = new RegExp(`\\b${WHOLE}\\s+and\\s+a\\s+(half|quarter|third)[\\s-]+${UNIT}`, 'giu');
// "half a mile", "a quarter of a mile", "three-quarters of an hour", "a third of a mile".
const FRACTION_OF = new RegExp(`\\b(?:an?\\s+)?(half|quarter|third|three[\\s-]quarters)\\s+(?:of\\s+)?(?:an?\\s+)${UNIT}`, 'giu');

// "a three-mile drive", "the 112-step stair", "a twenty-two-room house": the count and its noun in one word.
const COMPOUND = /(?<![\p{L}\d-])((?:\d+|\p{L}+)(?:-(?:\d+|\p{L}+))*)-(\p{L}+)(?![\p{L}\d-])/gu;

function wholeValue(word: string): number | null {
  return /^an?$/i.test(word) ? 1 : parseNumberWord(word);
}

function unitAfter(text: string, end: number): string | null {
  const match = /^[\s-]+(\p{L}+)/u.exec(text.slice(end));
  return match ? match[1]! : null;
}

/** Every quantity of `text`, fractions first where they overlap a plain number. */
export function findQuantities(text: string): Quantity[] {
  const found: Quantity[] = [];
  const push = (value: number, start: number, phrase: string, unit: string): void => {
    found.push({ value, start, end: start + phrase.length, text: phrase, ordinal: false, unit });
  };
  for (const match of text.matchAll(UNIT_AND_FRACTION)) {
    const whole = /^the$/i.test(match[1]!) ? 1 : wholeValue(match[1]!);
    if (whole !== null && whole > 0) push(whole + FRACTIONS[match[3]!.toLowerCase()]!, match.index, match[0], match[2]!);
  }
  for (const match of text.matchAll(WHOLE_AND_FRACTION)) {
    const whole = wholeValue(match[1]!);
    if (whole !== null && whole > 0) push(whole + FRACTIONS[match[2]!.toLowerCase()]!, match.index, match[0], match[3]!);
  }
  for (const match of text.matchAll(FRACTION_OF)) {
    const fraction = FRACTIONS[match[1]!.toLowerCase().replace(/-/, ' ')] ?? FRACTIONS[match[1]!.toLowerCase()];
    if (fraction !== undefined) push(fraction, match.index, match[0], match[2]!);
  }
  const fractions = found.length;
  for (const match of text.matchAll(COMPOUND)) {
    const value = parseNumberWord(match[1]!);
    if (found.slice(0, fractions).some((quantity) => match.index < quantity.end && match.index + match[0].length > quantity.start)) continue;
    if (value !== null && parseNumberWord(`${match[1]}-${match[2]}`) === null && !/^(?:st|nd|rd|th)$/i.test(match[2]!)) push(value, match.index, match[1]!, match[2]!);
  }
  const overlaps = (number: NumberMention): boolean => found.some((quantity) => number.start < quantity.end && number.end > quantity.start);
  for (const number of findNumbers(text)) if (!overlaps(number)) found.push({ ...number, unit: unitAfter(text, number.end) });
  return found.sort((a, b) => a.start - b.start);
}
