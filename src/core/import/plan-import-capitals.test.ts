import { describe, expect, it } from 'vitest';
import { sourceDocument, planFolder, plannedKinds, plannedContent } from '../testing/import-plan-kit.js';

const scene = (name: string, sentences = 6) =>
  Array.from({ length: sentences }, (_, index) => `${name} walked the sea wall for the ${index + 1}th time, counting the gulls and the boats drawn up on the shingle.`).join(' ');
const talk = (name: string) => `"Are they back?" ${name} asked.\n\n"Not yet," said the other, and did not turn round.`;

const doc = sourceDocument;
const plan = planFolder;
const kinds = plannedKinds;
const content = plannedContent;

const notes = (people: string, places: string) =>
  [
    'SALTHAVEN - notes, second draft',
    '',
    'Keep it in Hilda\'s voice, close third, and never say "the war" outright.',
    '',
    '',
    people,
    '',
    'HILDA BRANNAGH (b. 4 May 1901). Cook at the Hall. Grey eyes, left-handed.',
    '',
    'TOMAS "TOM" VERE, born March 1920, the heir. Fair hair; blue eyes.',
    '',
    'ESME TALLIS (1870-1929) - Tomas\'s grandmother, drowned in the mere.',
    '',
    'CANON ARTHUR BRAY (born June 1866), vicar; everyone calls him the Canon.',
    '',
    'Walk-ons: PC ODELL, young and keen. NURSE FINCH, district nurse. MR PATERNOSTER, the carrier.',
    '',
    '',
    places,
    '',
    'THE DROVERS ARMS. Pub at the crossroads, low beams, two rooms let.',
    '',
    "O'DOWD'S. Ironmonger on the quay.",
    '',
    'The old lime kiln, past the church. Roofless.',
    '',
    'SALTHAVEN HALL, THE POINT. Twelve bedrooms, one bath.',
  ].join('\n');

describe('a plain-text notes file with sections headed in capitals', () => {
  it('becomes one card per person and per place, named in normal case, and keeps the rest as lore', () => {
    const result = plan(doc('notes.txt', notes('THE FAMILY', 'SETTINGS')));
    expect(kinds(result)).toEqual([
      'character Compendium/Characters/Canon Arthur Bray.md',
      'character Compendium/Characters/Esme Tallis.md',
      'character Compendium/Characters/Hilda Brannagh.md',
      'character Compendium/Characters/Mr Paternoster.md',
      'character Compendium/Characters/Nurse Finch.md',
      'character Compendium/Characters/PC Odell.md',
      'character Compendium/Characters/Tomas Vere.md',
      "lore Compendium/Lore/Settings.md",
      'lore Compendium/Lore/notes.md',
      "place Compendium/Places/O'Dowd's.md",
      'place Compendium/Places/Salthaven Hall.md',
      'place Compendium/Places/The Drovers Arms.md',
    ]);
    const tomas = content(result, 'Compendium/Characters/Tomas Vere.md');
    expect(tomas).toBe('# Tomas Vere\n\n- Aliases: Tom\n- Born: March 1920\n\nTOMAS "TOM" VERE, born March 1920, the heir. Fair hair; blue eyes.\n');
    expect(content(result, 'Compendium/Characters/Hilda Brannagh.md')).toContain('Grey eyes, left-handed.');
    expect(content(result, 'Compendium/Characters/Esme Tallis.md')).toContain('- Died: 1929');
    expect(content(result, 'Compendium/Characters/Nurse Finch.md')).toContain('NURSE FINCH, district nurse.');
    expect(content(result, 'Compendium/Places/The Drovers Arms.md')).toContain('two rooms let');
    // The place not written in capitals and the preamble stay notes.
    expect(content(result, 'Compendium/Lore/Settings.md')).toContain('The old lime kiln');
    expect(content(result, 'Compendium/Lore/notes.md')).toContain("Keep it in Hilda's voice");
  });

  it('reads the other words writers head those sections with', () => {
    for (const [people, places] of [['CHARACTERS', 'PLACES'], ['CAST:', 'LOCATIONS:'], ['PEOPLE', 'GEOGRAPHY'], ["WHO'S WHO", 'THE MAIN PLACES'], ['MINOR CHARACTERS', 'SETTING']] as const) {
      const result = plan(doc('Notes/working notes.txt', notes(people, places)));
      expect(result.files.filter((file) => file.kind === 'character').map((file) => file.path)).toContain('Compendium/Characters/Hilda Brannagh.md');
    }
    const both = plan(doc('bible.txt', notes('CAST', 'LOCATIONS')));
    expect(both.files.filter((file) => file.kind === 'place')).toHaveLength(3);
  });

  it('stays one lore note without sections headed in capitals', () => {
    const plain = doc('notes.txt', ['Salthaven notes.', '', 'Hilda Brannagh (b. 1901), the cook. Grey eyes.', '', 'Tomas Vere, the heir.', '', 'The Drovers Arms. Pub at the crossroads.'].join('\n'));
    expect(kinds(plan(plain))).toEqual(['lore Compendium/Lore/notes.md']);
    const mixedCase = doc('notes.txt', notes('Characters', 'Places'));
    expect(kinds(plan(mixedCase))).toEqual(['lore Compendium/Lore/notes.md']);
  });

  it('leaves a novel alone whose chapters are titled in capitals like sections', () => {
    const novel = ['CHAPTER ONE', '', 'THE FAMILY', '', scene('Hilda'), '', talk('Hilda'), '', 'CHAPTER TWO', '', 'PLACES', '', scene('Tomas'), '', talk('Tomas')].join('\n');
    expect(kinds(plan(doc('Salthaven.txt', novel)))).toEqual(['chapter Story/Chapters/01 THE FAMILY.md', 'chapter Story/Chapters/02 PLACES.md']);
  });

  it('reads entries in capitals under a Markdown bible heading too', () => {
    const bible = doc('Story Bible.md', ['# Characters', '', 'HILDA BRANNAGH (b. 1901). Cook.', '', 'TOMAS VERE, the heir.', '', '# Places', '', '- **The Drovers Arms** — the pub.', '- **The Quay** — where the boats come in.'].join('\n'));
    expect(kinds(plan(bible))).toEqual([
      'character Compendium/Characters/Hilda Brannagh.md',
      'character Compendium/Characters/Tomas Vere.md',
      'place Compendium/Places/The Drovers Arms.md',
      'place Compendium/Places/The Quay.md',
    ]);
  });
});

