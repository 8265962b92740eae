import { describe, expect, it } from 'vitest';
import type { CanonFact, ExtractedFact } from '../../protocol/canon.js';
import { compileCanonIndex, parseCanonIndex, renderCanonIndex, type ExtractedSource } from './compile-canon-index.js';

const CARD: ExtractedSource = {
  path: 'Compendium/Characters/CHAR-hester-vane.md',
  kind: 'character',
  lines: ['---', 'name: Hester Vane', 'eyes: grey', 'age: 38', '---', '', 'She has her father’s grey eyes.'],
  proposals: [
    { subject: 'Hester Vane', attribute: 'eyes', value: 'grey', quote: 'eyes: grey' },
    { subject: 'Hester Vane', attribute: 'age', value: '38', quote: 'age: 38' },
  ],
};

const TIMELINE: ExtractedSource = {
  path: 'Compendium/Lore/LORE-timeline.md',
  kind: 'lore',
  lines: ['---', 'name: Timeline', '---', '', '- Day 2, evening: The town drinks.', '- Day 2, morning: Hester visits.', '- The harbour froze once.'],
  proposals: [
    { subject: 'Day 2, evening', attribute: 'event', value: 'The town drinks.', quote: 'The town drinks.' },
    { subject: 'Day 2, morning', attribute: 'event', value: 'Hester visits.', quote: 'Hester visits.' },
    { subject: 'Timeline', attribute: 'fact', value: 'The harbour froze once.', quote: 'The harbour froze once.' },
  ],
};

const withProposals = (source: ExtractedSource, proposals: ExtractedFact[]): ExtractedSource => ({ ...source, proposals });

describe('compileCanonIndex', () => {
  it('writes one line per fact with its real line, sections in order and story days in story order', () => {
    const compiled = compileCanonIndex([TIMELINE, CARD]);
    expect(compiled.markdown).toBe(
      [
        '# Canon Index',
        '',
        'Compiled from the Compendium and the scenes. Each fact cites the file and line that state it.',
        '',
        '## Characters',
        '- Hester Vane — age: 38 (Compendium/Characters/CHAR-hester-vane.md#L4)',
        '- Hester Vane — eyes: grey (Compendium/Characters/CHAR-hester-vane.md#L3)',
        '',
        '## Lore',
        '- Timeline — fact: The harbour froze once. (Compendium/Lore/LORE-timeline.md#L7)',
        '',
        '## Timeline',
        '- Day 2, morning — event: Hester visits. (Compendium/Lore/LORE-timeline.md#L6)',
        '- Day 2, evening — event: The town drinks. (Compendium/Lore/LORE-timeline.md#L5)',
        '',
      ].join('\n'),
    );
  });

  it('gives byte-identical output for the same proposals, in any order', () => {
    const first = compileCanonIndex([CARD, TIMELINE]);
    const again = compileCanonIndex([withProposals(TIMELINE, [...TIMELINE.proposals].reverse()), withProposals(CARD, [...CARD.proposals].reverse())]);
    expect(again.markdown).toBe(first.markdown);
    expect(again.rejected).toEqual(first.rejected);
  });

  it('rejects a fabricated quote, and a quote that does not state the value', () => {
    const compiled = compileCanonIndex([
      withProposals(CARD, [
        ...CARD.proposals,
        { subject: 'Hester Vane', attribute: 'eyes', value: 'green', quote: 'eyes: green' },
        { subject: 'Hester Vane', attribute: 'hair', value: 'red', quote: 'eyes: grey' },
        { subject: ' ', attribute: 'eyes', value: 'grey', quote: 'eyes: grey' },
      ]),
    ]);
    expect(compiled.facts).toHaveLength(2);
    expect(compiled.rejected).toEqual([
      { path: CARD.path, subject: '', attribute: 'eyes', value: 'grey', quote: 'eyes: grey', reason: 'field_empty' },
      { path: CARD.path, subject: 'Hester Vane', attribute: 'eyes', value: 'green', quote: 'eyes: green', reason: 'quote_not_found' },
      { path: CARD.path, subject: 'Hester Vane', attribute: 'hair', value: 'red', quote: 'eyes: grey', reason: 'value_not_in_quote' },
    ]);
    expect(compiled.markdown).not.toContain('green');
  });

  it('merges duplicates, keeping the earliest citation', () => {
    const compiled = compileCanonIndex([
      withProposals(CARD, [
        { subject: 'Hester Vane', attribute: 'Eyes', value: 'grey', quote: 'grey eyes' },
        { subject: 'Hester  Vane', attribute: 'eyes', value: 'Grey', quote: 'eyes: grey' },
      ]),
    ]);
    expect(compiled.facts).toEqual([expect.objectContaining({ line: 3 })]);
    expect(compiled.duplicates).toBe(1);
    expect(compiled.kept.get(CARD.path)).toBe(2);
  });

  it('cites a line range when the quote wraps', () => {
    const scene: ExtractedSource = {
      path: 'Story/Scenes/SCN-01-a.md',
      kind: 'scene',
      lines: ['The stair had', '131 steps to the top.'],
      proposals: [{ subject: 'Skerry Light', attribute: 'steps', value: '131', quote: 'The stair had 131 steps' }],
    };
    expect(compileCanonIndex([scene]).markdown).toContain('- Skerry Light — steps: 131 (Story/Scenes/SCN-01-a.md#L1-L2)');
  });
});

describe('parseCanonIndex', () => {
  const facts: CanonFact[] = [
    { section: 'Characters', subject: 'Hester Vane', attribute: 'eyes', value: 'grey', path: 'Compendium/Characters/CHAR-hester-vane.md', line: 8, endLine: 8 },
    { section: 'Characters', subject: 'Dr. Colm Reddaway', attribute: 'note', value: 'says "no": twice — then yes', path: 'Notes/People/Colm (doctor).md', line: 3, endLine: 5 },
    { section: 'Timeline', subject: 'Day 4, afternoon', attribute: 'event', value: 'The storm breaks', path: 'Compendium/Lore/LORE-timeline.md', line: 12, endLine: 12 },
    { section: 'Scenes', subject: 'Scene 8', attribute: 'pov', value: 'Hester (first person)', path: 'Manuscript/08 Letters.md', line: 1, endLine: 1 },
  ];

  it('reads back exactly the facts the index was rendered from, in every section', () => {
    expect(parseCanonIndex(renderCanonIndex(facts))).toEqual(facts);
  });

  it('finds no facts in a placeholder, in other headings, or in lines of another shape', () => {
    expect(parseCanonIndex('# Canon Index\n\nNot built yet: run control-room canon index.\n')).toEqual([]);
    expect(parseCanonIndex('## Notes\n- A — b: c (A.md#L1)\n## Places\n- nothing here\n- X — y: z (no line)\n')).toEqual([]);
  });
});
