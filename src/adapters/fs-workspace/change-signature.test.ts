import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SETTLE_MS, sameSignature, settledBefore, signatureOf } from './change-signature.js';

let base: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-signature-'));
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('change signatures on a real disk', () => {
  it('move when a folder gains an entry, when a file is rewritten, and when an old time is put back', async () => {
    const folder = path.join(base, 'folder');
    const file = path.join(folder, 'file.md');
    await fs.mkdir(folder);
    await fs.writeFile(file, 'same');
    await fs.utimes(file, 1_700_000_000, 1_700_000_000);
    const before = signatureOf(await fs.stat(file));
    expect(sameSignature(before, signatureOf(await fs.stat(file)))).toBe(true);
    await fs.writeFile(file, 'SAME');
    await fs.utimes(file, 1_700_000_000, 1_700_000_000);
    const after = signatureOf(await fs.stat(file));
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
    expect(sameSignature(before, after)).toBe(false);

    const folderBefore = signatureOf(await fs.stat(folder));
    await fs.writeFile(path.join(folder, 'another.md'), 'x');
    expect(sameSignature(folderBefore, signatureOf(await fs.stat(folder)))).toBe(false);
  });

  it('change the inode when a file is replaced by a rename, as editors save', async () => {
    const file = path.join(base, 'saved.md');
    await fs.writeFile(file, 'draft');
    const before = signatureOf(await fs.stat(file));
    await fs.writeFile(`${file}.tmp`, 'draft');
    await fs.rename(`${file}.tmp`, file);
    expect(signatureOf(await fs.stat(file)).ino).not.toBe(before.ino);
  });
});

describe('settledBefore', () => {
  const at = (mtimeMs: number, ctimeMs: number) => ({ dev: 1, ino: 1, size: 1, mtimeMs, ctimeMs });

  it('trusts only stamps at least SETTLE_MS older than the start of the read, by the later of mtime and ctime', () => {
    expect(settledBefore(at(1000, 1000), 1000 + SETTLE_MS)).toBe(true);
    expect(settledBefore(at(1000, 1000), 999 + SETTLE_MS)).toBe(false);
    expect(settledBefore(at(0, 1000), 999 + SETTLE_MS)).toBe(false);
    expect(settledBefore(at(5000, 0), 4000)).toBe(false);
  });
});
