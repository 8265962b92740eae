import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolRegistry, buildToolCatalog, coreTools } from '../../core/tools/index.js';
import { loadToolCatalog } from './load-tool-catalog.js';

const registry = new ToolRegistry(coreTools());
let base: string;
let packageRoot: string;
let homeDir: string;
let workspaceRoot: string;

async function writeJson(file: string, value: unknown): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
}
const userFile = (): string => path.join(homeDir, '.control-room/prompts.json');
const projectFile = (): string => path.join(workspaceRoot, '.control-room/prompts/prompts.json');

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-catalog-'));
  packageRoot = path.join(base, 'package');
  homeDir = path.join(base, 'home');
  workspaceRoot = path.join(base, 'workspace');
  await writeJson(path.join(packageRoot, 'catalog/tools.json'), buildToolCatalog(registry));
  await fs.mkdir(homeDir, { recursive: true });
  await fs.mkdir(workspaceRoot, { recursive: true });
});

afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('loadToolCatalog', () => {
  it('loads the global catalog alone when there are no prompts files', async () => {
    const merged = await loadToolCatalog({ packageRoot, homeDir, workspaceRoot });
    expect(merged).toEqual({ tools: buildToolCatalog(registry).tools, prompts: {}, warnings: [] });
  });

  it('merges global, user and project files in that order, warning about core overrides', async () => {
    await writeJson(userFile(), { schema_version: 1, tools: [{ id: 'file_reader', description: 'User text.' }], prompts: { tone: 'warm' } });
    await writeJson(projectFile(), { schema_version: 1, tools: [{ id: 'file_reader', description: 'Project text.' }, { id: 'no_such_tool' }] });
    const merged = await loadToolCatalog({ packageRoot, homeDir, workspaceRoot, schemas: registry });
    expect(merged.tools.find((tool) => tool.id === 'file_reader')?.description).toBe('Project text.');
    expect(merged.prompts).toEqual({ tone: 'warm' });
    expect(merged.warnings).toEqual([
      '~/.control-room/prompts.json overrides the description of the core tool "file_reader".',
      '.control-room/prompts/prompts.json overrides the description of the core tool "file_reader".',
      '.control-room/prompts/prompts.json: "no_such_tool" is not a known tool, so its entry was skipped.',
    ]);
  });

  it('skips the user file when homeDir is null', async () => {
    await writeJson(userFile(), { schema_version: 1, tools: [{ id: 'file_reader', description: 'User text.' }] });
    expect((await loadToolCatalog({ packageRoot, homeDir: null, workspaceRoot })).warnings).toEqual([]);
  });

  it('fails with config_invalid naming the file when a prompts file is not JSON', async () => {
    await writeJson(projectFile(), '{"schema_version": 1, "tools": [');
    await expect(loadToolCatalog({ packageRoot, homeDir, workspaceRoot })).rejects.toMatchObject({
      code: 'config_invalid',
      message: expect.stringContaining(projectFile()),
    });
  });

  it('names the zod issue path of a malformed entry', async () => {
    await writeJson(userFile(), { schema_version: 1, tools: [{ id: 'file_reader', description: 42 }] });
    const failure = await loadToolCatalog({ packageRoot, homeDir, workspaceRoot }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'config_invalid', message: expect.stringContaining(userFile()) });
    expect((failure as Error).message).toContain('tools.0.description');
  });

  it('refuses unknown keys in a prompts file', async () => {
    await writeJson(projectFile(), { schema_version: 1, tools: [], extra: true });
    await expect(loadToolCatalog({ packageRoot, homeDir, workspaceRoot })).rejects.toMatchObject({ code: 'config_invalid' });
  });

  it('fails with config_invalid when the global catalog is missing or malformed', async () => {
    await fs.rm(path.join(packageRoot, 'catalog/tools.json'));
    await expect(loadToolCatalog({ packageRoot, homeDir, workspaceRoot })).rejects.toMatchObject({ code: 'config_invalid', message: expect.stringContaining('build-catalog') });
    await writeJson(path.join(packageRoot, 'catalog/tools.json'), { schema_version: 1, tools: [{ id: 'File Locator' }] });
    await expect(loadToolCatalog({ packageRoot, homeDir, workspaceRoot })).rejects.toMatchObject({ code: 'config_invalid', message: expect.stringContaining('tools.0.id') });
  });
});
