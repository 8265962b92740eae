import { describe, expect, it } from 'vitest';
import { ControlRoomError } from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';
import { MemoryWorkspace } from '../testing/index.js';
import { refusedPathArg } from './refused-path-arg.js';

const workspace = new MemoryWorkspace({ 'Story/Scenes/SCN-01.md': 'The lamp.\n', 'Compendium/Characters/CHAR-mara.md': 'name: Mara\n' });

describe('refusedPathArg', () => {
  it('passes safe paths, missing files and arguments that are not paths', async () => {
    expect(await refusedPathArg({ path: 'Story/Scenes/SCN-01.md', start_line: 1 }, workspace)).toBeNull();
    expect(await refusedPathArg({ scene_path: 'Story/Scenes/SCN-99.md' }, workspace)).toBeNull();
    expect(await refusedPathArg({ search_criteria: '../../etc/passwd', user_request: '/etc/hosts' }, workspace)).toBeNull();
    expect(await refusedPathArg({ file_paths: ['Story/Scenes/SCN-01.md', 'Compendium/Characters/CHAR-mara.md'] }, workspace)).toBeNull();
  });

  it('refuses every refused form in any path argument, single or listed', async () => {
    const attacks: Array<Record<string, unknown>> = [
      { path: '../secret.txt' },
      { path: '/etc/passwd' },
      { path: 'Story/%2e%2e/%2e%2e/x' },
      { path: 'Story/%252e%252e/x' },
      { path: 'Story\\..\\x' },
      { path: 'Story/Scenes/a\u0000.md' },
      { path: '.control-room/agents/agent-endpoints.json' },
      { path: './.control-room/audit/secret.key' },
      { path: '～/x' },
      { path: 'Story／..／..／x' },
      { outline_path: 'file:///etc/passwd' },
      { scene_path: 'C:/Windows/win.ini' },
      { canon_paths: ['Canon.md', '../../x'] },
      { file_paths: ['Story/Scenes/SCN-01.md', 'Story/../../x'] },
    ];
    for (const args of attacks) {
      const refused = await refusedPathArg(args, workspace);
      expect(refused?.code, JSON.stringify(args)).toBe('path_outside_workspace');
      expect(refused?.key).toBe(Object.keys(args)[0]);
    }
  });

  it('refuses what the workspace refuses on disk (a link out, a pipe, a hard link) but not a missing file or a folder', async () => {
    const codes: Record<string, string> = { 'Story/link.md': 'path_outside_workspace', 'Story/pipe.md': 'file_not_regular', 'Story/hard.md': 'file_hard_linked', 'Story/gone.md': 'path_not_found', Story: 'path_is_directory' };
    const disk: Workspace = {
      ...workspace,
      tree: () => workspace.tree(),
      listFiles: () => workspace.listFiles(),
      read: (path, range) => workspace.read(path, range),
      stat: async (path) => {
        throw new ControlRoomError(codes[path] ?? 'path_not_found', `refused ${path}`);
      },
    };
    expect(await refusedPathArg({ path: 'Story/link.md' }, disk)).toMatchObject({ code: 'path_outside_workspace', message: 'refused Story/link.md' });
    expect(await refusedPathArg({ scene_path: 'Story/pipe.md' }, disk)).toMatchObject({ code: 'file_not_regular' });
    expect(await refusedPathArg({ file_paths: ['Story/gone.md', 'Story/hard.md'] }, disk)).toMatchObject({ code: 'file_hard_linked', key: 'file_paths' });
    expect(await refusedPathArg({ path: 'Story/gone.md' }, disk)).toBeNull();
    expect(await refusedPathArg({ canon_paths: ['Story'] }, disk)).toBeNull();
  });
});
