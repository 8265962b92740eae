import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import type { Finding } from '../manuscript/index.js';
import { InMemoryIssueStore, RecordingWorkspace } from '../testing/index.js';
import { canonCheckerTool } from './canon-checker.js';
import type { ToolContext } from './tool-definition.js';

const SAMPLE = path.resolve(import.meta.dirname, '../../../examples/glass-harbour');
let sample: ToolContext;
let base: string;
let scratch: ToolContext;

const findingsOf = (result: Record<string, unknown>) => result['findings'] as Finding[];

beforeAll(async () => {
  sample = { workspace: await FsWorkspace.open(SAMPLE), issues: new InMemoryIssueStore(), agents: [] };
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-canon-'));
  await initWorkspace(base);
  await fs.writeFile(path.join(base, '.control-room/canon/canon-index.md'), '# Canon Index\n- The quay has 12 bollards along the harbour wall.\n');
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-01-quay.md'), '---\nscene: 1\n---\nShe counted the bollards on the quay: twenty bollards along the wall.\n');
  scratch = { workspace: await FsWorkspace.open(base), issues: new InMemoryIssueStore(), agents: [] };
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('canon_checker on the sample manuscript', () => {
  it('finds the planted dead character who speaks, quoting both sides', async () => {
    const output = await canonCheckerTool.run({ scene_path: 'Story/Scenes/SCN-09-last-orders.md' }, sample);
    expect(output.result['status']).toBe('contradictions');
    expect(findingsOf(output.result)).toEqual([
      expect.objectContaining({
        kind: 'dead_character_speaks',
        severity: 'error',
        line: 66,
        quote: expect.stringContaining('said Tresk from the end of the bar'),
        canon: { path: 'Compendium/Characters/CHAR-owen-tresk.md', line: 9, value: 'status: dead, died_in: SCN-06-the-tide-steps', quote: 'died_in: SCN-06-the-tide-steps' },
      }),
    ]);
    expect(output.fileRefs.map((ref) => `${ref.path}#${ref.start_line}`)).toEqual(['Compendium/Characters/CHAR-owen-tresk.md#9', 'Story/Scenes/SCN-09-last-orders.md#66']);
  });

  it('finds the planted canon fact, with the lore line quoted', async () => {
    const output = await canonCheckerTool.run({ scene_path: 'Story/Scenes/SCN-11-the-weights.md', mode: 'strict' }, sample);
    expect(findingsOf(output.result)).toEqual([
      expect.objectContaining({
        kind: 'canon_fact_contradiction',
        line: 27,
        quote: expect.stringContaining('ninety steps'),
        canon: expect.objectContaining({ path: 'Compendium/Lore/LORE-skerry-light.md', line: 8, quote: '- The Skerry Light stair has 131 steps from the tower door to the lamp-room hatch.' }),
      }),
    ]);
  });

  it('calls a clean scene consistent, and checks only the canon paths given', async () => {
    const clean = await canonCheckerTool.run({ scene_path: 'Story/Scenes/SCN-01-the-lamp-room.md', mode: 'lenient' }, sample);
    expect(clean.result).toMatchObject({ status: 'consistent', findings: [] });
    const loreOnly = await canonCheckerTool.run({ scene_path: 'Story/Scenes/SCN-09-last-orders.md', canon_paths: ['Compendium/Lore/'] }, sample);
    expect(loreOnly.result).toMatchObject({ status: 'consistent', canon_paths: ['Compendium/Lore'] });
  });

  it('validates on a dry run without reading, and refuses missing scenes, canon paths and modes', async () => {
    const recording = new RecordingWorkspace(sample.workspace);
    const output = await canonCheckerTool.run({ scene_path: 'Story/Scenes/SCN-09-last-orders.md', dry_run: true }, { ...sample, workspace: recording });
    expect(output.result).toMatchObject({ dry_run: true, would: expect.stringContaining('Canon.md, Compendium') });
    expect(recording.reads).toEqual([]);
    await expect(canonCheckerTool.run({ scene_path: 'Story/Scenes/SCN-99.md' }, sample)).rejects.toMatchObject({ code: 'path_not_found' });
    await expect(canonCheckerTool.run({ scene_path: 'Story/Scenes/SCN-09-last-orders.md', canon_paths: ['Compendium/Nowhere'] }, sample)).rejects.toMatchObject({ code: 'path_not_found' });
    await expect(canonCheckerTool.run({ scene_path: 'Story/Scenes/SCN-09-last-orders.md', mode: 'loose' }, sample)).rejects.toMatchObject({ code: 'tool_args_invalid' });
  });
});

describe('canon_checker with Canon.md', () => {
  it('reads the canon index bullets as facts', async () => {
    const output = await canonCheckerTool.run({ scene_path: 'Story/Scenes/SCN-01-quay.md', canon_paths: ['Canon.md'] }, scratch);
    expect(findingsOf(output.result)).toEqual([expect.objectContaining({ kind: 'canon_fact_contradiction', line: 4, canon: expect.objectContaining({ path: 'Canon.md', line: 2 }) })]);
  });
});
