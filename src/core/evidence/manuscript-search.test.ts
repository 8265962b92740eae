import { describe, expect, it } from 'vitest';
import { indexFile } from './indexed-file.js';
import { ManuscriptSearch } from './manuscript-search.js';
import { quoteFragments } from './quote-fragments.js';

// The index finds any folded fragments; whether a quote is informative enough is checked before it.
const fragments = (quote: string): string[] => {
  const split = quoteFragments(quote);
  return split.ok ? split.fragments : quote.split(/\s*…\s*/);
};

const scene = (name: string, text: string, version = 'v1') => indexFile(`Story/Scenes/${name}`, text, version, '0'.repeat(64));

describe('ManuscriptSearch', () => {
  it('finds a quote in whichever file holds it, with lines', () => {
    const search = new ManuscriptSearch();
    search.put(scene('SCN-01.md', 'The bus left her at the top\nof the brae.'));
    search.put(scene('SCN-02.md', 'Ambrose was in the corner chair,\nwith a blanket over his knees.'));
    expect(search.find(fragments('with a blanket over his knees'))).toEqual([
      { path: 'Story/Scenes/SCN-02.md', match: expect.objectContaining({ startLine: 2, endLine: 2 }) },
    ]);
    expect(search.find(fragments('top of the brae'))[0]).toMatchObject({ path: 'Story/Scenes/SCN-01.md', match: { startLine: 1, endLine: 2 } });
    expect(search.find(fragments('with a blanket over her knees'))).toEqual([]);
  });

  it('lists several files up to the limit, and scans when no word is long enough to index', () => {
    const search = new ManuscriptSearch();
    search.put(scene('SCN-01.md', 'He said no, and so it was.'));
    search.put(scene('SCN-02.md', 'She said no, and so it was.'));
    expect(search.find(fragments('and so it was'), 5).map((hit) => hit.path)).toEqual(['Story/Scenes/SCN-01.md', 'Story/Scenes/SCN-02.md']);
    expect(search.find(fragments('so it was'), 1)).toHaveLength(1);
  });

  it('replaces a changed file, forgets the old text, and drops removed files', () => {
    const search = new ManuscriptSearch();
    search.put(scene('SCN-01.md', 'The lamp was dark that night.'));
    search.put(scene('SCN-02.md', 'Nothing else happened.'));
    search.put(scene('SCN-01.md', 'The lamp was lit that night.', 'v2'));
    expect(search.find(fragments('The lamp was dark'))).toEqual([]);
    expect(search.find(fragments('The lamp was lit'))).toHaveLength(1);
    expect(search.file('Story/Scenes/SCN-01.md')?.version).toBe('v2');
    search.remove('Story/Scenes/SCN-02.md');
    expect(search.find(fragments('Nothing else happened'))).toEqual([]);
    expect(search.paths()).toEqual(['Story/Scenes/SCN-01.md']);
  });

  it('stays correct through many replacements (compaction)', () => {
    const search = new ManuscriptSearch();
    search.put(scene('SCN-02.md', 'A steady companion file.'));
    for (let round = 0; round < 50; round += 1) search.put(scene('SCN-01.md', `Version number${round} of the scene.`, `v${round}`));
    expect(search.find(fragments('Version number49 of the scene'))).toHaveLength(1);
    expect(search.find(fragments('Version number48 of the scene'))).toEqual([]);
    expect(search.find(fragments('steady companion file'))).toHaveLength(1);
  });
});

describe('ManuscriptSearch built at once', () => {
  it('finds what a packed build holds, and what is put, replaced or removed after it', () => {
    const search = new ManuscriptSearch();
    search.build([scene('SCN-01.md', 'The kettle sang on the range.\nNobody came.'), scene('SCN-02.md', 'The kettle was cold by morning.')]);
    expect(search.find(fragments('The kettle sang on the range'))).toEqual([{ path: 'Story/Scenes/SCN-01.md', match: expect.objectContaining({ startLine: 1 }) }]);
    expect(search.find(fragments('kettle'), 5).map((hit) => hit.path)).toEqual(['Story/Scenes/SCN-01.md', 'Story/Scenes/SCN-02.md']);
    // A changed file: its old words are gone, its new ones found, beside the packed ones.
    search.put(scene('SCN-01.md', 'The kettle boiled dry on the range.', 'v2'));
    search.put(scene('SCN-03.md', 'A kettle of fish, said Ada.'));
    expect(search.find(fragments('The kettle sang on the range'))).toEqual([]);
    expect(search.find(fragments('kettle boiled dry'))[0]?.path).toBe('Story/Scenes/SCN-01.md');
    expect(search.find(fragments('kettle'), 5).map((hit) => hit.path).sort()).toEqual(['Story/Scenes/SCN-01.md', 'Story/Scenes/SCN-02.md', 'Story/Scenes/SCN-03.md']);
    search.remove('Story/Scenes/SCN-02.md');
    expect(search.find(fragments('cold by morning'))).toEqual([]);
  });
});
