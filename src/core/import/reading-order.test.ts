import { describe, expect, it } from 'vitest';
import { plannedContent, plannedKinds, planFolder, sourceDocument } from '../testing/import-plan-kit.js';

const prose = (name: string, place: string) =>
  `${name} crossed ${place} before the bell, counting the looms that stood quiet behind the windows, and did not once look back at the row. `.repeat(4).trim();

describe('a Longform index gives the story order', () => {
  const index = (scenes: string[], extra = '') =>
    sourceDocument('Weaver Row/Index.md', ['---', 'longform:', '  format: scenes', '  title: Weaver Row', `  sceneFolder: /${extra}`, '  scenes:', ...scenes.map((scene) => `    - ${scene}`), '  ignoredFiles: []', '---', ''].join('\n'));

  it('orders title-only chapter files by the index, not the alphabet, and leaves the index out with its reason', () => {
    const result = planFolder(
      index(['Market Day', 'The Loom Shed', 'Another Winter']),
      sourceDocument('Weaver Row/The Loom Shed.md', prose('Hannah', 'the loom shed')),
      sourceDocument('Weaver Row/Another Winter.md', `# Another Winter\n\n${prose('Nan', 'the frozen yard')}`),
      sourceDocument('Weaver Row/Market Day.md', prose('Joseph', 'the market')),
    );
    expect(plannedKinds(result)).toEqual(['chapter Story/Chapters/01 Market Day.md', 'chapter Story/Chapters/02 The Loom Shed.md', 'chapter Story/Chapters/03 Another Winter.md']);
    expect(result.skipped).toEqual([{ origin: 'Weaver Row/Index.md', reason: 'a Longform index: its 3 scenes were read in the order it lists' }]);
  });

  it('reads nested scene lists in order and finds scenes in the folder the index names', () => {
    const nested = sourceDocument('Book/Index.md', ['---', 'longform:', '  format: scenes', '  sceneFolder: scenes', '  scenes:', '    - Zeal', '    - - Apple', '      - Mole', '---', ''].join('\n'));
    const result = planFolder(nested, ...['Apple', 'Mole', 'Zeal'].map((name) => sourceDocument(`Book/scenes/${name}.md`, prose(name, 'the lane'))));
    expect(plannedKinds(result)).toEqual(['chapter Story/Chapters/01 Zeal.md', 'chapter Story/Chapters/02 Apple.md', 'chapter Story/Chapters/03 Mole.md']);
  });

  it('leaves a folder without an index, and front matter of other kinds, in the order it had', () => {
    const result = planFolder(
      sourceDocument('Draft/02 Second.md', `---\nlongform: yes\n---\n${prose('Ada', 'the bridge')}`),
      sourceDocument('Draft/01 First.md', prose('Ada', 'the lane')),
    );
    expect(plannedKinds(result)).toEqual(['chapter Story/Chapters/01 First.md', 'chapter Story/Chapters/02 Second.md']);
    expect(result.skipped).toEqual([]);
  });
});

describe('scene files joined into the chapters their front matter names', () => {
  const sceneFile = (slug: string, chapter: number | string, scene: number | null, title: string | null, who: string) =>
    sourceDocument(`scenes/${slug}.md`, ['---', `chapter: ${chapter}`, ...(scene === null ? [] : [`scene: ${scene}`]), ...(title ? [`title: "${title}"`] : []), 'pov: Ada', '---', '', prose(who, slug.replace(/-/g, ' '))].join('\n'));

  it('joins each chapter\'s scenes in scene order, titles it from its first scene and numbers it by its chapter', () => {
    const result = planFolder(
      sceneFile('after-the-dance', 2, 2, null, 'Mags'),
      sceneFile('the-pier', 1, 1, 'The Pier', 'Ada'),
      sceneFile('boathouse', 2, 1, 'After the Dance', 'Tom'),
      sceneFile('the-gale', 'three', 1, 'The Gale', 'Ada'),
    );
    expect(plannedKinds(result)).toEqual(['chapter Story/Chapters/01 The Pier.md', 'chapter Story/Chapters/02 After the Dance.md', 'chapter Story/Chapters/03 The Gale.md']);
    const second = plannedContent(result, 'Story/Chapters/02 After the Dance.md');
    expect(second.indexOf('Tom crossed')).toBeLessThan(second.indexOf('* * *'));
    expect(second.indexOf('* * *')).toBeLessThan(second.indexOf('Mags crossed'));
    expect(second).toMatch(/^---\nchapter: 2\ntitle: "After the Dance"\npov: Ada\n---\n/);
    expect(second).not.toMatch(/^scene:/m);
    expect(result.files.find((file) => file.path.startsWith('Story/Chapters/02'))!.origin).toBe('scenes/boathouse.md + scenes/after-the-dance.md');
  });

  it('keeps a gap in the chapter numbers, and leaves chapters kept one to a file alone', () => {
    const joined = planFolder(sceneFile('a', 1, 1, 'One', 'Ada'), sceneFile('b', 1, 2, null, 'Tom'), sceneFile('c', 4, 1, 'Four', 'Ada'));
    expect(plannedKinds(joined)).toEqual(['chapter Story/Chapters/01 One.md', 'chapter Story/Chapters/04 Four.md']);
    const single = planFolder(sceneFile('x', 2, 1, 'Two', 'Ada'), sceneFile('y', 1, 1, 'One', 'Tom'));
    expect(plannedKinds(single)).toEqual(['chapter Story/Chapters/01 One.md', 'chapter Story/Chapters/02 Two.md']);
    expect(plannedContent(single, 'Story/Chapters/02 Two.md')).toContain('scene: 1');
  });
});
