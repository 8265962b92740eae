import { describe, expect, it } from 'vitest';
import { buildProseDocument } from './build-prose-document.js';
import { ECHO_WINDOW_WORDS, repeatedWords } from './repeated-words.js';
import { splitScene } from './scene-text.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

const documentOf = (text: string) => buildProseDocument(splitScene(text).paragraphs, engine);
// Words: The(0) lamp(1) burned(2) The keeper(4) trimmed the lamp(7) Later the lamps(10) burned(11) low and the keeper(15) slept.
const LAMPS = 'The lamp burned.\nThe keeper trimmed the lamp.\nLater the lamps burned low and the keeper slept.';

describe('repeatedWords', () => {
  it('finds content words echoed within the window, by lemma, with their lines', () => {
    expect(repeatedWords(documentOf(LAMPS))).toEqual({
      window_words: ECHO_WINDOW_WORDS,
      words: [
        { word: 'lamp', count: 3, lines: [1, 2, 3] },
        { word: 'burned', count: 2, lines: [1, 3] },
        { word: 'keeper', count: 2, lines: [2, 3] },
      ],
    });
  });

  it('ignores uses further apart than the window', () => {
    // With a window of 5 words only "lamp"(7) → "lamps"(10) are close enough.
    expect(repeatedWords(documentOf(LAMPS), 5).words).toEqual([{ word: 'lamp', count: 2, lines: [2, 3] }]);
  });

  it('skips stop words, names and speaker-tag verbs', () => {
    const text = '“Go,” Mara said. “Now,” Mara said. “Here,” she said. It was the and the and the.';
    expect(repeatedWords(documentOf(text)).words).toEqual([]);
  });

  it('reports nothing for an empty document', () => {
    expect(repeatedWords(documentOf('')).words).toEqual([]);
  });
});
