import nlp from 'compromise';
import { sha256Hex, type SourceText } from './file-ref.js';

/** A character range inside a paragraph's text. */
export interface Span {
  start: number;
  end: number;
}

/** A paragraph of prose with its real file lines, sentences and quoted speech. */
export interface Paragraph {
  /** The paragraph's lines joined with `\n` (offsets below index into this text). */
  text: string;
  startLine: number;
  endLine: number;
  /** Offset in `text` where each line starts (`lineStarts[0]` is 0, for `startLine`). */
  lineStarts: number[];
  sentences: Span[];
  /** Spans inside quotation marks, marks included. */
  quotes: Span[];
}

/** True for lines that are not prose: headings, scene breaks, HTML comments. */
function isNonProse(line: string): boolean {
  return /^\s*(?:#|<!--|(?:[*\-_]\s*){3,}$)/.test(line);
}

// Splitting sentences is the costly part of reading prose, and every tool of a run reads the same
// chapters again: recent results are kept by content (paragraphs are never changed after). The
// bound is in characters, not files, so a long manuscript of many short chapters stays whole in
// the cache instead of being evicted file by file as each pass walks it in the same order (with a
// bound in files below the book's file count, every read of a pass missed). Least recently used
// results go first.
const recentParagraphs = new Map<string, { paragraphs: Paragraph[]; chars: number }>();
/** About three novels of text; the paragraphs of a character cost a few bytes. */
export const MAX_CACHED_PROSE_CHARS = 16_000_000;
let cachedChars = 0;

/** The paragraphs of a file from `fromLine` on, split at blank lines and non-prose lines. */
export function paragraphsOf(source: SourceText, fromLine: number): Paragraph[] {
  const whole = source.lines.join('\n');
  const key = `${fromLine}\u0000${sha256Hex(whole)}`;
  const recent = recentParagraphs.get(key);
  if (recent) {
    recentParagraphs.delete(key);
    recentParagraphs.set(key, recent);
    return recent.paragraphs;
  }
  const paragraphs = splitParagraphs(source, fromLine);
  const chars = whole.length;
  if (chars > MAX_CACHED_PROSE_CHARS) return paragraphs;
  while (cachedChars + chars > MAX_CACHED_PROSE_CHARS && recentParagraphs.size > 0) {
    const [oldest, entry] = recentParagraphs.entries().next().value!;
    recentParagraphs.delete(oldest);
    cachedChars -= entry.chars;
  }
  recentParagraphs.set(key, { paragraphs, chars });
  cachedChars += chars;
  return paragraphs;
}

function splitParagraphs(source: SourceText, fromLine: number): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let buffer: { line: number; text: string }[] = [];
  const flush = (): void => {
    if (buffer.length > 0) paragraphs.push(buildParagraph(buffer));
    buffer = [];
  };
  for (let line = Math.max(1, fromLine); line <= source.lines.length; line += 1) {
    const text = source.lines[line - 1]!;
    if (text.trim() === '' || isNonProse(text)) flush();
    else buffer.push({ line, text });
  }
  flush();
  return paragraphs;
}

function buildParagraph(lines: readonly { line: number; text: string }[]): Paragraph {
  const lineStarts: number[] = [];
  let offset = 0;
  for (const entry of lines) {
    lineStarts.push(offset);
    offset += entry.text.length + 1;
  }
  const text = lines.map((entry) => entry.text).join('\n');
  return { text, startLine: lines[0]!.line, endLine: lines[lines.length - 1]!.line, lineStarts, sentences: splitSentences(text), quotes: findQuotes(text) };
}

/** The file line of an offset in a paragraph. */
export function lineOf(paragraph: Paragraph, offset: number): number {
  let index = 0;
  while (index + 1 < paragraph.lineStarts.length && paragraph.lineStarts[index + 1]! <= offset) index += 1;
  return paragraph.startLine + index;
}

