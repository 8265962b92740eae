import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitalLeadEntries } from './capital-entries.js';
import { bulletEntries, boldLeadEntries } from './split-entries.js';

const read = (text: string, kind: 'character' | 'place' = 'character') => capitalLeadEntries(text.split('\n'), kind);
const headings = (text: string, kind: 'character' | 'place' = 'character') => read(text, kind).entries.map((entry) => entry.heading);

describe('capitalLeadEntries', () => {
  it('makes one entry per paragraph that opens with a name in capitals, with and without birth notes', () => {
    const text = [
      '# The Household',
      '',
      'HILDA BRANNAGH (b. 4 May 1901). Cook. Grey eyes, left-handed.',
      '',
      'TOMAS VERE, born 1920, the heir. Fair hair.',
      '',
      'ESME TALLIS (1870-1929) - the grandmother, drowned in the mere.',
      '',
      'OWEN PARRY, nineteen, the groom.',
      '',
      'BRIDIE KEANE, scullery maid. Red hair.',
    ].join('\n');
    const { entries, rest } = read(text);
    expect(entries.map((entry) => entry.heading)).toEqual(['Hilda Brannagh', 'Tomas Vere', 'Esme Tallis', 'Owen Parry', 'Bridie Keane']);
    expect(entries[0]!.lines).toEqual(['# Hilda Brannagh', '', '- Born: 4 May 1901', '', 'HILDA BRANNAGH (b. 4 May 1901). Cook. Grey eyes, left-handed.']);
    expect(entries[1]!.lines).toContain('- Born: 1920');
    expect(entries[2]!.lines).toEqual(expect.arrayContaining(['- Born: 1870', '- Died: 1929']));
    expect(entries[3]!.lines).toContain('- Age: 19');
    expect(entries[4]!.lines).toEqual(['# Bridie Keane', '', 'BRIDIE KEANE, scullery maid. Red hair.']);
    expect(rest).toEqual([]);
  });

  it('keeps a nickname as an alias and a title in the name', () => {
    const { entries } = read('COLONEL HUGH "BUNNY" FARRANT (born June 1870), retired; the village calls him the Colonel.');
    expect(entries[0]!.heading).toBe('Colonel Hugh Farrant');
    expect(entries[0]!.lines.slice(0, 5)).toEqual(['# Colonel Hugh Farrant', '', '- Aliases: Bunny', '- Born: June 1870', '']);
  });

  it('splits a line that names several people after a label, and sentences that open with a full name', () => {
    expect(headings('Minor: PC ODELL, young. NURSE FINCH, district nurse. MAJOR, the dog.\n\nAlso mentioned: CANON BRAY, vicar.')).toEqual(['PC Odell', 'Nurse Finch', 'Major', 'Canon Bray']);
    expect(headings('Walk-ons: GRIMES. TILLY.')).toEqual(['Grimes', 'Tilly']);
    // Without a label only names of two words or more start an entry inside a paragraph.
    expect(headings('DR HALE, the GP. PC ODELL, the constable. SOON after the war.')).toEqual(['Dr Hale', 'PC Odell']);
  });

  it('gives a name on a line of its own the paragraph under it, and a paragraph opening with a pronoun to the entry before', () => {
    const { entries } = read(['THE MERE', '', 'A lake below the house.', '', 'It froze in 1929.', '', 'GALLOWS HILL. Bare.'].join('\n'), 'place');
    expect(entries.map((entry) => entry.heading)).toEqual(['The Mere', 'Gallows Hill']);
    expect(entries[0]!.lines).toEqual(['# The Mere', '', 'THE MERE', '', 'A lake below the house.', '', 'It froze in 1929.']);
  });

  it('leaves what opens with no name as the rest: an entry not in capitals, a note, a trait in capitals', () => {
    const text = ['All ages as of 1946.', '', 'THE MERE. A lake.', '', 'The old quarry, behind the farm. Flooded.', '', 'BORN: never mind.', '', 'GALLOWS HILL. Bare.'].join('\n');
    const { entries, rest } = read(text, 'place');
    expect(entries.map((entry) => entry.heading)).toEqual(['The Mere', 'Gallows Hill']);
    expect(rest).toEqual(['All ages as of 1946.', '', 'The old quarry, behind the farm. Flooded.', '', 'BORN: never mind.']);
  });

  it('reads a bulleted list the same way', () => {
    expect(headings('- HILDA BRANNAGH (b. 1901). Cook.\n- TOMAS VERE, the heir.\n  Fair hair.')).toEqual(['Hilda Brannagh', 'Tomas Vere']);
  });

  it('heads the cards of bold-named paragraphs and named bullets in capitals in title case too', () => {
    expect(boldLeadEntries(['**HILDA BRANNAGH** — cook.', '', '**Tomas Vere** — heir.']).map((entry) => entry.lines[0])).toEqual(['# Hilda Brannagh', '# Tomas Vere']);
    expect(bulletEntries(['- THE MERE - a lake.', '- GALLOWS HILL: bare.'], true).map((entry) => entry.heading)).toEqual(['The Mere', 'Gallows Hill']);
  });

  it('writes no birth notes for places', () => {
    expect(read('ST ODO’S (1190-1540). The abbey ruin.', 'place').entries[0]!.lines).toEqual(['# St Odo’s', '', 'ST ODO’S (1190-1540). The abbey ruin.']);
  });

  it('never throws, and every entry is headed by its name', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom('', 'ANNA BELL, cook.', 'Minor: X. Y.', 'He left.'))), (lines) => {
        for (const entry of capitalLeadEntries(lines, 'character').entries) expect(entry.lines[0]).toBe(`# ${entry.heading}`);
      }),
    );
  });
});
