import { describe, expect, it } from 'vitest';
import { chunkSize, pacing } from './pacing.js';
import type { ProseDocument, ProseSentence } from './prose-document.js';

function sentence(line: number, words: number, dialogueWords = 0): ProseSentence {
  return { paragraph: line - 1, line, endLine: line, words, dialogueWords, text: '' };
}

function documentWith(sentences: ProseSentence[]): ProseDocument {
  return { words: [], sentences, paragraphs: [], quotes: [] };
}

describe('pacing', () => {
  it('uses at most eight chunks of at least five sentences', () => {
    expect(chunkSize(10)).toBe(5);
    expect(chunkSize(100)).toBe(13);
    expect(chunkSize(0)).toBe(5);
  });

  it('compares each chunk with the scene and finds the trend', () => {
    // Five sentences of 10 words (half spoken), then five of 4: the scene mean is 7.
    const long = [1, 2, 3, 4, 5].map((line) => sentence(line, 10, 5));
    const short = [6, 7, 8, 9, 10].map((line) => sentence(line, 4));
    expect(pacing(documentWith([...long, ...short]))).toEqual({
      chunk_sentences: 5,
      chunks: [
        { start_line: 1, end_line: 5, sentences: 5, mean_words: 10, std_dev: 0, dialogue_ratio: 0.5, tempo: 'slower' },
        { start_line: 6, end_line: 10, sentences: 5, mean_words: 4, std_dev: 0, dialogue_ratio: 0, tempo: 'faster' },
      ],
      trend: 'accelerating',
    });
  });

  it('is steady for a single chunk and empty for no sentences', () => {
    expect(pacing(documentWith([sentence(1, 3), sentence(2, 9)])).trend).toBe('steady');
    expect(pacing(documentWith([]))).toEqual({ chunk_sentences: 5, chunks: [], trend: 'steady' });
  });
});
