import { foldQuote } from './fold-text.js';

/** A quote shorter than this (letters, digits and punctuation, ellipses left out) proves nothing. */
export const MIN_QUOTE_CHARS = 3;

/** `…`, `...`, `. . .`, optionally in brackets (`[…]`, `(...)`): an elision that splits a quote. */
const ELLIPSIS = /\s?[[(]?\.(?: ?\.){2,}[\])]?\s?/g;

export type QuoteFragments = { ok: true; fragments: string[] } | { ok: false; reason: string };

/**
 * Folds a quote and splits it at its ellipses into fragments that must appear in order. Fails
 * when what is left is shorter than `MIN_QUOTE_CHARS`.
 */
export function quoteFragments(quote: string): QuoteFragments {
  const fragments = foldQuote(quote)
    .split(ELLIPSIS)
    .map((fragment) => fragment.trim())
    .filter((fragment) => fragment !== '');
  const characters = fragments.join('').replace(/\s/g, '').length;
  if (characters < MIN_QUOTE_CHARS) {
    return { ok: false, reason: `the quote ${JSON.stringify(quote)} is too short to check (under ${MIN_QUOTE_CHARS} characters besides ellipses); quote a phrase` };
  }
  return { ok: true, fragments };
}
