/**
 * Quote-aware scanning of an evidence line: the `|` and `,` separators do not count inside a
 * quote, and quotes are `"…"` or `“…”` (curly ones may nest, straight ones inside curly ones and
 * curly ones inside straight ones are part of the quoted text).
 */

/** A piece of text with its offsets in the string it came from. */
export interface Piece {
  text: string;
  start: number;
  end: number;
}

/** A quoted string: `text` is what is between the marks; `start`/`end` bound it (marks excluded). */
export interface QuotedPiece extends Piece {
  /** False when the closing mark is missing (the quote runs to the end of the text). */
  closed: boolean;
}

/** Index just past the quote opened at `open` (its closing mark), or -1 when it is not closed. */
function closingIndex(text: string, open: number): number {
  if (text[open] === '"') {
    const close = text.indexOf('"', open + 1);
    return close < 0 ? -1 : close;
  }
  let depth = 1;
  for (let index = open + 1; index < text.length; index += 1) {
    if (text[index] === '“') depth += 1;
    else if (text[index] === '”') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** Every quoted string of `text`, in order; `offset` is added to all positions. */
export function findQuoted(text: string, offset = 0): QuotedPiece[] {
  const quotes: QuotedPiece[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index];
    if (character !== '"' && character !== '“') {
      index += 1;
      continue;
    }
    const close = closingIndex(text, index);
    if (close < 0) {
      quotes.push({ text: text.slice(index + 1), start: offset + index + 1, end: offset + text.length, closed: false });
      break;
    }
    quotes.push({ text: text.slice(index + 1, close), start: offset + index + 1, end: offset + close, closed: true });
    index = close + 1;
  }
  return quotes;
}

/** Splits `text` at `separator` characters that are outside quotes; pieces keep their offsets (untrimmed). */
export function splitOutsideQuotes(text: string, separators: string, offset = 0): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  let index = 0;
  while (index < text.length) {
    const character = text[index] ?? '';
    if (character === '"' || character === '“') {
      const close = closingIndex(text, index);
      index = close < 0 ? text.length : close + 1;
      continue;
    }
    if (separators.includes(character)) {
      pieces.push({ text: text.slice(start, index), start: offset + start, end: offset + index });
      start = index + 1;
    }
    index += 1;
  }
  pieces.push({ text: text.slice(start), start: offset + start, end: offset + text.length });
  return pieces;
}

/** The piece without surrounding whitespace, offsets adjusted. */
export function trimPiece(piece: Piece): Piece {
  const leading = piece.text.length - piece.text.trimStart().length;
  const text = piece.text.trim();
  return { text, start: piece.start + leading, end: piece.start + leading + text.length };
}

/** `text` with every quoted string (marks included) replaced by spaces, so patterns skip quoted words. */
export function blankQuoted(text: string): string {
  let output = text;
  for (const quote of findQuoted(text)) {
    const from = quote.start - 1;
    const to = quote.closed ? quote.end + 1 : quote.end;
    output = output.slice(0, from) + ' '.repeat(to - from) + output.slice(to);
  }
  return output;
}
