import { describe, expect, it } from 'vitest';
import { buildProseDocument } from './build-prose-document.js';
import { rhythm, signChanges, similarLengths, similarRuns } from './rhythm.js';
import { splitScene } from './scene-text.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

describe('rhythm', () => {
  it('counts turns in the length sequence, skipping equal steps', () => {
    // steps +4 −3 +4 0 −3: the signs go + − + − → three turns
    expect(signChanges([1, 5, 2, 6, 6, 3])).toBe(3);
    expect(signChanges([1, 2, 3, 4])).toBe(0);
    expect(signChanges([])).toBe(0);
  });

  it('judges similar lengths by one word or 20% of the longer', () => {
    expect(similarLengths(10, 12)).toBe(true);
    expect(similarLengths(3, 4)).toBe(true);
    expect(similarLengths(3, 5)).toBe(false);
    expect(similarLengths(20, 24)).toBe(true);
  });

  it('finds runs of three or more similar sentences, measured from the run start', () => {
    expect(similarRuns([10, 11, 10, 30, 2, 2, 3, 9])).toEqual([
      [0, 2],
      [4, 6],
    ]);
    // A steady climb is not monotony: 5 → 6 → 7 drifts two words from the start.
    expect(similarRuns([5, 6, 7, 8])).toEqual([]);
  });

  it('reports the sequence of a scene with its lines', () => {
    const text = 'One two three. One two three.\nOne two three four five six seven eight nine ten. Hi.\n\nRain fell hard. Wind blew cold. Boats rocked slowly.';
    const report = rhythm(buildProseDocument(splitScene(text).paragraphs, engine));
    expect(report).toEqual({
      lengths: [3, 3, 10, 1, 3, 3, 3],
      // steps 0 +7 −9 +2 0 0: + − + → two turns over five possible
      sign_changes: 2,
      alternation: 0.4,
      similar_runs: [{ start_line: 4, end_line: 4, sentences: 3, min_words: 3, max_words: 3 }],
      longest_similar_run: 3,
      short_sentences: 6,
      long_sentences: 0,
    });
  });
});
