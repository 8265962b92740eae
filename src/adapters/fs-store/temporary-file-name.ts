import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * Temporary siblings of an atomic write: `.<name>.<pid>-<12 hex>.tmp`. The writer's pid is in the
 * name so a sweep can tell a dead writer's leftover (remove it now) from a write in progress in a
 * live process (leave it alone), without guessing from the file's age.
 */
const PID_TEMP_FILE = /^\..+\.([1-9][0-9]{0,9})-[0-9a-f]{12}\.tmp$/;
/** Names written before the pid was added (`.<name>.<12 hex>.tmp`): their writer is unknown. */
const LEGACY_TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

/** A fresh temporary path beside `filePath`, named after this process. */
export function temporarySibling(filePath: string): string {
  return path.join(path.dirname(filePath), `.${path.basename(filePath)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
}

/** What a file name says about its writer: a temporary file with its pid (null when the name predates pids), or not a temporary file at all. */
export function temporaryFileWriter(name: string): { pid: number | null } | null {
  const withPid = PID_TEMP_FILE.exec(name);
  if (withPid) return { pid: Number(withPid[1]) };
  return LEGACY_TEMP_FILE.test(name) ? { pid: null } : null;
}
