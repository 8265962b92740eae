import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOutline } from './outline.js';

const source = (text: string) => ({ path: 'Story/SCN-outline.md', lines: text.split('\n') });

const OUTLINE = `# Outline — Test

## Act 1 — Keys

### Scene 1: The Lamp Room
- File: SCN-01-the-lamp-room
- POV: Hester Vane
- When: Day 1, evening
- Characters: Hester Vane, Owen Tresk
- Beat: Hester comes home.

## Act II: High Water

### Scene 3 — The Tide Steps
- **File:** \`SCN-03-the-tide-steps.md\`
- **POV:** Hester Vane
- **Beat:** Tresk meets Hester on the quay
  and slips from the tide steps.
`;

describe('parseOutline', () => {
  it('reads acts, scene entries and their fields with line numbers', () => {
    const outline = parseOutline(source(OUTLINE));
    expect(outline.acts.map((act) => [act.number, act.title, act.line, act.entries.length])).toEqual([
      [1, 'Keys', 3, 1],
      [2, 'High Water', 12, 1],
    ]);
    const [first, second] = outline.entries;
    expect(first).toMatchObject({ number: 1, title: 'The Lamp Room', line: 5, endLine: 10, actIndex: 0, characters: ['Hester Vane', 'Owen Tresk'] });
    expect(first!.fields.pov).toEqual({ value: 'Hester Vane', line: 7 });
    expect(first!.fields.when).toEqual({ value: 'Day 1, evening', line: 8 });
    expect(first!.beats).toEqual([{ value: 'Hester comes home.', line: 10 }]);
    expect(second).toMatchObject({ number: 3, title: 'The Tide Steps', line: 14, actIndex: 1 });
    expect(second!.fields.file).toEqual({ value: 'SCN-03-the-tide-steps.md', line: 15 });
    expect(second!.fields.when).toBeUndefined();
    expect(second!.beats[0]).toEqual({ value: 'Tresk meets Hester on the quay and slips from the tide steps.', line: 17 });
  });

  it('puts entries before any act into an untitled act and reads beat lists and free text', () => {
    const outline = parseOutline(source('### Opening\n- Beats:\n  - She arrives.\n  - He waits.\n\n### Scene 2: Later\nSomething happens.\n\n## Notes\n- not a scene'));
    expect(outline.acts).toHaveLength(1);
    expect(outline.acts[0]).toMatchObject({ number: null, title: '' });
    expect(outline.entries.map((entry) => [entry.number, entry.title, entry.beats.map((beat) => beat.value)])).toEqual([
      [null, 'Opening', ['She arrives.', 'He waits.']],
      [2, 'Later', ['Something happens.']],
    ]);
  });

  it('reports a repeated field', () => {
    const outline = parseOutline(source('### Scene 1: A\n- POV: Hester\n- POV: Callum'));
    expect(outline.problems).toEqual([expect.objectContaining({ code: 'outline_field_repeated', line: 3 })]);
    expect(outline.entries[0]!.fields.pov?.value).toBe('Hester');
  });

  it('reads a numbered list, with inline titles, times and POV', () => {
    const outline = parseOutline(source('# Plan\n\n1. **The Ferry** — Ilse crosses to Vellin (Monday).\n2. The Mill: Tobin shows her the sluice. POV: Tobin\n   - she sees the ledger\n3. Flood — the water comes on Day 4.'));
    expect(outline.entries.map((entry) => [entry.number, entry.title, entry.fields.when?.value ?? null, entry.fields.pov?.value ?? null, entry.style, entry.explicit])).toEqual([
      [1, 'The Ferry', 'Monday', null, 'list', true],
      [2, 'The Mill', null, 'Tobin', 'list', true],
      [3, 'Flood', 'Day 4', null, 'list', true],
    ]);
    expect(outline.entries[1]!.beats.map((beat) => beat.value)).toEqual(['Tobin shows her the sluice. POV: Tobin', 'she sees the ledger']);
  });

  it('reads a Markdown table with the columns writers name', () => {
    const outline = parseOutline(source('| Ch | Title | Day | POV | Summary |\n|---|---|---|---|---|\n| 1 | The Ferry | Monday | Ilse | Ilse crosses. |\n| 2 | The Mill | Tuesday | Tobin | The sluice. |\n\nNotes below.'));
    expect(outline.entries.map((entry) => [entry.number, entry.title, entry.line, entry.fields.when?.value, entry.fields.pov?.value, entry.beats[0]?.value])).toEqual([
      [1, 'The Ferry', 3, 'Monday', 'Ilse', 'Ilse crosses.'],
      [2, 'The Mill', 4, 'Tuesday', 'Tobin', 'The sluice.'],
    ]);
  });

  it('reads headings with beat bullets, and acts with one bullet per chapter', () => {
    const headings = parseOutline(source('## Chapter One: The Ferry\n- Ilse crosses\n- the ferryman warns her\n\n## Chapter Two: The Mill\n- Tobin'));
    expect(headings.entries.map((entry) => [entry.number, entry.title, entry.beats.length])).toEqual([[1, 'The Ferry', 2], [2, 'The Mill', 1]]);
    const acts = parseOutline(source('# Outline\n\n## Act One\n- Ilse arrives on the Monday ferry.\n  - rain\n- Chapter 2: Tobin at the mill.\n\n## Act Two\n- The flood.\n\n## Notes\n- remember the bell'));
    expect(acts.acts.map((act) => [act.number, act.entries.length])).toEqual([[1, 2], [2, 1]]);
    expect(acts.entries.map((entry) => [entry.number, entry.explicit, entry.actIndex])).toEqual([[null, false, 0], [2, true, 0], [null, false, 1]]);
    expect(acts.entries[0]!.beats.map((beat) => beat.value)).toEqual(['Ilse arrives on the Monday ferry.', 'rain']);
  });

  it('reads plain paragraphs that start "Chapter Five."', () => {
    const outline = parseOutline(source('Chapter One. Ilse crosses to Vellin on the Monday ferry and meets nobody at all on the quay.\n\nChapter Two: The Mill. Tobin shows her the sluice.\nShe does not trust him.\n\nCHAPTER THREE\nThe flood.'));
    expect(outline.entries.map((entry) => [entry.number, entry.title, entry.style])).toEqual([
      [1, '', 'paragraph'],
      [2, 'The Mill', 'paragraph'],
      [3, '', 'paragraph'],
    ]);
    expect(outline.entries[1]!.beats.map((beat) => beat.value)).toEqual(['Tobin shows her the sluice.', 'She does not trust him.']);
    expect(outline.entries[2]!.beats.map((beat) => beat.value)).toEqual(['The flood.']);
  });

  it('reads a dated timeline whose entries name their chapters, the date as each entry\'s time', () => {
    const timeline = [
      '# Timeline',
      '',
      '- Fri 9 Oct 1903 — Chapter 1: The Lock-Keeper. Agnes opens the sluice for the last barge.',
      '- Sat 10 October 1903, evening: Chapter 2 — Coal Wharf. Dorran counts the sacks.',
      '- 1903-10-14 | Chapter 4: High Water. The towpath floods.',
      'Wednesday the 21st of October 1903 — Chapter Five. Agnes writes to her brother.',
      '- Thursday — the barges come back (no chapter named: a plain entry).',
    ].join('\n');
    const outline = parseOutline(source(timeline));
    expect(outline.entries.map((entry) => [entry.number, entry.title, entry.fields.when?.value])).toEqual([
      [1, 'The Lock-Keeper', 'Fri 9 Oct 1903'],
      [2, 'Coal Wharf', 'Sat 10 October 1903, evening'],
      [4, 'High Water', '1903-10-14'],
      [5, 'Agnes writes to her brother', 'Wednesday the 21st of October 1903'],
      [null, 'Thursday', undefined],
    ]);
  });

  it('never throws on arbitrary text', () => {
    const line = fc.oneof(fc.string(), fc.constantFrom('## Act 1', '### Scene 2: X', '- POV: A', '- Beat:', '  - nested', '---', '| Ch | Title |', '|---|---|', '| 1 | x |', '1. The Ferry (Monday)', 'Chapter Five. Text', 'Act Two'));
    fc.assert(fc.property(fc.array(line, { maxLength: 30 }), (lines) => void parseOutline(source(lines.join('\n')))));
  });
});

