import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../fs-workspace/index.js';
import { namedScenes, sceneFiles } from './scene-choice.js';
import { quotableFragment, verifiedQuote } from './verified-quote.js';

let base: string;
let workspace: FsWorkspace;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-demo-quote-'));
  await initWorkspace(path.join(base, 'novel'), { sample: true });
  workspace = await FsWorkspace.open(path.join(base, 'novel'));
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('quotableFragment', () => {
  it('takes the longest run of words between quotation marks, without dangling punctuation', () => {
    expect(quotableFragment('“You’ll all be wanting another before the night’s out,” said Tresk from the end of the bar,')).toBe('You’ll all be wanting another before the night’s out');
    expect(quotableFragment('Hester Vane’s green eyes went to the first page and stayed there.')).toBe('Hester Vane’s green eyes went to the first page and stayed there');
    expect(quotableFragment('eyes: grey')).toBe('eyes: grey');
  });
});

describe('verifiedQuote', () => {
  it('keeps words that are on that line of that file', async () => {
    expect(await verifiedQuote(workspace, 'Story/Scenes/SCN-07-statements.md', 90, 'Hester Vane’s green eyes went to the first page and stayed there.')).toEqual({
      path: 'Story/Scenes/SCN-07-statements.md',
      line: 90,
      text: 'Hester Vane’s green eyes went to the first page and stayed there',
    });
  });

  it('drops invented words, the wrong line, missing files and paths outside the workspace', async () => {
    expect(await verifiedQuote(workspace, 'Story/Scenes/SCN-07-statements.md', 90, 'Hester Vane’s blue eyes went to the first page')).toBeNull();
    expect(await verifiedQuote(workspace, 'Story/Scenes/SCN-07-statements.md', 91, 'Hester Vane’s green eyes went to the first page')).toBeNull();
    expect(await verifiedQuote(workspace, 'Story/Scenes/SCN-99.md', 1, 'anything at all here')).toBeNull();
    expect(await verifiedQuote(workspace, '../../etc/passwd', 1, 'root:x:0:0')).toBeNull();
  });
});

describe('scene choice', () => {
  it('lists the scenes in order and finds the ones a message names', async () => {
    const scenes = await sceneFiles(workspace);
    expect(scenes).toHaveLength(12);
    expect(scenes[0]).toBe('Story/Scenes/SCN-01-the-lamp-room.md');
    expect(namedScenes('Check scene 7', scenes)).toEqual(['Story/Scenes/SCN-07-statements.md']);
    expect(namedScenes('Compare SCN-09 with chapter 11', scenes)).toEqual(['Story/Scenes/SCN-09-last-orders.md', 'Story/Scenes/SCN-11-the-weights.md']);
    expect(namedScenes('Is the tin box scene right?', scenes)).toEqual(['Story/Scenes/SCN-10-the-tin-box.md']);
    expect(namedScenes('What about the letters?', scenes)).toEqual([]);
    expect(namedScenes('Check scene 40', scenes)).toEqual([]);
  });
});
