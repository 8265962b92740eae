import { describe, expect, it } from 'vitest';
import { parseCharacterCard } from '../cards.js';
import { paragraphsOf } from '../prose.js';
import { narratorCard, narratorKin, saysNarrator, toldInFirstPerson } from './narrator.js';

const card = (name: string, body: string) => parseCharacterCard({ path: `Compendium/Characters/${name}.md`, lines: `# ${name}\n\n${body}`.split('\n') });

describe('the narrator', () => {
  it('is the one card that says its character tells the story, in any phrasing', () => {
    expect(saysNarrator(card('Rosa Vell', 'Narrator. Runs the ferry office.'))).toBe(true);
    expect(saysNarrator(card('Amos Pike', 'Role: narrator\nEyes: grey'))).toBe(true);
    expect(saysNarrator(card('Jun Hale', 'She is the narrator of the book, a retired nurse.'))).toBe(true);
    expect(saysNarrator(card('Ben Oduya', "The narrator's cousin. Sells boats."))).toBe(false);
    expect(saysNarrator(card('Bridget Doyle', "Role: The narrator's mother."))).toBe(false);
    expect(narratorCard([card('Rosa Vell', 'Narrator.'), card('Ben Oduya', 'A boatman.')])?.name.value).toBe('Rosa Vell');
    expect(narratorCard([card('Rosa Vell', 'Narrator.'), card('Amos Pike', 'Narrator of part two.')])).toBeNull();
  });

  it('is also the card tagged #narrator, or whose name opens a line with "the narrator" beside it', () => {
    expect(saysNarrator(card('Rosa Vell', '#person #narrator\n\nRuns the ferry office.'))).toBe(true);
    expect(saysNarrator(card('Amos', 'Amos Pike — the narrator. A retired pilot.'))).toBe(true);
    expect(saysNarrator(card('Jun Hale', 'Jun, our narrator, keeps bees.'))).toBe(true);
    expect(saysNarrator(card('Ben Oduya', '#person #narrator-cousin\n\nSells boats.'))).toBe(false);
    expect(saysNarrator(card('Ben Oduya', 'Rosa Vell, the narrator, is his cousin.'))).toBe(false);
    expect(saysNarrator(card('Ben Oduya', "Ben Oduya — the narrator's cousin."))).toBe(false);
    expect(saysNarrator(card('Ilse Varga', 'Name: Dr. Ilse Varga, station medic (narrator)\nBorn 2 February 2150'))).toBe(true);
    expect(saysNarrator(card('Ben Oduya', 'Cousin of Rosa Vell (the narrator).'))).toBe(false);
  });

  it('stands for a chapter only when it is told in the first person outside dialogue', () => {
    const prose = (text: string) => paragraphsOf({ path: 'c.md', lines: text.split('\n') }, 1);
    expect(toldInFirstPerson(prose('I locked the office. My keys were cold.\n\nI walked home.'))).toBe(true);
    expect(toldInFirstPerson(prose('"I know," she said. "My word, I do."\n\nShe left.'))).toBe(false);
  });
});

describe('what the narrator calls family', () => {
  const nell = card('Nell Doyle', 'Role: The narrator, sixteen, from Bermondsey.');
  it('is "Mum" for the one card that is the narrator’s mother, by either name', () => {
    const kin = narratorKin([nell, card('Bridget Doyle', "Role: The narrator's mother."), card('Daniel Doyle', "Nell's elder brother."), card('Ada Kemp', 'A neighbour; grandmother of Lily.')]);
    expect([...kin]).toEqual([['Compendium/Characters/Bridget Doyle.md', ['Mum', 'Mam', 'Mom', 'Ma', 'Mammy', 'Mummy']]]);
    expect(narratorKin([nell, card('Ada Kemp', 'Nell Doyle’s grandmother, called Granny.')]).get('Compendium/Characters/Ada Kemp.md')).toContain('Gran');
  });
  it('is nothing without one narrator, or for a relation two cards claim', () => {
    expect(narratorKin([card('Bridget Doyle', "The narrator's mother.")]).size).toBe(0);
    expect(narratorKin([nell, card('Bridget Doyle', "The narrator's mother."), card('Rose Doyle', "Nell's mother, before she was adopted.")]).size).toBe(0);
  });
});
