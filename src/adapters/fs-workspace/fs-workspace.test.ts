import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FsWorkspace } from './fs-workspace.js';
import { initWorkspace } from './init-workspace.js';

let base: string;
let root: string;
let workspace: FsWorkspace;
const OUTSIDE_SECRET = 'OUTSIDE-SECRET-4f1c';

async function write(relative: string, content: string | Buffer): Promise<void> {
  const target = path.join(root, relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, content);
}

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-vfs-'));
  root = path.join(base, 'ws');
  await initWorkspace(root);
  await fs.writeFile(path.join(base, 'outside.txt'), OUTSIDE_SECRET);
  await write('Story/SCN-outline.md', '# Outline\n\n## Act 1\n');
  await write('Story/Drafts/old-outline.md', '# an older outline\n');
  await write('Story/Scenes/SCN-01-dock.md', '---\ntitle: Dock\n---\nline three\nline four\n');
  await write('Story/Scenes/.hidden.md', 'hidden\n');
  await write('Compendium/Characters/CHAR-mara.md', 'Mara\n');
  await write('Story/cover.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01]));
  await write('Story/latin1.md', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  await write('.control-room/audit/secret.key', 'KEY');
  await write('README.md', 'not part of the VFS\n');
  const huge = await fs.open(path.join(root, 'Story/huge.md'), 'w');
  await huge.truncate(5 * 1024 * 1024);
  await huge.close();
  await fs.symlink(path.join(base, 'outside.txt'), path.join(root, 'Story/link-out.md'));
  await fs.symlink(path.join(root, '.control-room/audit/secret.key'), path.join(root, 'Story/link-key.md'));
  await fs.symlink(base, path.join(root, 'Compendium/escape'));
  await fs.symlink(path.join(root, 'Story/Scenes/SCN-01-dock.md'), path.join(root, 'Story/link-in.md'));
  workspace = await FsWorkspace.open(root);
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('FsWorkspace tree', () => {
  it('shows Story/, Compendium/ and the virtual Canon.md, and nothing of app data', async () => {
    const tree = await workspace.tree();
    expect(tree.root.children.map((node) => node.name)).toEqual(['Story', 'Compendium', 'Canon.md']);
    const files = await workspace.listFiles();
    expect(files).toContain('Canon.md');
    expect(files.some((file) => file.includes('.control-room'))).toBe(false);
    expect(files.some((file) => file.includes('.hidden'))).toBe(false);
    expect(files).not.toContain('README.md');
  });

  it('lists the outline exactly once and discovers it through the tree', async () => {
    const tree = await workspace.tree();
    const files = await workspace.listFiles();
    expect(files.filter((file) => file === 'Story/SCN-outline.md')).toHaveLength(1);
    expect(tree.outlinePath).toBe('Story/SCN-outline.md');
  });

  it('hides links that leave the workspace or point into app data, keeps links inside it', async () => {
    const files = await workspace.listFiles();
    expect(files).not.toContain('Story/link-out.md');
    expect(files).not.toContain('Story/link-key.md');
    expect(files.some((file) => file.startsWith('Compendium/escape'))).toBe(false);
    expect(files).toContain('Story/link-in.md');
  });
});

describe('FsWorkspace reads', () => {
  it('reads whole files and line ranges with sha256, size and line count', async () => {
    const whole = await workspace.read('Story/Scenes/SCN-01-dock.md');
    expect(whole).toMatchObject({ lines: 5, startLine: 1, endLine: 5, size: 41 });
    expect(whole.sha256).toMatch(/^[0-9a-f]{64}$/);
    const part = await workspace.read('Story/Scenes/SCN-01-dock.md', { start: 4, end: 5 });
    expect(part.content).toBe('line three\nline four');
    expect(part.sha256).toBe(whole.sha256);
  });

  it('serves Canon.md from the canon index, with a placeholder until it is built', async () => {
    expect((await workspace.read('Canon.md')).content).toContain('has not been built yet');
    await write('.control-room/canon/canon-index.md', '# Canon Index\n- Mara — eyes: grey\n');
    expect((await workspace.read('Canon.md')).content).toContain('eyes: grey');
  });

  it.each([
    ['../outside.txt'],
    ['/etc/passwd'],
    ['Story/../../outside.txt'],
    ['Story\\..\\..\\outside.txt'],
    ['%2e%2e/outside.txt'],
    ['Story/%2e%2e/%2e%2e/outside.txt'],
    ['Story/SCN-outline.md\u0000'],
    ['.control-room/audit/secret.key'],
    ['Story/link-out.md'],
    ['Story/link-key.md'],
    ['Compendium/escape/outside.txt'],
  ])('refuses %j with path_outside_workspace', async (raw) => {
    await expect(workspace.read(raw)).rejects.toMatchObject({ code: 'path_outside_workspace' });
  });

  it.each([['Story/Scenes/missing.md'], ['README.md'], ['Story/Scenes/.hidden.md'], ['Other/file.md']])(
    'answers %j with path_not_found',
    async (raw) => {
      await expect(workspace.read(raw)).rejects.toMatchObject({ code: 'path_not_found' });
    },
  );

  it('refuses folders, huge files and binary files with their own codes', async () => {
    await expect(workspace.read('Story/Scenes')).rejects.toMatchObject({ code: 'path_is_directory' });
    await expect(workspace.read('Story/huge.md')).rejects.toMatchObject({ code: 'file_too_large' });
    await expect(workspace.read('Story/cover.png')).rejects.toMatchObject({ code: 'file_binary' });
    await expect(workspace.read('Story/latin1.md')).rejects.toMatchObject({ code: 'file_binary' });
    await expect(workspace.read('Story/SCN-outline.md', { start: 40, end: 41 })).rejects.toMatchObject({ code: 'line_range_invalid' });
  });

  it('fails clearly when the workspace folder does not exist', async () => {
    await expect(FsWorkspace.open(path.join(base, 'nope'))).rejects.toMatchObject({ code: 'workspace_not_found' });
  });

  it('never returns a byte from outside the workspace, whatever path it is given (property)', async () => {
    const piece = fc.constantFrom('..', '.', '', 'Story', 'Compendium', 'escape', 'link-out.md', 'outside.txt', '%2e%2e', '%2f', '\\', '.control-room', 'audit', 'secret.key', '／', '．．');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 8 }), async (pieces) => {
        try {
          const file = await workspace.read(pieces.join('/'));
          expect(file.content).not.toContain(OUTSIDE_SECRET);
          expect(file.content).not.toBe('KEY');
        } catch (error) {
          expect((error as { code?: string }).code).toMatch(/^(path_outside_workspace|path_not_found|path_is_directory)$/);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
