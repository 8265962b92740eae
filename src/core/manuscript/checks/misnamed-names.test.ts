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

describe('findNearMisses on short words and a dropped last letter', () => {
  const moorNames = buildNameIndex(
    [parseCharacterCard({ path: 'Compendium/Characters/Edwin Thornhill.md', lines: ['---', 'name: Edwin Thornhill', '---'] })],
    [
      parsePlaceCard({ path: 'Compendium/Places/Gorse Hall.md', lines: ['---', 'name: Gorse Hall', '---'] }),
      parsePlaceCard({ path: 'Compendium/Places/Cairnmoss.md', lines: ['---', 'name: Cairnmoss', '---'] }),
      parsePlaceCard({ path: 'Compendium/Places/Meadows.md', lines: ['---', 'name: Meadows', '---'] }),
      parsePlaceCard({ path: 'Compendium/Places/Lower Ely.md', lines: ['---', 'name: Lower Ely', '---'] }),
    ],
  );
  const moorMisses = (text: string, canon: readonly string[] = []) =>
    findNearMisses(readProse({ path: 'Draft/04 Moor.md', lines: text.split('\n') }, 1, moorNames), moorNames, collectVocabulary([{ path: 'Notes/world.md', lines: [...canon] }])).map((miss) => [miss.text, miss.form]);

  it('finds a one-letter slip in the short word of a longer name whose other words match', () => {
    expect(moorMisses('By nightfall the cart had reached Gorse Hal and the dogs were barking.')).toEqual([['Gorse Hal', 'Gorse Hall']]);
    expect(moorMisses('The ferry to Lower Eli ran twice a week.')).toEqual([['Lower Eli', 'Lower Ely']]);
  });

  it('finds a long name missing its last letter, even an s', () => {
    expect(moorMisses('The road over to Cairnmos was under water.')).toEqual([['Cairnmos', 'Cairnmoss']]);
    expect(moorMisses('The road over to Cairnmosse was under water.')).toEqual([['Cairnmosse', 'Cairnmoss']]);
  });

  it('leaves a short word that is a name of its own here, or starts with another letter', () => {
    expect(moorMisses('Gorse Hal brought the horses round.', ['Hal Brennan, the groom.'])).toEqual([]);
    expect(moorMisses('Hal whistled. Outside Gorse Hal waited with the lantern.')).toEqual([]);
    expect(moorMisses('They rowed out past Lower Sly at dawn.')).toEqual([]);
    expect(moorMisses('A Gorse Ha, she thought, was no house at all.')).toEqual([]);
  });

  it('does not take a plural for a misspelled singular, nor a singular for a misspelled plural', () => {
    expect(moorMisses('The Thornhills came to dinner and stayed past midnight.')).toEqual([]);
    expect(moorMisses('She crossed the Meadow at a run.')).toEqual([]);
    expect(moorMisses('All the Gorse Halls of the county were shut that winter.')).toEqual([]);
  });
});

describe('findNearMisses and a surname that is an everyday word', () => {
  const cast = buildNameIndex([parseCharacterCard({ path: 'Compendium/Characters/Perpetua Marsh.md', lines: ['# Perpetua Marsh'] }), parseCharacterCard({ path: 'Compendium/Characters/Oswin Stone.md', lines: ['# Oswin Stone'] })], []);
  const near = (text: string) => findNearMisses(readProse({ path: 'Story/01.md', lines: text.split('\n') }, 1, cast), cast, collectVocabulary([])).map((miss) => [miss.text, miss.form]);

  it('does not take another everyday word for the surname misspelt', () => {
    expect(near('It rained all through March, and the lane flooded.')).toEqual([]);
    expect(near('Store the nets dry. Stoke the stove before you go.')).toEqual([]);
  });

  it('still finds the given name misspelt', () => {
    expect(near('She paid Perpetia for the rope, and Oswyn for the tar.')).toEqual([
      ['Perpetia', 'Perpetua'],
      ['Oswyn', 'Oswin'],
    ]);
  });
});

describe('findNearMisses on shop names, family words and names in capitals', () => {
  const family = buildNameIndex(
    [parseCharacterCard({ path: 'Compendium/Characters/Ada Penhale.md', lines: ['# Ada Penhale', '', 'Everyone calls her Grandad\'s girl.', '- Aliases: Grandad'] }), parseCharacterCard({ path: 'Compendium/Characters/Tom Penhale.md', lines: ['# Tom Penhale'] })],
    [parsePlaceCard({ path: 'Compendium/Places/Quiller\'s.md', lines: ['# Quiller\'s', '', 'The chandler on the harbour.'] })],
  );
  const near = (text: string) => findNearMisses(readProse({ path: 'Story/02.md', lines: text.split('\n') }, 1, family), family, collectVocabulary([])).map((miss) => [miss.text, miss.form]);

  it('finds a shop named with a possessive misspelt in the prose, with or without it', () => {
    expect(near('She pushed open the door of Quiler\'s and the bell rang.')).toEqual([['Quiler', 'Quiller\'s']]);
  });

  it('takes no family word for a misspelt other one, and no family name in capitals for a misspelt plural', () => {
    expect(near('She went to see Grandma after school, then back to the harbour.')).toEqual([]);
    expect(near('The note on the cake said FOR THE PENHALES. DON\'T EAT IT ALL.')).toEqual([]);
  });
});

describe('findNearMisses on the first word of a longer name, written alone', () => {
  const light = buildNameIndex([], [parsePlaceCard({ path: 'Compendium/Places/Dunmorrie Light.md', lines: ['# Dunmorrie Light', '', 'A white tower on a skerry.'] })]);
  const near = (text: string) => findNearMisses(readProse({ path: 'Story/03.md', lines: text.split('\n') }, 1, light), light, collectVocabulary([])).map((miss) => [miss.text, miss.form, miss.entity.name]);

  it('finds it misspelt, for the place of the whole name, and leaves it alone spelt right', () => {
    expect(near('From the pier the tower on Dunmorie stands white in the sun.')).toEqual([['Dunmorie', 'Dunmorrie', 'Dunmorrie Light']]);
    expect(near('From the pier the tower on Dunmorrie stands white in the sun.')).toEqual([]);
    expect(near('They rowed past Dunmore Head at noon.')).toEqual([]);
  });
});
