import { promises as fs } from 'node:fs';
import path from 'node:path';
import { scrubAppData, scrubAppText } from './scrub-app-data.js';
import { temporarySibling } from './temporary-file-name.js';

/** Opens a new file for writing; its folder is made (with its parents) only when it is missing. */
async function openCreatingFolder(file: string, mode: number): Promise<fs.FileHandle> {
  try {
    return await fs.open(file, 'w', mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fs.mkdir(path.dirname(file), { recursive: true });
    return fs.open(file, 'w', mode);
  }
}

/**
 * Writes a file so readers see either the old or the new content, never half of it: write a
 * temporary sibling (named after this process, see temporary-file-name.ts), flush it, then rename
 * over the target. The temporary file is removed on failure; one a kill left is swept on the next open.
 */
export async function replaceFile(filePath: string, content: string | Uint8Array, options: { mode?: number }): Promise<void> {
  const temporary = temporarySibling(filePath);
  const handle = await openCreatingFolder(temporary, options.mode ?? 0o644);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await fs.rename(temporary, filePath);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
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
