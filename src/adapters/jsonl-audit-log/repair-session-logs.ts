import { promises as fs } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { absolute, sessionLogRelative } from './audit-paths.js';
import { repairTornLine, type TornLineRepair } from './repair-torn-line.js';

export interface RepairSessionLogsOptions {
  /**
   * A torn end that changed less than this long ago may be an append still in progress in another
   * process; the repair waits until the log has been still this long, and skips it if it changed
   * meanwhile (default 2000 ms). A real write takes microseconds, so this costs a restart right
   * after a crash at most the wait, and a normal start nothing.
   */
  quietMs?: number;
  /** How to wait (tests pass their own to act during the wait). */
  pause?: (ms: number) => Promise<void>;
}

/** How many lines of a session's log its seal acknowledges (0 when unknown). */
export type AcknowledgedLines = (sessionId: string) => Promise<number>;

interface Candidate {
  sessionId: string;
  path: string;
  size: number;
  mtimeMs: number;
}

/** The log's size and mtime when its last byte is not a newline; null when it ends cleanly, is empty or is gone. */
async function tornEnd(sessionId: string, path: string): Promise<Candidate | null> {
  const handle = await fs.open(path, 'r').catch(() => null);
  if (handle === null) return null;
  try {
    const { size, mtimeMs } = await handle.stat();
    if (size === 0) return null;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] === 0x0a ? null : { sessionId, path, size, mtimeMs };
  } finally {
    await handle.close();
  }
}

/**
 * Finds the session logs whose last line an interrupted append cut off and mends them (see
 * repair-torn-line.ts), so `audit verify` passes on everything that was written. Run when a
 * workspace opens, before anything appends. Reads one byte per log when nothing is torn.
 */
export async function repairSessionLogs(
  root: string,
  sessionIds: readonly string[],
  options: RepairSessionLogsOptions = {},
  acknowledgedOf: AcknowledgedLines = async () => 0,
): Promise<TornLineRepair[]> {
  const quietMs = options.quietMs ?? 2000;
  const pause = options.pause ?? ((ms: number) => delay(ms));
  const candidates: Candidate[] = [];
  for (const sessionId of sessionIds) {
    const found = await tornEnd(sessionId, absolute(root, sessionLogRelative(sessionId)));
    if (found) candidates.push(found);
  }
  if (candidates.length === 0) return [];
  const youngest = Math.min(...candidates.map((candidate) => Date.now() - candidate.mtimeMs));
  if (youngest < quietMs) await pause(quietMs - youngest);
  const repairs: TornLineRepair[] = [];
  for (const candidate of candidates) {
    const now = await fs.stat(candidate.path).catch(() => null);
    // It moved while we waited: another process is writing it, and its own next append mends it.
    if (now === null || now.size !== candidate.size || now.mtimeMs !== candidate.mtimeMs) continue;
    const acknowledged = await acknowledgedOf(candidate.sessionId);
    const handle = await fs.open(candidate.path, 'a+');
    try {
      const repair = await repairTornLine(handle, { root, sessionId: candidate.sessionId, acknowledged });
      if (repair) repairs.push(repair);
    } finally {
      await handle.close();
    }
  }
  return repairs;
}
