import { describe, expect, it } from 'vitest';
import { parseCharacterCard, parsePlaceCard } from '../cards.js';
import { buildNameIndex } from '../name-index.js';
import { readProse } from '../scene-prose.js';
import { collectVocabulary } from '../vocabulary.js';
import { findNearMisses } from './misnamed-names.js';

const lore = { path: 'Compendium/Lore/LORE-x.md', lines: ['- Catriona Vane lost a baby; Callan Reef is a rock.'] };
const names = buildNameIndex(
  [parseCharacterCard({ path: 'Compendium/Characters/CHAR-callum.md', lines: ['---', 'name: Callum Lusk', 'aliases: [Callum]', '---'] })],
  [parsePlaceCard({ path: 'Compendium/Places/PLACE-marrick.md', lines: ['---', 'name: Marrick Glassworks', 'aliases: [the glassworks]', '---'] })],
);
const vocabulary = collectVocabulary([lore]);
const misses = (text: string) =>
  findNearMisses(readProse({ path: 'Story/Scenes/SCN-01.md', lines: text.split('\n') }, 1, names), names, vocabulary).map((miss) => [miss.text, miss.form, miss.line, miss.distance, miss.weak]);

describe('findNearMisses', () => {
  it('finds a misspelled multi-word place, even across a line break', () => {
    expect(misses('The glass from when Merrick\nGlassworks was still running.')).toEqual([['Merrick Glassworks', 'Marrick Glassworks', 1, 1, false]]);
  });

  it('finds a misspelled single name mid-sentence, and marks one at a sentence start as weak', () => {
    expect(misses('She waved to Calum on the quay.')).toEqual([['Calum', 'Callum', 1, 1, false]]);
    expect(misses('Calum waved.')).toEqual([['Calum', 'Callum', 1, 1, true]]);
  });

  it('leaves known names, possessives, canon words and unrelated names alone', () => {
    expect(misses('Callum’s boat passed Marrick Glassworks. Catriona came. Callan Reef showed. Carla smiled at Mallum.')).toEqual([]);
  });
});
