import { describe, expect, it } from 'vitest';
import { parseCharacterCard, parsePlaceCard } from './cards.js';

const source = (path: string, text: string) => ({ path, lines: text.split('\n') });

describe('parseCharacterCard', () => {
  it('reads every field with its line, and guesses pronouns from the prose', () => {
    const card = parseCharacterCard(
      source('Compendium/Characters/CHAR-owen-tresk.md', '---\nname: Owen Tresk\naliases: [Owen, Tresk, the harbourmaster]\neyes: brown\nhair: grey\nage: 71\nstatus: Dead\ndied_in: SCN-06-the-tide-steps\n---\n\n# Owen Tresk\n\nHe was the harbourmaster. His keys were heavy and he kept them.'),
    );
    expect(card.name).toEqual({ value: 'Owen Tresk', line: 2 });
    expect(card.aliases).toEqual([{ value: 'Owen', line: 3 }, { value: 'Tresk', line: 3 }, { value: 'the harbourmaster', line: 3 }]);
    expect(card.eyes).toEqual({ value: 'brown', line: 4 });
    expect(card.age).toEqual({ value: '71', line: 6 });
    expect(card.status).toEqual({ value: 'dead', line: 7 });
    expect(card.diedIn).toEqual({ value: 'SCN-06-the-tide-steps', line: 8 });
    expect(card.gender).toBe('male');
    expect(card.problems).toEqual([]);
  });

  it('falls back to labelled body lines and the heading when there is no front matter', () => {
    const card = parseCharacterCard(source('Compendium/Characters/CHAR-mara.md', '# Mara Quill\n\n- **Eyes:** green\n- Also known as: Mara, Quill\n\nShe sails. Her boat is hers.'));
    expect(card.name).toEqual({ value: 'Mara Quill', line: 1 });
    expect(card.eyes).toEqual({ value: 'green', line: 3 });
    expect(card.aliases.map((alias) => alias.value)).toEqual(['Mara', 'Quill']);
    expect(card.gender).toBe('female');
    expect(card.problems.map((problem) => problem.code)).toEqual(['card_name_missing']);
  });

  it('survives broken front matter, naming the card from its file', () => {
    const card = parseCharacterCard(source('Compendium/Characters/CHAR-tam-gillies.md', '---\nname: [Tam\n---\nA care assistant.'));
    expect(card.name.value).toBe('Tam Gillies');
    expect(card.problems.map((problem) => problem.code)).toEqual(['front_matter_invalid', 'card_name_missing']);
    expect(card.gender).toBeNull();
  });
});

describe('parsePlaceCard', () => {
  it('reads name, aliases and kind', () => {
    const card = parsePlaceCard(source('Compendium/Places/PLACE-skerry-light.md', '---\nname: Skerry Light\naliases: [the light, the tower]\nkind: lighthouse\n---'));
    expect(card).toMatchObject({ kind: 'place', name: { value: 'Skerry Light', line: 2 }, placeKind: { value: 'lighthouse', line: 4 } });
    expect(card.aliases.map((alias) => alias.value)).toEqual(['the light', 'the tower']);
  });
});

describe('a name field followed by more sentences', () => {
  it('keeps the name only, with its abbreviated title and initials', () => {
    const parse = (body: string) => parseCharacterCard({ path: 'Notes/crew.md', lines: body.split('\n') }).name.value;
    expect(parse('Name: Capt. Ines Moreau. Everyone calls her Nessa.')).toBe('Capt. Ines Moreau');
    expect(parse('Name: J. R. Hollis. Quiet, careful.')).toBe('J. R. Hollis');
    expect(parse('Name: Dr. Amos Pell')).toBe('Dr. Amos Pell');
  });
});

describe('a name field with a description after the name', () => {
  const nameOf = (value: string) => parseCharacterCard(source('Compendium/Characters/crew.md', `## Crew\n\nName: ${value}\nBorn 2 February 2150`)).name.value;

  it('keeps the name and drops the description', () => {
    expect(nameOf('Dr. Ilse Varga, station medic (narrator)')).toBe('Dr. Ilse Varga');
    expect(nameOf('Kasimir Wolny — purser')).toBe('Kasimir Wolny');
    expect(nameOf('Tess Adair (née Quirke)')).toBe('Tess Adair');
  });

  it('keeps a name written surname first, and initials', () => {
    expect(nameOf('Varga, Ilse')).toBe('Varga, Ilse');
    expect(nameOf('J. R. Hallam')).toBe('J. R. Hallam');
  });
});
