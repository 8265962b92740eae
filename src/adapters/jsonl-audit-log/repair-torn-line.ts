import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { writeJsonAtomic } from '../fs-store/index.js';
import { absolute, AUDIT_DIR, sessionLogRelative } from './audit-paths.js';
import { countNewlines } from './count-lines.js';
import { parseReceiptLine } from './read-receipt-lines.js';

/** Where cut-off receipt lines are kept, one JSON record each. */
export const QUARANTINE_DIR = `${AUDIT_DIR}/quarantine`;
export const TORN_LINE_SCHEMA_VERSION = 1;

const WHY =
  'An append to this session log was cut off (the process was killed, or the disk failed, mid-write). ' +
  'These bytes were never acknowledged: a receipt counts only once its whole line is on disk, and no ' +
  'answer can cite one before that. They were moved here so the log ends at its last whole receipt ' +
  'and keeps verifying; nothing else was changed.';

const WHY_ACKNOWLEDGED =
  "This line was cut off, but the session's signed head had already acknowledged it: it was a whole " +
  'receipt once, so the disk was damaged or the file was edited. The bytes were moved here so the log ' +
  'can be read again; `audit verify` fails for this session, because an acknowledged receipt is lost.';

/** What was done to the end of one session log. */
export interface TornLineRepair {
  sessionId: string;
  /** The session log, workspace-relative. */
  file: string;
  /**
   * `completed`: the last line was a whole receipt missing only its newline, which was added.
   * `quarantined`: the cut-off bytes were moved to `quarantine` and the log truncated before them.
   */
  action: 'completed' | 'quarantined';
  /** Byte offset where the last line starts. */
  offset: number;
  bytes: number;
  /** The quarantine record, workspace-relative (null when completed). */
  quarantine: string | null;
  /** The cut-off line was one the session's signed head had acknowledged: a receipt was lost. */
  acknowledged: boolean;
}

/** The log a repair works on; `acknowledged` is how many lines the session's seal counts, when known. */
export interface TornLineTarget {
  root: string;
  sessionId: string;
  acknowledged?: number;
}

const CHUNK_BYTES = 64 * 1024;

/** The offset just after the last newline before `size` (0 when there is none). */
async function lastLineStart(handle: FileHandle, size: number): Promise<number> {
  const buffer = Buffer.alloc(CHUNK_BYTES);
  for (let end = size; end > 0; ) {
    const start = Math.max(0, end - CHUNK_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, end - start, start);
    const at = buffer.subarray(0, bytesRead).lastIndexOf(0x0a);
    if (at >= 0) return start + at + 1;
    end = start;
  }
  return 0;
}

/**
 * Mends the end of a session log opened for appending, when an interrupted append left a last
 * line without its newline: a whole receipt gets its newline; anything else is moved, byte for
 * byte, into `.control-room/audit/quarantine/<session>.torn-at-<offset>.<sha>.json` and cut off
 * the log. Decision: move aside rather than truncate silently, so the writer (and a reviewer) can
 * see exactly what an interruption left; the record is written and flushed before the log is
 * truncated, and its name depends only on the bytes and their place, so a repair interrupted in
 * turn is simply redone. Returns null when the log already ends with a whole line.
 */
export async function repairTornLine(handle: FileHandle, target: TornLineTarget): Promise<TornLineRepair | null> {
  const { size } = await handle.stat();
  if (size === 0) return null;
  const lastByte = Buffer.alloc(1);
  await handle.read(lastByte, 0, 1, size - 1);
  if (lastByte[0] === 0x0a) return null;
  const offset = await lastLineStart(handle, size);
  const torn = Buffer.alloc(size - offset);
  await handle.read(torn, 0, torn.length, offset);
  const file = sessionLogRelative(target.sessionId);
  const base = { sessionId: target.sessionId, file, offset, bytes: torn.length };
  if (parseReceiptLine(torn.toString('utf8')) !== null) {
    await handle.appendFile('\n', 'utf8');
    await handle.sync();
    return { ...base, action: 'completed', quarantine: null, acknowledged: false };
  }
  // The cut-off line is line (newlines before it + 1); the seal acknowledges lines 1..acknowledged.
  const acknowledged = target.acknowledged !== undefined && target.acknowledged > 0 && (await countNewlines(handle, offset)) < target.acknowledged;
  const sha256 = createHash('sha256').update(torn).digest('hex');
  const quarantine = `${QUARANTINE_DIR}/${target.sessionId}.torn-at-${offset}.${sha256.slice(0, 12)}.json`;
  await writeJsonAtomic(absolute(target.root, quarantine), {
    schema_version: TORN_LINE_SCHEMA_VERSION,
    kind: 'torn_receipt_line',
    session_id: target.sessionId,
    log_file: file,
    offset,
    bytes: torn.length,
    sha256,
    text: torn.toString('utf8'),
    base64: torn.toString('base64'),
    quarantined_at: new Date().toISOString(),
    acknowledged,
    why: acknowledged ? WHY_ACKNOWLEDGED : WHY,
  });
  await handle.truncate(offset);
  await handle.sync();
  return { ...base, action: 'quarantined', quarantine, acknowledged };
}

/** One line for the person: what was repaired, and where the cut-off bytes are. */
export function describeTornLineRepair(repair: TornLineRepair): string {
  if (repair.action === 'completed') {
    return `The last receipt in ${repair.file} was missing its line end (an interrupted write); the line end was added.`;
  }
  if (repair.acknowledged) {
    return `The last line of ${repair.file} was cut off, but its signed head had acknowledged it: an acknowledged receipt is lost (disk damage or an edited file). Its ${repair.bytes} bytes were moved to ${repair.quarantine}; "audit verify" fails for this session.`;
  }
  return `The last line of ${repair.file} was cut off by an interrupted write; its ${repair.bytes} bytes were never acknowledged and were moved to ${repair.quarantine}. The log ends at its last whole receipt.`;
}
