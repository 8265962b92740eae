import { describe, expect, it } from 'vitest';
import { splitFileRefs } from './file-refs.js';

const KNOWN = ['Story/Scenes/SCN-04-the-logbook.md', 'Manuscript/01 The Ferry.md', 'Notes/Characters/Colm (doctor).md', 'Story/SCN-outline.md', 'Canon.md'];

describe('splitFileRefs', () => {
  it('finds known paths with and without line ranges, paths with spaces and brackets included', () => {
    expect(splitFileRefs('Where: Story/Scenes/SCN-04-the-logbook.md#L12-L14 and Manuscript/01 The Ferry.md#L3.', KNOWN)).toEqual([
      'Where: ',
      { text: 'Story/Scenes/SCN-04-the-logbook.md#L12-L14', path: 'Story/Scenes/SCN-04-the-logbook.md', range: { start: 12, end: 14 } },
      ' and ',
      { text: 'Manuscript/01 The Ferry.md#L3', path: 'Manuscript/01 The Ferry.md', range: { start: 3, end: 3 } },
      '.',
    ]);
    expect(splitFileRefs('See Notes/Characters/Colm (doctor).md, then Canon.md#L8-9', KNOWN)).toEqual([
      'See ',
      { text: 'Notes/Characters/Colm (doctor).md', path: 'Notes/Characters/Colm (doctor).md', range: null },
      ', then ',
      { text: 'Canon.md#L8-9', path: 'Canon.md', range: { start: 8, end: 9 } },
    ]);
  });

  it('leaves unknown paths, paths inside words and texts without references alone', () => {
    expect(splitFileRefs('Story/Scenes/SCN-99-missing.md#L2 is gone', KNOWN)).toEqual(['Story/Scenes/SCN-99-missing.md#L2 is gone']);
    expect(splitFileRefs('xStory/SCN-outline.md', KNOWN)).toEqual(['xStory/SCN-outline.md']);
    expect(splitFileRefs('nothing here', [])).toEqual(['nothing here']);
    expect(splitFileRefs('', KNOWN)).toEqual([]);
    expect(splitFileRefs('Canon.md#L0', KNOWN)).toEqual([{ text: 'Canon.md#L0', path: 'Canon.md', range: null }]);
  });
});
