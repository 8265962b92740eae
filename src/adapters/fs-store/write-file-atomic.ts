import { closeSync, fsync, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writevSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { scrubAppData, scrubAppText } from './scrub-app-data.js';
import { temporarySibling } from './temporary-file-name.js';

const flush = promisify(fsync);

/** Opens a new file for writing; its folder is made (with its parents) only when it is missing. */
function openCreatingFolder(file: string, mode: number): number {
  try {
    return openSync(file, 'w', mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(path.dirname(file), { recursive: true });
    return openSync(file, 'w', mode);
  }
}

/**
 * Writes a file so readers see either the old or the new content, never half of it: write a
 * temporary sibling (named after this process, see temporary-file-name.ts), flush it, then rename
 * over the target. The temporary file is removed on failure; one a kill left is swept on the next open.
 * Content given as pieces is written as they are, in one gathered write, without joining them first.
 *
 * Only the flush waits for the disk, so only the flush is asynchronous: opening, writing (app data
 * is at most a few hundred kilobytes), closing and renaming take microseconds each, less than a
 * promise round trip through the thread pool would cost.
 */
export async function replaceFile(
  filePath: string,
  content: string | Uint8Array | readonly Uint8Array[],
  options: { mode?: number },
): Promise<void> {
  const temporary = temporarySibling(filePath);
  const fd = openCreatingFolder(temporary, options.mode ?? 0o644);
  try {
    if (Array.isArray(content)) writeAll(fd, content as readonly Uint8Array[]);
    else writeFileSync(fd, content as string | Uint8Array);
    await flush(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, filePath);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Writes every piece in order, going on after a short write until all are written. */
function writeAll(fd: number, pieces: readonly Uint8Array[]): void {
  let left = pieces.filter((piece) => piece.byteLength > 0);
  while (left.length > 0) {
    let written = writevSync(fd, left as Uint8Array[]);
    while (left.length > 0 && written >= left[0]!.byteLength) {
      written -= left[0]!.byteLength;
      left = left.slice(1);
    }
    if (written > 0) left = [left[0]!.subarray(written), ...left.slice(1)];
  }
}

/**
 * Writes a file atomically (see `replaceFile`). Text written as app data passes the scrubbing
 * boundary first; bytes are written as they are.
 */
export async function writeFileAtomic(filePath: string, data: string | Uint8Array, options: { mode?: number } = {}): Promise<void> {
  await replaceFile(filePath, typeof data === 'string' ? await scrubAppText(filePath, data) : data, options);
}

/** Writes pretty JSON atomically, with a trailing newline; app data passes the scrubbing boundary first. Resolves with the text written. */
export async function writeJsonAtomic(filePath: string, value: unknown, options: { mode?: number } = {}): Promise<string> {
  const clean = await scrubAppData(filePath, value);
  const text = `${JSON.stringify(clean, null, 2)}\n`;
  await replaceFile(filePath, text, options);
  return text;
}
