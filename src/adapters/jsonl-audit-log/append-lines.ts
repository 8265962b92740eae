import type { BigIntStats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/** The file before and after an append, as `stat` saw it. */
export interface AppendedLines {
  before: BigIntStats;
  after: BigIntStats;
}

/**
 * Appends whole lines to an open file with one write and one fsync. `repairTail` runs first, so
 * it can mend what an earlier, interrupted append left at the end (see repair-torn-line.ts)
 * before new lines go after it. The stats bracket the write: what the file was once repaired,
 * and what it is with the new lines durable.
 */
export async function appendLines(handle: FileHandle, text: string, repairTail: (handle: FileHandle) => Promise<unknown>): Promise<AppendedLines> {
  await repairTail(handle);
  const before = await handle.stat({ bigint: true });
  await handle.appendFile(text, 'utf8');
  await handle.sync();
  return { before, after: await handle.stat({ bigint: true }) };
}
