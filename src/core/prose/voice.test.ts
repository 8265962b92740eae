import { describe, expect, it } from 'vitest';
import { buildProseDocument } from './build-prose-document.js';
import { splitScene } from './scene-text.js';
import { findSpeakerTags } from './speaker-tags.js';
import { voice } from './voice.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

describe('voice', () => {
  it('profiles pronouns, speech and tags', () => {
    // 13 words; spoken: I will go / You won’t (5); one contraction; tags "she said" and "he shouted".
    const document = buildProseDocument(splitScene('“I will go,” she said. “You won’t!” he shouted. She turned to him.').paragraphs, engine);
    expect(voice(document, findSpeakerTags(document))).toEqual({
      narration_pronouns: { first: 0, second: 0, third: 4 },
      dialogue_pronouns: { first: 1, second: 1, third: 0 },
      dialogue_ratio: 0.38,
      mean_quote_words: 2.5,
      question_quotes: 0,
      exclamation_quotes: 1,
      contractions_per_1000_words: 76.92,
      plain_tag_share: 0.5,
      top_speakers: [
        { speaker: 'she', tags: 1 },
        { speaker: 'he', tags: 1 },
      ],
    });
  });
});
