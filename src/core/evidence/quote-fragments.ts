import { foldQuote } from './fold-text.js';
import { isStopWord } from './stop-words.js';

/**
 * A quote must carry at least this many letters and digits in all (ellipses, spaces and
 * punctuation left out). Measured on the public-domain corpus: a phrase with a content word and
 * eight word characters is unique within its chapter about 80% of the time; with four, a third.
 */
export const MIN_QUOTE_CHARS = 8;
/** Each fragment of an ellipsis quote needs this many word characters and one content word. */
export const MIN_FRAGMENT_CHARS = 4;

/** `…`, `...`, `. . .`, optionally in brackets (`[…]`, `(...)`): an elision that splits a quote. */
const ELLIPSIS = /\s?[[(]?\.(?: ?\.){2,}[\])]?\s?/g;
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/**
 * `verbatim`: the whole quote folded, ellipses kept, for a file whose own text has an ellipsis
 * ("In the... the glass"); set when the quote as a whole is informative.
 */
export type QuoteFragments = { ok: true; fragments: string[]; verbatim?: string } | { ok: false; reason: string; fragments: string[]; verbatim?: string };

function wordCharacters(text: string): number {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
}

/** A word that is not a function word, and not a lone letter or two ("M", "ab"); numbers count. */
function hasContentWord(text: string): boolean {
  return (text.match(WORD) ?? []).some((word) => !isStopWord(word) && (word.length >= 3 || /\p{N}/u.test(word)));
}

/**
 * Folds a quote and splits it at its ellipses into fragments that must appear in order. Fails
 * when the quote could not prove anything: fewer than `MIN_QUOTE_CHARS` word characters, only
 * function words, or an ellipsis fragment that is a lone letter, a function word or shorter than
 * `MIN_FRAGMENT_CHARS` ("Mara … locks … the … ledger").
 */
export function quoteFragments(quote: string): QuoteFragments {
  const fragments = foldQuote(quote)
    .split(ELLIPSIS)
    .map((fragment) => fragment.trim())
    .filter((fragment) => fragment !== '');
  const shown = JSON.stringify(quote);
  const characters = fragments.reduce((sum, fragment) => sum + wordCharacters(fragment), 0);
  if (characters < MIN_QUOTE_CHARS) {
    return { ok: false, fragments, reason: `the quote ${shown} is too short to prove anything (under ${MIN_QUOTE_CHARS} letters and digits); quote the phrase that shows it` };
  }
  if (!fragments.some(hasContentWord)) {
    return { ok: false, fragments, reason: `the quote ${shown} has only common words, which every file has; quote the phrase that shows it` };
  }
  if (fragments.length > 1) {
    const verbatim = foldQuote(quote).trim();
    const weak = fragments.find((fragment) => wordCharacters(fragment) < MIN_FRAGMENT_CHARS || !hasContentWord(fragment));
    if (weak !== undefined) {
      return { ok: false, fragments, verbatim, reason: `the part "${weak}" of the quote ${shown} is too slight to place (each part between ellipses needs a word of its own); quote a whole phrase` };
    }
    return { ok: true, fragments, verbatim };
  }
  return { ok: true, fragments };
}
