import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { RecordingWorkspace } from './recording-workspace.js';

let base: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-recording-'));
  await initWorkspace(base);
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-01.md'), 'one\ntwo\n');
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('RecordingWorkspace', () => {
  it('passes calls through to the real workspace and records them in order', async () => {
    const spy = new RecordingWorkspace(await FsWorkspace.open(base));
    expect(await spy.listFiles()).toContain('Story/Scenes/SCN-01.md');
    expect((await spy.read('Story/Scenes/SCN-01.md', { start: 2, end: 2 })).content).toBe('two');
    expect((await spy.stat('Story/Scenes/SCN-01.md')).size).toBe(8);
    await spy.tree();
    expect(spy.calls).toEqual([
      { method: 'listFiles' },
      { method: 'read', path: 'Story/Scenes/SCN-01.md', range: { start: 2, end: 2 } },
      { method: 'stat', path: 'Story/Scenes/SCN-01.md' },
      { method: 'tree' },
    ]);
    expect(spy.reads).toEqual(['Story/Scenes/SCN-01.md']);
  });
});
