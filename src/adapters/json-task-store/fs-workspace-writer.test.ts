import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FsWorkspaceWriter } from './fs-workspace-writer.js';

let base: string;
let root: string;
let writer: FsWorkspaceWriter;
const bytes = (text: string) => new TextEncoder().encode(text);

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-writer-'));
  root = path.join(base, 'novel');
  await fs.mkdir(path.join(root, 'Story/Scenes'), { recursive: true });
  await fs.mkdir(path.join(root, '.control-room/audit'), { recursive: true });
  await fs.writeFile(path.join(root, 'Story/Scenes/SCN-01.md'), 'one\n', { mode: 0o600 });
  writer = new FsWorkspaceWriter(root);
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('FsWorkspaceWriter', () => {
  it('reads, replaces (keeping the mode) and creates files with their folders', async () => {
    expect(new TextDecoder().decode((await writer.readBytes('Story/Scenes/SCN-01.md'))!)).toBe('one\n');
    expect(await writer.readBytes('Story/Scenes/SCN-02.md')).toBeNull();
    await writer.write('Story/Scenes/SCN-01.md', bytes('uno\n'));
    expect(await fs.readFile(path.join(root, 'Story/Scenes/SCN-01.md'), 'utf8')).toBe('uno\n');
    expect((await fs.stat(path.join(root, 'Story/Scenes/SCN-01.md'))).mode & 0o777).toBe(0o600);
    await writer.write('Compendium/Lore/LORE-new.md', bytes('- fact\n'));
    expect(await fs.readFile(path.join(root, 'Compendium/Lore/LORE-new.md'), 'utf8')).toBe('- fact\n');
    expect((await fs.readdir(path.join(root, 'Story/Scenes'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('deletes files and says when there is none', async () => {
    await writer.delete('Story/Scenes/SCN-01.md');
    expect(await writer.readBytes('Story/Scenes/SCN-01.md')).toBeNull();
    await expect(writer.delete('Story/Scenes/SCN-01.md')).rejects.toMatchObject({ code: 'path_not_found' });
  });

  it('refuses every path outside Story/ and Compendium/', async () => {
    const refused = ['../x.md', 'Story/../../x.md', '/etc/passwd', '.control-room/audit/secret.key', 'Canon.md', 'notes.md', 'Story', 'Story/.hidden.md', 'Story\\x.md', 'Story/%2e%2e/%2e%2e/x.md', 'Story/x\0.md'];
    for (const candidate of refused) {
      await expect(writer.write(candidate, bytes('x')), candidate).rejects.toMatchObject({ code: 'path_outside_workspace' });
    }
    expect(await fs.readdir(base)).toEqual(['novel']);
  });

  it('refuses links: a link file, and a folder link leading out or into app data', async () => {
    await fs.writeFile(path.join(base, 'outside.md'), 'outside\n');
    await fs.symlink(path.join(base, 'outside.md'), path.join(root, 'Story/Scenes/SCN-09.md'));
    await fs.symlink(path.join(root, 'Story/Scenes/SCN-01.md'), path.join(root, 'Story/Scenes/SCN-10.md'));
    await fs.symlink(path.join(root, '.control-room'), path.join(root, 'Story/app'));
    await fs.symlink(base, path.join(root, 'Story/out'));
    for (const candidate of ['Story/Scenes/SCN-09.md', 'Story/Scenes/SCN-10.md', 'Story/app/audit/secret.key', 'Story/out/new.md', 'Story/out/deeper/new.md']) {
      await expect(writer.write(candidate, bytes('x')), candidate).rejects.toMatchObject({ code: 'path_outside_workspace' });
    }
    expect(await fs.readFile(path.join(base, 'outside.md'), 'utf8')).toBe('outside\n');
    await expect(fs.stat(path.join(base, 'new.md'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('does not read a hard-linked file for a patch, and writing over it leaves the other name alone', async () => {
    await fs.writeFile(path.join(base, 'credentials'), 'token=7f3e-private\n');
    await fs.link(path.join(base, 'credentials'), path.join(root, 'Story/Scenes/SCN-08.md'));
    await expect(writer.readBytes('Story/Scenes/SCN-08.md')).rejects.toMatchObject({ code: 'file_hard_linked' });
    await writer.write('Story/Scenes/SCN-08.md', bytes('a scene of its own\n'));
    expect(await fs.readFile(path.join(base, 'credentials'), 'utf8')).toBe('token=7f3e-private\n');
    expect(new TextDecoder().decode((await writer.readBytes('Story/Scenes/SCN-08.md'))!)).toBe('a scene of its own\n');
  });

  it('names a folder where a file was expected', async () => {
    await expect(writer.write('Story/Scenes', bytes('x'))).rejects.toMatchObject({ code: 'path_is_directory' });
  });
});
