import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANON_INDEX_STORAGE_PATH } from '../../protocol/index.js';
import { FsWorkspace } from './fs-workspace.js';
import { initWorkspace } from './init-workspace.js';

/** API keys in several providers' shapes, so no rule leans on one format. */
const KEYS = ['sk-proj-Zq8vT2mLr5Nx0Wc7Hd3Yb9Ks', 'gsk_4ivPq7Rr2Lm0Tx8Vw6Yz3Nb1Ck5Hd', 'hf_QwErTyUiOpAsDfGhJkLzXcVbNm1234', 'AIzaSyB-3xT9qLm0Rv7Kw2Nd5Hc8Yf1Zp4Js'];

let base: string;
let root: string;

async function endpointsWithKey(key: string): Promise<string> {
  const file = path.join(root, '.control-room/agents/agent-endpoints.json');
  await fs.writeFile(file, JSON.stringify({ schema_version: 1, default: { baseUrl: 'https://api.example.test/v1', model: 'm', apiKey: key }, agents: {} }));
  return file;
}

async function expectRefused(workspace: FsWorkspace, vfsPath: string, code: string, secret: string): Promise<void> {
  const read = await workspace.read(vfsPath).then(
    (content) => content,
    (error: unknown) => error,
  );
  expect(read, vfsPath).toMatchObject({ code });
  expect(JSON.stringify(read)).not.toContain(secret);
  await expect(workspace.stat(vfsPath)).rejects.toMatchObject({ code });
  // A fresh workspace (cold caches) says the same.
  await expect(new FsWorkspace(root).read(vfsPath)).rejects.toMatchObject({ code });
}

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-vfs-links-'));
  root = path.join(base, 'novel');
  await initWorkspace(root, { sample: true });
});

afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('Canon.md is served only from the canon index itself', () => {
  const canon = () => path.join(root, CANON_INDEX_STORAGE_PATH);

  it('reads a regular canon index', async () => {
    await fs.writeFile(canon(), '# Canon Index\n\n- Mara keeps the lamp.\n');
    expect((await new FsWorkspace(root).read('Canon.md')).content).toContain('Mara keeps the lamp.');
  });

  it.each(KEYS)('refuses a canon index that is a symbolic link to the endpoints file (key %#)', async (key) => {
    const endpoints = await endpointsWithKey(key);
    await fs.rm(canon(), { force: true });
    await fs.symlink(endpoints, canon());
    await expectRefused(await FsWorkspace.open(root), 'Canon.md', 'file_not_regular', key);
    const tree = await (await FsWorkspace.open(root)).tree();
    const node = tree.root.children.find((child) => child.path === 'Canon.md');
    expect(node && 'size' in node ? node.size : -1).not.toBe((await fs.stat(endpoints)).size);
  });

  it('refuses relative links, links to manuscript files and links out of the workspace alike', async () => {
    const key = KEYS[1]!;
    await endpointsWithKey(key);
    await fs.writeFile(path.join(base, 'outside.md'), `outside ${key}`);
    for (const target of ['../agents/agent-endpoints.json', path.join(root, 'Story/SCN-outline.md'), path.join(base, 'outside.md'), '../../.control-room/agents/agent-endpoints.json']) {
      await fs.rm(canon(), { force: true });
      await fs.symlink(target, canon());
      const read = await new FsWorkspace(root).read('Canon.md').catch((error: unknown) => error);
      expect(read, target).toMatchObject({ code: expect.stringMatching(/^(file_not_regular|path_outside_workspace)$/) });
      expect(JSON.stringify(read)).not.toContain(key);
    }
  });

  it('refuses a canon index that is a hard link to the endpoints file', async () => {
    const key = KEYS[2]!;
    const endpoints = await endpointsWithKey(key);
    await fs.rm(canon(), { force: true });
    await fs.link(endpoints, canon());
    await expectRefused(await FsWorkspace.open(root), 'Canon.md', 'file_hard_linked', key);
  });

  it('refuses a canon folder or app-data folder that is a link', async () => {
    const key = KEYS[3]!;
    await endpointsWithKey(key);
    // canon/ → agents/, where a regular canon-index.md carries the key.
    await fs.rm(path.join(root, '.control-room/canon'), { recursive: true, force: true });
    await fs.writeFile(path.join(root, '.control-room/agents/canon-index.md'), `# Canon\n${key}\n`);
    await fs.symlink(path.join(root, '.control-room/agents'), path.join(root, '.control-room/canon'));
    await expectRefused(await FsWorkspace.open(root), 'Canon.md', 'file_not_regular', key);
    // .control-room/ → a folder elsewhere whose canon index is a plain file.
    const elsewhere = path.join(base, 'elsewhere');
    await fs.mkdir(path.join(elsewhere, 'canon'), { recursive: true });
    await fs.writeFile(path.join(elsewhere, 'canon/canon-index.md'), `# Canon\n${key}\n`);
    await fs.rename(path.join(root, '.control-room'), path.join(base, 'app-data-moved'));
    await fs.symlink(elsewhere, path.join(root, '.control-room'));
    await expectRefused(new FsWorkspace(root), 'Canon.md', 'file_not_regular', key);
  });
});

