import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/** Bytes read at a time past the size a `stat` gave (the file may grow while it is read). */
const CHUNK = 64 * 1024;

/**
 * The bytes of a file from `offset` to its end, with one open; null when the file is gone or is not
 * a regular file. Reads on until the end it finds, not the size a `stat` saw before, so what it
 * returns is never cut short by a writer appending meanwhile.
 */
export async function readLogFrom(file: string, offset: number, expected: number): Promise<Buffer | null> {
  let handle: FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
    throw error;
  }
  try {
    const parts: Buffer[] = [];
    let position = offset;
    let size = Math.max(expected - offset, 0) + 1;
    for (;;) {
      const buffer = Buffer.allocUnsafe(size);
      const { bytesRead } = await handle.read(buffer, 0, size, position);
      if (bytesRead === 0) break;
      parts.push(buffer.subarray(0, bytesRead));
      position += bytesRead;
      size = CHUNK;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw error;
  } finally {
    await handle.close();
  }
}
