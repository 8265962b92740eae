/**
 * Leftovers a kill can make, laid down byte for byte between a kill and the restart, so that the
 * restart's recovery is exercised on every run rather than only when a kill happens to land inside
 * a write: a receipt line cut off mid-append (a SIGKILL can stop a multi-page write() between
 * pages), and atomic-write temporary files — one of the dead server, which must go, and one of a
 * live process (this test), which must stay.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface TornLog {
  /** The session log, workspace-relative with `/`. */
  file: string;
  /** Everything up to and including its last newline: what the log must hold after the repair. */
  whole: Buffer;
  /** The bytes after it: what the quarantine must hold. */
  torn: Buffer;
}

/** Appends the first part of the log's own last line to one of `logs` (picked with `random`), as an interrupted append would leave it. */
export async function tearSessionLog(dir: string, logs: readonly string[], random: () => number): Promise<TornLog | null> {
  const present: string[] = [];
  for (const file of logs) if ((await fs.stat(path.join(dir, file)).catch(() => null))?.isFile()) present.push(file);
  const file = present[Math.floor(random() * present.length)];
  if (file === undefined) return null;
  const full = path.join(dir, file);
  const before = await fs.readFile(full);
  const end = before.lastIndexOf(0x0a);
  const start = before.lastIndexOf(0x0a, end - 1) + 1;
  const lastLine = before.subarray(start, end);
  if (lastLine.length < 3) return null;
  await fs.appendFile(full, lastLine.subarray(0, 1 + Math.floor(random() * (lastLine.length - 2))));
  const after = await fs.readFile(full);
  const cut = after.lastIndexOf(0x0a) + 1;
  return { file, whole: after.subarray(0, cut), torn: after.subarray(cut) };
}

/** The quarantine record holding exactly `torn.torn` for `torn.file`, or null. */
export async function quarantineRecordFor(dir: string, torn: TornLog): Promise<string | null> {
  const folder = path.join(dir, '.control-room/audit/quarantine');
  for (const name of await fs.readdir(folder).catch(() => [])) {
    const record = JSON.parse(await fs.readFile(path.join(folder, name), 'utf8')) as { log_file?: string; base64?: string };
    if (record.log_file === torn.file && record.base64 === torn.torn.toString('base64')) return name;
  }
  return null;
}

export interface PlantedTempFiles {
  /** Temporary files named after the killed server: the restart must remove them. */
  dead: string[];
  /** A temporary file named after this (running) test process: the restart must leave it. */
  live: string;
}

/** Lays down temporary files of a dead writer (app data and a manuscript folder) and of a live one. */
export async function plantTempFiles(dir: string, deadPid: number): Promise<PlantedTempFiles> {
  const name = (target: string, pid: number): string => `${path.posix.dirname(target)}/.${path.posix.basename(target)}.${pid}-${randomBytes(6).toString('hex')}.tmp`;
  const dead = [name('.control-room/issues/issues.json', deadPid), name('Story/Scenes/SCN-01-crash-draft.md', deadPid)];
  const live = name('.control-room/issues/issues.json', process.pid);
  for (const file of [...dead, live]) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), '{"half-writ');
  }
  return { dead, live };
}

/** Whether a workspace-relative file exists. */
export async function exists(dir: string, file: string): Promise<boolean> {
  return (await fs.stat(path.join(dir, file)).catch(() => null)) !== null;
}