describe('writer outlines without the product layout', () => {
  it('reads level-2 headings with beats as entries, their trailing time apart from the title', () => {
    const outline = parseOutline(source('# Outline\n\n## Check-In — Monday, March 9\n\n- Night shift\n- Dutch comes in\n\n## Sunday — Sunday, March 15\n\n- The church\n\n## Scenery\n\n- Long views'));
    expect(outline.entries.map((entry) => [entry.title, entry.fields.when?.value ?? null, entry.beats.length])).toEqual([
      ['Check-In', 'Monday, March 9', 2],
      ['Sunday', 'Sunday, March 15', 1],
      ['Scenery', null, 1],
    ]);
  });

  it('reads a chapter column that holds number and title, or only a title', () => {
    const outline = parseOutline(source('| Chapter | Day | Beats |\n|---|---|---|\n| 01 The Lamp Room | Mon 5 Oct | Maud lights the lamp |\n| The Inquest | Mon 12 Oct | The verdict |\n| 3. Ice | Tue 13 Oct | Thaw |'));
    expect(outline.entries.map((entry) => [entry.number, entry.title])).toEqual([
      [1, 'The Lamp Room'],
      [null, 'The Inquest'],
      [3, 'Ice'],
    ]);
  });

  it('takes the time a list item opens its summary with, a clock time or a comma after it', () => {
    const outline = parseOutline(
      source(
        [
          '# Plan',
          '',
          '- Chapter 1: The Quay — Monday 3 June 1974, 06:15. Ines lands the catch.',
          '- Chapter 2: Auction — Tuesday, 9.30 am. The buyers come down.',
          '- Chapter 3: Fog — Day 4. Nobody sails.',
          '- Chapter 4: Return — Sunday 9 June 1974, six days on. Ines rows home.',
          "- Chapter 5: Wednesday's Gale — Wednesday's gale strands the boats.",
          '- Chapter 6: Nets — Ines mends the nets; Friday comes and goes.',
        ].join('\n'),
      ),
    );
    expect(outline.entries.map((entry) => entry.fields.when?.value ?? null)).toEqual(['Monday 3 June 1974', 'Tuesday', 'Day 4', 'Sunday 9 June 1974', null, null]);
  });
});

