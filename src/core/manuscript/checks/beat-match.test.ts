import { describe, expect, it } from 'vitest';
import { parseCharacterCard } from '../cards.js';
import { buildNameIndex } from '../name-index.js';
import { parseOutline } from '../outline.js';
import { parseSceneFile } from '../scene-file.js';
import { matchOutlineEntry, slugify } from './beat-match.js';

const outline = parseOutline({
  path: 'Story/SCN-outline.md',
  lines: ['### Scene 1: The Lamp Room', '- File: SCN-01-the-lamp-room', '- POV: Hester', '### Scene 2: Harbour House', '- POV: Hester Vane', '### Scene 3: The Bell', '- POV: Callum Lusk'],
});
const names = buildNameIndex(
  [
    parseCharacterCard({ path: 'Compendium/Characters/CHAR-hester.md', lines: ['---', 'name: Hester Vane', 'aliases: [Hester]', '---'] }),
    parseCharacterCard({ path: 'Compendium/Characters/CHAR-callum.md', lines: ['---', 'name: Callum Lusk', 'aliases: [Callum]', '---'] }),
  ],
  [],
);
const scene = (path: string, frontMatter: string[]) => parseSceneFile({ path, lines: ['---', ...frontMatter, '---', 'Prose.'] });
const match = (path: string, frontMatter: string[]) => {
  const found = matchOutlineEntry(scene(path, frontMatter), outline, names);
  return found === null ? null : [found.pass, found.entry.number, found.reason];
};

describe('matchOutlineEntry', () => {
  it('pass 1: the file slug or title matches an entry', () => {
    expect(match('Story/Scenes/SCN-01-the-lamp-room.md', [])).toEqual(['title_slug', 1, 'title slug "the-lamp-room"']);
    expect(match('Story/Scenes/SCN-09-draft.md', ['title: Harbour House'])).toEqual(['title_slug', 2, 'title slug "harbour-house"']);
  });

  it('pass 2: the only entry with the scene’s POV character (aliases resolved)', () => {
    expect(match('Story/Scenes/SCN-07-x.md', ['pov: Callum'])).toEqual(['pov_name', 3, 'the only entry with POV "Callum"']);
  });

  it('pass 3: the scene number, when the POV is shared', () => {
    expect(match('Story/Scenes/SCN-x.md', ['pov: Hester Vane', 'scene: 2'])).toEqual(['scene_number', 2, 'scene number 2']);
    expect(match('Story/Scenes/SCN-x.md', ['pov: Hester Vane'])).toBeNull();
  });
});

describe('slugify', () => {
  it('folds case, accents, apostrophes and punctuation', () => {
    expect(slugify('St. Ebba’s Café — Night')).toBe('st-ebbas-cafe-night');
  });
});
