import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processIsAlive, sweepStaleTempFiles } from './sweep-stale-temp-files.js';
import { temporaryFileWriter, temporarySibling } from './temporary-file-name.js';
import { writeFileAtomic } from './write-file-atomic.js';

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-sweep-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** The pid of a process that has already exited (and been reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  expect(processIsAlive(child.pid)).toBe(false);
  return child.pid;
}

async function place(relative: string, ageMs = 0): Promise<string> {
  const full = path.join(root, relative);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, 'half');
  const when = new Date(Date.now() - ageMs);
  await fs.utimes(full, when, when);
  return full;
}

describe('temporary file names', () => {
  it('carry the writing process id, and are told apart from other files', () => {
    const name = path.basename(temporarySibling('/w/.control-room/issues/issues.json'));
    expect(name).toMatch(new RegExp(`^\\.issues\\.json\\.${process.pid}-[0-9a-f]{12}\\.tmp$`));
    expect(temporaryFileWriter(name)).toEqual({ pid: process.pid });
    expect(temporaryFileWriter('.issues.json.0123456789ab.tmp')).toEqual({ pid: null });
    for (const other of ['issues.json', 'notes.tmp', '.issues.json.tmp', 'issues.json.0123456789ab.tmp', '.x.0-0123456789ab.tmp']) {
      expect(temporaryFileWriter(other), other).toBeNull();
    }
  });
});

describe('sweepStaleTempFiles', () => {
  it('removes a dead writer’s temporary file at once, however young, and keeps the target', async () => {
    const dead = deadPid();
    await place('.control-room/issues/issues.json');
    await place(`.control-room/issues/.issues.json.${dead}-0123456789ab.tmp`);
    await place(`.control-room/audit/issues/ISS-1/.links.json.${dead}-00000000000f.tmp`);
    await place(`Story/Scenes/.SCN-01-arrival.md.${dead}-abcdefabcdef.tmp`);
    expect(await sweepStaleTempFiles(root)).toEqual([
      `.control-room/audit/issues/ISS-1/.links.json.${dead}-00000000000f.tmp`,
      `.control-room/issues/.issues.json.${dead}-0123456789ab.tmp`,
      `Story/Scenes/.SCN-01-arrival.md.${dead}-abcdefabcdef.tmp`,
    ]);
    expect(await fs.readdir(path.join(root, '.control-room/issues'))).toEqual(['issues.json']);
  });

  it('never touches the temporary file of a running process, unless it is hours old (a reused pid)', async () => {
    const ours = await place(`.control-room/issues/.issues.json.${process.pid}-0123456789ab.tmp`, 10 * 60_000);
    const parent = await place(`.control-room/state/.s.json.${process.ppid}-0123456789ab.tmp`, 10 * 60_000);
    const ancient = await place(`.control-room/state/.t.json.${process.ppid}-abcdefabcdef.tmp`, 2 * 60 * 60_000);
    expect(await sweepStaleTempFiles(root)).toEqual([path.relative(root, ancient)]);
    await expect(fs.stat(ours)).resolves.toBeDefined();
    await expect(fs.stat(parent)).resolves.toBeDefined();
  });

  it('removes a name without a pid only once it is older than a minute', async () => {
    await place('.control-room/issues/issues.json');
    await place('.control-room/issues/.issues.json.0123456789ab.tmp', 5 * 60_000);
    await place('.control-room/issues/.issues.json.ba9876543210.tmp');
    expect(await sweepStaleTempFiles(root)).toEqual(['.control-room/issues/.issues.json.0123456789ab.tmp']);
    expect((await fs.readdir(path.join(root, '.control-room/issues'))).sort()).toEqual(['.issues.json.ba9876543210.tmp', 'issues.json']);
  });

  it('walks only the folders it is given, and never follows a link out of them', async () => {
    const dead = deadPid();
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-sweep-outside-'));
    try {
      const victim = path.join(outside, `.keep.json.${dead}-0123456789ab.tmp`);
      await fs.writeFile(victim, 'not ours');
      await fs.mkdir(path.join(root, '.control-room'), { recursive: true });
      await fs.symlink(outside, path.join(root, '.control-room/linked'));
      await place(`Compendium/.card.md.${dead}-0123456789ab.tmp`);
      expect(await sweepStaleTempFiles(root, { folders: ['.control-room'] })).toEqual([]);
      await expect(fs.stat(victim)).resolves.toBeDefined();
    } finally {
      await fs.rm(outside, { recursive: true, force: true });
    }
  });

  it('leaves nothing of a write that completed', async () => {
    await writeFileAtomic(path.join(root, '.control-room/x/y.json'), '{}\n');
    expect(await fs.readdir(path.join(root, '.control-room/x'))).toEqual(['y.json']);
    expect(await sweepStaleTempFiles(root)).toEqual([]);
  });
});
