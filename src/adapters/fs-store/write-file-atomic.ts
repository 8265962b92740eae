import { promises as fs } from 'node:fs';
import path from 'node:path';
import { temporarySibling } from './temporary-file-name.js';

/**
 * Writes a file so readers see either the old or the new content, never half of it: write a
 * temporary sibling (named after this process, see temporary-file-name.ts), flush it, then rename
 * over the target. The temporary file is removed on failure; one a kill left is swept on the next open.
 */
export async function writeFileAtomic(filePath: string, data: string | Uint8Array, options: { mode?: number } = {}): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  const temporary = temporarySibling(filePath);
  const handle = await fs.open(temporary, 'w', options.mode ?? 0o644);
  try {
    await handle.writeFile(data);
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

/** Writes pretty JSON atomically, with a trailing newline. */
export async function writeJsonAtomic(filePath: string, value: unknown, options: { mode?: number } = {}): Promise<void> {
  await writeFileAtomic(filePath, `${JSON.stringify(value, null, 2)}\n`, options);
}
