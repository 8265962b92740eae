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

// Words that end the noun phrase after a count: what follows them is not what is counted.
const PHRASE_END = new Set([
  'and', 'or', 'nor', 'but', 'of', 'to', 'the', 'a', 'an', 'in', 'on', 'at', 'by', 'with', 'for', 'from', 'into', 'onto', 'below',
  'above', 'under', 'over', 'behind', 'beyond', 'beside', 'between', 'along', 'across', 'round', 'around', 'near', 'past', 'up',
  'down', 'out', 'off', 'that', 'which', 'who', 'whose', 'was', 'were', 'is', 'are', 'had', 'has', 'have', 'his', 'her', 'its',
  'their', 'my', 'our', 'your', 'than', 'as', 'if', 'when', 'where', 'since', 'ago', 'apiece', 'each',
]);
// Plurals without an "s".
const IRREGULAR_PLURALS = new Set(['men', 'women', 'children', 'feet', 'teeth', 'geese', 'mice', 'people', 'sheep', 'cattle', 'deer', 'fish', 'swine', 'oxen', 'kine', 'head']);

function isPlural(word: string): boolean {
  return IRREGULAR_PLURALS.has(word) || (word.length > 3 && /[^s']s$/.test(word));
}

/**
 * The word a count counts: the head of the noun phrase after it, so "fourteen apple trees" counts
 * trees and "twelve back-to-back cottages" cottages, as "eleven trees" and "the fourteen cottages
 * back to back" do. Past one, the head is the phrase's first plural; otherwise its first word.
 */
function unitAfter(text: string, end: number, value: number): string | null {
  // "all twelve of the steps", "five of the Anchor's rooms": the count is of the noun after "of".
  const partitive = /^\s+of\s+(?:the|its|their|his|her|our|those|these)\s+(?:\p{L}+['’]s\s+)?(?=\p{Ll})/u.exec(text.slice(end));
  if (partitive !== null && value > 1) return unitAfter(text, end + partitive[0].length - 1, value);
  const first = /^[\s-]+(\p{L}+)/u.exec(text.slice(end));
  if (first === null || !/^\p{Ll}/u.test(first[1]!) || value === 1) return first ? first[1]! : null;
  const phrase: string[] = [];
  // Lower-case words one space apart; punctuation or a capital ends the phrase.
  const next = /[ \t\n]+(\p{Ll}[\p{Ll}'’]*(?:-\p{Ll}+)*)(?![\p{L}\d-])/uy;
  next.lastIndex = end;
  for (let match = next.exec(text); match !== null && phrase.length < 4; match = next.exec(text)) {
    const word = match[1]!.replace(/['’]+$/, '');
    if (PHRASE_END.has(word)) break;
    phrase.push(word);
  }
  return phrase.find(isPlural) ?? first[1]!;
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
  for (const number of findNumbers(text)) if (!overlaps(number)) found.push({ ...number, unit: unitAfter(text, number.end, number.value) });
  return found.sort((a, b) => a.start - b.start);
}
