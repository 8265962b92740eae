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

describe('a questionnaire card', () => {
  const card = (text: string) => parseCharacterCard(source('Compendium/Characters/Rosalind Achebe.md', text));
  const value = (text: string, key: string) => card(text).fields.get(key) ?? null;

  it('reads each question as the field it asks about, with the answer and its line', () => {
    const parsed = card(
      [
        '# Rosalind Achebe',
        '',
        '**What color is her hair?** Black, cropped close since the army.',
        '**Where was she born?** Enugu.',
        '**When was she born?** 4 February 1958, in her grandmother\'s house.',
        '**Which hand does she favour?** Right',
        '**Distinguishing marks?** A burn scar on the back of her left hand.',
        '**How old is she when the book opens?** Thirty-nine.',
        '**What colour are her eyes?** Dark brown.',
      ].join('\n'),
    );
    expect(parsed.hair).toEqual({ value: 'Black, cropped close since the army.', line: 3 });
    expect(parsed.fields.get('birthplace')?.value).toBe('Enugu.');
    expect(parsed.fields.get('born')).toEqual({ value: "4 February 1958, in her grandmother's house.", line: 5 });
    expect(parsed.fields.get('handedness')?.value).toBe('Right');
    expect(parsed.fields.get('appearance')?.value).toBe('A burn scar on the back of her left hand.');
    expect(parsed.age?.value).toBe('Thirty-nine.');
    expect(parsed.eyes).toEqual({ value: 'Dark brown.', line: 9 });
  });

  it('takes an answer written on the line after its question', () => {
    expect(value('# Tom Varley\n\n### When was he born?\n\nSpring 1911.\n\n### Eye colour?\n- Grey', 'born')).toEqual({ value: 'Spring 1911.', line: 5 });
    expect(value('# Tom Varley\n\n### Eye colour?\n- Grey', 'eyes')).toEqual({ value: 'Grey', line: 4 });
  });

  it('gives no field for an answer not decided yet, a question about someone else, or one no check reads', () => {
    expect(value("# Tom Varley\n\n**What colour are his eyes?** Haven't decided. Something striking.", 'eyes')).toBeNull();
    expect(value('# Tom Varley\n\n**Hair?** TBD', 'hair')).toBeNull();
    expect(value("# Tom Varley\n\n**What colour were his mother's eyes?** Blue.", 'eyes')).toBeNull();
    const other = card('# Tom Varley\n\n**What does he want?** To sell the farm.\n**Family?** A sister in Leeds.');
    expect([...other.fields.keys()]).toEqual([]);
  });
});

describe('a name heading with another name in brackets', () => {
  it('names the card without the brackets and keeps the other name as an alias', () => {
    const card = parseCharacterCard(source('Compendium/Characters/x.md', '# Walter Pym (Grandpa Walt)\n\nHe keeps bees.'));
    expect(card.name.value).toBe('Walter Pym');
    expect(card.aliases.map((alias) => alias.value)).toEqual(['Grandpa Walt']);
  });

  it('takes no role, date or maiden name in brackets for a name', () => {
    const aliases = (heading: string) => parseCharacterCard(source('Compendium/Characters/x.md', `# ${heading}\n\nText.`)).aliases;
    expect(aliases('Ines Moreau (narrator)')).toEqual([]);
    expect(aliases('Ines Moreau (POV)')).toEqual([]);
    expect(aliases('Ines Moreau (1902-1969)')).toEqual([]);
    expect(aliases('Ines Moreau (née Quirke)')).toEqual([]);
  });

  it('reads a Name field the same way, and leaves the brackets of a place', () => {
    const card = parseCharacterCard(source('Compendium/Characters/x.md', '---\nname: Ramona Diaz (Tía Mona)\n---\nShe sews.'));
    expect([card.name.value, card.aliases.map((alias) => alias.value)]).toEqual(['Ramona Diaz', ['Tía Mona']]);
    expect(parsePlaceCard(source('Compendium/Places/x.md', '# The Anchor (Pub)\n\nOn the quay.')).name.value).toBe('The Anchor (Pub)');
  });
});

describe('a card with YAML properties above its prose', () => {
  it('reads each property as the field it names', () => {
    const card = parseCharacterCard(
      source('People/Odile Marchand.md', '---\ntags: [character]\naliases: [Odi, Tante Odile]\nhand: left\nborn: 1941-12-03\nhair: iron grey\neyes: hazel\n---\nRuns the tabac. Lost her husband in 1980.'),
    );
    expect(card.eyes).toEqual({ value: 'hazel', line: 7 });
    expect(card.hair).toEqual({ value: 'iron grey', line: 6 });
    expect(card.fields.get('born')).toEqual({ value: '1941-12-03', line: 5 });
    expect(card.fields.get('handedness')).toEqual({ value: 'left', line: 4 });
    expect(card.aliases.map((alias) => alias.value)).toEqual(['Odi', 'Tante Odile']);
  });
});
