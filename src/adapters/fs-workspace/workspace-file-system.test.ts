import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeFileSystem } from './workspace-file-system.js';

let base: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-sizes-'));
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('nodeFileSystem.fileSizes', () => {
  it('sizes many files in order, across several turns of the event loop', async () => {
    const paths: string[] = [];
    for (let index = 0; index < 1300; index += 1) {
      const file = path.join(base, `f-${index}.md`);
      await fs.writeFile(file, 'x'.repeat(index % 7));
      paths.push(file);
    }
    expect(await nodeFileSystem.fileSizes(paths)).toEqual(paths.map((_, index) => index % 7));
  });

  it('answers null for a file that is gone, a folder, and a path through a file', async () => {
    await fs.mkdir(path.join(base, 'folder'), { recursive: true });
    await fs.writeFile(path.join(base, 'plain.md'), 'abc');
    const sizes = await nodeFileSystem.fileSizes([path.join(base, 'gone.md'), path.join(base, 'folder'), path.join(base, 'plain.md/inside.md'), path.join(base, 'plain.md')]);
    expect(sizes).toEqual([null, null, null, 3]);
  });
});
