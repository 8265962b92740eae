import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../protocol/imports.js';
import { runCli } from '../main.js';

let base: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-cli-import-'));
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

async function importCommand(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (text: string) => void (stdout += text), stderr: (text: string) => void (stderr += text), stdin: async () => '' };
  const status = await runCli(['node', 'control-room', 'import', ...args], io);
  return { status, stdout, stderr };
}

const harbourLine = (name: string) =>
  `${name} tied the dinghy to the iron ring below the harbour steps and climbed up into the smell of tar and diesel, counting the boats that had not come back.`;

/** A small book folder in a writer's own layout: two chapters, a cast note, a place note and a plan. */
async function writeBook(root: string): Promise<void> {
  const files: Record<string, string> = {
    'Draft/1 - Low Tide.md': `# Low Tide\n\n${harbourLine('Morwen')}\n\n${harbourLine('Morwen')}\n`,
    'Draft/2 - The Lifeboat.md': `# The Lifeboat\n\n${harbourLine('Kenver')}\n\n${harbourLine('Morwen')}\n`,
    'Cast/Morwen Trezise.md': '# Morwen Trezise\n\n- Eyes: green\n- Age: 29\n',
    'Places/Porthgwidden.md': '# Porthgwidden\n\nA fishing harbour with a slipway and one pub.\n',
    'plan.md': '1. Low Tide — Morwen counts the boats\n2. The Lifeboat — the maroons go up\n3. Slack Water — Kenver is found\n',
    'cover.png': '\u0089PNG',
  };
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), content);
  }
}

describe('control-room import', () => {
  it('imports a folder into a new workspace, shows progress on stderr and a report of what went where', async () => {
    const source = path.join(base, 'Harbour Book');
    await writeBook(source);
    const workspace = path.join(base, 'harbour-workspace');
    const { status, stdout, stderr } = await importCommand(source, workspace);
    expect(status).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`Imported ${source} (folder) into ${workspace}`);
    expect(stdout).toMatch(/^Chapters \(2\):$/m);
    expect(stdout).toMatch(/^ {2}created {3}Story\/Chapters\/01 Low Tide\.md {2}← Draft\/1 - Low Tide\.md/m);
    expect(stdout).toMatch(/^ {2}created {3}Story\/Chapters\/02 The Lifeboat\.md/m);
    expect(stdout).toMatch(/^ {2}created {3}Story\/Outline\.md {2}← plan\.md/m);
    expect(stdout).toMatch(/Compendium\/Characters\/Morwen Trezise\.md {2}← Cast\/Morwen Trezise\.md/);
    expect(stdout).toMatch(/Compendium\/Places\/Porthgwidden\.md/);
    expect(stdout).toMatch(/^Skipped \(1\):\n {2}cover\.png: /m);
    const progress = stderr.split('\n').filter((line) => line.startsWith('['));
    // Text files only are read (the cover is not counted), each named once; then each is written.
    expect(progress.slice(0, 5)).toEqual(['Cast/Morwen Trezise.md', 'Draft/1 - Low Tide.md', 'Draft/2 - The Lifeboat.md', 'Places/Porthgwidden.md', 'plan.md'].map((file, index) => `[reading ${index + 1}/5] ${file}`));
    expect(progress.slice(5).map((line) => line.replace(/ .*$/, ''))).toEqual(['[writing', '[writing', '[writing', '[writing', '[writing']);
    expect(progress.at(-1)).toBe('[writing 5/5] plan.md');
    expect(await fs.readFile(path.join(workspace, 'Story/Chapters/01 Low Tide.md'), 'utf8')).toContain('counting the boats');
  });

  it('prints the report as JSON with --json, and a second import finds everything unchanged', async () => {
    const source = path.join(base, 'Quay Book');
    await writeBook(source);
    const workspace = path.join(base, 'quay-workspace');
    const first = await importCommand(source, workspace, '--json');
    expect(first.status).toBe(0);
    const report = JSON.parse(first.stdout) as ImportReport;
    expect(report).toMatchObject({ source, format: 'folder', workspace });
    expect(report.items.map((item) => [item.kind, item.action])).toEqual(expect.arrayContaining([['chapter', 'created'], ['outline', 'created'], ['character', 'created'], ['place', 'created']]));
    expect(report.counts).toMatchObject({ chapter: 2 });
    expect(report.skipped).toEqual([expect.objectContaining({ origin: 'cover.png' })]);
    const again = JSON.parse((await importCommand(source, '--workspace', workspace, '--json')).stdout) as ImportReport;
    expect(new Set(again.items.map((item) => item.action))).toEqual(new Set(['unchanged']));
  });

  it('fails clearly, without making a workspace, when the source does not exist', async () => {
    const missing = path.join(base, 'No Such Book');
    const workspace = path.join(base, 'none-workspace');
    const human = await importCommand(missing, workspace);
    expect(human.status).toBe(1);
    expect(human.stdout).toBe('');
    expect(human.stderr).toMatch(/^error \[import_source_not_found\]: .*No Such Book/m);
    const json = await importCommand(missing, workspace, '--json');
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'import_source_not_found' } });
    await expect(fs.stat(workspace)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
