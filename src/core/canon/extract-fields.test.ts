import { describe, expect, it } from 'vitest';
import { compileCanonIndex } from './compile-canon-index.js';
import { extractFields } from './extract-fields.js';

const lines = (text: string) => text.split('\n');

describe('extractFields', () => {
  it('reads every front-matter field of a card, quoting block lists whole', () => {
    const source = { path: 'Compendium/Characters/CHAR-tam.md', lines: lines('---\nname: Tam Gillies\naliases:\n  - Tam\n  - Young Gillies\neyes: brown\n---\n\nEyes: brown, like his mother.\n') };
    const facts = extractFields(source, 'character');
    expect(facts).toEqual([
      { subject: 'Tam Gillies', attribute: 'aliases', value: 'Tam, Young Gillies', quote: 'aliases:\n  - Tam\n  - Young Gillies' },
      { subject: 'Tam Gillies', attribute: 'eyes', value: 'brown', quote: 'eyes: brown' },
    ]);
    expect(compileCanonIndex([{ ...source, kind: 'character', proposals: facts }]).markdown).toContain('- Tam Gillies — aliases: Tam, Young Gillies (Compendium/Characters/CHAR-tam.md#L3-L5)');
  });

  it('reads labelled body lines of a card without front matter', () => {
    expect(extractFields({ path: 'Compendium/Places/PLACE-quay.md', lines: lines('# The Quay\n\nKind: harbour wall\n') }, 'place')).toEqual([
      { subject: 'The Quay', attribute: 'kind', value: 'harbour wall', quote: 'Kind: harbour wall' },
    ]);
  });

  it('turns lore bullets into facts and timeline bullets into events of their story time', () => {
    const facts = extractFields({ path: 'Compendium/Lore/LORE-t.md', lines: lines('---\nname: Timeline\n---\n\n- Day 3, night: Owen falls\n  from the tide steps.\n- The quay floods at spring tides.\n') }, 'lore');
    expect(facts).toEqual([
      { subject: 'Day 3, night', attribute: 'event', value: 'Owen falls from the tide steps.', quote: 'Owen falls from the tide steps.' },
      { subject: 'Timeline', attribute: 'fact', value: 'The quay floods at spring tides.', quote: 'The quay floods at spring tides.' },
    ]);
  });

  it('names a scene by its number and keeps its other front-matter fields', () => {
    expect(extractFields({ path: 'Story/Scenes/SCN-08-letters.md', lines: lines('---\ntitle: Letters\npov: Hester Vane\nscene: 8\nwhen: Day 4, afternoon\n---\n') }, 'scene')).toEqual([
      { subject: 'Scene 8', attribute: 'title', value: 'Letters', quote: 'title: Letters' },
      { subject: 'Scene 8', attribute: 'pov', value: 'Hester Vane', quote: 'pov: Hester Vane' },
      { subject: 'Scene 8', attribute: 'when', value: 'Day 4, afternoon', quote: 'when: Day 4, afternoon' },
    ]);
  });
});
