import { ControlRoomError, type AuditVerifyReport } from '../../protocol/index.js';
import type { AuditLog, StoredReceiptLine } from '../ports/index.js';
import { checkReceiptLine } from './check-receipt-line.js';
import type { ReceiptVerifyKeys } from './receipt-keys.js';

type BadLine = NonNullable<AuditVerifyReport['firstBad']>;

/** Where each verified receipt lives and its hash, for duplicate ids and the issue copies. */
type SeenReceipts = Map<string, { file: string; line: number; hash: string }>;

function bad(stored: StoredReceiptLine, reason: string): BadLine {
  return { file: stored.file, line: stored.line, reason };
}

function chainReason(prevHash: string | null, previousLine: number | null): string {
  if (previousLine === null) {
    return 'prev_hash points to an earlier receipt, but this is the first line of the session log: the receipts before it were deleted';
  }
  if (prevHash === null) {
    return `prev_hash is null (a session's first receipt), but the line follows line ${previousLine}: lines were reordered or inserted`;
  }
  return `prev_hash does not match the hash of line ${previousLine}, the receipt before it: a receipt was deleted, inserted or reordered here`;
}

/** Checks one session's lines in order; returns the first bad line or null. */
function checkSession(sessionId: string, lines: readonly StoredReceiptLine[], keys: ReceiptVerifyKeys, seen: SeenReceipts): BadLine | null {
  let previous: { hash: string; line: number } | null = null;
  for (const stored of lines) {
    const checked = checkReceiptLine(stored.raw, keys);
    if (!checked.ok) return bad(stored, checked.reason);
    const { receipt, hash } = checked;
    if (receipt.session_id !== sessionId) {
      return bad(stored, `receipt ${receipt.receipt_id} belongs to session ${receipt.session_id} but is stored in the log of session ${sessionId}`);
    }
    const earlier = seen.get(receipt.receipt_id);
    if (earlier) return bad(stored, `duplicate receipt_id ${receipt.receipt_id}: already on line ${earlier.line} of ${earlier.file} (a copied or replayed line)`);
    if (receipt.prev_hash !== (previous?.hash ?? null)) return bad(stored, chainReason(receipt.prev_hash, previous?.line ?? null));
    seen.set(receipt.receipt_id, { file: stored.file, line: stored.line, hash });
    previous = { hash, line: stored.line };
  }
  return null;
}

/** Checks an issue's linked copies: each is signed and identical to the receipt in its session log. */
function checkIssueCopies(lines: readonly StoredReceiptLine[], keys: ReceiptVerifyKeys, seen: SeenReceipts): BadLine | null {
  const inFile = new Map<string, number>();
  for (const stored of lines) {
    const checked = checkReceiptLine(stored.raw, keys);
    if (!checked.ok) return bad(stored, checked.reason);
    const { receipt, hash } = checked;
    const earlierLine = inFile.get(receipt.receipt_id);
    if (earlierLine !== undefined) return bad(stored, `duplicate linked copy of ${receipt.receipt_id}: already on line ${earlierLine}`);
    inFile.set(receipt.receipt_id, stored.line);
    const original = seen.get(receipt.receipt_id);
    if (!original) return bad(stored, `linked copy of ${receipt.receipt_id} is not in the log of session ${receipt.session_id}`);
    if (original.hash !== hash) return bad(stored, `linked copy of ${receipt.receipt_id} differs from line ${original.line} of ${original.file}`);
  }
  return null;
}

/**
 * Verifies the whole audit log (SPEC §6, `control-room audit verify`): every session's lines in
 * order — JSON, schema, HMAC and Ed25519 signatures, duplicate ids and the `prev_hash` chain, which
 * catches deleted, reordered and inserted lines — then every issue's linked copies. Reports the
 * first bad line with a reason. A deleted tail of a log leaves no gap in the chain; linked issue
 * copies of those receipts still reveal it.
 */
export async function verifyAuditLog(log: AuditLog, keys: ReceiptVerifyKeys): Promise<AuditVerifyReport> {
  if (!keys.hmacKey && !keys.ed25519?.publicKey) {
    throw new ControlRoomError('audit_key_missing', 'No key to verify receipts with: provide the HMAC secret or the Ed25519 public key.');
  }
  const sessions = [...(await log.sessions())].sort();
  const seen: SeenReceipts = new Map();
  let receipts = 0;
  let firstBad: BadLine | null = null;
  for (const sessionId of sessions) {
    const lines = await log.rawLines(sessionId);
    receipts += lines.length;
    // After the first problem the remaining logs are only counted.
    firstBad ??= checkSession(sessionId, lines, keys, seen);
  }
  if (firstBad === null) {
    for (const issueId of [...(await log.issues())].sort()) {
      firstBad = checkIssueCopies(await log.issueRawLines(issueId), keys, seen);
      if (firstBad) break;
    }
  }
  return { ok: firstBad === null, sessions: sessions.length, receipts, firstBad };
}
