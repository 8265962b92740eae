import { describe, expect, it } from 'vitest';
import { parseCharacterCard } from '../cards.js';
import { buildNameIndex } from '../name-index.js';
import { parseOutline } from '../outline.js';
import { parseSceneFile } from '../scene-file.js';
import { readProse } from '../scene-prose.js';
import { beatCharacterChecks, povFindings, sceneNumberFindings } from './beat-checks.js';
import { matchOutlineEntry } from './beat-match.js';

const mara = parseCharacterCard({ path: 'Compendium/Characters/CHAR-mara.md', lines: ['---', 'name: Mara Quill', 'aliases: [Mara]', '---'] });
const jon = parseCharacterCard({ path: 'Compendium/Characters/CHAR-jon.md', lines: ['---', 'name: Jon Reed', 'aliases: [Jon]', '---'] });
const names = buildNameIndex([mara, jon], []);
const outline = parseOutline({ path: 'Story/SCN-outline.md', lines: ['### Scene 4: Dock', '- File: SCN-04-dock', '- POV: Mara Quill', '- Characters: Mara Quill, Jon Reed, Ada Lane'] });
const scene = (frontMatter: string[], body: string) => parseSceneFile({ path: 'Story/Scenes/SCN-04-dock.md', lines: ['---', ...frontMatter, '---', body] });

describe('beat checks', () => {
  it('compare the POV through aliases and report a different one', () => {
    const same = scene(['pov: Mara'], 'Prose.');
    expect(povFindings(same, matchOutlineEntry(same, outline, names)!, outline, names)).toEqual([]);
    const other = scene(['pov: Jon'], 'Prose.');
    expect(povFindings(other, matchOutlineEntry(other, outline, names)!, outline, names)).toEqual([
      expect.objectContaining({ kind: 'pov_mismatch', severity: 'error', line: 2, canon: { path: 'Story/SCN-outline.md', line: 3, value: 'Mara Quill' } }),
    ]);
    const none = scene([], 'Prose.');
    expect(povFindings(none, matchOutlineEntry(none, outline, names)!, outline, names).map((finding) => finding.kind)).toEqual(['pov_missing']);
  });

  it('count the POV character as present and report the beat’s other characters the prose never names', () => {
    const file = scene(['pov: Mara'], 'She waited for the boat.');
    const checked = beatCharacterChecks(file, readProse(file.source, file.bodyStart, names), matchOutlineEntry(file, outline, names)!, outline, names);
    expect(checked.present).toEqual(['Mara Quill']);
    expect(checked.absent).toEqual(['Jon Reed']);
    expect(checked.findings.map((finding) => [finding.kind, finding.severity])).toEqual([
      ['beat_character_absent', 'warning'],
      ['beat_character_unknown', 'info'],
    ]);
  });

  it('warn when the scene number differs from the entry’s', () => {
    const file = scene(['scene: 5'], 'Prose.');
    expect(sceneNumberFindings(file, matchOutlineEntry(file, outline, names)!, outline)).toEqual([expect.objectContaining({ kind: 'scene_number_mismatch', line: 2 })]);
  });
});
