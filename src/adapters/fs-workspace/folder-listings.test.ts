import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { VfsNode, VfsTree } from '../../protocol/index.js';
import { FsWorkspaceWriter } from '../json-task-store/index.js';
import { SETTLE_MS } from './change-signature.js';
import { CountingFileSystem } from './counting-file-system.js';
import { FsWorkspace } from './fs-workspace.js';

/**
 * The folder-listing cache against real changes on a real disk. Every check compares the cached
 * workspace with a fresh one (no cache) over the same folder, and counts the disk work done.
 */
let base: string;
let root: string;
let realRoot: string;
let counting: CountingFileSystem;
let workspace: FsWorkspace;
const OLD_TIME_S = 1_700_000_000;

const SETUP: Record<string, string> = {
  'Story/SCN-outline.md': '# Outline\n',
  'Story/Scenes/SCN-01-dock.md': 'The dock.\n',
  'Story/Scenes/SCN-02-quay.md': 'The quay.\n',
  'Story/Created/keep.md': 'keep\n',
  'Story/Deleted/gone.md': 'gone\n',
  'Story/Renamed/before.md': 'before\n',
  'Story/Edited/same-size.md': 'grey eyes\n',
  'Story/Edited/new-size.md': 'short\n',
  'Story/Edited/restored-time.md': 'alive\n',
  'Story/Deep/A/B/C/leaf.md': 'leaf\n',
  'Story/Deep/A/B/C/Old/old.md': 'old\n',
  'Story/Targets/target.md': 'target\n',
  'Story/Shared/shared.md': 'first\n',
  'Compendium/Characters/CHAR-mara.md': 'Mara\n',
  'Compendium/Places/PLACE-quay.md': 'Quay\n',
};

async function write(relative: string, content: string): Promise<void> {
  const target = path.join(root, relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, content);
}

function fileSizes(tree: VfsTree): Record<string, number> {
  const sizes: Record<string, number> = {};
  const walk = (node: VfsNode): void => {
    if (node.type === 'file') sizes[node.path] = node.size;
    else node.children.forEach(walk);
  };
  walk(tree.root);
  return sizes;
}

/** The folders (relative to the workspace) that were read again during the last calls. */
function foldersRead(): string[] {
  return counting.pathsOf('readdir').map((diskPath) => path.relative(realRoot, diskPath).split(path.sep).join('/'));
}

/** Tree, file list and a read, checked against a workspace with no cache; returns the tree. */
async function agreesWithFreshWorkspace(): Promise<VfsTree> {
  const fresh = new FsWorkspace(root);
  const tree = await workspace.tree();
  expect(tree).toEqual(await fresh.tree());
  expect(await workspace.listFiles()).toEqual(await fresh.listFiles());
  return tree;
}

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-listings-'));
  root = path.join(base, 'ws');
  for (const [relative, content] of Object.entries(SETUP)) await write(relative, content);
  await fs.mkdir(path.join(root, 'Story/Links'));
  await fs.symlink(path.join(root, 'Story/Targets/target.md'), path.join(root, 'Story/Links/link.md'));
  // A whole-second modification time, so the test that puts it back can put back exactly the same value.
  await fs.utimes(path.join(root, 'Story/Edited/restored-time.md'), OLD_TIME_S, OLD_TIME_S);
  await fs.utimes(path.join(root, 'Story/Edited'), OLD_TIME_S, OLD_TIME_S);
  realRoot = await fs.realpath(root);
  // Let every folder age past the settle window, as a writer's folders have between two questions.
  await sleep(SETTLE_MS + 200);
  counting = new CountingFileSystem();
  workspace = await FsWorkspace.open(root, { fileSystem: counting });
  await workspace.tree();
}, 30_000);

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('FsWorkspace folder-listing cache, warm', () => {
  it('re-reads no folder: one stat per folder, one size per file for tree(), no file touched for listFiles()', async () => {
    counting.reset();
    const tree = await workspace.tree();
    const folders = ['Story', 'Story/Created', 'Story/Deep', 'Story/Deep/A', 'Story/Deep/A/B', 'Story/Deep/A/B/C', 'Story/Deep/A/B/C/Old', 'Story/Deleted', 'Story/Edited', 'Story/Links', 'Story/Renamed', 'Story/Scenes', 'Story/Shared', 'Story/Targets', 'Compendium', 'Compendium/Characters', 'Compendium/Places'];
    expect(counting.pathsOf('readdir')).toEqual([]);
    const folderStats = counting.pathsOf('stat').filter((diskPath) => !diskPath.endsWith('.md'));
    expect(folderStats.map((diskPath) => path.relative(realRoot, diskPath).split(path.sep).join('/')).sort()).toEqual(folders.sort());
    // Every plain file is sized once; the link is resolved (realpath + stat of its target) instead.
    expect(counting.pathsOf('fileSizes')).toHaveLength(Object.keys(SETUP).length);
    expect(counting.pathsOf('realpath')).toEqual([path.join(realRoot, 'Story/Links/link.md')]);
    expect(tree.fileCount).toBe(Object.keys(SETUP).length + 2);

    counting.reset();
    const files = await workspace.listFiles();
    expect(counting.pathsOf('readdir')).toEqual([]);
    expect(counting.pathsOf('fileSizes')).toEqual([]);
    expect(counting.pathsOf('stat').filter((diskPath) => diskPath.endsWith('.md'))).toEqual([path.join(realRoot, 'Story/Targets/target.md')]);
    expect(files).toEqual([...Object.keys(SETUP), 'Story/Links/link.md', 'Canon.md'].sort());
    await agreesWithFreshWorkspace();
  });
});

