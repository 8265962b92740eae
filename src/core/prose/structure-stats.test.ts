import { describe, expect, it } from 'vitest';
import { buildProseDocument } from './build-prose-document.js';
import { splitScene } from './scene-text.js';
import { clip, paragraphStats, sentenceStats } from './structure-stats.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

const documentOf = (text: string) => buildProseDocument(splitScene(text).paragraphs, engine);

describe('structure stats', () => {
  // Sentences of 2, 9 and 2 words; paragraphs of 11 and 2 words.
  const document = documentOf('Mara ran. The tide came in fast over the flat sand.\n\nShe stopped.');

  it('summarises words per sentence and finds the longest sentence', () => {
    // mean 13/3; squared deviations 5.44 + 21.78 + 5.44 = 32.67, / 3 = 10.89, √ ≈ 3.30
    expect(sentenceStats(document)).toEqual({
      count: 3,
      mean_words: 4.33,
      median_words: 2,
      min_words: 2,
      max_words: 9,
      std_dev: 3.3,
      longest: { words: 9, line: 1, text: 'The tide came in fast over the flat sand.' },
    });
  });

  it('summarises paragraphs', () => {
    expect(paragraphStats(document)).toEqual({
      count: 2,
      mean_words: 6.5,
      median_words: 6.5,
      max_words: 11,
      mean_sentences: 1.5,
      single_sentence: 1,
      longest: { words: 11, start_line: 1, end_line: 1 },
    });
  });

  it('has no longest sentence or paragraph in an empty scene', () => {
    expect(sentenceStats(documentOf('')).longest).toBeNull();
    expect(paragraphStats(documentOf(''))).toMatchObject({ count: 0, mean_sentences: 0, longest: null });
  });

  it('clips long text with an ellipsis', () => {
    expect(clip('abcdef', 4)).toBe('abc\u2026');
    expect(clip('abc', 4)).toBe('abc');
  });
});
