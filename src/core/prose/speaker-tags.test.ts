import { describe, expect, it } from 'vitest';
import { buildProseDocument } from './build-prose-document.js';
import { splitScene } from './scene-text.js';
import { findSpeakerTags } from './speaker-tags.js';
import { loadProseEngine } from './nlp-engine.js';

const engine = await loadProseEngine();

const tagsOf = (text: string) => findSpeakerTags(buildProseDocument(splitScene(text).paragraphs, engine));

describe('findSpeakerTags', () => {
  it('finds verb-first, name-first and pronoun tags with their verbs and lines', () => {
    const text = ['“Go,” said Mara.', '', '“Is it far?” asked Tomas.', '', 'Mr. Hale said, “Wait.”', '', '“Not far,” she whispered.'].join('\n');
    expect(tagsOf(text)).toEqual([
      { speaker: 'Mara', verb: 'said', line: 1, text: 'said Mara' },
      { speaker: 'Tomas', verb: 'asked', line: 3, text: 'asked Tomas' },
      { speaker: 'Mr. Hale', verb: 'said', line: 5, text: 'Mr. Hale said' },
      { speaker: 'she', verb: 'whispered', line: 7, text: 'she whispered' },
    ]);
  });

  it('finds a named tag after an exclamation and a described speaker', () => {
    expect(tagsOf('“Stop!” Mara shouted. “Wait,” said the old keeper.')).toEqual([
      { speaker: 'Mara', verb: 'shouted', line: 1, text: 'Mara shouted' },
      { speaker: 'the old keeper', verb: 'said', line: 1, text: 'said the old keeper' },
    ]);
  });

  it('counts a tag between two halves of a speech once', () => {
    expect(tagsOf('“Go,” Mara said, “now.”')).toEqual([{ speaker: 'Mara', verb: 'said', line: 1, text: 'Mara said' }]);
  });

  it('does not take narration or action beats for tags', () => {
    expect(tagsOf('“The Commission called it heritage.” He said the word carefully.')).toEqual([]);
    expect(tagsOf('“Aye, well.” Tresk took hold of the rail.')).toEqual([]);
    expect(tagsOf('I heard what Mara said. “Go.”')).toEqual([]);
  });

  it('accepts a whole-sentence tag after a quoted stop', () => {
    expect(tagsOf('“Wait.” Mara said.')).toEqual([{ speaker: 'Mara', verb: 'said', line: 1, text: 'Mara said' }]);
  });
});
