import { deepFreeze } from '../../core/traces/deep-freeze.js';
import { promises as fs, type BigIntStats } from 'node:fs';
import type { IssuesFile } from '../../protocol/index.js';
import { sameFileState } from '../fs-store/index.js';

/** An issue list this process read and validated, or wrote, and the state of its file then. */
export interface KnownIssuesFile {
  /** The file (device, inode, size, modification and change times) when `file` was true of it. */
  state: BigIntStats;
  /** Frozen: callers share it, so none may change what the next one reads. */
  file: IssuesFile;
}

/** Issues files kept in memory; the least recently used beyond this are dropped. */
const MAX_FILES = 16;

/**
 * Shared by every store in this process, like the write queues, so a store opened per request
 * still finds the list the last one left.
 */
const known = new Map<string, KnownIssuesFile>();

/** The file's state, or null when there is no file. */
export async function stateOf(filePath: string): Promise<BigIntStats | null> {
  try {
    return await fs.stat(filePath, { bigint: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The list memory holds for the file, if it was taken when the file was in `state`. */
export function knownIssues(filePath: string, state: BigIntStats): IssuesFile | null {
  const entry = known.get(filePath);
  if (entry === undefined || !sameFileState(entry.state, state)) return null;
  // Most recently used last, so the oldest entry is the first one dropped.
  known.delete(filePath);
  known.set(filePath, entry);
  return entry.file;
}

/** Keeps `file` as what the file holds in `state`; returns it frozen. */
export function rememberIssues(filePath: string, state: BigIntStats, file: IssuesFile): IssuesFile {
  deepFreeze(file);
  known.delete(filePath);
  known.set(filePath, { state, file });
  while (known.size > MAX_FILES) known.delete(known.keys().next().value as string);
  return file;
}

/** Forgets a file (it is gone, or a write failed and what is on disk is no longer known). */
export function forgetIssues(filePath: string): void {
  known.delete(filePath);
}
