import { syllable } from 'syllable';
import { round2 } from './number-stats.js';
import type { ProseDocument } from './prose-document.js';
import type { Readability } from './prose-report.js';

/** Syllables in a word; at least one, since numerals and initials are still spoken. */
export function syllablesIn(word: string): number {
  return Math.max(1, syllable(word));
}

/**
 * Flesch reading ease (206.835 − 1.015·words/sentence − 84.6·syllables/word) and Flesch–Kincaid
 * grade (0.39·words/sentence + 11.8·syllables/word − 15.59), with syllables from `syllable`.
 */
export function readability(document: ProseDocument): Readability {
  const words = document.words.length;
  const sentences = document.sentences.length;
  let syllables = 0;
  for (const word of document.words) syllables += syllablesIn(word.text);
  if (words === 0 || sentences === 0) {
    return { flesch_reading_ease: null, flesch_kincaid_grade: null, syllables: 0, syllables_per_word: 0, words_per_sentence: 0 };
  }
  const wordsPerSentence = words / sentences;
  const syllablesPerWord = syllables / words;
  return {
    flesch_reading_ease: round2(206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord),
    flesch_kincaid_grade: round2(0.39 * wordsPerSentence + 11.8 * syllablesPerWord - 15.59),
    syllables,
    syllables_per_word: round2(syllablesPerWord),
    words_per_sentence: round2(wordsPerSentence),
  };
}
