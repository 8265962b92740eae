import { describe, expect, it } from 'vitest';
import { buildProseDocument } from './build-prose-document.js';
import { splitScene } from './scene-text.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

const documentOf = (text: string) => buildProseDocument(splitScene(text).paragraphs, engine);

describe('buildProseDocument', () => {
  it('keeps contractions, possessives and hyphenated compounds as one word, and splits at dashes', () => {
    const document = documentOf('The keeper’s grey-green lamp didn’t burn—not once.');
    expect(document.words.map((word) => word.text)).toEqual(['The', 'keeper’s', 'grey-green', 'lamp', 'didn’t', 'burn', 'not', 'once']);
    expect(document.words.find((word) => word.text === 'didn’t')?.contraction).toBe(true);
    expect(document.words.find((word) => word.text === 'keeper’s')?.lemma).toBe('keeper');
  });

  it('marks spoken words, numbers quotes, and gives each word its file line', () => {
    const document = documentOf('---\npov: Mara\n---\n“Go,” said Mara.\n\nShe waited. “Now,\nplease.”');
    expect(document.words.map((word) => [word.text, word.line, word.quote])).toEqual([
      ['Go', 4, 0],
      ['said', 4, -1],
      ['Mara', 4, -1],
      ['She', 6, -1],
      ['waited', 6, -1],
      ['Now', 6, 1],
      ['please', 7, 1],
    ]);
    expect(document.quotes.map((quote) => [quote.line, quote.endLine, quote.words, quote.firstWord, quote.lastWord])).toEqual([
      [4, 4, 1, 0, 0],
      [6, 7, 2, 5, 6],
    ]);
  });

  it('counts words and spoken words per sentence and per paragraph', () => {
    const document = documentOf('“Is it far?” she asked. “Not far.”\n\nSt. Brannoc’s bell rang… Then nothing.');
    expect(document.sentences.map((sentence) => [sentence.line, sentence.words, sentence.dialogueWords, sentence.text])).toEqual([
      [1, 5, 3, '“Is it far?” she asked.'],
      [1, 2, 2, '“Not far.”'],
      [3, 4, 0, 'St. Brannoc’s bell rang…'],
      [3, 2, 0, 'Then nothing.'],
    ]);
    expect(document.paragraphs).toEqual([
      { startLine: 1, endLine: 1, words: 7, sentences: 2, dialogueWords: 5 },
      { startLine: 3, endLine: 3, words: 6, sentences: 2, dialogueWords: 0 },
    ]);
  });

  it('drops paragraphs and sentences with no words', () => {
    const document = documentOf('…\n\n— —\n\nRain.');
    expect(document.paragraphs).toEqual([{ startLine: 5, endLine: 5, words: 1, sentences: 1, dialogueWords: 0 }]);
    expect(document.sentences).toHaveLength(1);
  });
});
