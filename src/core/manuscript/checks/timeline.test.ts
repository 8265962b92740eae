import { describe, expect, it } from 'vitest';
import { parseLoreFile } from '../lore.js';
import { buildNameIndex } from '../name-index.js';
import { parseOutline } from '../outline.js';
import { parseSceneFile } from '../scene-file.js';
import { readProse } from '../scene-prose.js';
import { sceneOrderFindings, timelineEntries, timelineFindings } from './timeline.js';

const outline = parseOutline({ path: 'Story/SCN-outline.md', lines: ['### Scene 8: Letters', '- When: Day 4, afternoon', '### Scene 9: Orders', '- When: Day 4, evening'] });
const timeline = parseLoreFile({ path: 'Compendium/Lore/LORE-timeline.md', lines: ['- Day 4, afternoon: Tam shows Hester the letters.', '- Day 4, evening: The town drinks.'] });
const scene = (number: number, when: string, body: string) => parseSceneFile({ path: `Story/Scenes/SCN-0${number}.md`, lines: ['---', `scene: ${number}`, `when: ${when}`, '---', ...body.split('\n')] });
const check = (number: number, when: string, body: string) => {
  const file = scene(number, when, body);
  const result = timelineFindings(file, readProse(file.source, file.bodyStart, buildNameIndex([], [])), outline.entries[number - 8] ?? null, outline, [timeline]);
  return { ...result, findings: result.findings.map((finding) => [finding.kind, finding.severity, finding.line, finding.canon?.line]) };
};

describe('timelineFindings', () => {
  it('reports a front matter time that contradicts the outline once, with prose that follows it as a warning', () => {
    const result = check(8, 'Day 6, morning', 'It was the sixth day since she had come back.');
    expect(result.findings).toEqual([
      ['when_mismatch', 'error', 3, 2],
      ['day_marker_mismatch', 'warning', 5, 2],
    ]);
    expect(result.timeline.map((entry) => entry.line)).toEqual([1]);
    expect(result.beatTime).toEqual({ day: 4, part: 'afternoon' });
  });

  it('reports prose that contradicts a correct front matter as an error', () => {
    expect(check(8, 'Day 4, afternoon', 'On Day 5 she went.').findings).toEqual([['day_marker_mismatch', 'error', 5, 2]]);
    expect(check(8, 'Day 4, afternoon', 'It was the fourth day since she came back.').findings).toEqual([]);
  });

  it('notes a beat time the timeline lacks, and an unreadable front-matter time', () => {
    const noTimeline = parseOutline({ path: 'Story/SCN-outline.md', lines: ['### Scene 1: A', '- When: Day 9, night'] });
    const file = scene(1, 'soon', 'Prose.');
    const result = timelineFindings(file, readProse(file.source, file.bodyStart, buildNameIndex([], [])), noTimeline.entries[0]!, noTimeline, [timeline]);
    expect(result.findings.map((finding) => [finding.kind, finding.severity])).toEqual([
      ['when_unreadable', 'warning'],
      ['timeline_entry_missing', 'info'],
    ]);
  });
});

describe('sceneOrderFindings and timelineEntries', () => {
  it('warns when a scene is dated before the one it follows', () => {
    const eight = scene(8, 'Day 6, morning', '');
    const nine = scene(9, 'Day 4, evening', '');
    expect(sceneOrderFindings(nine, [eight, nine]).map((finding) => [finding.kind, finding.severity, finding.canon?.path])).toEqual([['when_out_of_order', 'warning', 'Story/Scenes/SCN-08.md']]);
    expect(sceneOrderFindings(eight, [eight, nine])).toEqual([]);
    expect(timelineEntries([timeline]).map((entry) => entry.path)).toEqual(['Compendium/Lore/LORE-timeline.md', 'Compendium/Lore/LORE-timeline.md']);
  });
});