describe('FsWorkspace folder-listing cache sees every change on the next call', () => {
  it('a file created: only its folder is read again', async () => {
    await write('Story/Created/new.md', 'new\n');
    counting.reset();
    expect(await workspace.listFiles()).toContain('Story/Created/new.md');
    expect(foldersRead()).toEqual(['Story/Created']);
    await agreesWithFreshWorkspace();
  });

  it('a file deleted', async () => {
    await fs.rm(path.join(root, 'Story/Deleted/gone.md'));
    counting.reset();
    expect(await workspace.listFiles()).not.toContain('Story/Deleted/gone.md');
    expect(foldersRead()).toContain('Story/Deleted');
    expect(foldersRead()).not.toContain('Story/Scenes');
    await agreesWithFreshWorkspace();
  });

  it('a file renamed, within its folder and into another', async () => {
    await fs.rename(path.join(root, 'Story/Renamed/before.md'), path.join(root, 'Story/Renamed/after.md'));
    let files = await workspace.listFiles();
    expect(files).toContain('Story/Renamed/after.md');
    expect(files).not.toContain('Story/Renamed/before.md');
    await fs.rename(path.join(root, 'Story/Renamed/after.md'), path.join(root, 'Compendium/Places/after.md'));
    files = await workspace.listFiles();
    expect(files).toContain('Compendium/Places/after.md');
    expect(files).not.toContain('Story/Renamed/after.md');
    await agreesWithFreshWorkspace();
  });

  it('a file edited in place to the same size: new text, new hash, nothing else moves', async () => {
    const before = await workspace.read('Story/Edited/same-size.md');
    await fs.writeFile(path.join(root, 'Story/Edited/same-size.md'), 'blue eyes\n');
    counting.reset();
    const after = await workspace.read('Story/Edited/same-size.md');
    expect(after.content).toBe('blue eyes');
    expect(after.sha256).not.toBe(before.sha256);
    expect(counting.pathsOf('readFile')).toHaveLength(1);
    expect(foldersRead()).not.toContain('Story/Edited');
    expect(fileSizes(await agreesWithFreshWorkspace())['Story/Edited/same-size.md']).toBe(10);
  });

  it('a file edited in place to a new size: the tree shows the new size', async () => {
    expect(fileSizes(await workspace.tree())['Story/Edited/new-size.md']).toBe(6);
    await fs.appendFile(path.join(root, 'Story/Edited/new-size.md'), 'and longer now\n');
    expect(fileSizes(await workspace.tree())['Story/Edited/new-size.md']).toBe(21);
    expect((await workspace.stat('Story/Edited/new-size.md')).size).toBe(21);
    expect((await workspace.read('Story/Edited/new-size.md')).content).toBe('short\nand longer now');
    await agreesWithFreshWorkspace();
  });

  it('an edit whose old modification time was put back (as cp -p or rsync -t do) is still seen', async () => {
    const file = path.join(root, 'Story/Edited/restored-time.md');
    const folder = path.join(root, 'Story/Edited');
    expect((await workspace.read('Story/Edited/restored-time.md')).content).toBe('alive');
    expect(await workspace.listFiles()).not.toContain('Story/Edited/sneaked-in.md');
    const [fileBefore, folderBefore] = await Promise.all([fs.stat(file), fs.stat(folder)]);
    await fs.writeFile(file, 'dead!\n');
    await fs.writeFile(path.join(folder, 'sneaked-in.md'), 'sneaked\n');
    await fs.utimes(file, OLD_TIME_S, OLD_TIME_S);
    await fs.utimes(folder, OLD_TIME_S, OLD_TIME_S);
    // Same size, same modification time: only the change time tells.
    const [fileAfter, folderAfter] = await Promise.all([fs.stat(file), fs.stat(folder)]);
    expect([fileAfter.size, fileAfter.mtimeMs, folderAfter.mtimeMs]).toEqual([fileBefore.size, fileBefore.mtimeMs, folderBefore.mtimeMs]);
    expect((await workspace.read('Story/Edited/restored-time.md')).content).toBe('dead!');
    expect(await workspace.listFiles()).toContain('Story/Edited/sneaked-in.md');
    await agreesWithFreshWorkspace();
  });

  it('a folder created and a folder removed deep in the tree', async () => {
    await write('Story/Deep/A/B/C/New/D/fresh.md', 'fresh\n');
    await fs.rm(path.join(root, 'Story/Deep/A/B/C/Old'), { recursive: true });
    counting.reset();
    const files = await workspace.listFiles();
    expect(files).toContain('Story/Deep/A/B/C/New/D/fresh.md');
    expect(files.some((file) => file.startsWith('Story/Deep/A/B/C/Old'))).toBe(false);
    // The walk stats its way down through unchanged A and B and reads only C and the new folders.
    expect(foldersRead()).toEqual(expect.arrayContaining(['Story/Deep/A/B/C', 'Story/Deep/A/B/C/New', 'Story/Deep/A/B/C/New/D']));
    expect(foldersRead()).not.toContain('Story/Deep/A/B');
    await agreesWithFreshWorkspace();
  });

  it('changes made by another process', async () => {
    const script = [
      "const fs = require('node:fs');",
      "fs.writeFileSync(process.argv[1] + '/Story/Scenes/SCN-03-elsewhere.md', 'from another process\\n');",
      "fs.writeFileSync(process.argv[1] + '/Story/Scenes/SCN-01-dock.md', 'The dock, rewritten elsewhere.\\n');",
      "fs.rmSync(process.argv[1] + '/Story/Scenes/SCN-02-quay.md');",
    ].join('\n');
    execFileSync(process.execPath, ['-e', script, root]);
    const files = await workspace.listFiles();
    expect(files).toContain('Story/Scenes/SCN-03-elsewhere.md');
    expect(files).not.toContain('Story/Scenes/SCN-02-quay.md');
    expect((await workspace.read('Story/Scenes/SCN-01-dock.md')).content).toBe('The dock, rewritten elsewhere.');
    await agreesWithFreshWorkspace();
  });

  it('a link whose target is removed disappears, though the link\'s own folder did not change', async () => {
    expect(await workspace.listFiles()).toContain('Story/Links/link.md');
    await fs.rm(path.join(root, 'Story/Targets/target.md'));
    counting.reset();
    expect(await workspace.listFiles()).not.toContain('Story/Links/link.md');
    expect(foldersRead()).not.toContain('Story/Links');
    await agreesWithFreshWorkspace();
  });

  it('two workspaces over the same folder both see writes made through the other channels', async () => {
    const second = await FsWorkspace.open(root);
    expect((await second.read('Story/Shared/shared.md')).content).toBe('first');
    expect((await workspace.read('Story/Shared/shared.md')).content).toBe('first');
    const writer = new FsWorkspaceWriter(root);
    await writer.write('Story/Shared/shared.md', new TextEncoder().encode('second, via the task writer\n'));
    await writer.write('Story/Shared/Added/added.md', new TextEncoder().encode('added\n'));
    for (const each of [workspace, second]) {
      expect((await each.read('Story/Shared/shared.md')).content).toBe('second, via the task writer');
      expect(await each.listFiles()).toContain('Story/Shared/Added/added.md');
    }
    await writer.delete('Story/Shared/Added/added.md');
    for (const each of [workspace, second]) expect(await each.listFiles()).not.toContain('Story/Shared/Added/added.md');
    expect(await second.tree()).toEqual(await workspace.tree());
    await agreesWithFreshWorkspace();
  });
});

