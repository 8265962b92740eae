import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { defaultAgentsFile } from '../agents/index.js';
import { InMemoryIssueStore, RecordingWorkspace } from '../testing/index.js';
import { fileLocatorTool } from './file-locator.js';
import type { ToolContext } from './tool-definition.js';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const SAMPLE = path.resolve(import.meta.dirname, '../../../examples/glass-harbour');

let base: string;
let workspace: FsWorkspace;

interface Row { path: string; role: string; size: number; score: number; matched: string; lines?: Array<{ line: number; text: string }>; line_hits?: number }
const rows = (result: Record<string, unknown>): Row[] => result['results'] as Row[];

function contextWith(spy: RecordingWorkspace): ToolContext {
  return { workspace: spy, issues: new InMemoryIssueStore(), agents: defaultAgentsFile().agents };
}

async function write(relative: string, content: string | Buffer): Promise<void> {
  await fs.mkdir(path.dirname(path.join(base, relative)), { recursive: true });
  await fs.writeFile(path.join(base, relative), content);
}

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-locator-'));
  await initWorkspace(base);
  await write('Story/SCN-outline.md', '# Outline\n\n## Act 1\n- Beat: the locket is lost\n');
  await write('Story/Scenes/SCN-01-the-lamp-room.md', 'Hester climbed.\nShe found the Locket under the lamp.\nNothing else.\n');
  await write('Story/Scenes/SCN-02-harbour_house.md', 'Tea at the harbour house.\nNo locket here, only a “blocket” of wood.\n');
  await write('Story/Scenes/SCN-03-the-bell.md', 'The bell rang.\n');
  await write('Compendium/Characters/CHAR-hester-vane.md', '---\nname: Hester Vane\neyes: grey\n---\n');
  await write('Compendium/Lore/LORE-lamp-oil.md', 'Lamp oil facts.\n');
  await write('Story/cover.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]));
  await write('Story/Notes/locket-binary.md', Buffer.from([0x6c, 0x6f, 0x63, 0x00, 0x6b]));
  workspace = await FsWorkspace.open(base);
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('file_locator FAST_SCAN', () => {
  it('puts an exact path first and reads no file content', async () => {
    const spy = new RecordingWorkspace(workspace);
    const output = await fileLocatorTool.run({ search_criteria: 'Story/SCN-outline.md' }, contextWith(spy));
    expect(rows(output.result)[0]).toMatchObject({ path: 'Story/SCN-outline.md', role: 'outline', matched: 'path', score: 100 });
    expect(spy.reads).toEqual([]);
    expect(output.fileRefs).toEqual([]);
  });

  it.each(['lamp room', 'lamp_room', 'LAMP-ROOM', 'the lamp room scene'])('finds the lamp room scene for %j', async (criteria) => {
    const output = await fileLocatorTool.run({ search_criteria: criteria }, contextWith(new RecordingWorkspace(workspace)));
    expect(rows(output.result)[0]).toMatchObject({ path: 'Story/Scenes/SCN-01-the-lamp-room.md', role: 'scene', matched: 'name' });
  });

  it('matches underscores in file names like dashes and reports sizes', async () => {
    const output = await fileLocatorTool.run({ search_criteria: 'harbour-house' }, contextWith(new RecordingWorkspace(workspace)));
    const first = rows(output.result)[0];
    expect(first).toMatchObject({ path: 'Story/Scenes/SCN-02-harbour_house.md', matched: 'name' });
    expect(first?.size).toBe((await fs.stat(path.join(base, 'Story/Scenes/SCN-02-harbour_house.md'))).size);
  });

  it('ranks by name and limits to max_results, counting every match', async () => {
    const output = await fileLocatorTool.run({ search_criteria: 'lamp', max_results: 1 }, contextWith(new RecordingWorkspace(workspace)));
    expect(output.result['total_matches']).toBe(2);
    expect(output.result['truncated']).toBe(true);
    expect(rows(output.result).map((row) => row.path)).toEqual(['Compendium/Lore/LORE-lamp-oil.md']);
  });

  it('treats * and ? as wildcards with include_globs, * staying inside a folder', async () => {
    const context = contextWith(new RecordingWorkspace(workspace));
    const scenes = await fileLocatorTool.run({ search_criteria: 'Story/Scenes/*.md', include_globs: true }, context);
    expect(rows(scenes.result).map((row) => row.path)).toEqual([
      'Story/Scenes/SCN-01-the-lamp-room.md',
      'Story/Scenes/SCN-02-harbour_house.md',
      'Story/Scenes/SCN-03-the-bell.md',
    ]);
    const byName = await fileLocatorTool.run({ search_criteria: 'SCN-0?-the-*', include_globs: true }, context);
    expect(rows(byName.result).map((row) => row.path)).toEqual(['Story/Scenes/SCN-01-the-lamp-room.md', 'Story/Scenes/SCN-03-the-bell.md']);
    const shallow = await fileLocatorTool.run({ search_criteria: 'Story/*.md', include_globs: true }, context);
    expect(rows(shallow.result).map((row) => row.path)).toEqual(['Story/SCN-outline.md']);
    const literal = await fileLocatorTool.run({ search_criteria: 'Story/Scenes/*.md' }, context);
    expect(rows(literal.result).length).toBeGreaterThan(3);
  });

  it('returns nothing, without failing, for criteria with no words', async () => {
    const output = await fileLocatorTool.run({ search_criteria: '***' }, contextWith(new RecordingWorkspace(workspace)));
    expect(output.result).toMatchObject({ total_matches: 0, results: [] });
    expect(output.result['note']).toMatch(/no words/);
  });
});

describe('file_locator DEEP_SCAN', () => {
  it('finds lines in text files at word starts, case-insensitively, with hashed file refs', async () => {
    const spy = new RecordingWorkspace(workspace);
    const output = await fileLocatorTool.run({ search_criteria: 'locket', scan_mode: 'DEEP_SCAN' }, contextWith(spy));
    const found = rows(output.result);
    const lamp = found.find((row) => row.path === 'Story/Scenes/SCN-01-the-lamp-room.md');
    expect(lamp).toMatchObject({ matched: 'content', line_hits: 1, lines: [{ line: 2, text: 'She found the Locket under the lamp.' }] });
    const harbour = found.find((row) => row.path === 'Story/Scenes/SCN-02-harbour_house.md');
    expect(harbour?.lines).toEqual([{ line: 2, text: 'No locket here, only a “blocket” of wood.' }]);
    expect(found.map((row) => row.path)).toContain('Story/SCN-outline.md');
    expect(output.fileRefs).toContainEqual({ path: 'Story/Scenes/SCN-01-the-lamp-room.md', start_line: 2, end_line: 2, sha256: sha256('She found the Locket under the lamp.') });
    expect(output.fileRefs).toHaveLength(3);
    expect(spy.reads).not.toContain('Story/cover.png');
  });

  it('skips unreadable files and reports them instead of failing', async () => {
    const output = await fileLocatorTool.run({ search_criteria: 'locket', scan_mode: 'DEEP_SCAN' }, contextWith(new RecordingWorkspace(workspace)));
    expect(output.result['skipped']).toEqual([{ path: 'Story/Notes/locket-binary.md', reason: 'file_binary' }]);
    // The name still matches, so the file is listed; its content is not.
    expect(rows(output.result).find((row) => row.path === 'Story/Notes/locket-binary.md')).toMatchObject({ matched: 'name' });
  });

  it('needs every word on the same line', async () => {
    const output = await fileLocatorTool.run({ search_criteria: 'locket lamp', scan_mode: 'DEEP_SCAN' }, contextWith(new RecordingWorkspace(workspace)));
    const lamp = rows(output.result).find((row) => row.path === 'Story/Scenes/SCN-01-the-lamp-room.md');
    expect(lamp?.lines).toEqual([{ line: 2, text: 'She found the Locket under the lamp.' }]);
    expect(rows(output.result).find((row) => row.path === 'Story/Scenes/SCN-02-harbour_house.md')).toBeUndefined();
  });

  it('searches only the files a glob allows', async () => {
    const output = await fileLocatorTool.run({ search_criteria: 'Story/Scenes/*.md locket', scan_mode: 'DEEP_SCAN', include_globs: true }, contextWith(new RecordingWorkspace(workspace)));
    expect(rows(output.result).map((row) => row.path).sort()).toEqual(['Story/Scenes/SCN-01-the-lamp-room.md', 'Story/Scenes/SCN-02-harbour_house.md']);
    expect(output.result['files_scanned']).toBe(3);
  });
});

describe('file_locator dry run', () => {
  it('describes a DEEP_SCAN without reading anything', async () => {
    const spy = new RecordingWorkspace(workspace);
    const output = await fileLocatorTool.run({ search_criteria: 'locket', scan_mode: 'DEEP_SCAN', dry_run: true }, contextWith(spy));
    expect(output.result).toMatchObject({ dry_run: true, tool: 'file_locator', args: { search_criteria: 'locket', scan_mode: 'DEEP_SCAN', dry_run: true } });
    expect(output.result['would']).toMatch(/text of every text file for "locket"/);
    expect(spy.calls).toEqual([]);
    expect(output.fileRefs).toEqual([]);
  });
});

describe('file_locator on the sample manuscript', () => {
  it('finds the misnamed glassworks on the planted line', async () => {
    const spy = new RecordingWorkspace(await FsWorkspace.open(SAMPLE));
    const output = await fileLocatorTool.run({ search_criteria: 'Merrick', scan_mode: 'DEEP_SCAN' }, contextWith(spy));
    const hit = rows(output.result).find((row) => row.path === 'Story/Scenes/SCN-10-the-tin-box.md');
    expect(hit?.lines?.map((line) => line.line)).toContain(41);
    const planted = (await fs.readFile(path.join(SAMPLE, 'Story/Scenes/SCN-10-the-tin-box.md'), 'utf8')).split('\n')[40] ?? '';
    expect(output.fileRefs).toContainEqual({ path: 'Story/Scenes/SCN-10-the-tin-box.md', start_line: 41, end_line: 41, sha256: sha256(planted) });
  });

  it('finds the outline and a character card by name', async () => {
    const context = contextWith(new RecordingWorkspace(await FsWorkspace.open(SAMPLE)));
    const outline = await fileLocatorTool.run({ search_criteria: 'outline' }, context);
    expect(rows(outline.result)[0]?.path).toBe('Story/SCN-outline.md');
    const hester = await fileLocatorTool.run({ search_criteria: 'Hester Vane character' }, context);
    expect(rows(hester.result)[0]?.path).toBe('Compendium/Characters/CHAR-hester-vane.md');
  });
});

describe('file_locator with any criteria', () => {
  it('never throws and only returns files of the VFS, whatever the criteria and mode', async () => {
    const files = new Set(await workspace.listFiles());
    const context = contextWith(new RecordingWorkspace(workspace));
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40, unit: fc.constantFrom('a', 'e', 'l', 'o', '*', '?', '(', '[', '\\', '.', '/', '-', ' ', '$', '^', '|', '“') }),
        fc.boolean(),
        fc.constantFrom('FAST_SCAN' as const, 'DEEP_SCAN' as const),
        async (criteria, globs, mode) => {
          const output = await fileLocatorTool.run({ search_criteria: criteria, include_globs: globs, scan_mode: mode, max_results: 5 }, context);
          const found = rows(output.result);
          expect(found.length).toBeLessThanOrEqual(5);
          for (const row of found) expect(files.has(row.path)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
