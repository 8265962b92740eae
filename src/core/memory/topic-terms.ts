import type { MemoryItemRecord } from '../../protocol/memory.js';

/** Words too common to say what a request is about. */
const STOPWORDS = new Set(
  (
    'the and for are but not you your yours she her hers him his they them their theirs its our ours was were been being ' +
    'has have had does did doing done with from into onto about above below over under than then that this these those ' +
    'what which who whom whose when where why how all any each few more most other some such only own same too very can ' +
    'will just should would could might must shall may also there here out off again further once ever never yes now ' +
    'one two get got let make made tell said say says please thanks thank know think want need like look use used'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Folds a word to a comparable stem: lower case, no possessive, no plain plural `s`. */
function stem(word: string): string {
  const bare = word.replace(/['’]s$/u, '').replace(/['’]/gu, '');
  return bare.length > 4 && bare.endsWith('s') && !bare.endsWith('ss') ? bare.slice(0, -1) : bare;
}

/** The distinct significant words of a text (three letters or more, not stopwords), stemmed. */
export function topicTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    const word = stem(match[0]);
    if (word.length >= 3 && !STOPWORDS.has(word)) terms.add(word);
  }
  return terms;
}

/** The words a note can be found by: its content, excerpts and the names in its paths. */
export function itemTerms(item: MemoryItemRecord): Set<string> {
  const { refs } = item.metadata;
  return topicTerms([item.content, ...refs.excerpts, ...refs.paths.map((path) => path.replace(/[/_.#-]+/g, ' '))].join('\n'));
}

/** The terms of `query` that also occur in `terms`, in the query's order. */
export function sharedTerms(query: ReadonlySet<string>, terms: ReadonlySet<string>): string[] {
  return [...query].filter((term) => terms.has(term));
}

/** The words to search for: the significant ones, or every word when the query has only common ones. */
export function searchTerms(query: string): Set<string> {
  const significant = topicTerms(query);
  if (significant.size > 0) return significant;
  const words = new Set<string>();
  for (const match of query.normalize('NFKC').toLowerCase().matchAll(WORD)) words.add(stem(match[0]));
  return words;
}
