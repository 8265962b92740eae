/**
 * Finds a quoted passage in a file the way the evidence check matches it (SPEC §7): Unicode NFKC,
 * curly and straight quotes alike, dashes alike, whitespace and line wraps collapsed, and `…` or
 * `...` splitting the quote into fragments that appear in order. Returns the lines it spans.
 */

interface Normalised {
  text: string;
  /** For each character of `text`, its offset in the original. */
  offsets: number[];
}

const QUOTES: Record<string, string> = { '“': '"', '”': '"', '„': '"', '‘': "'", '’': "'", '‚': "'", '′': "'" };
const DASH = /[\u2010-\u2015\u2212]/;

function normalise(original: string, lowerCase: boolean): Normalised {
  let text = '';
  const offsets: number[] = [];
  let lastWasSpace = false;
  let index = 0;
  for (const char of original) {
    let mapped = QUOTES[char] ?? (DASH.test(char) ? '-' : char.normalize('NFKC'));
    if (lowerCase) mapped = mapped.toLowerCase();
    if (/^\s+$/.test(mapped)) {
      if (!lastWasSpace) {
        text += ' ';
        offsets.push(index);
      }
      lastWasSpace = true;
    } else {
      for (const piece of mapped) {
        text += piece;
        offsets.push(index);
      }
      lastWasSpace = false;
    }
    index += char.length;
  }
  return { text, offsets };
}

export interface QuoteSpan {
  startLine: number;
  endLine: number;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset && index < text.length; index += 1) if (text[index] === '\n') line += 1;
  return line;
}

function search(fileText: string, fragments: string[], lowerCase: boolean): QuoteSpan | null {
  const file = normalise(fileText, lowerCase);
  let from = 0;
  let first = -1;
  let last = -1;
  for (const fragment of fragments) {
    const needle = normalise(fragment, lowerCase).text.trim();
    if (needle === '') continue;
    const at = file.text.indexOf(needle, from);
    if (at === -1) return null;
    if (first === -1) first = at;
    last = at + needle.length - 1;
    from = at + needle.length;
  }
  if (first === -1) return null;
  return { startLine: lineAt(fileText, file.offsets[first] ?? 0), endLine: lineAt(fileText, file.offsets[last] ?? 0) };
}

/** The lines of `fileText` that hold `quote` (exact first, then ignoring case); null when absent. */
export function locateQuote(fileText: string, quote: string): QuoteSpan | null {
  const fragments = quote.split(/…|\.\.\./);
  return search(fileText, fragments, false) ?? search(fileText, fragments, true);
}
