import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendLine } from './append-line.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-append-line-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('appendLine', () => {
  it('creates the file and adds one line per call', async () => {
    const file = path.join(dir, 'steps.jsonl');
    await appendLine(file, '{"step":1}');
    await appendLine(file, '{"step":2}\n');
    expect(await fs.readFile(file, 'utf8')).toBe('{"step":1}\n{"step":2}\n');
  });

  it('starts a new line after a torn last line, so the next record stays readable', async () => {
    const file = path.join(dir, 'transcript.jsonl');
    await fs.writeFile(file, '{"round":1}\n{"round":2,"entr');
    await appendLine(file, '{"round":3}');
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    expect(lines).toEqual(['{"round":1}', '{"round":2,"entr', '{"round":3}', '']);
    expect(JSON.parse(lines[2]!)).toEqual({ round: 3 });
  });
});