describe('a timeline outline with parts, a prologue and Roman-numbered entries', () => {
  const outline = parseOutline(
    source(
      [
        '# Timeline',
        '',
        '## Prologue — Winter 1947',
        '',
        '- Prologue: Tuesday 25 February 1947. The big snow.',
        '',
        '## Part One — Spring 1952',
        '',
        '- I. The Pruning: Saturday 15 March 1952. They prune the orchard.',
        '- IV. Blossom Night: Wednesday 7 May 1952. The orchard in flower.',
        '- X. The Wren Boys: Friday 26 December 1952.',
      ].join('\n'),
    ),
  );

  it('reads the prologue heading as a part and its bullet as the entry, with its date', () => {
    expect(outline.entries.map((entry) => [entry.number, entry.title, entry.fields.when?.value ?? null])).toEqual([
      [null, 'Prologue', 'Tuesday 25 February 1947'],
      [1, 'The Pruning', 'Saturday 15 March 1952'],
      [4, 'Blossom Night', 'Wednesday 7 May 1952'],
      [10, 'The Wren Boys', 'Friday 26 December 1952'],
    ]);
    expect(outline.acts.map((act) => act.title)).toEqual(['Prologue — Winter 1947', 'Spring 1952']);
  });
});

describe('parseOutline on a timeline of parts as a nested numbered list', () => {
  const TIMELINE = [
    '# Timeline',
    '',
    '1. Part One',
    '   1. 1.1 The Steps — Saturday 2 June 1979 — Ada climbs the steps.',
    '   2. 1.2 The Light — Sunday 3 June 1979 — The keeper talks.',
    '2. Part Two',
    '   1. 2.1 Weather — Thursday 21 June 1979 — The gale.',
    '      - a beat under it',
    '- Act Three: The Trust',
    '  - Chapter 6: The Meeting — the trustees meet',
  ].join('\n');

  it('reads each part as an act and each labelled nested item as a chapter entry with its time', () => {
    const outline = parseOutline(source(TIMELINE));
    expect(outline.acts.map((act) => [act.number, act.title, act.entries.length])).toEqual([
      [1, '', 2],
      [2, '', 1],
      [3, 'The Trust', 1],
    ]);
    expect(outline.entries.map((entry) => [entry.title, entry.fields.when?.value ?? null, entry.explicit])).toEqual([
      ['The Steps', 'Saturday 2 June 1979', true],
      ['The Light', 'Sunday 3 June 1979', true],
      ['Weather', 'Thursday 21 June 1979', true],
      ['The Meeting', null, true],
    ]);
    expect(outline.entries[2]!.beats.map((beat) => beat.value)).toContain('a beat under it');
  });
});

describe('plans kept in a writing app\'s fields, and Roman numbers', () => {
  it('reads indented chapter lines under a field as entries', () => {
    const outline = parseOutline(source(['Title: Ice Shelf', 'Full: Plan by chapter.', '    Chapter 1 - Monday 23 February 2032: The last plane leaves.', '    Chapter 3 - Wednesday 28 April 2032: Last sunset.'].join('\n')));
    expect(outline.entries.map((entry) => [entry.number, entry.title, entry.fields.when?.value])).toEqual([
      [1, 'The last plane leaves', 'Monday 23 February 2032'],
      [3, 'Last sunset', 'Wednesday 28 April 2032'],
    ]);
  });

  it('reads paragraphs led by Roman numbers when two or more are, never one alone', () => {
    const outline = parseOutline(source(['RUNNING ORDER', '', 'I. (Monday 8 September 1851) Loading coal at the basin.', 'II. (Tuesday 9 September 1851) The toll house.'].join('\n')));
    expect(outline.entries.map((entry) => [entry.number, entry.fields.when?.value])).toEqual([
      [1, 'Monday 8 September 1851'],
      [2, 'Tuesday 9 September 1851'],
    ]);
    expect(parseOutline(source(['Notes', '', 'I. Do not forget the toll house.'].join('\n'))).entries).toEqual([]);
  });
});
