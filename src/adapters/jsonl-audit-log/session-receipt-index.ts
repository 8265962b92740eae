import { statSync, type BigIntStats } from 'node:fs';
import type { ToolReceipt } from '../../protocol/index.js';
import { checkReceiptLine, signedHereHash, type ReceiptVerifyKeys } from '../../core/receipts/index.js';
import { sameFileState } from '../fs-store/index.js';
import { readLogFrom } from './read-log-from.js';

/** A verified receipt of a session log and its line exactly as stored. */
export interface IndexedReceipt {
  receipt: ToolReceipt;
  raw: string;
}

/** What the index knows of one session log. */
interface SessionEntry {
  /** The file (device, inode, size, modification time) when `receipts` was last true of it. */
  state: BigIntStats;
  /** Bytes up to the end of the last whole line read; a torn last line is read once it is whole. */
  consumed: number;
  /** The last whole line read, which the file must still hold at its place before it is read on. */
  lastLine: string | null;
  /** The hash the next line must chain to: the last line's when it verified, else null. */
  chainHash: string | null;
  receipts: IndexedReceipt[];
}

/** How often the index read session logs, and how much of them. */
export interface LogReadStats {
  /** Logs read from their first byte (first use, or a change that is not an append). */
  wholeReads: number;
  /** Logs read from where the index left them (another writer appended). */
  tailReads: number;
  bytesRead: number;
}

/** Sessions whose receipts are kept in memory; the least recently used beyond this are dropped. */
const MAX_SESSIONS = 64;
const NEWLINE = 0x0a;

/**
 * The log's state, looked up synchronously: every lookup of a turn's citable receipts makes one,
 * and a stat takes microseconds where a promise round trip through the thread pool costs more.
 */