/**
 * Sentence spans by compromise, which keeps "Mr."/"Dr."/"St." and dialogue together. Only its
 * tokenizer runs (sentence splitting needs no tagging, and tagging is ten times slower). Newlines
 * are replaced by spaces of the same length so offsets still map to lines.
 */
export function splitSentences(text: string): Span[] {
  const flat = text.replace(/\n/g, ' ');
  const spans: Span[] = [];
  let cursor = 0;
  for (const sentence of nlp.tokenize(flat).sentences().out('array') as string[]) {
    const trimmed = sentence.trim();
    if (trimmed === '') continue;
    const start = flat.indexOf(trimmed, cursor);
    if (start < 0) continue;
    spans.push({ start, end: start + trimmed.length });
    cursor = start + trimmed.length;
  }
  if (spans.length === 0 && flat.trim() !== '') spans.push({ start: 0, end: flat.length });
  return spans;
}

/** The sentence containing an offset (the last one starting at or before it). */
export function sentenceAt(paragraph: Paragraph, offset: number): Span {
  let found: Span = { start: 0, end: paragraph.text.length };
  for (const sentence of paragraph.sentences) {
    if (sentence.start <= offset) found = sentence;
    else break;
  }
  return found;
}

/**
 * Quoted spans: curly “…” pairs, and straight "…" pairs. An unclosed quote runs to the end of the
 * paragraph, as fiction does when one speaker's speech spans paragraphs.
 */
export function findQuotes(text: string): Span[] {
  const spans: Span[] = [];
  let open: number | null = null;
  let openMark = '';
  for (let index = 0; index < text.length; index += 1) {
    const mark = text[index]!;
    if (open === null && (mark === '“' || mark === '"')) {
      open = index;
      openMark = mark;
    } else if (open === null && (mark === '‘' || (mark === "'" && !text.includes('"') && !text.includes('“'))) && opensSingle(text, index)) {
      // British speech in single marks: ‘There,’ he said. An apostrophe (don’t, the boys’) opens none.
      const close = closingSingle(text, index, mark === '‘' ? '’' : "'");
      // Straight marks that never close are apostrophes ('Tis); an open ‘ runs on like “.
      if (close === null && mark === "'") continue;
      spans.push({ start: index, end: close === null ? text.length : close + 1 });
      index = close ?? text.length;
    } else if (open !== null && ((openMark === '“' && mark === '”') || (openMark === '"' && mark === '"'))) {
      spans.push({ start: open, end: index + 1 });
      open = null;
    }
  }
  if (open !== null) spans.push({ start: open, end: text.length });
  return spans;
}

/** True when a single mark opens speech: at the start or after a space or a dash, before a word. */
function opensSingle(text: string, index: number): boolean {
  const before = index === 0 ? ' ' : text[index - 1]!;
  return /[\s(—–-]/.test(before) && /[\p{L}\d…]/u.test(text[index + 1] ?? '');
}

/** The mark that closes speech opened at `from`: one after a word or a stop, before no letter. */
function closingSingle(text: string, from: number, mark: string): number | null {
  for (let index = from + 2; index < text.length; index += 1) {
    if (text[index] !== mark) continue;
    const after = text[index + 1] ?? ' ';
    if (!/[\p{L}\d]/u.test(after) && /[^\s]/.test(text[index - 1]!)) {
      // "the Hollises’ boat": a plural's apostrophe inside speech, when the speech goes on after it.
      if (/s$/.test(text[index - 1]!) && / \p{Ll}/u.test(text.slice(index + 1, index + 3)) && text.indexOf(mark, index + 1) > 0 && !/[.,!?;:—–-]/.test(text[index - 1]!)) continue;
      return index;
    }
  }
  return null;
}

/** True when the offset falls inside quoted speech. */
export function isQuoted(paragraph: Paragraph, offset: number): boolean {
  return paragraph.quotes.some((quote) => offset >= quote.start && offset < quote.end);
}
