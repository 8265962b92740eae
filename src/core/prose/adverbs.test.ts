import { describe, expect, it } from 'vitest';
import { adverbStats } from './adverbs.js';
import { buildProseDocument } from './build-prose-document.js';
import { splitScene } from './scene-text.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

const documentOf = (text: string) => buildProseDocument(splitScene(text).paragraphs, engine);

describe('adverbStats', () => {
  it('counts -ly adverbs by part of speech, not spelling', () => {
    // 20 words; adverbs: slowly, quickly, Really, utterly, happily. "lovely" is an adjective,
    // "family" a noun, "early" an adjective here, and "only" is not a manner adverb.
    const text = 'She slowly turned. He ran quickly.\nThe lovely family only ate early. Really, she was utterly tired. He smiled happily.';
    expect(adverbStats(documentOf(text))).toEqual({
      count: 5,
      per_1000_words: 250,
      in_dialogue: 0,
      top: [
        { word: 'slowly', count: 1 },
        { word: 'quickly', count: 1 },
        { word: 'really', count: 1 },
        { word: 'utterly', count: 1 },
        { word: 'happily', count: 1 },
      ],
      lines: [1, 2],
    });
  });

  it('ranks the most frequent first and counts adverbs in speech', () => {
    const stats = adverbStats(documentOf('“Gently,” he said. She slowly turned, and slowly sat.'));
    expect(stats).toMatchObject({ count: 3, in_dialogue: 1, top: [{ word: 'slowly', count: 2 }, { word: 'gently', count: 1 }] });
  });

  it('is empty for no words', () => {
    expect(adverbStats(documentOf(''))).toEqual({ count: 0, per_1000_words: 0, in_dialogue: 0, top: [], lines: [] });
  });
});
