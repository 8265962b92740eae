import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceFile, writeFileAtomic, writeJsonAtomic } from './write-file-atomic.js';

let root: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-write-atomic-'));
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('makes a missing folder, again after it was removed, and leaves no temporary file', async () => {
    const file = path.join(root, 'a', 'b', 'state.json');
    await writeJsonAtomic(file, { turn: 1 });
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ turn: 1 });
    await writeJsonAtomic(file, { turn: 2 });
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ turn: 2 });
    await fs.rm(path.join(root, 'a'), { recursive: true });
    await writeFileAtomic(file, 'plain text\n');
    expect(await fs.readFile(file, 'utf8')).toBe('plain text\n');
    expect(await fs.readdir(path.dirname(file))).toEqual(['state.json']);
  });

  it('still fails when the folder cannot be made', async () => {
    await fs.writeFile(path.join(root, 'blocker'), 'a file where a folder should be');
    await expect(writeFileAtomic(path.join(root, 'blocker', 'x.json'), '{}')).rejects.toMatchObject({ code: expect.stringMatching(/ENOTDIR|EEXIST/) });
  });
});

describe('replaceFile', () => {
  it('writes pieces in order, more of them than one gathered write takes, empty ones included', async () => {
    const file = path.join(root, 'pieces.json');
    const pieces = Array.from({ length: 2500 }, (_, index) => Buffer.from(index % 7 === 0 ? '' : `${index}é,`));
    await replaceFile(file, pieces, {});
    expect(await fs.readFile(file)).toEqual(Buffer.concat(pieces));
    expect(await fs.readdir(root)).toEqual(['pieces.json']);
  });
});