describe('manuscript files are read only when they are regular files with one name', () => {
  it('refuses a scene that is a hard link to a file outside the workspace, and one linked inside it', async () => {
    const secret = 'PRIVATE-KEY-7d2e9f';
    await fs.writeFile(path.join(base, 'id_ed25519'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${secret}\n`);
    await fs.link(path.join(base, 'id_ed25519'), path.join(root, 'Story/Scenes/SCN-99-borrowed.md'));
    await fs.link(path.join(base, 'id_ed25519'), path.join(root, 'Compendium/notes.md'));
    const workspace = await FsWorkspace.open(root);
    expect(await workspace.listFiles()).toContain('Story/Scenes/SCN-99-borrowed.md');
    await expectRefused(workspace, 'Story/Scenes/SCN-99-borrowed.md', 'file_hard_linked', secret);
    await expectRefused(workspace, 'Compendium/notes.md', 'file_hard_linked', secret);
    // Two names inside the workspace cannot be told from one inside and one outside: refused too.
    const [scene] = (await workspace.listFiles()).filter((file) => file.startsWith('Story/Scenes/') && !file.includes('SCN-99'));
    await fs.link(path.join(root, scene!), path.join(root, 'Story/copy-of-scene.md'));
    await expect(workspace.read(scene!)).rejects.toMatchObject({ code: 'file_hard_linked' });
    // Once the second name is gone, the scene reads again.
    await fs.rm(path.join(root, 'Story/copy-of-scene.md'));
    expect((await workspace.read(scene!)).content.length).toBeGreaterThan(0);
  });

  it('still refuses links out, and still follows links that stay in the manuscript', async () => {
    await fs.writeFile(path.join(base, 'outside.md'), 'outside words');
    await fs.symlink(path.join(base, 'outside.md'), path.join(root, 'Story/link-out.md'));
    await fs.symlink(path.join(root, '.control-room/agents/agents.json'), path.join(root, 'Story/link-app-data.md'));
    await fs.symlink(path.join(root, 'Story/SCN-outline.md'), path.join(root, 'Story/link-in.md'));
    const workspace = await FsWorkspace.open(root);
    await expect(workspace.read('Story/link-out.md')).rejects.toMatchObject({ code: 'path_outside_workspace' });
    await expect(workspace.read('Story/link-app-data.md')).rejects.toMatchObject({ code: 'path_outside_workspace' });
    expect((await workspace.read('Story/link-in.md')).content).toBe((await workspace.read('Story/SCN-outline.md')).content);
  });

  it.runIf(process.platform !== 'win32')('refuses a named pipe at once instead of waiting on it', async () => {
    const pipe = path.join(root, 'Story/Scenes/SCN-50-pipe.md');
    try {
      execFileSync('mkfifo', [pipe]);
    } catch {
      return; // no mkfifo on this system
    }
    await expect((await FsWorkspace.open(root)).read('Story/Scenes/SCN-50-pipe.md')).rejects.toMatchObject({ code: 'file_not_regular' });
  });
});
