import { promises as fs } from 'node:fs';
import path from 'node:path';
import { temporaryFileWriter } from './temporary-file-name.js';

/** Where `writeFileAtomic` writes in a workspace: app data, and the manuscript folders tasks change. */
export const SWEPT_FOLDERS = ['.control-room', 'Story', 'Compendium'] as const;
const MAX_DEPTH = 8;

export interface SweepOptions {
  /** Workspace-relative folders to walk (default SWEPT_FOLDERS). */
  folders?: readonly string[];
  /** A temporary file whose writer is unknown (a name from before pids) is removed once older than this (default 1 minute). */
  maxAgeMs?: number;
  /** A temporary file of a running process is removed only once older than this (default 1 hour). */
  liveMaxAgeMs?: number;
  now?: number;
  /** Whether a process with this pid runs on this machine (default: `kill(pid, 0)`). */
  isAlive?: (pid: number) => boolean;
}

/** True when a process with this pid exists here (EPERM: it exists but belongs to someone else). */
export function processIsAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files of atomic writes that a killed writer left behind (the target file
 * is intact: the rename never happened). Decision — pid in the name, age only as a backstop:
 * - the writer's pid is in the name (`.<name>.<pid>-<hex>.tmp`); when no such process runs on
 *   this machine the file is garbage and goes at once, so a restart right after a crash leaves
 *   nothing behind, however young the file is;
 * - a file of a running process (this one included) is a write that may still be in progress
 *   and is never touched, unless it is older than `liveMaxAgeMs` — no atomic write takes an hour,
 *   so such a file can only be a dead writer's whose pid was reused;
 * - a name without a pid (written by an older Control Room) goes only after `maxAgeMs`.
 * A pid means something only on this machine; a workspace is written from one machine at a time
 * (its SQLite trace store needs shared memory between writers). Returns the removed files.
 */
export async function sweepStaleTempFiles(root: string, options: SweepOptions = {}): Promise<string[]> {
  const now = options.now ?? Date.now();
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const liveMaxAgeMs = options.liveMaxAgeMs ?? 60 * 60_000;
  const isAlive = options.isAlive ?? processIsAlive;
  const removed: string[] = [];
  const isStale = (writer: { pid: number | null }, ageMs: number): boolean => {
    if (writer.pid === null) return ageMs > maxAgeMs;
    return !isAlive(writer.pid) || ageMs > liveMaxAgeMs;
  };
  const walk = async (folder: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH) return;
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      // Dirent types do not follow links, so a link never leads the sweep out of the workspace.
      if (entry.isDirectory()) {
        await walk(full, depth + 1);
        continue;
      }
      const writer = entry.isFile() ? temporaryFileWriter(entry.name) : null;
      if (writer === null) continue;
      const info = await fs.stat(full).catch(() => null);
      if (info && isStale(writer, now - info.mtimeMs)) {
        await fs.rm(full, { force: true });
        removed.push(path.relative(root, full));
      }
    }
  };
  for (const folder of options.folders ?? SWEPT_FOLDERS) await walk(path.join(root, folder), 0);
  return removed.sort();
}
