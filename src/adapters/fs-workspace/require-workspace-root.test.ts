import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { requireWorkspaceRoot } from './require-workspace-root.js';

const folders: string[] = [];

function tempFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'cr-require-root-'));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('requireWorkspaceRoot', () => {
  it('returns the absolute root of a folder with .control-room/', async () => {
    const root = tempFolder();
    mkdirSync(path.join(root, '.control-room'));
    const relative = path.relative(process.cwd(), root);
    expect(await requireWorkspaceRoot(relative)).toBe(path.resolve(root));
  });

  it('refuses a folder without .control-room/, or where it is a file', async () => {
    const bare = tempFolder();
    await expect(requireWorkspaceRoot(bare)).rejects.toMatchObject({ code: 'workspace_not_found', message: expect.stringContaining(bare) });
    const withFile = tempFolder();
    writeFileSync(path.join(withFile, '.control-room'), 'not a folder');
    await expect(requireWorkspaceRoot(withFile)).rejects.toMatchObject({ code: 'workspace_not_found' });
    await expect(requireWorkspaceRoot(path.join(bare, 'missing'))).rejects.toMatchObject({ code: 'workspace_not_found' });
  });
});
