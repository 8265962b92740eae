import { promises as fs, type BigIntStats } from 'node:fs';
import type { ToolReceipt } from '../../protocol/index.js';
import type { StoredReceiptLine } from '../../core/ports/index.js';
import { checkReceiptLine, type ReceiptVerifyKeys } from '../../core/receipts/index.js';

/** A verified receipt of a session log and its line exactly as stored. */
export interface IndexedReceipt {
  receipt: ToolReceipt;
  raw: string;
}

interface SessionEntry {
  /** The log file's identity, size and modification time when `receipts` was last true of it. */
  stamp: string;
  receipts: IndexedReceipt[];
}

/** Sessions whose receipts are kept in memory; the least recently used beyond this are dropped. */
const MAX_SESSIONS = 64;

/** What identifies one state of a file: inode, size and modification time in nanoseconds. */
export function fileStamp(stats: BigIntStats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}`;
}

async function stampOf(file: string): Promise<string | null> {
  try {
    return fileStamp(await fs.stat(file, { bigint: true }));
  } catch {
    return null;
  }
}

/**
 * Each session's verified receipts, read and verified once, then kept current by the appends of
 * this process — so a turn asks for the receipts it may cite without re-reading and re-verifying
 * the session's whole log, and the cost of a turn does not grow with the session's history.
 *
 * The log's stamp (inode, size, modification time) is checked on every read: when anything but
 * this process's own append changed the file — another process appended, a line was planted,
 * edited or cut — the session is read and verified again, so memory never vouches for a log that
 * is no longer what it verified. (An edit that keeps the size within the file system's timestamp
 * tick could go unseen; memory then still holds only receipts this process signed and chained, never
 * a line it did not write, and `audit verify` reads the file itself.)
 */
export class SessionReceiptIndex {
  private readonly sessions = new Map<string, SessionEntry>();

  constructor(private readonly verifyKeys: () => Promise<ReceiptVerifyKeys>) {}

  /** The session's verified receipts, in log order; `read` gives the log's lines when they must be read again. */
  async verified(sessionId: string, file: string, read: () => Promise<StoredReceiptLine[]>): Promise<readonly IndexedReceipt[]> {
    const stamp = await stampOf(file);
    if (stamp === null) {
      this.sessions.delete(sessionId);
      return [];
    }
    const known = this.sessions.get(sessionId);
    if (known?.stamp === stamp) {
      // Most recently used last, so the oldest entry is the first one dropped.
      this.sessions.delete(sessionId);
      this.sessions.set(sessionId, known);
      return known.receipts;
    }
    const receipts = verifiedLines(await read(), await this.verifyKeys());
    this.remember(sessionId, { stamp, receipts });
    return receipts;
  }

  /**
   * After this process appended `appended` to a session log that had `before` as its stamp and now
   * has `after`: the appended receipts join the session in memory — they were signed and chained
   * here — unless the log had changed behind this process's back, in which case it is read again.
   */
  appended(sessionId: string, before: string, after: string, appended: readonly IndexedReceipt[]): void {
    const known = this.sessions.get(sessionId);
    if (known === undefined) return;
    if (known.stamp !== before) {
      this.sessions.delete(sessionId);
      return;
    }
    known.receipts = [...known.receipts, ...appended];
    known.stamp = after;
  }

  /** Forgets a session (after a failed append: what is on disk is no longer known). */
  forget(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  private remember(sessionId: string, entry: SessionEntry): void {
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, entry);
    while (this.sessions.size > MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
  }
}

/**
 * The lines that hold a receipt whose signatures verify and whose `prev_hash` is the hash of the
 * line before it (the rule of `markVerified`), with their raw text.
 */
function verifiedLines(lines: readonly StoredReceiptLine[], keys: ReceiptVerifyKeys): IndexedReceipt[] {
  const receipts: IndexedReceipt[] = [];
  let previousHash: string | null = null;
  for (const line of lines) {
    const checked = checkReceiptLine(line.raw, keys);
    if (!checked.ok) {
      previousHash = null;
      continue;
    }
    if (checked.receipt.prev_hash === previousHash) receipts.push({ receipt: checked.receipt, raw: line.raw });
    previousHash = checked.hash;
  }
  return receipts;
}
