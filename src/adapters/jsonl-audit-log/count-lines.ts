import type { FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 256 * 1024;

/** How many newlines an open file holds before byte `end` (the whole file by default). */
export async function countNewlines(handle: FileHandle, end?: number): Promise<number> {
  const limit = end ?? (await handle.stat()).size;
  const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(limit, 1)));
  let count = 0;
  for (let position = 0; position < limit; ) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, limit - position), position);
    if (bytesRead === 0) break;
    for (let index = 0; index < bytesRead; index += 1) if (buffer[index] === 0x0a) count += 1;
    position += bytesRead;
  }
  return count;
}
