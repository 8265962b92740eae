import { describe, expect, it } from 'vitest';
import { classifyNote } from './classify-note.js';
import { planImport } from './plan-import.js';
import type { SourceDocument } from './source-document.js';

const prose = (sentences: number, name = 'Ilse') =>
  Array.from({ length: sentences }, (_, index) => `${name} walked along the wet quay for the ${index + 1}th time that week, and the gulls wheeled over the empty boats without a sound.`).join(' ');

function note(origin: string, text: string, extra: Partial<SourceDocument> = {}): SourceDocument {
  const parts = origin.split('/');
  return { id: origin, origin, name: parts[parts.length - 1]!.replace(/\.[^.]+$/, ''), folders: parts.slice(0, -1), text, order: null, hint: null, ...extra };
}

describe('classifying a writer\'s notes', () => {
  it('goes by the innermost folder that says what it holds', () => {
    expect(classifyNote(note('Notes/Characters/Ilse Marten.md', 'Quiet. Keeps bees.')).kind).toBe('character');
    expect(classifyNote(note('World/Locations/Vellin.md', 'A mill town.')).kind).toBe('place');
    expect(classifyNote(note('Draft/Part 2/07.md', 'Short.')).kind).toBe('chapter');
    expect(classifyNote(note('Planning/Beats.md', '- one\n- two')).kind).toBe('outline');
  });

  it('reads the content when folders say nothing or only "notes"', () => {
    expect(classifyNote(note('Notes/Ilse.md', '- Eyes: hazel\n- Age: 41\n- Occupation: ferrywoman')).kind).toBe('character');
    expect(classifyNote(note('Vellin.md', 'Type: town\nPopulation: 3,000\nRegion: the fens')).kind).toBe('place');
    expect(classifyNote(note('plan.md', 'Chapter 1: Arrival\nChapter 2: The mill\nChapter 3: Flood\nChapter 4: After')).kind).toBe('outline');
    expect(classifyNote(note('The Mill.md', `${prose(6)}\n\n"Come in," she said. "It's cold."\n\n"No," he said.`)).kind).toBe('chapter');
    expect(classifyNote(note('Ideas.md', '- a drowned bell\n- a second sister?')).kind).toBe('lore');
    expect(classifyNote(note('x.md', '---\ntags: [character]\n---\nShe laughs a lot.')).kind).toBe('character');
  });
});

describe('planning an import', () => {
  it('puts chapters in reading order under Story/Chapters with their titles, notes in the Compendium', () => {
    const plan = planImport({
      format: 'folder',
      source: '/vault',
      skipped: [],
      documents: [
        note('Manuscript/10 Flood.md', `# Flood\n\n${prose(8)}`),
        note('Manuscript/02 The Mill.md', prose(8)),
        note('Manuscript/01 The Ferry.md', `# The Ferry\n\n${prose(8)} See [[Ilse Marten|Ilse]] and [[Vellin#Quay]].`),
        note('Notes/Characters/Ilse Marten.md', '- Eyes: hazel\n'),
        note('Notes/Outline.md', '1. The Ferry\n2. The Mill\n'),
        note('Notes/Synopsis.md', 'Ilse loses the mill.'),
        note('Notes/Empty.md', '   \n'),
      ],
    });
    const byOrigin = Object.fromEntries(plan.files.map((file) => [file.origin, file]));
    expect(plan.files.filter((file) => file.kind === 'chapter').map((file) => file.path)).toEqual([
      'Story/Chapters/01 The Ferry.md',
      'Story/Chapters/02 The Mill.md',
      'Story/Chapters/10 Flood.md',
    ]);
    expect(byOrigin['Manuscript/01 The Ferry.md']!.content).toContain('See Ilse and Vellin.');
    expect(byOrigin['Notes/Characters/Ilse Marten.md']!.path).toBe('Compendium/Characters/Ilse Marten.md');
    expect(byOrigin['Notes/Outline.md']!.path).toBe('Story/Outline.md');
    expect(byOrigin['Notes/Synopsis.md']).toMatchObject({ kind: 'lore', path: 'Compendium/Lore/Synopsis.md' });
    expect(plan.skipped).toEqual([{ origin: 'Notes/Empty.md', reason: 'empty' }]);
  });

  it('numbers chapters in order when the source numbers are missing or repeat (parts restarting at 1)', () => {
    const plan = planImport({
      format: 'folder',
      source: '/book',
      skipped: [],
      documents: [note('Part 2/01 Ice.md', prose(8)), note('Part 1/02 Thaw.md', prose(8)), note('Part 1/01 Snow.md', prose(8))],
    });
    expect(plan.files.map((file) => file.path)).toEqual(['Story/Chapters/01 Snow.md', 'Story/Chapters/02 Thaw.md', 'Story/Chapters/03 Ice.md']);
  });

  it('splits a list note into one card per section', () => {
    const plan = planImport({
      format: 'folder',
      source: '/book',
      skipped: [],
      documents: [note('Characters.md', '# Cast\n\n## Ilse Marten\n- Eyes: hazel\n\n## Tobin Rusk\n- Eyes: grey\n')],
    });
    expect(plan.files.map((file) => [file.kind, file.path])).toEqual([
      ['character', 'Compendium/Characters/Ilse Marten.md'],
      ['character', 'Compendium/Characters/Tobin Rusk.md'],
    ]);
    expect(plan.files[1]!.content).toBe('# Tobin Rusk\n- Eyes: grey\n');
  });

  it('never writes two items to one path', () => {
    const plan = planImport({ format: 'folder', source: '/b', skipped: [], documents: [note('A/Ilse.md', '- Eyes: grey\n- Age: 3'), note('B/Ilse.md', '- Eyes: grey\n- Age: 3')] });
    expect(plan.files.map((file) => file.path)).toEqual(['Compendium/Characters/Ilse.md', 'Compendium/Characters/Ilse 2.md']);
  });
});

describe('a story bible of mixed sections', () => {
  it('becomes one card per section, each a character or a place by its own text, and never a chapter', () => {
    const bible = [
      '# Larch Hollow — story bible',
      '',
      'Upstate, the winter of 1974.',
      '',
      '## Wendell Orr',
      '',
      `Night porter at the sanatorium. ${prose(4, 'Wendell')} He has grey eyes and is left-handed.`,
      '',
      '## Pia Szabo',
      '',
      'Cook. Fifty-two. Keeps a dog called Mister.',
      '',
      '## The Larch Hollow Sanatorium',
      '',
      'Forty beds on three floors, at the end of the county road.',
      '',
      '## Orr Creek',
      '',
      'Pop. 900. A feed store, a diner, a Methodist church.',
    ].join('\n');
    const plan = planImport({ format: 'folder', source: '/book', documents: [note('bible.md', bible)], skipped: [] });
    expect(plan.files.map((file) => [file.kind, file.path])).toEqual([
      ['character', 'Compendium/Characters/Wendell Orr.md'],
      ['character', 'Compendium/Characters/Pia Szabo.md'],
      ['place', 'Compendium/Places/The Larch Hollow Sanatorium.md'],
      ['place', 'Compendium/Places/Orr Creek.md'],
    ]);
    const single = planImport({ format: 'folder', source: '/book', documents: [note('Series Bible.md', `# The Orr books\n\n${prose(8, 'Wendell')}`)], skipped: [] });
    expect(single.files.map((file) => file.kind)).toEqual(['lore']);
  });
});
