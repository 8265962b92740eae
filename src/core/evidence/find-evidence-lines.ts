import type { TextSpan } from '../../protocol/index.js';
import { findQuoted } from './quoted-text.js';

/** One evidence line of a reply: the whole line, and where its body (after the prefix) starts. */
export interface EvidenceLineSpan {
  span: TextSpan;
  bodyStart: number;
}

/**
 * The prefix of an evidence line, at the start of a line: `Evidence:`, `**Evidence:**`,
 * `__Evidence:__`, also `**Evidence**:`, any case, optionally after a list bullet or `>`.
 */
const PREFIX = /^[ \t]*(?:(?:[-+>]|\*(?=[ \t]))[ \t]+)?(?:\*{1,2}|_{1,2})?evidence(?:\*{1,2}|_{1,2})?[ \t]*:[ \t]*(?:\*{1,2}|_{1,2})?[ \t]*/i;
/** Lines a quote may run on for when a model copies wrapped lines of a file verbatim. */
const MAX_QUOTE_CONTINUATION = 12;

function endOfLine(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline < 0 ? text.length : newline;
}

const hasOpenQuote = (body: string): boolean => findQuoted(body).some((quote) => !quote.closed);

/**
 * Every evidence line of `text`, in order (SPEC §7: a grounded reply has exactly one). A line is
 * one line, except that a quote left open at its end may close on one of the next few lines: a
 * quote copied with the file's line breaks stays one quote (the breaks then match spaces).
 */
export function findEvidenceLines(text: string): EvidenceLineSpan[] {
  const found: EvidenceLineSpan[] = [];
  let start = 0;
  while (start <= text.length) {
    let end = endOfLine(text, start);
    const prefix = PREFIX.exec(text.slice(start, end));
    if (prefix) {
      const bodyStart = start + prefix[0].length;
      let extended = end;
      for (let extra = 0; extra < MAX_QUOTE_CONTINUATION && extended < text.length && hasOpenQuote(text.slice(bodyStart, extended)); extra += 1) {
        const next = endOfLine(text, extended + 1);
        if (PREFIX.test(text.slice(extended + 1, next))) break;
        extended = next;
      }
      if (!hasOpenQuote(text.slice(bodyStart, extended))) end = extended;
      const trimmedEnd = text[end - 1] === '\r' ? end - 1 : end;
      found.push({ span: { start, end: trimmedEnd }, bodyStart });
    }
    if (end >= text.length) break;
    start = end + 1;
  }
  return found;
}
