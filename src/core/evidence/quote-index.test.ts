import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { RecordingWorkspace } from '../testing/index.js';
import { locateInFile } from './indexed-file.js';
import { QuoteIndex } from './quote-index.js';

let base: string;
let workspace: RecordingWorkspace;

async function write(relative: string, text: string): Promise<void> {
  await fs.writeFile(path.join(base, relative), text);
}

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-quote-index-'));
  await initWorkspace(base);
  await write('Story/Scenes/SCN-01-dock.md', 'The tide came in “slowly”.\nMara said nothing.\n');
  await write('Story/Scenes/SCN-02-hill.md', 'The hill was steep.\n');
  workspace = new RecordingWorkspace(await FsWorkspace.open(base));
});

afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('QuoteIndex', () => {
  it('indexes a file once and reuses it while it is unchanged', async () => {
    const index = new QuoteIndex();
    const first = await index.file(workspace, 'Story/Scenes/SCN-01-dock.md');
    const again = await index.file(workspace, 'Story/Scenes/SCN-01-dock.md');
    expect(again).toBe(first);
    expect(index.builds).toBe(1);
    expect(workspace.reads).toEqual(['Story/Scenes/SCN-01-dock.md']);
    expect(first.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(locateInFile(first, ['"slowly". Mara'])).toMatchObject({ startLine: 1, endLine: 2 });
  });

  it('re-reads a file after it changes', async () => {
    const index = new QuoteIndex();
    await index.file(workspace, 'Story/Scenes/SCN-01-dock.md');
    await write('Story/Scenes/SCN-01-dock.md', 'The tide went out at once.\n');
    const changed = await index.file(workspace, 'Story/Scenes/SCN-01-dock.md');
    expect(index.builds).toBe(2);
    expect(locateInFile(changed, ['went out at once'])).not.toBeNull();
    expect(locateInFile(changed, ['came in'])).toBeNull();
  });

  it('reads a file once when checks ask for it at the same time', async () => {
    const index = new QuoteIndex();
    const files = await Promise.all([1, 2, 3].map(() => index.file(workspace, 'Story/Scenes/SCN-02-hill.md')));
    expect(new Set(files).size).toBe(1);
    expect(workspace.reads).toEqual(['Story/Scenes/SCN-02-hill.md']);
  });

  it('throws the workspace error for a missing or refused path', async () => {
    const index = new QuoteIndex();
    await expect(index.file(workspace, 'Story/Scenes/SCN-09-none.md')).rejects.toMatchObject({ code: 'path_not_found' });
    await expect(index.file(workspace, '../outside.md')).rejects.toMatchObject({ code: 'path_outside_workspace' });
  });

  it('indexes the whole manuscript and re-indexes only the file that changed', async () => {
    const index = new QuoteIndex();
    const search = await index.manuscript(workspace);
    const total = index.builds;
    // Canon.md before the canon is built is a placeholder, not manuscript: it is not searched.
    expect(search.paths().sort()).toEqual(['Story/Scenes/SCN-01-dock.md', 'Story/Scenes/SCN-02-hill.md']);
    expect(search.find(['The hill was steep.'])[0]?.path).toBe('Story/Scenes/SCN-02-hill.md');
    await write('Story/Scenes/SCN-02-hill.md', 'The hill was gentle after all.\n');
    await index.manuscript(workspace);
    expect(index.builds).toBe(total + 1);
    expect(search.find(['The hill was steep.'])).toEqual([]);
    expect(search.find(['The hill was gentle'])[0]?.path).toBe('Story/Scenes/SCN-02-hill.md');
  });

  it('drops deleted files from the manuscript index and forgets invalidated ones', async () => {
    const index = new QuoteIndex();
    await index.manuscript(workspace);
    await fs.rm(path.join(base, 'Story/Scenes/SCN-02-hill.md'));
    const search = await index.manuscript(workspace);
    expect(search.find(['The hill was steep.'])).toEqual([]);
    const builds = index.builds;
    index.invalidate(workspace, 'Story/Scenes/SCN-01-dock.md');
    await index.file(workspace, 'Story/Scenes/SCN-01-dock.md');
    expect(index.builds).toBe(builds + 1);
    index.invalidate(workspace);
    await index.file(workspace, 'Story/Scenes/SCN-01-dock.md');
    expect(index.builds).toBe(builds + 2);
  });
});
