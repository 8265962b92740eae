import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SETTLE_MS, type ChangeSignature } from './change-signature.js';
import { ContentCache, type CachedContent } from './content-cache.js';
import { CountingFileSystem } from './counting-file-system.js';
import { FsWorkspace } from './fs-workspace.js';

const signature = (overrides: Partial<ChangeSignature> = {}): ChangeSignature => ({ dev: 1, ino: 2, size: 10, mtimeMs: 1000, ctimeMs: 1000, ...overrides });
const content = (text: string): CachedContent => ({ text, sha256: `sha-of-${text}`, size: text.length });

describe('ContentCache', () => {
  it('answers only for the exact signature the file was read with', () => {
    const cache = new ContentCache(1000);
    cache.put('/a.md', signature(), content('abc'));
    expect(cache.get('/a.md', signature())).toEqual(content('abc'));
    for (const changed of [{ ino: 3 }, { size: 11 }, { mtimeMs: 1001 }, { ctimeMs: 1000.5 }, { dev: 9 }]) {
      cache.put('/a.md', signature(), content('abc'));
      expect(cache.get('/a.md', signature(changed))).toBeUndefined();
      // A miss also forgets the stale entry.
      expect(cache.get('/a.md', signature())).toBeUndefined();
    }
  });

  it('stays within its bound, dropping the least recently used first, and never keeps oversized files', () => {
    const cache = new ContentCache(100);
    cache.put('/a.md', signature(), content('a'.repeat(25)));
    cache.put('/b.md', signature(), content('b'.repeat(25)));
    cache.put('/c.md', signature(), content('c'.repeat(25)));
    cache.get('/a.md', signature());
    cache.put('/d.md', signature(), content('d'.repeat(25)));
    cache.put('/e.md', signature(), content('e'.repeat(20)));
    expect(cache.heldBytes).toBeLessThanOrEqual(100);
    expect(cache.get('/b.md', signature())).toBeUndefined();
    expect(cache.get('/a.md', signature())?.text).toBe('a'.repeat(25));
    cache.put('/big.md', signature(), content('x'.repeat(26)));
    expect(cache.get('/big.md', signature())).toBeUndefined();
    expect(new ContentCache(0).heldBytes).toBe(0);
  });
});

describe('FsWorkspace reads through the content cache', () => {
  let base: string;
  let scene: string;

  beforeAll(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-content-'));
    scene = path.join(base, 'Story/Scenes/SCN-01.md');
    await fs.mkdir(path.dirname(scene), { recursive: true });
    await fs.writeFile(scene, 'one\ntwo\nthree\n');
  });

  afterAll(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  it('reads the bytes of a settled file once, and gives the same answers from memory', async () => {
    const changedMs = (await fs.stat(scene)).ctimeMs;
    const counting = new CountingFileSystem();
    const workspace = await FsWorkspace.open(base, { fileSystem: counting, now: () => changedMs + SETTLE_MS });
    const first = await workspace.read('Story/Scenes/SCN-01.md');
    const whole = await workspace.read('Story/Scenes/SCN-01.md');
    const part = await workspace.read('Story/Scenes/SCN-01.md', { start: 2, end: 3 });
    expect(counting.pathsOf('readFile')).toHaveLength(1);
    // Every read still asks the disk (lstat: the file itself, never a link) whether the file changed.
    expect(counting.pathsOf('lstat').filter((diskPath) => diskPath.endsWith('SCN-01.md'))).toHaveLength(3);
    expect(whole).toEqual(first);
    expect(part).toMatchObject({ content: 'two\nthree', startLine: 2, endLine: 3, sha256: first.sha256, size: first.size, lines: first.lines });
    expect(first).toEqual(await new FsWorkspace(base, { contentCacheBytes: 0 }).read('Story/Scenes/SCN-01.md'));
  });

  it('reads a file changed within the settle window from disk every time', async () => {
    const changedMs = (await fs.stat(scene)).ctimeMs;
    const counting = new CountingFileSystem();
    const workspace = await FsWorkspace.open(base, { fileSystem: counting, now: () => changedMs });
    for (let call = 0; call < 3; call += 1) await workspace.read('Story/Scenes/SCN-01.md');
    expect(counting.pathsOf('readFile')).toHaveLength(3);
  });

  it('keeps nothing when the bound is zero', async () => {
    const changedMs = (await fs.stat(scene)).ctimeMs;
    const counting = new CountingFileSystem();
    const workspace = await FsWorkspace.open(base, { fileSystem: counting, now: () => changedMs + SETTLE_MS, contentCacheBytes: 0 });
    for (let call = 0; call < 2; call += 1) await workspace.read('Story/Scenes/SCN-01.md');
    expect(counting.pathsOf('readFile')).toHaveLength(2);
  });
});