function stateOf(file: string): BigIntStats | null {
  try {
    const stats = statSync(file, { bigint: true, throwIfNoEntry: false });
    return stats?.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/**
 * Each session's verified receipts and chain head, read and verified once, then kept current: a
 * receipt this process appends is checked as written (signatures and its place in the chain) and
 * joins memory, so a turn asks for the receipts it may cite without reading the log at all, and
 * turn 200 of a session costs what turn 1 did.
 *
 * Every lookup compares the log's state (inode, size, modification time) with what memory
 * describes. A log another writer appended to (same file, larger, its last known line still in
 * place) is read from there on only; any other change — a line edited, cut or removed, the file
 * replaced — makes the whole log be read and verified again, so memory never vouches for a log
 * that is no longer what it verified. (An edit that keeps a line's length and comes with an append,
 * or lands within the file system's timestamp tick, goes unseen here; memory then still holds only
 * lines that verified when read, never one that did not, and `audit verify` reads the file itself.)
 */
export class SessionReceiptIndex {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly counters: LogReadStats = { wholeReads: 0, tailReads: 0, bytesRead: 0 };

  constructor(private readonly verifyKeys: () => Promise<ReceiptVerifyKeys>) {}

  /** Reads done so far (for tests and diagnostics). */
  get stats(): LogReadStats {
    return { ...this.counters };
  }

  /** The session's verified receipts, in log order. */
  async verified(sessionId: string, file: string): Promise<readonly IndexedReceipt[]> {
    const state = stateOf(file);
    if (state === null) {
      this.sessions.delete(sessionId);
      return [];
    }
    const known = this.sessions.get(sessionId);
    if (known !== undefined && sameFileState(known.state, state)) {
      this.remember(sessionId, known);
      return known.receipts;
    }
    const grown = known !== undefined && known.state.dev === state.dev && known.state.ino === state.ino && state.size > known.state.size;
    const entry = (grown && (await this.readTail(file, known, state))) || (await this.readWhole(file, state));
    if (entry === null) {
      this.sessions.delete(sessionId);
      return [];
    }
    this.remember(sessionId, entry);
    return entry.receipts;
  }

  /**
   * After this process appended `receipts` as `lines` to a session log that was in state `before`
   * and is now in state `after`: the lines join memory, each verified as written — at once for a
   * receipt this process signed with the same key (it is frozen with its hash), in full for any
   * other. When the log had changed behind this process's back, memory is left as it was and the
   * next lookup reads what changed.
   */
  async appended(sessionId: string, before: BigIntStats, after: BigIntStats, receipts: readonly ToolReceipt[], lines: readonly string[]): Promise<void> {
    const known = this.sessions.get(sessionId);
    if (known === undefined || !sameFileState(known.state, before) || known.consumed !== Number(before.size)) return;
    const next = { ...known, receipts: [...known.receipts] };
    const keys = await this.verifyKeys();
    // Signed a moment ago with these very keys: the HMAC (microseconds) tells the line is what was
    // signed; checking the Ed25519 signature too would cost more than the rest of the append.
    chainLines(next, lines, keys.hmacKey === undefined ? keys : { hmacKey: keys.hmacKey }, receipts);
    next.state = after;
    next.consumed = known.consumed + lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    next.lastLine = lines.at(-1) ?? known.lastLine;
    this.sessions.set(sessionId, next);
  }

  /** Forgets a session (after a failed append: what is on disk is no longer known). */
  forget(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  private async readWhole(file: string, state: BigIntStats): Promise<SessionEntry | null> {
    const bytes = await readLogFrom(file, 0, Number(state.size));
    if (bytes === null) return null;
    this.counters.wholeReads += 1;
    this.counters.bytesRead += bytes.length;
    const entry: SessionEntry = { state, consumed: 0, lastLine: null, chainHash: null, receipts: [] };
    this.readLines(entry, bytes, 0, await this.verifyKeys());
    return entry;
  }

  /** Reads what was appended after the known lines; null when the known end is no longer where it was. */
  private async readTail(file: string, known: SessionEntry, state: BigIntStats): Promise<SessionEntry | null> {
    // Read the known last line (and the newline before it) again, to see the file still ends it there.
    const anchor = known.lastLine === null ? '' : `${known.lastLine}\n`;
    const lineStart = known.consumed - Buffer.byteLength(anchor);
    const from = Math.max(lineStart - 1, 0);
    const bytes = await readLogFrom(file, from, Number(state.size));
    if (bytes === null) return null;
    this.counters.tailReads += 1;
    this.counters.bytesRead += bytes.length;
    const skip = lineStart - from;
    if (skip === 1 && bytes[0] !== NEWLINE) return null;
    const offset = skip + Buffer.byteLength(anchor);
    if (bytes.length < offset || bytes.subarray(skip, offset).toString('utf8') !== anchor) return null;
    const entry: SessionEntry = { ...known, state, receipts: [...known.receipts] };
    this.readLines(entry, bytes, offset, await this.verifyKeys());
    return entry;
  }

  /** Verifies the whole lines of `bytes` from `start` on into `entry`; a torn last line waits. */
  private readLines(entry: SessionEntry, bytes: Buffer, start: number, keys: ReceiptVerifyKeys): void {
    const end = bytes.lastIndexOf(NEWLINE);
    if (end < start) return;
    const lines = bytes.subarray(start, end).toString('utf8').split('\n');
    chainLines(entry, lines, keys);
    entry.consumed += end + 1 - start;
    entry.lastLine = lines.at(-1) ?? entry.lastLine;
  }

  private remember(sessionId: string, entry: SessionEntry): void {
    // Most recently used last, so the oldest entry is the first one dropped.
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, entry);
    while (this.sessions.size > MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
    }
  }
}

/**
 * Adds the lines that hold a receipt whose signatures verify and whose `prev_hash` is the hash of
 * the line before it (the rule of `markVerified`); a line that does not verify breaks the chain.
 */
function chainLines(entry: SessionEntry, lines: readonly string[], keys: ReceiptVerifyKeys, written?: readonly ToolReceipt[]): void {
  for (const [index, raw] of lines.entries()) {
    const receipt = written?.[index];
    const hash = receipt === undefined ? null : signedHereHash(receipt, keys);
    const checked = hash === null || receipt === undefined ? checkReceiptLine(raw, keys) : ({ ok: true, receipt, hash } as const);
    if (!checked.ok) {
      entry.chainHash = null;
      continue;
    }
    if (checked.receipt.prev_hash === entry.chainHash) entry.receipts.push({ receipt: checked.receipt, raw });
    entry.chainHash = checked.hash;
  }
}
