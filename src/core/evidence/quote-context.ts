import { foldedLineSpan, matchesAt, toFileMatch, type FileMatch, type IndexedFile } from './indexed-file.js';

/**
 * Where the fragments of an ellipsis quote may lie (measured on the public-domain corpus, see
 * docs/reliability.md): within one paragraph and at most `MAX_QUOTE_SPAN` characters from the
 * first fragment's start to the last one's end (about the 95th percentile of paragraph length in
 * fiction), or, across a paragraph break, within `MAX_CROSS_PARAGRAPH_SPAN` (a short exchange of
 * dialogue). Farther apart, the fragments are a collage, not a quote.
 */
export const MAX_QUOTE_SPAN = 1200;
export const MAX_CROSS_PARAGRAPH_SPAN = 300;

/** Words that turn a statement into its opposite; eliding one, or quoting right after one, misquotes. */
const NEGATION = /^(?:not|no|never|nor|neither|nobody|nothing|nowhere|none|cannot|without|hardly|scarcely|barely|seldom|rarely|n't|\w+n't)$/i;
const NEGATION_IN_TEXT = /\b(?:not|no|never|nor|neither|nobody|nothing|nowhere|none|cannot|without|hardly|scarcely|barely|seldom|rarely)\b|\w+n't\b|n't\b/i;

/** Where a quote is, or why the place it is in does not say what the quote says. */
export type QuotePlacement =
  | { kind: 'found'; match: FileMatch }
  | { kind: 'out_of_context'; match: FileMatch; reason: string }
  | { kind: 'scattered'; match: FileMatch }
  | { kind: 'missing' };

function occurrences(text: string, fragment: string, from: number, to: number): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(fragment, from); at >= 0 && at + fragment.length <= to; at = text.indexOf(fragment, at + 1)) {
    if (matchesAt(text, fragment, at)) found.push(at);
    if (found.length > 2000) break;
  }
  return found;
}

function firstAfter(text: string, fragment: string, from: number, to: number): number {
  for (let at = text.indexOf(fragment, from); at >= 0 && at + fragment.length <= to; at = text.indexOf(fragment, at + 1)) {
    if (matchesAt(text, fragment, at)) return at;
  }
  return -1;
}

/** The word just before folded offset `at`, when nothing but spaces stands between (a comma ends the clause). */
function wordBefore(text: string, at: number): string {
  let end = at;
  while (end > 0 && text[end - 1] === ' ') end -= 1;
  let start = end;
  while (start > 0 && /[\p{L}\p{N}']/u.test(text[start - 1] ?? '')) start -= 1;
  return text.slice(start, end);
}

/** Verbs a negation follows ("was not", "would never"): a quote that ends on one before a negation is cut off its "not". */
const AUXILIARY = /^(?:am|is|are|was|were|be|been|being|do|does|did|have|has|had|will|would|shall|should|can|could|may|might|must|ought|need|dare)$/i;
const NEGATION_AFTER = /^(?:not|never|no|nothing|nobody|hardly|scarcely|barely|seldom|rarely)$/i;

/** The word just after folded offset `at`, when the quote ends on a word and nothing but spaces follows. */
function wordAfter(text: string, at: number): string {
  if (at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1] ?? '')) return '';
  let start = at;
  while (start < text.length && text[start] === ' ') start += 1;
  let end = start;
  while (end < text.length && /[\p{L}\p{N}']/u.test(text[end] ?? '')) end += 1;
  return text.slice(start, end);
}

function crossesParagraph(file: IndexedFile, match: FileMatch): boolean {
  return /\n[ \t]*\r?\n/.test(file.original.slice(match.start, match.end));
}

/**
 * Finds a quote's fragments in a file (or in lines `range`) and checks the place it is in: the
 * fragments must lie close together (`MAX_QUOTE_SPAN`, one paragraph), no ellipsis may stand for
 * a negation ("do … let Mara sell it" from "do not let Mara sell it"), and the quote may not start
 * right after one ("let Mara sell it" out of it) nor stop right before one ("Mara would" out of
 * "Mara would not"). Negations include the near ones: hardly, scarcely, barely, seldom, rarely.
 * Every occurrence is tried, so a phrase that is
 * also written plainly elsewhere in the file passes.
 */
export function placeQuote(file: IndexedFile, fragments: readonly string[], range?: { start: number; end: number }): QuotePlacement {
  const text = file.folded.text;
  const bounds = range ? foldedLineSpan(file, range.start, range.end) : { from: 0, to: text.length };
  const first = fragments[0];
  if (first === undefined) return { kind: 'missing' };
  let scattered: FileMatch | null = null;
  let outOfContext: { match: FileMatch; reason: string } | null = null;
  for (const start of occurrences(text, first, bounds.from, bounds.to)) {
    const gaps: string[] = [];
    let cursor = start + first.length;
    let complete = true;
    for (const fragment of fragments.slice(1)) {
      const at = firstAfter(text, fragment, cursor, bounds.to);
      if (at < 0) {
        complete = false;
        break;
      }
      gaps.push(text.slice(cursor, at));
      cursor = at + fragment.length;
    }
    if (!complete) break;
    const match = toFileMatch(file, { start, end: cursor });
    const span = match.end - match.start;
    if (fragments.length > 1 && (span > MAX_QUOTE_SPAN || (crossesParagraph(file, match) && span > MAX_CROSS_PARAGRAPH_SPAN))) {
      scattered ??= match;
      continue;
    }
    const elided = gaps.find((gap) => NEGATION_IN_TEXT.test(gap));
    if (elided !== undefined) {
      const word = NEGATION_IN_TEXT.exec(elided)?.[0] ?? 'not';
      outOfContext ??= { match, reason: `its ellipsis leaves out "${word}", which the file has there` };
      continue;
    }
    const before = wordBefore(text, start);
    if (before !== '' && NEGATION.test(before)) {
      outOfContext ??= { match, reason: `the file has "${before}" right before it` };
      continue;
    }
    // "a coat that was" out of "a coat that was not his": cut off before its negation, the clause says the opposite.
    const after = wordAfter(text, cursor);
    if (after !== '' && NEGATION_AFTER.test(after) && AUXILIARY.test(wordBefore(text, cursor))) {
      outOfContext ??= { match, reason: `the file has "${after}" right after it` };
      continue;
    }
    return { kind: 'found', match };
  }
  if (outOfContext) return { kind: 'out_of_context', ...outOfContext };
  if (scattered) return { kind: 'scattered', match: scattered };
  return { kind: 'missing' };
}
