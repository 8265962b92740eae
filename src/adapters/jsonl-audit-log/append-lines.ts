import { fstatSync, type BigIntStats } from 'node:fs';
import type { HeldLog } from './log-handles.js';

/** The file before and after an append, as `stat` saw it. */
export interface AppendedLines {
  before: BigIntStats;
  after: BigIntStats;
}

/**
 * Appends whole lines to an open log with one write and one fsync. A log exactly as this process's
 * last append left it ends with a whole line; any other gets `repairTail` first, so it can mend
 * what an earlier, interrupted append left at the end (see repair-torn-line.ts) before new lines
 * go after it. The stats bracket the write: what the file was, and what it is with the new lines
 * durable.
 */
export async function appendLines(log: HeldLog, text: string, repairTail: () => Promise<unknown>): Promise<AppendedLines> {
  let before = log.unchanged;
  if (before === null) {
    await repairTail();
    before = await log.handle.stat({ bigint: true });
  }
  await log.handle.appendFile(text, 'utf8');
  await log.handle.sync();
  // The state after the flush, looked up synchronously on the open descriptor (microseconds).
  const after = fstatSync(log.handle.fd, { bigint: true });
  log.leave(after);
  return { before, after };
}
