import { describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../testing/index.js';
import { bookTimeline } from './book-timeline.js';

const outline = [
  '# Outline',
  '',
  '## Act 1',
  '',
  '### Scene 1: The Ferry',
  '- File: SCN-01-the-ferry',
  '- When: Day 1, morning',
  '- Beat: Ines crosses.',
  '',
  '### Scene 2: The Mill',
  '- File: SCN-02-the-mill',
  '- When: Day 3, evening',
  '- Beat: The mill burns.',
  '',
  '### Scene 3: The Return',
  '- File: SCN-03-the-return',
  '- When: Day 2, night',
  '- Beat: She goes back.',
  '',
].join('\n');

const scene = (title: string, when: string | null, prose: string): string =>
  ['---', `title: ${title}`, ...(when ? [`when: ${when}`] : []), '---', '', `# ${title}`, '', prose, ''].join('\n');

describe('bookTimeline', () => {
  it('gives each chapter its day from the outline, with the front matter, prose and timeline notes that state it, and flags disagreements', async () => {
    const workspace = new MemoryWorkspace({
      'Story/SCN-outline.md': outline,
      'Story/Scenes/SCN-01-the-ferry.md': scene('The Ferry', 'Day 1, morning', 'The ferry left at six. It was Day 1 and nobody spoke.'),
      'Story/Scenes/SCN-02-the-mill.md': scene('The Mill', 'Day 3, evening', 'On the fourth morning the mill was still smoking.'),
      'Story/Scenes/SCN-03-the-return.md': scene('The Return', null, 'She went back in the dark.'),
      'Compendium/Lore/LORE-timeline.md': '# Timeline\n\n- Day 3, evening: The mill burns down.\n- Day 5, morning: The inquest.\n',
    });
    const timeline = await bookTimeline(workspace);
    expect(timeline.lastDay).toBe(3);
    expect(timeline.chapters.map((chapter) => [chapter.position, chapter.title, chapter.day, chapter.part, chapter.conflict, chapter.goesBack])).toEqual([
      [1, 'The Ferry', 1, 'morning', false, false],
      [2, 'The Mill', 3, 'evening', true, false],
      [3, 'The Return', 2, 'night', false, true],
    ]);
    const mill = timeline.chapters[1]!;
    expect(mill.marks.map((mark) => [mark.source, mark.day, mark.path, mark.line])).toEqual([
      ['outline', 3, 'Story/SCN-outline.md', 12],
      ['front_matter', 3, 'Story/Scenes/SCN-02-the-mill.md', 3],
      ['prose', 4, 'Story/Scenes/SCN-02-the-mill.md', 8],
      ['timeline_note', 3, 'Compendium/Lore/LORE-timeline.md', 3],
    ]);
  });

  it('gives chapters without a day when nothing states one, and an empty book no chapters', async () => {
    const timeline = await bookTimeline(new MemoryWorkspace({ 'Story/Scenes/SCN-01-alone.md': scene('Alone', null, 'Rain. More rain.') }));
    expect(timeline.chapters).toMatchObject([{ title: 'Alone', day: null, marks: [], conflict: false }]);
    expect(timeline.lastDay).toBe(0);
    expect(await bookTimeline(new MemoryWorkspace({}))).toEqual({ chapters: [], lastDay: 0 });
  });
});
