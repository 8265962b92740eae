import type { ProseDocument, ProseWord } from './prose-document.js';
import type { RepeatedWords } from './prose-report.js';

/** Two uses of a word this close (in words) read as an echo; about three sentences of prose. */
export const ECHO_WINDOW_WORDS = 50;
const MAX_LISTED = 15;
const MAX_LINES = 20;
const CONTENT_POS = new Set(['NOUN', 'VERB', 'ADJ', 'ADV']);
// Speaker-tag verbs are meant to repeat ("said" is invisible), so they are not echoes.
const INVISIBLE = new Set(['say', 'ask']);
const LETTERS = /^\p{L}+$/u;

/** A content word worth tracking: a noun, verb, adjective or adverb, not a stop word or a name. */
function isContentWord(word: ProseWord): boolean {
  return CONTENT_POS.has(word.pos) && !word.stopWord && word.lemma.length >= 3 && LETTERS.test(word.lemma) && !INVISIBLE.has(word.lemma);
}

/**
 * Content words (matched by lemma, so "walked" echoes "walking") used again within `window` words
 * of the previous use. `word` is the first form written, `count` how many uses take part in an
 * echo, `lines` where they are.
 */
export function repeatedWords(document: ProseDocument, window = ECHO_WINDOW_WORDS): RepeatedWords {
  const lastSeen = new Map<string, number>();
  const echoes = new Map<string, Set<number>>();
  document.words.forEach((word, position) => {
    if (!isContentWord(word)) return;
    const previous = lastSeen.get(word.lemma);
    lastSeen.set(word.lemma, position);
    if (previous === undefined || position - previous > window) return;
    const uses = echoes.get(word.lemma) ?? new Set<number>();
    uses.add(previous).add(position);
    echoes.set(word.lemma, uses);
  });
  const words = [...echoes.entries()]
    .map(([lemma, uses]) => {
      const positions = [...uses].sort((left, right) => left - right);
      const lines = [...new Set(positions.map((position) => document.words[position]?.line ?? 0))];
      const first = positions[0] ?? 0;
      // Shown as first written: the lemma can be American ("harbour" → "harbor") or bare ("lamps" → "lamp").
      return { word: document.words[first]?.normal ?? lemma, count: positions.length, lines: lines.slice(0, MAX_LINES), first };
    })
    .sort((left, right) => right.count - left.count || left.first - right.first)
    .slice(0, MAX_LISTED)
    .map(({ word, count, lines }) => ({ word, count, lines }));
  return { window_words: window, words };
}
