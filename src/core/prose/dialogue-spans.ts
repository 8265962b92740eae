/** Which quotation marks enclose a passage of speech. */
export type QuoteMark = 'curly-double' | 'straight-double' | 'curly-single' | 'straight-single';

/** A quoted passage in a paragraph: from its opening mark to just after its closing mark. */
export interface DialogueSpan {
  start: number;
  /** Exclusive; the paragraph's end when the quote runs on (the multi-paragraph speech convention). */
  end: number;
  mark: QuoteMark;
}

const OPEN_DOUBLE = '\u201C';
const CLOSE_DOUBLE = '\u201D';
const OPEN_SINGLE = '\u2018';
const CLOSE_SINGLE = '\u2019';
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const WHITESPACE = /\s/u;
// Words that begin with an elision apostrophe (’tis, ’em, ’90s) rather than a quotation mark.
// Only unambiguous ones: "round" or "cause" also begin ordinary speech.
const ELISIONS = new Set(['tis', 'twas', 'twere', 'twill', 'twould', 'em', 'til', 'bout', 'n']);

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && LETTER_OR_DIGIT.test(char);
}

function isSpace(char: string | undefined): boolean {
  return char === undefined || WHITESPACE.test(char);
}

function wordAfter(text: string, from: number): string {
  let end = from;
  while (end < text.length && end - from < 8 && /\p{L}/u.test(text[end] ?? '')) end += 1;
  return text.slice(from, end).toLowerCase();
}

/** A single mark that can open a quote: not inside a word, not before a space, digit or elided word. */
function opensSingle(text: string, index: number): boolean {
  const char = text[index];
  if (char !== OPEN_SINGLE && char !== "'") return false;
  if (isWordChar(text[index - 1])) return false;
  const next = text[index + 1];
  if (isSpace(next) || /\p{N}/u.test(next ?? '')) return false;
  return !ELISIONS.has(wordAfter(text, index + 1));
}

/** A single mark that can close a quote: after a non-space, and not inside a word (don’t, keeper’s). */
function closesSingle(text: string, index: number): boolean {
  const char = text[index];
  if (char !== CLOSE_SINGLE && char !== "'") return false;
  return !isSpace(text[index - 1]) && !isWordChar(text[index + 1]);
}

/**
 * Chooses the closing mark of a single-quoted passage. Apostrophes that end words (the keepers’
 * lamp, goin’) look like closing marks, so the first candidate straight after punctuation wins —
 * fiction closes speech after a comma or stop — then the first not ending a plural possessive.
 */
function findSingleClose(text: string, open: number): { close: number | null; limit: number } {
  const candidates: number[] = [];
  let index = open + 1;
  for (; index < text.length; index += 1) {
    if (opensSingle(text, index)) break;
    if (closesSingle(text, index)) candidates.push(index);
  }
  const afterPunctuation = candidates.find((candidate) => !isWordChar(text[candidate - 1]));
  const notPossessive = candidates.find((candidate) => !/[sS]/.test(text[candidate - 1] ?? ''));
  return { close: afterPunctuation ?? notPossessive ?? candidates[0] ?? null, limit: index };
}

/** A closing curly double mark typed where an opening one belongs (“ after a space, before a word). */
function misTypedOpener(text: string, index: number): boolean {
  return text[index] === CLOSE_DOUBLE && (index === 0 || isSpace(text[index - 1])) && isWordChar(text[index + 1]);
}

/**
 * Finds the quoted speech in one paragraph: curly “…”, straight "…", British ‘…’ and '…', without
 * mistaking apostrophes (don’t, the keeper’s, ’tis) for quotation marks. Linear in the text length.
 */
export function findDialogueSpans(text: string): DialogueSpan[] {
  const spans: DialogueSpan[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === OPEN_DOUBLE || misTypedOpener(text, index)) {
      let cursor = index + 1;
      while (cursor < text.length && text[cursor] !== CLOSE_DOUBLE && text[cursor] !== OPEN_DOUBLE) cursor += 1;
      const closed = text[cursor] === CLOSE_DOUBLE;
      spans.push({ start: index, end: closed ? cursor + 1 : cursor, mark: 'curly-double' });
      index = closed ? cursor + 1 : cursor;
    } else if (char === '"') {
      const close = text.indexOf('"', index + 1);
      spans.push({ start: index, end: close < 0 ? text.length : close + 1, mark: 'straight-double' });
      index = close < 0 ? text.length : close + 1;
    } else if (opensSingle(text, index)) {
      const { close, limit } = findSingleClose(text, index);
      const curly = char === OPEN_SINGLE;
      if (close !== null) {
        spans.push({ start: index, end: close + 1, mark: curly ? 'curly-single' : 'straight-single' });
        index = close + 1;
      } else if (curly) {
        spans.push({ start: index, end: limit, mark: 'curly-single' });
        index = limit;
      } else {
        index += 1; // a lone straight mark is an elision ('bout, 'em), not speech
      }
    } else {
      index += 1;
    }
  }
  return spans;
}
