import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS_FILE, FEATURE_FLAGS_SCHEMA_VERSION } from '../../protocol/index.js';
import { initWorkspace } from '../../adapters/fs-workspace/index.js';
import { conferenceLogPath } from '../../adapters/json-conference-store/index.js';
import { runCli } from '../main.js';

let base: string | undefined;
afterEach(async () => {
  if (base) await fs.rm(base, { recursive: true, force: true });
  base = undefined;
});

async function workspace(flags?: Record<string, unknown>): Promise<string> {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-conference-cli-'));
  const dir = path.join(base, 'novel');
  await initWorkspace(dir, { sample: true });
  if (flags) {
    const file = path.join(dir, ...FEATURE_FLAGS_FILE.split('/'));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, JSON.stringify({ schema_version: FEATURE_FLAGS_SCHEMA_VERSION, flags }));
  }
  return dir;
}

/** One round from the CLI; keyboard mash is answered with a clarification, so no model is needed. */
async function mashRound(dir: string): Promise<{ conferenceId: string; notice: unknown }> {
  let out = '';
  const io = { stdout: (text: string) => void (out += text), stderr: () => undefined, stdin: async () => '' };
  const code = await runCli(['node', 'control-room', 'conference', 'asdfgh jkl;', '--agents', 'editor', '--workspace', dir, '--json'], io);
  expect(code).toBe(0);
  return JSON.parse(out) as { conferenceId: string; notice: unknown };
}

describe('control-room conference and its log', () => {
  it('writes the conference log by default', async () => {
    const dir = await workspace();
    const round = await mashRound(dir);
    expect(round.notice).not.toBeNull();
    expect(await fs.readFile(conferenceLogPath(dir, round.conferenceId), 'utf8')).toContain('## Round 1 — ');
  });

  it('writes none when the conferenceLog flag is off', async () => {
    const dir = await workspace({ conferenceLog: false });
    const round = await mashRound(dir);
    expect(round.notice).not.toBeNull();
    await expect(fs.access(conferenceLogPath(dir, round.conferenceId))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