describe('a chapter headed by its number alone with the title on the next line', () => {
  it('takes a bold or italic title line under "## 7" or "# Twelve" as its title', () => {
    const result = plan(
      doc('Book/07.md', `## 7\n\n**The Ice House**\n\n${scene('Hilda')}\n\n${talk('Hilda')}`),
      doc('Book/12.md', `# Twelve\n*Lanterns*\n\n${scene('Tomas')}\n\n${talk('Tomas')}`),
    );
    expect(result.files.map((file) => file.path)).toEqual(['Story/Chapters/07 The Ice House.md', 'Story/Chapters/12 Lanterns.md']);
    expect(content(result, 'Story/Chapters/07 The Ice House.md').startsWith(`# 7: The Ice House\n\n${scene('Hilda').slice(0, 20)}`)).toBe(true);
  });

  it('keeps the number as the title when prose follows the heading', () => {
    const result = plan(doc('Book/04.md', `## 4\n\n${scene('Esme')}\n\n${talk('Esme')}`));
    expect(result.files.map((file) => file.path)).toEqual(['Story/Chapters/04 4.md']);
    expect(content(result, 'Story/Chapters/04 4.md').startsWith('## 4\n')).toBe(true);
  });

  it('reads a plain-text chapter line with its title on the next line, alone or in a whole novel', () => {
    const single = plan(doc('Draft/Chapter 5.txt', `CHAPTER FIVE\nThe Weir\n\n${scene('Hilda')}\n\n${talk('Hilda')}`));
    expect(single.files.map((file) => file.path)).toEqual(['Story/Chapters/05 The Weir.md']);
    const novel = ['SALTHAVEN', 'a novel', '', 'CHAPTER ONE', 'Low Water', '', scene('Hilda'), '', talk('Hilda'), '', 'CHAPTER TWO', 'The Carrier', '', scene('Tomas'), '', talk('Tomas')].join('\n');
    expect(plan(doc('Salthaven - draft 2.txt', novel)).files.map((file) => file.path)).toEqual(['Story/Chapters/01 Low Water.md', 'Story/Chapters/02 The Carrier.md']);
  });
});
