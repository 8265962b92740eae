import { describe, expect, it } from 'vitest';
import { parseSceneFile, sceneNameParts } from './scene-file.js';

const source = (path: string, text: string) => ({ path, lines: text.split('\n') });

describe('parseSceneFile', () => {
  it('reads title, pov, scene number and when with their lines, and skips the title heading', () => {
    const scene = parseSceneFile(source('Story/Scenes/SCN-08-letters.md', '---\ntitle: Letters\npov: Hester Vane\nscene: 8\nwhen: Day 6, morning\n---\n\n# Letters\n\nIt was the sixth day.'));
    expect(scene).toMatchObject({
      fileStem: 'SCN-08-letters',
      slug: 'letters',
      fileNumber: 8,
      title: { value: 'Letters', line: 2 },
      pov: { value: 'Hester Vane', line: 3 },
      sceneNumber: { value: 8, line: 4 },
      when: { value: 'Day 6, morning', line: 5 },
      bodyStart: 9,
      problems: [],
    });
  });

  it('falls back to the heading for the title and the file name for the number, and reports missing front matter', () => {
    const scene = parseSceneFile(source('Story/Scenes/SCN-03-bell.md', '# The Bell\nProse.'));
    expect(scene.title).toEqual({ value: 'The Bell', line: 1 });
    expect(scene.sceneNumber).toEqual({ value: 3, line: 0 });
    expect(scene.pov).toBeNull();
    expect(scene.bodyStart).toBe(2);
    expect(scene.problems.map((problem) => problem.code)).toEqual(['front_matter_missing']);
  });

  it('keeps working with broken front matter', () => {
    const scene = parseSceneFile(source('Story/Scenes/SCN-04.md', '---\ntitle: [broken\n---\nProse.'));
    expect(scene.problems[0]?.code).toBe('front_matter_invalid');
    expect(scene.bodyStart).toBe(4);
  });
});

describe('sceneNameParts', () => {
  it('splits SCN file names', () => {
    expect(sceneNameParts('Story/Scenes/SCN-12-the-glass.md')).toEqual({ fileStem: 'SCN-12-the-glass', slug: 'the-glass', fileNumber: 12 });
    expect(sceneNameParts('Story/Scenes/SCN-prologue.md')).toEqual({ fileStem: 'SCN-prologue', slug: 'prologue', fileNumber: null });
  });

  it('reads the number of any chapter name a writer uses', () => {
    expect(sceneNameParts('Story/Manuscript/01 The Ferry.md')).toEqual({ fileStem: '01 The Ferry', slug: 'the ferry', fileNumber: 1 });
    expect(sceneNameParts('Story/ch03_harbour.md')).toMatchObject({ slug: 'harbour', fileNumber: 3 });
    expect(sceneNameParts('Story/Chapter 12 - Ice.md')).toMatchObject({ slug: 'ice', fileNumber: 12 });
    expect(sceneNameParts('Story/Chapter Seven.md')).toMatchObject({ fileNumber: 7 });
    expect(sceneNameParts('Story/Seven Swans.md')).toMatchObject({ slug: 'seven swans', fileNumber: null });
    expect(sceneNameParts('Story/Epilogue.md')).toMatchObject({ slug: 'epilogue', fileNumber: null });
  });

  it('takes a chapter number and time from front matter under the names writers use', () => {
    const scene = parseSceneFile(source('Story/x.md', '---\nchapter: 4\ndate: Tuesday\n---\nProse.'));
    expect(scene.sceneNumber).toEqual({ value: 4, line: 2 });
    expect(scene.when).toEqual({ value: 'Tuesday', line: 3 });
    expect(scene.problems).toEqual([]);
    expect(parseSceneFile(source('Story/01 Ferry.md', 'No front matter.')).problems).toEqual([]);
  });
});
