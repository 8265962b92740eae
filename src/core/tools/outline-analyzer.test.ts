import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { sha256Hex } from '../manuscript/index.js';
import { InMemoryIssueStore, MemoryWorkspace, RecordingWorkspace } from '../testing/index.js';
import { outlineAnalyzerTool } from './outline-analyzer.js';
import type { ToolContext } from './tool-definition.js';

const SAMPLE = path.resolve(import.meta.dirname, '../../../examples/glass-harbour');
interface SceneSummary {
  beats?: { text: string; line: number }[];
  [field: string]: unknown;
}
interface ActSummary {
  number: number | null;
  title: string;
  line: number;
  scene_count: number;
  scenes: SceneSummary[];
}

let sample: ToolContext;
let base: string;

beforeAll(async () => {
  sample = { workspace: await FsWorkspace.open(SAMPLE), issues: new InMemoryIssueStore(), agents: [] };
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-outline-tool-'));
  await initWorkspace(base);
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('outline_analyzer on the sample manuscript', () => {
  it('finds the outline through the tree and reports acts, scenes, POVs and no problems', async () => {
    const output = await outlineAnalyzerTool.run({}, sample);
    const result = output.result;
    const acts = result['acts'] as ActSummary[];
    expect(result['outline_path']).toBe('Story/SCN-outline.md');
    expect(result['act_count']).toBe(3);
    expect(result['scene_count']).toBe(12);
    expect(acts.map((act) => [act.number, act.title, act.line, act.scene_count])).toEqual([
      [1, 'Keys', 3, 4],
      [2, 'High Water', 33, 5],
      [3, 'Forty Turns', 70, 3],
    ]);
    expect(acts[1]!.scenes[3]).toMatchObject({
      number: 8,
      title: 'Letters',
      line: 56,
      file: { value: 'SCN-08-letters', line: 57, path: 'Story/Scenes/SCN-08-letters.md', exists: true },
      pov: 'Hester Vane',
      when: 'Day 4, afternoon',
      characters: ['Hester Vane', 'Tam Gillies', 'Ambrose Vane'],
      beat_count: 1,
    });
    expect(result['pov_distribution']).toEqual({ 'Hester Vane': 8, 'Callum Lusk': 2, 'Dr. Colm Reddaway': 1, 'Sergeant Annis Pryce': 1 });
    expect(result['problems']).toEqual([]);
  });

  it('lists every beat in beats mode, and the file ref hashes the outline as read', async () => {
    const output = await outlineAnalyzerTool.run({ outline_path: 'Story/SCN-outline.md', mode: 'beats' }, sample);
    const scenes = (output.result['acts'] as ActSummary[]).flatMap((act) => act.scenes);
    expect(scenes[0]!.beats).toEqual([{ text: expect.stringContaining('Hester comes home'), line: 10 }]);
    const read = await sample.workspace.read('Story/SCN-outline.md');
    expect(output.fileRefs).toEqual([{ path: 'Story/SCN-outline.md', start_line: 1, end_line: read.lines, sha256: sha256Hex(read.content.replace(/\n$/, '')) }]);
  });

  it('describes a dry run without reading any file', async () => {
    const recording = new RecordingWorkspace(sample.workspace);
    const output = await outlineAnalyzerTool.run({ mode: 'beats', dry_run: true }, { ...sample, workspace: recording });
    expect(output.result).toMatchObject({ dry_run: true, tool: 'outline_analyzer', would: expect.stringContaining('the outline found in the VFS tree') });
    expect(recording.reads).toEqual([]);
  });
});

describe('outline_analyzer errors', () => {
  it('refuses an unknown mode, an unsafe path and a workspace without an outline', async () => {
    await expect(outlineAnalyzerTool.run({ mode: 'shape' }, sample)).rejects.toMatchObject({ code: 'tool_args_invalid' });
    await expect(outlineAnalyzerTool.run({ outline_path: '../x.md', dry_run: true }, sample)).rejects.toMatchObject({ code: 'path_outside_workspace' });
    const empty = { ...sample, workspace: await FsWorkspace.open(base) };
    await expect(outlineAnalyzerTool.run({}, empty)).rejects.toMatchObject({ code: 'outline_not_found' });
    await expect(outlineAnalyzerTool.run({ outline_path: 'Story/none.md' }, empty)).rejects.toMatchObject({ code: 'path_not_found' });
  });
});

describe('outline_analyzer on the outline’s own dates', () => {
  it('reports a weekday an outline beat gives a date it does not fall on, and only that', async () => {
    const outline = [
      '# Outline',
      '',
      '## Chapter 1',
      '',
      '- Saturday 1 June 1957. The engineer drives into the valley.',
      '',
      '## Chapter 2',
      '',
      '- Thursday 12 June 1957. The survey party works at the weir.',
    ].join('\n');
    const files = {
      'Story/Outline.md': outline,
      'Story/Chapters/01 Chapter 1.md': '# Chapter 1\n\nThe engineer drove into the valley on the Saturday.',
      'Story/Chapters/02 Chapter 2.md': '# Chapter 2\n\nThe survey party worked at the weir all day.',
    };
    const context = { workspace: new MemoryWorkspace(files), issues: new InMemoryIssueStore(), agents: [] };
    const result = (await outlineAnalyzerTool.run({}, context)).result as { problems: Array<{ kind: string; line: number; severity: string; path: string }> };
    // 12 June 1957 was a Wednesday; 1 June 1957 a Saturday.
    const weekdays = result.problems.filter((problem) => problem.kind === 'weekday_date_mismatch');
    expect(weekdays.map((problem) => [problem.path, problem.line, problem.severity])).toEqual([['Story/Outline.md', 9, 'error']]);
  });
});
