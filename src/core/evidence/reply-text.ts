import type { TextSpan } from '../../protocol/index.js';
import { stripReasoning } from '../tool-calls/index.js';

/** A reply with its reasoning stripped, and a way back from spans in the stripped text to the reply. */
export interface ReplyText {
  /** The visible reply: what is validated. */
  text: string;
  /** The same span in the reply as given; null when it cannot be placed there. */
  toOriginal(span: TextSpan | null): TextSpan | null;
}

/** Start offset of every line of `text`. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/**
 * Strips reasoning (`<think>…</think>`, `[thinking]…`, orphan closes) and keeps offsets honest:
 * issues point into the reply the caller passed, so a UI can underline them. When the visible text
 * is one piece of the reply, spans shift by its offset; when reasoning sat between visible pieces,
 * each span is placed by finding its line in the reply, after the lines placed before it.
 */
export function prepareReply(reply: string): ReplyText {
  const text = stripReasoning(reply).text;
  const shift = reply.indexOf(text);
  if (shift >= 0) {
    return { text, toOriginal: (span) => (span ? { start: span.start + shift, end: span.end + shift } : null) };
  }
  const starts = lineStarts(text);
  const placed: number[] = [];
  let cursor = 0;
  for (let line = 0; line < starts.length; line += 1) {
    const from = starts[line] ?? 0;
    const to = line + 1 < starts.length ? (starts[line + 1] ?? text.length) - 1 : text.length;
    const found = reply.indexOf(text.slice(from, to), cursor);
    placed.push(found);
    if (found >= 0) cursor = found + (to - from);
  }
  const lineOf = (offset: number): number => {
    let line = 0;
    while (line + 1 < starts.length && (starts[line + 1] ?? 0) <= offset) line += 1;
    return line;
  };
  return {
    text,
    toOriginal: (span) => {
      if (!span) return null;
      const line = lineOf(span.start);
      const base = placed[line] ?? -1;
      if (base < 0) return null;
      const offset = base - (starts[line] ?? 0);
      return { start: span.start + offset, end: span.end + offset };
    },
  };
}
