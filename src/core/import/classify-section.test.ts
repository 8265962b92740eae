import { describe, expect, it } from 'vitest';
import { classifySection } from './classify-section.js';

const section = (heading: string, body: string) => classifySection(heading, `# ${heading}\n\n${body}`);

describe('a section of a story bible', () => {
  it('is a character when its text speaks of a person, even under a surname that is a place word', () => {
    expect(section('Nell Fairbrook', 'Ferry hand. She was born on the island in 1950 and has grey eyes. Left-handed.')).toBe('character');
    expect(section('Otto Underhill', "Ilse's cousin, seventeen. Brown hair he never combs.")).toBe('character');
    expect(section('Wilma Heath', 'The narrator. Widowed at thirty, she keeps bees.')).toBe('character');
    expect(section('Corporal Ben Ashford', 'Quartermaster, forty-four. His beard is going white.')).toBe('character');
  });

  it('is a place when its text reads like one, though a person is named in it', () => {
    expect(section('Gallow Hall', 'The house where she was born. Lord Tench built it in 1820 and his ghost walks the east wing.')).toBe('place');
    expect(section('The Anchor', 'A pub on the harbour road, two miles north of the village. Twelve rooms upstairs.')).toBe('place');
    expect(section('Cold Ashby', 'Pop. 410. A hamlet at the end of the county road.')).toBe('place');
  });

  it('is lore when it says neither', () => {
    expect(section('The Accord of 1801', 'A treaty nobody has read in full.')).toBe('lore');
  });
});
