import { describe, expect, it } from 'vitest';
import { parseLoreFile } from './lore.js';

describe('parseLoreFile', () => {
  it('reads one fact per bullet (wrapped lines joined) and timeline entries', () => {
    const lore = parseLoreFile({
      path: 'Compendium/Lore/LORE-timeline.md',
      lines: ['---', 'name: Timeline', '---', '', '# Timeline', '', '- Day 1, evening: Hester arrives.', '- Day 4, afternoon: Tam shows Hester', '  the letters.', '- The light has 131 steps.'],
    });
    expect(lore.name).toEqual({ value: 'Timeline', line: 2 });
    expect(lore.facts).toEqual([
      { value: 'Day 1, evening: Hester arrives.', line: 7 },
      { value: 'Day 4, afternoon: Tam shows Hester the letters.', line: 8 },
      { value: 'The light has 131 steps.', line: 10 },
    ]);
    expect(lore.timeline).toEqual([
      { time: { day: 1, part: 'evening' }, text: 'Hester arrives.', line: 7 },
      { time: { day: 4, part: 'afternoon' }, text: 'Tam shows Hester the letters.', line: 8 },
    ]);
    expect(lore.problems).toEqual([]);
  });
});
