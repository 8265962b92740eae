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

  it('never throws on arbitrary text', () => {
    const line = fc.oneof(fc.string(), fc.constantFrom('## Act 1', '### Scene 2: X', '- POV: A', '- Beat:', '  - nested', '---'));
    fc.assert(fc.property(fc.array(line, { maxLength: 30 }), (lines) => void parseOutline(source(lines.join('\n')))));
  });
});
