import { describe, expect, it } from 'vitest';
import { parseCharacterCard } from '../cards.js';
import { buildNameIndex } from '../name-index.js';
import { readProse } from '../scene-prose.js';
import { proposeNames } from './proposed-names.js';

const names = buildNameIndex([parseCharacterCard({ path: 'Compendium/Characters/CHAR-hester.md', lines: ['---', 'name: Hester Vane', 'aliases: [Hester]', '---'] })], []);
const propose = (text: string, exclude?: Set<string>) =>
  proposeNames([readProse({ path: 'Story/Scenes/SCN-01.md', lines: text.split('\n') }, 1, names)], names, exclude).map((proposal) => [proposal.text, proposal.count, proposal.first.line]);

describe('proposeNames', () => {
  it('proposes unknown capitalised names, counting repeats, never known names', () => {
    expect(propose('Hester met Mrs. Baird.\nShe told Mrs. Baird about the Providence. Then Hester left.')).toEqual([
      ['Mrs. Baird', 2, 1],
      ['Providence', 1, 2],
    ]);
  });

  it('skips sentence-initial words, pronoun contractions, months, shouting and excluded names', () => {
    expect(propose('Nobody came. I’m tired. In November THE LIGHT WAS DARK. She saw Merrick Glassworks.', new Set(['Merrick Glassworks']))).toEqual([]);
  });
});
