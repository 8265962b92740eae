import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { sha256Hex, type Finding } from '../manuscript/index.js';
import { InMemoryIssueStore, RecordingWorkspace } from '../testing/index.js';
import { consistencyCheckerTool } from './consistency-checker.js';
import type { ToolContext } from './tool-definition.js';

const SAMPLE = path.resolve(import.meta.dirname, '../../../examples/glass-harbour');
let sample: ToolContext;
let base: string;
let scratch: ToolContext;

interface EntitySummary {
  name: string;
  kind: string;
  card: string;
  mentions: number;
  files: Record<string, number[]>;
}

const findingsOf = (result: Record<string, unknown>) => result['findings'] as Finding[];
const entitiesOf = (result: Record<string, unknown>) => result['entities'] as EntitySummary[];

beforeAll(async () => {
  sample = { workspace: await FsWorkspace.open(SAMPLE), issues: new InMemoryIssueStore(), agents: [] };
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-consistency-'));
  await initWorkspace(base);
  await fs.writeFile(path.join(base, 'Compendium/Characters/CHAR-mara.md'), '---\nname: Mara Quill\naliases: [Mara]\neyes: green\n---\nShe sails.\n');
  await fs.writeFile(path.join(base, 'Compendium/Places/PLACE-dock.md'), '---\nname: Harrow Quay\n---\n');
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-01-dock.md'), '---\npov: Mara\n---\nMara Quill’s brown eyes scanned Harlow Quay.\nThe sea-glass glittered.\n');
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-02-storm.md'), '---\npov: Mara\n---\nMara picked up the sea glass near Harrow Quay. The Kittiwake came in.\n');
  scratch = { workspace: await FsWorkspace.open(base), issues: new InMemoryIssueStore(), agents: [] };
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('consistency_checker on the sample manuscript', () => {
  it('finds the planted eye colour with both quotes and both lines', async () => {
    const output = await consistencyCheckerTool.run({ file_paths: ['Story/Scenes/SCN-07-statements.md'], focus: 'characters' }, sample);
    const errors = findingsOf(output.result).filter((finding) => finding.severity === 'error');
    expect(errors).toEqual([
      {
        kind: 'eye_colour_mismatch',
        severity: 'error',
        message: 'Hester Vane\'s eyes are "green" here, but the card says "grey".',
        path: 'Story/Scenes/SCN-07-statements.md',
        line: 90,
        quote: 'Hester Vane’s green eyes went to the first page and stayed there.',
        canon: { path: 'Compendium/Characters/CHAR-hester-vane.md', line: 5, value: 'grey', quote: 'eyes: grey' },
      },
    ]);
    const hester = entitiesOf(output.result).find((entity) => entity.name === 'Hester Vane');
    expect(hester).toMatchObject({ kind: 'character', card: 'Compendium/Characters/CHAR-hester-vane.md' });
    expect(hester!.files['Story/Scenes/SCN-07-statements.md']).toContain(90);
    const cardRef = output.fileRefs.find((ref) => ref.path === 'Compendium/Characters/CHAR-hester-vane.md');
    expect(cardRef).toEqual({ path: 'Compendium/Characters/CHAR-hester-vane.md', start_line: 5, end_line: 5, sha256: sha256Hex('eyes: grey') });
  });

  it('finds the planted misnamed place, and not with focus characters', async () => {
    const output = await consistencyCheckerTool.run({ file_paths: ['Story/Scenes/SCN-10-the-tin-box.md'], focus: 'terminology' }, sample);
    expect(findingsOf(output.result).filter((finding) => finding.severity === 'error')).toEqual([
      expect.objectContaining({ kind: 'place_name_misspelled', line: 41, quote: expect.stringContaining('Merrick Glassworks'), canon: expect.objectContaining({ path: 'Compendium/Places/PLACE-marrick-glassworks.md', value: 'Marrick Glassworks' }) }),
    ]);
    const characters = await consistencyCheckerTool.run({ file_paths: ['Story/Scenes/SCN-10-the-tin-box.md'], focus: 'characters' }, sample);
    expect(findingsOf(characters.result).some((finding) => finding.kind === 'place_name_misspelled')).toBe(false);
  });

  it('describes a dry run without reading, and refuses a file that is not there', async () => {
    const recording = new RecordingWorkspace(sample.workspace);
    const output = await consistencyCheckerTool.run({ file_paths: ['Story/Scenes/SCN-01-the-lamp-room.md'], dry_run: true }, { ...sample, workspace: recording });
    expect(output.result).toMatchObject({ dry_run: true, tool: 'consistency_checker', would: expect.stringContaining('Story/Scenes/SCN-01-the-lamp-room.md') });
    expect(recording.reads).toEqual([]);
    await expect(consistencyCheckerTool.run({ file_paths: ['Story/Scenes/SCN-99.md'] }, sample)).rejects.toMatchObject({ code: 'path_not_found' });
    await expect(consistencyCheckerTool.run({ file_paths: ['.control-room/audit/secret.key'], dry_run: true }, sample)).rejects.toMatchObject({ code: 'path_outside_workspace' });
  });
});

describe('consistency_checker across files', () => {
  it('cross-references several files: misnamings, eye colours, terms spelled two ways and proposed names', async () => {
    const output = await consistencyCheckerTool.run({ file_paths: ['Story/Scenes/SCN-01-dock.md', 'Story/Scenes/SCN-02-storm.md'] }, scratch);
    expect(findingsOf(output.result).map((finding) => [finding.kind, finding.severity, finding.path, finding.line])).toEqual([
      ['eye_colour_mismatch', 'error', 'Story/Scenes/SCN-01-dock.md', 4],
      ['place_name_misspelled', 'error', 'Story/Scenes/SCN-01-dock.md', 4],
      ['terminology_variant', 'warning', 'Story/Scenes/SCN-02-storm.md', 4],
    ]);
    expect(output.result['summary']).toEqual({ errors: 2, warnings: 1, notes: 0 });
    expect(output.result['proposed_names']).toEqual([{ text: 'Kittiwake', guess: 'unknown', count: 1, first: { path: 'Story/Scenes/SCN-02-storm.md', line: 4 } }]);
    expect(entitiesOf(output.result).map((entity) => [entity.name, entity.mentions])).toEqual([
      ['Mara Quill', 2],
      ['Harrow Quay', 1],
    ]);
    const sceneRef = output.fileRefs.find((ref) => ref.path === 'Story/Scenes/SCN-01-dock.md' && ref.start_line === 1);
    expect(sceneRef?.end_line).toBe(5);
  });
});

describe('consistency_checker on names two letters apart', () => {
  it('asks about a name two letters from a place card, and reports one letter off as an error', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-consistency-near-'));
    try {
      await initWorkspace(dir);
      await fs.writeFile(path.join(dir, 'Compendium/Places/Penrhiw.md'), '# Penrhiw\n\nThe farm above the quarry.\n');
      await fs.writeFile(path.join(dir, 'Story/Scenes/SCN-01-farm.md'), '# Farm\n\nHe walked up to Penrhiw at dawn. His father had come out in the Penrhyn strike.\n\nThe road to Penrhw was mud.\n');
      const context: ToolContext = { workspace: await FsWorkspace.open(dir), issues: new InMemoryIssueStore(), agents: [] };
      const output = await consistencyCheckerTool.run({ file_paths: ['Story/Scenes/SCN-01-farm.md'] }, context);
      expect(findingsOf(output.result).filter((finding) => finding.kind === 'place_name_misspelled').map((finding) => [finding.severity, finding.line]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
        ['warning', 3],
        ['error', 5],
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
