import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from './helpers/run-cli.js';

let base: string;
let workspace: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-cli-'));
  workspace = path.join(base, 'novel');
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('control-room init, vfs tree and vfs read', () => {
  it('creates a sample workspace with the default writers\' room', async () => {
    const init = await runCli(['init', workspace, '--sample', '--json']);
    expect(init.status).toBe(0);
    expect(init.json()).toMatchObject({ sample: true });
    const agents = JSON.parse(await fs.readFile(path.join(workspace, '.control-room/agents/agents.json'), 'utf8'));
    expect(agents.schema_version).toBe(1);
    expect(agents.agents.map((agent: { name: string }) => agent.name)).toEqual(
      expect.arrayContaining(['Chief of Staff', 'Editor', 'Continuity', 'Line Editor', 'Story Architect']),
    );
    const again = await runCli(['init', workspace, '--sample', '--json']);
    expect(again.status).toBe(1);
    expect(again.json()).toMatchObject({ error: { code: 'workspace_exists' } });
  });

  it('prints the tree with the outline once and Canon.md at the root', async () => {
    const run = await runCli(['vfs', 'tree', '--workspace', workspace, '--json']);
    expect(run.status).toBe(0);
    const tree = run.json<{ root: { children: Array<{ name: string }> }; outlinePath: string; fileCount: number }>();
    expect(tree.root.children.map((node) => node.name)).toEqual(['Story', 'Compendium', 'Canon.md']);
    expect(tree.outlinePath).toBe('Story/SCN-outline.md');
    const paths: string[] = [];
    const walk = (node: { path: string; type: string; children?: unknown[] }): void => {
      if (node.type === 'file') paths.push(node.path);
      for (const child of (node.children ?? []) as Array<typeof node>) walk(child);
    };
    walk(tree.root as unknown as { path: string; type: string; children?: unknown[] });
    expect(paths.filter((file) => file === 'Story/SCN-outline.md')).toHaveLength(1);
    expect(paths.filter((file) => file.startsWith('Story/Scenes/SCN-'))).toHaveLength(12);
    expect(paths).toContain('Canon.md');
    expect(run.stdout).not.toContain('.control-room');
    const human = await runCli(['vfs', 'tree', '--workspace', workspace]);
    expect(human.stdout).toContain('SCN-outline.md  (outline)');
  });

  it('reads a line range as SPEC §14 says', async () => {
    const run = await runCli(['vfs', 'read', 'Story/SCN-outline.md', '--lines', '1-3', '--workspace', workspace, '--json']);
    expect(run.status).toBe(0);
    const file = run.json<{ path: string; content: string; lines: number }>();
    expect(file.path).toBe('Story/SCN-outline.md');
    expect(file.content.split('\n')).toHaveLength(3);
    expect(file.lines).toBeGreaterThan(10);
  });

  it('refuses ../../etc/passwd with path_outside_workspace and exit 1', async () => {
    const run = await runCli(['vfs', 'read', '../../etc/passwd', '--json', '--workspace', workspace]);
    expect(run.status).toBe(1);
    expect(run.json()).toMatchObject({ error: { code: 'path_outside_workspace' } });
    expect(run.stdout).not.toContain('root:');
  });

  it('answers a missing file with path_not_found and a usage mistake with exit 2', async () => {
    const missing = await runCli(['vfs', 'read', 'Story/nope.md', '--json', '--workspace', workspace]);
    expect(missing.status).toBe(1);
    expect(missing.json()).toMatchObject({ error: { code: 'path_not_found' } });
    const usage = await runCli(['vfs', 'read', '--json']);
    expect(usage.status).toBe(2);
    expect(usage.json()).toMatchObject({ error: { code: 'usage_error' } });
    const badRange = await runCli(['vfs', 'read', 'Story/SCN-outline.md', '--lines', 'ten', '--json', '--workspace', workspace]);
    expect(badRange.status).toBe(1);
    expect(badRange.json()).toMatchObject({ error: { code: 'line_range_invalid' } });
  });

  it('says clearly when the workspace does not exist', async () => {
    const run = await runCli(['vfs', 'tree', '--workspace', path.join(base, 'missing'), '--json']);
    expect(run.status).toBe(1);
    expect(run.json()).toMatchObject({ error: { code: 'workspace_not_found' } });
  });
});

