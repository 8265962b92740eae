import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import type { Finding } from '../manuscript/index.js';
import { InMemoryIssueStore, RecordingWorkspace } from '../testing/index.js';
import { sceneDraftValidatorTool } from './scene-draft-validator.js';
import type { ToolContext } from './tool-definition.js';

const SAMPLE = path.resolve(import.meta.dirname, '../../../examples/glass-harbour');
let sample: ToolContext;
let base: string;
let scratch: ToolContext;

const kinds = (result: Record<string, unknown>) => (result['findings'] as Finding[]).map((finding) => [finding.kind, finding.severity, finding.line]);

beforeAll(async () => {
  sample = { workspace: await FsWorkspace.open(SAMPLE), issues: new InMemoryIssueStore(), agents: [] };
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-validator-'));
  await initWorkspace(base);
  await fs.writeFile(path.join(base, 'Compendium/Characters/CHAR-mara.md'), '---\nname: Mara Quill\naliases: [Mara]\neyes: green\n---\nShe sails.\n');
  await fs.writeFile(path.join(base, 'Compendium/Characters/CHAR-jon.md'), '---\nname: Jon Reed\naliases: [Jon]\n---\nHe rows.\n');
  await fs.writeFile(
    path.join(base, 'Story/SCN-outline.md'),
    '## Act 1 — A\n### Scene 1: Dock\n- POV: Mara Quill\n- When: Day 1, morning\n- Characters: Mara Quill, Jon Reed, Ghost Person\n- Beat: She waits.\n### Scene 2: Storm\n- POV: Jon Reed\n- When: Day 2, night\n- Beat: Rain.\n### Scene 3: Calm\n- POV: Jon\n- When: Day 3, morning\n- Beat: Sun.\n',
  );
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-01-first-draft.md'), '---\npov: Jon\nscene: 1\nwhen: Day 1, morning\n---\nMara’s brown eyes watched the dock.\n');
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-07-untitled.md'), '---\npov: Mara\nwhen: Day 1, morning\n---\nMara rowed out. It was Day 3 by then.\n');
  scratch = { workspace: await FsWorkspace.open(base), issues: new InMemoryIssueStore(), agents: [] };
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('scene_draft_validator on the sample manuscript', () => {
  it('finds the planted timeline contradiction against the outline and the timeline lore', async () => {
    const output = await sceneDraftValidatorTool.run({ scene_path: 'Story/Scenes/SCN-08-letters.md' }, sample);
    expect(output.result['match']).toMatchObject({ pass: 'title_slug', outline_path: 'Story/SCN-outline.md', entry: { number: 8, line: 56, when: 'Day 4, afternoon' } });
    expect(output.result['status']).toBe('deviations');
    expect(kinds(output.result)).toEqual([
      ['when_mismatch', 'error', 5],
      ['day_marker_mismatch', 'warning', 10],
    ]);
    const [mismatch] = output.result['findings'] as Finding[];
    expect(mismatch).toMatchObject({ quote: 'when: Day 6, morning', canon: { path: 'Story/SCN-outline.md', line: 59, value: 'Day 4, afternoon', quote: '- When: Day 4, afternoon' } });
    expect(mismatch!.message).toContain('Compendium/Lore/LORE-timeline.md#L14');
    expect(output.result['when']).toEqual({
      scene: 'Day 6, morning',
      outline: 'Day 4, afternoon',
      timeline: [{ path: 'Compendium/Lore/LORE-timeline.md', line: 14, when: 'Day 4, afternoon', text: expect.stringContaining('Tam shows Hester') }],
    });
    expect(output.fileRefs.map((ref) => `${ref.path}#${ref.start_line}-${ref.end_line}`)).toEqual(expect.arrayContaining(['Story/SCN-outline.md#56-61', 'Compendium/Lore/LORE-timeline.md#14-14', 'Story/Scenes/SCN-08-letters.md#1-6']));
  });

  it('matches a clean scene and loads the POV card on request', async () => {
    const output = await sceneDraftValidatorTool.run({ scene_path: 'Story/Scenes/SCN-05-the-surgery.md', include_canon: true }, sample);
    expect(output.result).toMatchObject({
      status: 'matches',
      findings: [],
      characters: { present: ['Dr. Colm Reddaway', 'Hester Vane'], absent: [] },
      pov_card: { path: 'Compendium/Characters/CHAR-dr-colm-reddaway.md', name: 'Dr. Colm Reddaway', eyes: { value: 'blue', line: 5 }, status: { value: 'alive', line: 8 } },
    });
  });

  it('describes a dry run without reading', async () => {
    const recording = new RecordingWorkspace(sample.workspace);
    const output = await sceneDraftValidatorTool.run({ scene_path: 'Story/Scenes/SCN-08-letters.md', include_canon: true, dry_run: true }, { ...sample, workspace: recording });
    expect(output.result).toMatchObject({ dry_run: true, would: expect.stringContaining('with the POV character card') });
    expect(recording.reads).toEqual([]);
  });
});

describe('scene_draft_validator on drafts', () => {
  it('falls back to the scene number, and reports POV, missing characters and the POV card’s eyes', async () => {
    const output = await sceneDraftValidatorTool.run({ scene_path: 'Story/Scenes/SCN-01-first-draft.md', include_canon: true }, scratch);
    expect(output.result['match']).toMatchObject({ pass: 'scene_number', entry: { number: 1 } });
    expect(kinds(output.result)).toEqual([
      ['pov_mismatch', 'error', 2],
      ['beat_character_unknown', 'info', 5],
    ]);
    expect(output.result['characters']).toEqual({ present: ['Mara Quill', 'Jon Reed'], absent: [] });
  });

  it('matches by POV when the slug and number do not help, and checks day markers', async () => {
    const output = await sceneDraftValidatorTool.run({ scene_path: 'Story/Scenes/SCN-07-untitled.md' }, scratch);
    expect(output.result['match']).toMatchObject({ pass: 'pov_name', entry: { number: 1 } });
    expect(kinds(output.result)).toEqual([
      ['day_marker_mismatch', 'error', 5],
      ['scene_number_mismatch', 'warning', 1],
      ['beat_character_absent', 'warning', 5],
      ['beat_character_unknown', 'info', 5],
    ]);
  });

  it('refuses a missing scene and a workspace without an outline', async () => {
    await expect(sceneDraftValidatorTool.run({ scene_path: 'Story/Scenes/SCN-09.md' }, scratch)).rejects.toMatchObject({ code: 'path_not_found' });
    await expect(sceneDraftValidatorTool.run({ scene_path: 'Story/Scenes/SCN-07-untitled.md', outline_path: 'Story/none.md' }, scratch)).rejects.toMatchObject({ code: 'path_not_found' });
  });
});
