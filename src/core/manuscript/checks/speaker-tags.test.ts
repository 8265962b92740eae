import { describe, expect, it } from 'vitest';
import { parseCharacterCard } from '../cards.js';
import { buildNameIndex } from '../name-index.js';
import { readProse } from '../scene-prose.js';
import { findSpeakerTags } from './speaker-tags.js';

const names = buildNameIndex(
  [
    parseCharacterCard({ path: 'Compendium/Characters/CHAR-owen.md', lines: ['---', 'name: Owen Tresk', 'aliases: [Owen, Tresk, the harbourmaster]', '---'] }),
    parseCharacterCard({ path: 'Compendium/Characters/CHAR-morag.md', lines: ['---', 'name: Morag Lusk', 'aliases: [Morag]', '---'] }),
  ],
  [],
);
const tags = (text: string) => findSpeakerTags(readProse({ path: 'a.md', lines: text.split('\n') }, 1, names)).map((tag) => [tag.mention.match.text, tag.tag, tag.line]);

describe('findSpeakerTags', () => {
  it('finds tags after and before a quotation, in either order', () => {
    expect(tags('“Another,” said Tresk from the end of the bar, lifting his glass.')).toEqual([['Tresk', 'said Tresk from the end of the bar, lifting his glass', 1]]);
    expect(tags('Then Morag quietly said, “Sit down.”')).toEqual([['Morag', 'Then Morag quietly said,', 1]]);
    expect(tags('“Well,” the harbourmaster\nasked. “Is it?”')).toEqual([['the harbourmaster', 'the harbourmaster asked', 1]]);
  });

  it('ignores names inside speech, names that do not speak, and talk about them', () => {
    expect(tags('“Owen said there was a tin,” she said.')).toEqual([]);
    expect(tags('They drank to Owen Tresk. “To Owen,” said Morag.')).toEqual([['Morag', 'said Morag', 1]]);
    expect(tags('As Tresk had done, he looked at the door. “Who?”')).toEqual([]);
  });
});
