import { describe, expect, it } from 'vitest';
import { parseCharacterCard, parsePlaceCard } from './cards.js';
import { buildNameIndex } from './name-index.js';

const character = (slug: string, frontMatter: string) => parseCharacterCard({ path: `Compendium/Characters/CHAR-${slug}.md`, lines: `---\n${frontMatter}\n---`.split('\n') });
const place = (slug: string, frontMatter: string) => parsePlaceCard({ path: `Compendium/Places/PLACE-${slug}.md`, lines: `---\n${frontMatter}\n---`.split('\n') });

const index = buildNameIndex(
  [
    character('colm', 'name: Dr. Colm Reddaway\naliases: [Dr. Reddaway, Reddaway, Colm]'),
    character('owen', 'name: Owen Tresk\naliases: [Owen, Tresk, the harbourmaster]'),
    character('mara', "name: Mara Quill\naliases: [Mara, Quill]"),
    character('jory', 'name: Jory Quill\naliases: [Quill]'),
  ],
  [place('ebbas', 'name: St. Ebba’s Church\naliases: [St. Ebba’s]')],
);
const found = (text: string) => index.find(text).map((match) => [match.text, match.entities.map((entity) => entity.name).join('|'), match.possessive]);

describe('NameIndex', () => {
  it('prefers the longest form at each position', () => {
    expect(found('Dr. Colm Reddaway came. Dr. Reddaway sat. Reddaway left.')).toEqual([
      ['Dr. Colm Reddaway', 'Dr. Colm Reddaway', false],
      ['Dr. Reddaway', 'Dr. Colm Reddaway', false],
      ['Reddaway', 'Dr. Colm Reddaway', false],
    ]);
  });

  it('matches whole words only and is case-sensitive for proper names', () => {
    expect(found('Owens and Owenby met owen by the Tresking.')).toEqual([]);
  });

  it('marks possessives with either apostrophe, and folds apostrophes inside names', () => {
    expect(found("Mara’s boat and Mara's oar at St. Ebba's")).toEqual([
      ['Mara', 'Mara Quill', true],
      ['Mara', 'Mara Quill', true],
      ["St. Ebba's", 'St. Ebba’s Church', false],
    ]);
  });

  it('lets a lower-case alias start a sentence, and reports ambiguous forms with every entity', () => {
    expect(found('The harbourmaster nodded at Quill.')).toEqual([
      ['The harbourmaster', 'Owen Tresk', false],
      ['Quill', 'Mara Quill|Jory Quill', false],
    ]);
  });

  it('resolves names from outlines exactly, then case-insensitively, never ambiguously', () => {
    expect(index.resolve('Reddaway')?.name).toBe('Dr. Colm Reddaway');
    expect(index.resolve('owen tresk')?.name).toBe('Owen Tresk');
    expect(index.resolve('Quill')).toBeNull();
    expect(index.resolve('Nobody')).toBeNull();
    expect(index.isKnownForm('St. Ebba’s')).toBe(true);
  });
});

describe('short forms of given names', () => {
  const cast = buildNameIndex(
    [
      character('thomas', 'name: Thomas Arkwright'),
      character('william', 'name: Sergeant William Drage'),
      character('margaret', 'name: Margaret Oyelaran'),
      character('katherine', 'name: Katherine Vell'),
      character('catherine', 'name: Catherine Brisk'),
      character('edward', 'name: Edward Lusk'),
      character('ted', 'name: Ted Hollis'),
    ],
    [],
  );
  const names = (text: string) => cast.find(text).map((match) => `${match.text}=${match.entities.map((entity) => entity.name).join('|')}`);

  it('gives a card the short forms of its given name that no one else claims', () => {
    expect(names('Tommy and Tom met Peg, then Maggie and Bill; Ned waved.')).toEqual([
      'Tommy=Thomas Arkwright', 'Tom=Thomas Arkwright', 'Peg=Margaret Oyelaran', 'Maggie=Margaret Oyelaran', 'Bill=Sergeant William Drage', 'Ned=Edward Lusk',
    ]);
    expect(cast.isWeakForm('Bill')).toBe(true);
    expect(cast.isWeakForm('Will')).toBe(true);
    expect(cast.isWeakForm('Tom')).toBe(false);
  });

  it('leaves a short form two given names share, or another card owns, to nobody or its owner', () => {
    expect(names('Kate came with Katie and Kath.')).toEqual(['Kath=Katherine Vell']);
    expect(names('Ted and Teddy.')).toEqual(['Ted=Ted Hollis', 'Teddy=Edward Lusk']);
    expect(names('Tomas, Tomkins, Willow and Pegasus.')).toEqual([]);
  });
});

describe('a title and surname the card\'s own name carries', () => {
  const person = (name: string, body = '') => parseCharacterCard({ path: `Compendium/Characters/${name}.md`, lines: `# ${name}\n\n${body}`.split('\n') });
  const who = (index: ReturnType<typeof buildNameIndex>, text: string) => index.find(text).map((match) => `${match.text}=${match.entities.map((entity) => entity.name).join('|')}`);

  it('goes to that person, not to a relative who could be called so too', () => {
    const family = buildNameIndex([person('Mrs. Edith Crane', 'She runs the boarding house.'), person('Lottie Crane', 'Her daughter. She is nineteen.'), person('Mr Arthur Crane'), person('Jem Crane', 'He is the son.')], []);
    expect(who(family, 'Mrs. Crane rang the bell; Mr Crane did not look up.')).toEqual(['Mrs. Crane=Mrs. Edith Crane', 'Mr Crane=Mr Arthur Crane']);
  });

  it('stays shared when two names carry the title, or none does', () => {
    const twice = buildNameIndex([person('Mr. Silas Dunn'), person('Mr. Amos Dunn')], []);
    expect(who(twice, 'Mr. Dunn nodded.')).toEqual(['Mr. Dunn=Mr. Silas Dunn|Mr. Amos Dunn']);
    const none = buildNameIndex([person('Silas Dunn', 'He keeps the forge.'), person('Amos Dunn', 'He is his brother.')], []);
    expect(who(none, 'Mr. Dunn nodded.')).toEqual(['Mr. Dunn=Silas Dunn|Amos Dunn']);
  });
});

describe('a name written in capitals', () => {
  const person = (name: string) => parseCharacterCard({ path: `Compendium/Characters/${name}.md`, lines: `# ${name}\n\nShe works the ferry.`.split('\n') });
  const names = (text: string) => buildNameIndex([person('Oona Brannigan'), person('May Ellery')], []).find(text).map((match) => `${match.text}=${match.entities.map((entity) => entity.name).join('|')}`);

  it('is found on a badge or a sign', () => {
    expect(names('Her name on a badge: OONA. The sign said OONA BRANNIGAN, PURSER.')).toEqual(['OONA=Oona Brannigan', 'OONA BRANNIGAN=Oona Brannigan']);
  });

  it('is not found for a name that is an everyday word', () => {
    expect(names('MAY I SEE YOUR TICKET?')).toEqual([]);
  });
});
