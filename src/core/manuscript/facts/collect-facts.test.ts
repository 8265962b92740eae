/**
 * The facts a character card states, in the card styles writers keep: questionnaires, YAML
 * properties above prose, and paragraph entries in capitals imported from a notes file.
 */
import { describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../../testing/memory-workspace.js';
import { loadManuscriptSnapshot } from '../snapshot.js';
import { analyseContinuity } from './continuity-model.js';

/** Every card fact, as `Name attribute=values` (traits) or `Name born=…`/`Name age=…`. */
async function cardFactsOf(files: Record<string, string>): Promise<string[]> {
  const analysis = analyseContinuity(await loadManuscriptSnapshot(new MemoryWorkspace(files)));
  const traits = analysis.facts.filter((fact) => fact.source === 'card').map((fact) => `${fact.card.name.value} ${fact.attribute}=${fact.values.join('/')}`);
  const ages = analysis.ages
    .filter((age) => age.source === 'card')
    .map((age) => `${age.card.name.value} ${age.kind}=${age.kind === 'age' ? age.age : [age.born!.year, age.born!.month, age.born!.day].join('-')}`);
  return [...traits, ...ages];
}

describe('a questionnaire card', () => {
  it('reads each answer as the field its question asks for', async () => {
    const facts = await cardFactsOf({
      'Compendium/Characters/Lorna Petrie.md': [
        '# Lorna Petrie',
        '',
        '**What color is her hair?** Gray. It was auburn until the divorce.',
        '',
        '**When was she born?** September 12, 1948, in the back of a Buick.',
        '',
        '**What colour are her eyes?** Green, like creek weed. Her mother\'s were blue.',
        '',
        '**Which hand?** Left',
        '',
        '**Anything physical?** Walks with a limp on her right leg since the crash. Freckles.',
      ].join('\n'),
    });
    expect(facts.sort()).toEqual(['Lorna Petrie born=1948-9-12', 'Lorna Petrie eyes=green', 'Lorna Petrie hair=grey', 'Lorna Petrie handedness=left', 'Lorna Petrie mark:limp:leg=right'].sort());
  });

  it('reads the traits of a physical answer, the side of a lost finger tip included', async () => {
    const facts = await cardFactsOf({
      'Compendium/Characters/Abe Cotter.md': '# Abe Cotter\n\n**Born?** 1939.\n\n**Anything physical?** Right-handed; missing the tip of his left thumb (baler, 1961). Heavy-set.',
    });
    expect(facts.sort()).toEqual(['Abe Cotter born=1939--', 'Abe Cotter handedness=right', 'Abe Cotter mark:missing:thumb=left'].sort());
  });

  it('gives no fact for a question not answered yet', async () => {
    const facts = await cardFactsOf({
      'Compendium/Characters/Sal Benitez.md': "# Sal Benitez\n\n**When was he born?** Haven't decided.\n\n**What colour are his eyes?** Not sure yet.\n\n**Hair?** Black, buzzed.",
    });
    expect(facts).toEqual(['Sal Benitez hair=black']);
  });
});

describe('a card of YAML properties above prose', () => {
  it('reads every property as the field it names, and the traits of the prose below', async () => {
    const facts = await cardFactsOf({
      'Compendium/Characters/Yvette Caron.md': [
        '---',
        'tags: [character]',
        'aliases: [Tante Yvette]',
        'hand: left',
        'born: 1931-04-17',
        'hair: white',
        'eyes: grey',
        '---',
        'Keeps the presbytery. Her sister Lucie has brown eyes and laughs at her.',
        'Limps on the right side since a fall on the church steps in 1990; stick on Sundays.',
        'Wears a green coat from October to May.',
      ].join('\n'),
    });
    expect(facts.sort()).toEqual(['Yvette Caron born=1931-4-17', 'Yvette Caron eyes=grey', 'Yvette Caron hair=grey', 'Yvette Caron handedness=left', 'Yvette Caron mark:limp:leg=right'].sort());
  });
});

describe('a paragraph entry in capitals from a notes file', () => {
  const entry = (name: string, text: string) => ({ [`Compendium/Characters/${name}.md`]: `# ${name}\n\n${text}` });

  it('reads a birth in brackets, the colour now and not the colour as a girl, and the hand', async () => {
    const facts = await cardFactsOf(
      entry('Beatrice Hollings', 'BEATRICE "BEA" HOLLINGS (b. 14 Feb 1887). Cook-general. Blue eyes, grey-streaked hair in a bun (fair as a girl - see the christening photo). Left-handed. Widow of Albert.'),
    );
    expect(facts.sort()).toEqual(['Beatrice Hollings born=1887-2-14', 'Beatrice Hollings eyes=blue', 'Beatrice Hollings hair=grey', 'Beatrice Hollings handedness=left'].sort());
  });

  it('reads "born" with a month and year, an age in apposition, and a hand written as a label', async () => {
    const facts = await cardFactsOf({
      ...entry('Major Ivo Pennant', 'MAJOR IVO PENNANT (born April 1879), late of the Indian Army. Tall, white-haired, brown eyes. Right hand: index and middle fingers lost at Loos.'),
      ...entry('Kitty Nolan', 'KITTY NOLAN, sixteen, scullery maid. Red hair, green eyes.'),
    });
    expect(facts.sort()).toEqual(
      ['Major Ivo Pennant born=1879-4-', 'Major Ivo Pennant eyes=brown', 'Major Ivo Pennant hair=grey', 'Major Ivo Pennant mark:missing:finger=right', 'Major Ivo Pennant mark:right-hand finger:index=lost', 'Major Ivo Pennant mark:right-hand finger:middle=lost', 'Kitty Nolan age=16', 'Kitty Nolan eyes=green', 'Kitty Nolan hair=red'].sort(),
    );
  });

  it("keeps a trait that is the person's own, and leaves one that belongs to someone else the entry names", async () => {
    const facts = await cardFactsOf({
      ...entry('Frank Moss', "FRANK MOSS, born May 1920. Black hair; grey eyes, his father's. Albert's eyes were blue. Her mother's eyes were brown, he says."),
    });
    expect(facts.sort()).toEqual(['Frank Moss born=1920-5-', 'Frank Moss eyes=grey', 'Frank Moss hair=black'].sort());
  });
});

describe('an age in a chapter, owned by the name the phrase gives', () => {
  async function proseAgesOf(chapter: string): Promise<string[]> {
    const files = {
      'Compendium/Characters/Ivy Marsh.md': '# Ivy Marsh\n\n**When was she born?** May 1990.',
      'Compendium/Characters/Grandpa Joe.md': '# Joe Marsh (Grandpa Joe)\n\n**Born?** 1931.',
      'Story/01 Stalls.md': `# Stalls\n\n${chapter}`,
    };
    const analysis = analyseContinuity(await loadManuscriptSnapshot(new MemoryWorkspace(files)));
    return analysis.ages.filter((age) => age.source === 'prose').map((age) => `${age.card.name.value} ${age.age}`);
  }

  it('gives an age to a name the card gives in brackets', async () => {
    expect(await proseAgesOf('At eighty, Grandpa Joe still drives the tractor.')).toEqual(['Joe Marsh 80']);
  });

  it('gives no one the age of a name no card knows, nor an age lived again in memory', async () => {
    expect(await proseAgesOf('Ivy Marsh feeds the two ponies, Pepper, who is twenty-two, and Sage.')).toEqual([]);
    expect(await proseAgesOf('For a moment Ivy Marsh was six years old again, hiding in the hayloft.')).toEqual([]);
  });
});

describe('a birth answer without a date', () => {
  it('reads a place as the place of birth, and a vague time as nothing', async () => {
    expect(await cardFactsOf({ 'Compendium/Characters/Dot Reyes.md': '# Dot Reyes\n\n**Born?** Galveston, in a hurricane.' })).toEqual(['Dot Reyes birthplace=galveston']);
    expect(await cardFactsOf({ 'Compendium/Characters/Dot Reyes.md': '# Dot Reyes\n\n**When was she born?** Sometime after the war.' })).toEqual([]);
  });
});