describe('FsWorkspace folder-listing cache and recent changes', () => {
  it('re-reads a folder changed within the settle window on every call, and trusts it once the window has passed', async () => {
    const folder = path.join(base, 'recent');
    await fs.mkdir(path.join(folder, 'Story'), { recursive: true });
    await fs.writeFile(path.join(folder, 'Story/one.md'), 'one\n');
    let nowMs = (await fs.stat(path.join(folder, 'Story'))).ctimeMs;
    const recentCounting = new CountingFileSystem();
    const recent = await FsWorkspace.open(folder, { fileSystem: recentCounting, now: () => nowMs });
    const storyFolder = path.join(await fs.realpath(folder), 'Story');
    const answers = [];
    for (let call = 0; call < 3; call += 1) answers.push(await recent.listFiles());
    expect(recentCounting.pathsOf('readdir').filter((diskPath) => diskPath === storyFolder)).toHaveLength(3);
    expect(answers).toEqual([['Canon.md', 'Story/one.md'], ['Canon.md', 'Story/one.md'], ['Canon.md', 'Story/one.md']]);
    // Same name, another kind: a re-read that finds the same names must still notice.
    await fs.rm(path.join(folder, 'Story/one.md'));
    await fs.mkdir(path.join(folder, 'Story/one.md'));
    await fs.writeFile(path.join(folder, 'Story/one.md/inner.md'), 'inner\n');
    expect(await recent.listFiles()).toEqual(['Canon.md', 'Story/one.md/inner.md']);
    expect(await recent.listFiles()).toEqual(await new FsWorkspace(folder).listFiles());
    nowMs = (await fs.stat(path.join(folder, 'Story'))).ctimeMs;
    recentCounting.reset();
    for (let call = 0; call < 2; call += 1) await recent.listFiles();
    expect(recentCounting.pathsOf('readdir').filter((diskPath) => diskPath === storyFolder)).toHaveLength(2);
    nowMs += SETTLE_MS;
    recentCounting.reset();
    for (let call = 0; call < 3; call += 1) await recent.listFiles();
    // Read once more to record the folder as settled, then trusted.
    expect(recentCounting.pathsOf('readdir').filter((diskPath) => diskPath === storyFolder)).toHaveLength(1);
  });
});
