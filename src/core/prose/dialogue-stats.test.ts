import { describe, expect, it } from 'vitest';
import { buildProseDocument } from './build-prose-document.js';
import { dialogueStats, tally } from './dialogue-stats.js';
import { splitScene } from './scene-text.js';
import { findSpeakerTags } from './speaker-tags.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

describe('dialogueStats', () => {
  it('measures the share of spoken words, quotes, lines with speech and tags', () => {
    // 12 words, 4 spoken (Go; Is it far).
    const document = buildProseDocument(splitScene('“Go,” said Mara.\n\n“Is it far?” asked Tomas. The sea was grey.').paragraphs, engine);
    expect(dialogueStats(document, findSpeakerTags(document))).toEqual({
      ratio: 0.33,
      dialogue_words: 4,
      narration_words: 8,
      quotes: 2,
      dialogue_lines: 2,
      speaker_tags: [
        { speaker: 'Mara', verb: 'said', line: 1, text: 'said Mara' },
        { speaker: 'Tomas', verb: 'asked', line: 3, text: 'asked Tomas' },
      ],
      speakers: { Mara: 1, Tomas: 1 },
      tag_verbs: { said: 1, asked: 1 },
    });
  });

  it('tallies most frequent first', () => {
    expect(Object.entries(tally(['said', 'asked', 'asked']))).toEqual([
      ['asked', 2],
      ['said', 1],
    ]);
  });
});
