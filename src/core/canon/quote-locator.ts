/**
 * Finds a quote in a file the way a reader would: Unicode forms (NFKC), curly and straight quote
 * marks, dashes and whitespace (including line breaks) are normalised, letters are not. A match
 * reports the lines it starts and ends on, so a fact can cite a real line.
 */

const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g;
const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g;

/** Normalises one code point (it may become several characters, e.g. `…` → `...`). */
function normaliseCodePoint(character: string): string {
  if (/\s/u.test(character)) return ' ';
  return character.normalize('NFKC').replace(SINGLE_QUOTES, "'").replace(DOUBLE_QUOTES, '"').replace(DASHES, '-');
}

/** Normalised text plus, for each of its characters, the 1-based line it came from. */
interface NormalisedText {
  text: string;
  lines: number[];
}

function normaliseLines(lines: readonly string[]): NormalisedText {
  let text = '';
  const lineOf: number[] = [];
  const push = (piece: string, line: number): void => {
    for (const character of piece) {
      // Whitespace runs (line breaks included) become one space, so wrapped quotes still match.
      if (character === ' ' && (text === '' || text.endsWith(' '))) continue;
      text += character;
      for (let unit = 0; unit < character.length; unit += 1) lineOf.push(line);
    }
  };
  lines.forEach((line, index) => {
    for (const character of line) push(normaliseCodePoint(character), index + 1);
    push(' ', index + 1);
  });
  return { text, lines: lineOf };
}

/** The comparison form of a short text: normalised and trimmed. */
export function normaliseForMatch(text: string): string {
  return normaliseLines([text]).text.trim();
}

/** Finds quotes in one file; the file is normalised once, however many quotes are looked up. */
export function quoteFinder(lines: readonly string[]): (quote: string) => { line: number; endLine: number } | null {
  const haystack = normaliseLines(lines);
  return (quote) => {
    const needle = normaliseForMatch(quote);
    if (needle === '') return null;
    const index = haystack.text.indexOf(needle);
    if (index < 0) return null;
    return { line: haystack.lines[index]!, endLine: haystack.lines[index + needle.length - 1]! };
  };
}

/** Where a quote sits in a file: the first occurrence's first and last line; null when it is not there. */
export function locateQuote(lines: readonly string[], quote: string): { line: number; endLine: number } | null {
  return quoteFinder(lines)(quote);
}

/** Lower-case letter and digit words of a text, for order-free comparison. */
function wordsOf(text: string): string[] {
  return normaliseForMatch(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * True when the quote states the value: it contains the value (case-insensitively), or every word
 * of the value (so a YAML list quoted over several lines still backs "Hester, Hessie").
 */
export function quoteContainsValue(quote: string, value: string): boolean {
  const folded = normaliseForMatch(quote).toLowerCase();
  if (folded.includes(normaliseForMatch(value).toLowerCase())) return true;
  const valueWords = wordsOf(value);
  if (valueWords.length === 0) return false;
  const quoteWords = new Set(wordsOf(quote));
  return valueWords.every((word) => quoteWords.has(word));
}
