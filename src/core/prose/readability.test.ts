import { describe, expect, it } from 'vitest';
import { buildProseDocument } from './build-prose-document.js';
import { readability, syllablesIn } from './readability.js';
import { splitScene } from './scene-text.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

const documentOf = (text: string) => buildProseDocument(splitScene(text).paragraphs, engine);

describe('readability', () => {
  it('computes Flesch reading ease and Flesch–Kincaid grade', () => {
    // 6 words, 2 sentences, 6 syllables: 206.835 − 1.015·3 − 84.6·1 = 119.19; 0.39·3 + 11.8·1 − 15.59 = −2.62
    expect(readability(documentOf('The cat sat. The dog ran.'))).toEqual({
      flesch_reading_ease: 119.19,
      flesch_kincaid_grade: -2.62,
      syllables: 6,
      syllables_per_word: 1,
      words_per_sentence: 3,
    });
  });

  it('counts at least one syllable for numerals', () => {
    expect(syllablesIn('3')).toBe(1);
    expect(syllablesIn('beautiful')).toBe(3);
  });

  it('has no scores for an empty scene', () => {
    expect(readability(documentOf(''))).toEqual({
      flesch_reading_ease: null,
      flesch_kincaid_grade: null,
      syllables: 0,
      syllables_per_word: 0,
      words_per_sentence: 0,
    });
  });
});
