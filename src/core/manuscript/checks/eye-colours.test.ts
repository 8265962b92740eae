import { describe, expect, it } from 'vitest';
import { parseCharacterCard, type CharacterCard } from '../cards.js';
import { buildNameIndex } from '../name-index.js';
import { readProse } from '../scene-prose.js';
import { eyeColourFindings, findEyeColourMentions, huesOf } from './eye-colours.js';

const card = (slug: string, name: string, aliases: string, eyes: string, pronoun: string): CharacterCard =>
  parseCharacterCard({ path: `Compendium/Characters/CHAR-${slug}.md`, lines: ['---', `name: ${name}`, `aliases: [${aliases}]`, `eyes: ${eyes}`, '---', '', `${pronoun} is here. ${pronoun} stays. ${pronoun} goes.`] });
const hester = card('hester', 'Hester Vane', 'Hester', 'grey', 'She');
const morag = card('morag', 'Morag Lusk', 'Morag', 'blue', 'She');
const callum = card('callum', 'Callum Lusk', 'Callum', 'hazel', 'He');
const names = buildNameIndex([hester, morag, callum], []);
const prose = (text: string) => readProse({ path: 'Story/Scenes/SCN-07.md', lines: text.split('\n') }, 1, names);
const mentions = (text: string, pov: CharacterCard | null = hester) =>
  findEyeColourMentions(prose(text), pov).map((mention) => [mention.colour, mention.character.name.value, mention.attribution, mention.line]);

describe('findEyeColourMentions', () => {
  it('ties eyes to a possessive name, with certainty', () => {
    expect(mentions('Pryce waited.\nHester Vane’s green eyes went to the page.')).toEqual([['green', 'Hester Vane', 'possessive', 2]]);
  });

  it('ties eyes to the one fitting character named earlier in the sentence', () => {
    expect(mentions('Morag wiped her pale blue eyes.')).toEqual([['pale blue', 'Morag Lusk', 'sentence', 1]]);
    expect(mentions('Callum sat with grey eyes on the door.')).toEqual([['grey', 'Callum Lusk', 'nearby', 1]]);
  });

  it('resolves a pronoun to the nearest earlier character it fits, skipping possessives', () => {
    expect(mentions('Morag said nothing. Callum had watched her all day. Her blue eyes were dry.')).toEqual([['blue', 'Morag Lusk', 'pronoun', 1]]);
    expect(mentions('Callum sat at Morag’s table. His hazel eyes kept going to the window.')).toEqual([['hazel', 'Callum Lusk', 'pronoun', 1]]);
  });

  it('falls back to the point-of-view character, and skips eyes owned by someone unnamed', () => {
    expect(mentions('The wind dropped. She rubbed her grey eyes.')).toEqual([['grey', 'Hester Vane', 'point_of_view', 1]]);
    expect(mentions('She saw her father’s grey eyes. Your blue eyes, he said. The older woman’s face, the blue eyes wide, and Hester understood.')).toEqual([]);
  });
});

describe('eyeColourFindings', () => {
  it('reports a certain contradiction as an error and a guessed one as a warning, with the card line', () => {
    const findings = eyeColourFindings(prose('Hester Vane’s green eyes went to the page.\n\nCallum came in. His brown eyes were tired.'), hester);
    expect(findings.map((finding) => [finding.kind, finding.severity, finding.line, finding.canon])).toEqual([
      ['eye_colour_mismatch', 'error', 1, { path: 'Compendium/Characters/CHAR-hester.md', line: 4, value: 'grey' }],
      ['eye_colour_mismatch', 'warning', 3, { path: 'Compendium/Characters/CHAR-callum.md', line: 4, value: 'hazel' }],
    ]);
    expect(findings[0]!.quote).toBe('Hester Vane’s green eyes went to the page.');
  });

  it('accepts any shared hue and gray for grey', () => {
    expect(eyeColourFindings(prose('Hester’s gray eyes. Morag’s blue-grey eyes.'), hester)).toEqual([]);
    expect(huesOf('Blue-Gray')).toEqual(['blue', 'grey']);
  });
});
