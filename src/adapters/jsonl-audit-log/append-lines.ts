import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** Flushes a folder so a file just created in it survives a crash (a no-op where folders cannot be opened). */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await fs.open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the file's own fsync still holds.
  }
}

/**
 * Appends whole lines to a file with one write and one fsync. `repairTail` runs first on the open
 * file, so it can mend what an earlier, interrupted append left at the end (see repair-torn-line.ts)
 * before new lines go after it.
 */
export async function appendLines(filePath: string, text: string, repairTail: (handle: FileHandle) => Promise<unknown>): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  const handle = await fs.open(filePath, 'a+');
  let created = false;
  try {
    created = (await handle.stat()).size === 0;
    await repairTail(handle);
    await handle.appendFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (created) await syncFolder(path.dirname(filePath));
}
