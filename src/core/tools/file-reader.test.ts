import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { defaultAgentsFile } from '../agents/index.js';
import { InMemoryIssueStore } from '../testing/index.js';
import { fileReaderTool, MAX_READ_LINES } from './file-reader.js';
import type { ToolContext } from './tool-definition.js';

const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');
const SAMPLE = path.resolve(import.meta.dirname, '../../../examples/glass-harbour');

let base: string;
let context: ToolContext;
const longLines = Array.from({ length: 1000 }, (_, index) => `line ${index + 1}`);
const sceneText = '---\ntitle: Dock\n---\nThe tide came in “slowly”.\nMara said nothing.\n';

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-reader-'));
  await initWorkspace(base);
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-01-dock.md'), sceneText);
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-02-long.md'), `${longLines.join('\n')}\n`);
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-03-empty.md'), '');
  await fs.writeFile(path.join(base, '.control-room/audit/secret.key'), 'KEY');
  context = { workspace: await FsWorkspace.open(base), issues: new InMemoryIssueStore(), agents: defaultAgentsFile().agents };
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('file_reader', () => {
  it('returns the asked lines, the whole-file hash and a file ref hashing exactly the excerpt', async () => {
    const output = await fileReaderTool.run({ path: 'Story/Scenes/SCN-01-dock.md', start_line: 4, end_line: 5 }, context);
    expect(output.result).toEqual({
      path: 'Story/Scenes/SCN-01-dock.md',
      start_line: 4,
      end_line: 5,
      total_lines: 5,
      sha256: sha256(sceneText),
      content: 'The tide came in “slowly”.\nMara said nothing.',
    });
    expect(output.fileRefs).toEqual([
      { path: 'Story/Scenes/SCN-01-dock.md', start_line: 4, end_line: 5, sha256: sha256('The tide came in “slowly”.\nMara said nothing.') },
    ]);
  });

  it('reads the whole file when no range is given and normalises the path', async () => {
    const output = await fileReaderTool.run({ path: './Story//Scenes/SCN-01-dock.md' }, context);
    expect(output.result).toMatchObject({ path: 'Story/Scenes/SCN-01-dock.md', start_line: 1, end_line: 5, total_lines: 5 });
    expect(output.result['capped']).toBeUndefined();
  });

  it(`caps a call at ${MAX_READ_LINES} lines and says where to continue`, async () => {
    const first = await fileReaderTool.run({ path: 'Story/Scenes/SCN-02-long.md' }, context);
    expect(first.result).toMatchObject({ start_line: 1, end_line: 400, total_lines: 1000, capped: true, next_start_line: 401 });
    expect(first.fileRefs[0]?.sha256).toBe(sha256(longLines.slice(0, 400).join('\n')));
    const asked = await fileReaderTool.run({ path: 'Story/Scenes/SCN-02-long.md', start_line: 700, end_line: 1000 }, context);
    expect(asked.result).toMatchObject({ start_line: 700, end_line: 1000 });
    expect(asked.result['capped']).toBeUndefined();
    const wide = await fileReaderTool.run({ path: 'Story/Scenes/SCN-02-long.md', start_line: 650, end_line: 5000 }, context);
    expect(wide.result).toMatchObject({ start_line: 650, end_line: 1000 });
    expect(wide.result['next_start_line']).toBeUndefined();
  });

  it('clamps a range that runs past the end, and refuses one that starts past it', async () => {
    const clamped = await fileReaderTool.run({ path: 'Story/Scenes/SCN-01-dock.md', start_line: 5, end_line: 90 }, context);
    expect(clamped.result).toMatchObject({ start_line: 5, end_line: 5, content: 'Mara said nothing.' });
    await expect(fileReaderTool.run({ path: 'Story/Scenes/SCN-01-dock.md', start_line: 6 }, context)).rejects.toMatchObject({ code: 'line_range_invalid' });
    await expect(fileReaderTool.run({ path: 'Story/Scenes/SCN-01-dock.md', start_line: 4, end_line: 2 }, context)).rejects.toMatchObject({ code: 'line_range_invalid' });
  });

  it('reads an empty file as no lines', async () => {
    const output = await fileReaderTool.run({ path: 'Story/Scenes/SCN-03-empty.md' }, context);
    expect(output.result).toMatchObject({ start_line: 0, end_line: 0, total_lines: 0, content: '' });
    expect(output.fileRefs[0]).toMatchObject({ start_line: 0, end_line: 0, sha256: sha256('') });
  });

  it.each([
    ['../outside.md', 'path_outside_workspace'],
    ['/etc/passwd', 'path_outside_workspace'],
    ['.control-room/audit/secret.key', 'path_outside_workspace'],
    ['Story/%2e%2e/%2e%2e/secret', 'path_outside_workspace'],
    ['Story/Scenes/SCN-99-missing.md', 'path_not_found'],
  ])('refuses %s with %s', async (bad, code) => {
    await expect(fileReaderTool.run({ path: bad }, context)).rejects.toMatchObject({ code });
  });

  it('reads the planted eye colour from the sample manuscript', async () => {
    const sample: ToolContext = { ...context, workspace: await FsWorkspace.open(SAMPLE) };
    const output = await fileReaderTool.run({ path: 'Story/Scenes/SCN-07-statements.md', start_line: 90, end_line: 90 }, sample);
    expect(String(output.result['content'])).toContain('green eyes');
    const onDisk = (await fs.readFile(path.join(SAMPLE, 'Story/Scenes/SCN-07-statements.md'), 'utf8')).split('\n')[89];
    expect(output.fileRefs[0]?.sha256).toBe(sha256(onDisk ?? ''));
  });
});
