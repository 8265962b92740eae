import { ControlRoomError, type AuditManifest, type AuditVerifyReport } from '../../protocol/index.js';
import type { AuditLog, StoredReceiptLine } from '../ports/index.js';
import { checkManifestFile } from './check-manifest-file.js';
import { checkReceiptLine } from './check-receipt-line.js';
import { checkSessionSeal } from './check-session-seal.js';
import { keyFingerprint as keyFingerprintOf } from './key-fingerprint.js';
import { checkSessionHead } from './seal-documents.js';
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

/** Checks one session's lines in order; returns the first bad line, or the hash of every line. */
function checkSession(
  sessionId: string,
  lines: readonly StoredReceiptLine[],
  keys: ReceiptVerifyKeys,
  seen: SeenReceipts,
): { bad: BadLine; hashes?: undefined } | { bad: null; hashes: string[] } {
  let previous: { hash: string; line: number } | null = null;
  const hashes: string[] = [];
  for (const stored of lines) {
    const checked = checkReceiptLine(stored.raw, keys);
    if (!checked.ok) return { bad: bad(stored, checked.reason) };
    const { receipt, hash } = checked;
    if (receipt.session_id !== sessionId) {
      return { bad: bad(stored, `receipt ${receipt.receipt_id} belongs to session ${receipt.session_id} but is stored in the log of session ${sessionId}`) };
    }
    const earlier = seen.get(receipt.receipt_id);
    if (earlier) return { bad: bad(stored, `duplicate receipt_id ${receipt.receipt_id}: already on line ${earlier.line} of ${earlier.file} (a copied or replayed line)`) };
    if (receipt.prev_hash !== (previous?.hash ?? null)) return { bad: bad(stored, chainReason(receipt.prev_hash, previous?.line ?? null)) };
    seen.set(receipt.receipt_id, { file: stored.file, line: stored.line, hash });
    previous = { hash, line: stored.line };
    hashes.push(hash);
  }
  return { bad: null, hashes };
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

/** What verify found, and what it noticed that is not a failure. */
export interface AuditVerification {
  report: AuditVerifyReport;
  /** Things worth saying that do not fail verification (receipts an interrupted append left unsealed). */
  notes: string[];
  /** Fingerprint of the Ed25519 key the log was checked against. */
  keyFingerprint: string;
}

export interface VerifyAuditOptions {
  /** The fingerprint of the key the writer pinned: the log must be signed with exactly that key. */
  pinnedFingerprint?: string;
  /**
   * The workspace has its signing keys, so it has a manifest (written with the keys, or by the
   * first append): a missing one was deleted, even when no session is left to show it.
   */
  expectManifest?: boolean;
}

/** Every session verify has to look at: with a log, with a head, or acknowledged by the manifest. */
async function sessionsToCheck(log: AuditLog, manifest: AuditManifest | null): Promise<{ all: string[]; present: Set<string> }> {
  const present = new Set([...(await log.sessions()), ...(await log.headSessions())]);
  const all = new Set(present);
  for (const seal of manifest?.sessions ?? []) {
    all.add(seal.session_id);
    // A session registered just before a crash, with nothing written yet, is not counted.
    if (seal.count > 0) present.add(seal.session_id);
  }
  return { all: [...all].sort(), present };
}

/**
 * Verifies the whole audit log (SPEC §6, §15; `control-room audit verify`). First the key: the one
 * the writer pinned, if any, must be the key that signed. Then the signed manifest, then every
 * session's lines in order — JSON, schema, HMAC and Ed25519 signatures, duplicate ids and the
 * `prev_hash` chain, which catches deleted, reordered and inserted lines — and its signed head,
 * which catches a deleted tail or a deleted log; then every issue's linked copies. Reports the
 * first problem with its file, line and reason. The seal is signed with Ed25519 only, so the
 * public key is required.
 */
export async function verifyAuditLog(log: AuditLog, keys: ReceiptVerifyKeys, options: VerifyAuditOptions = {}): Promise<AuditVerification> {
  const publicKey = keys.ed25519?.publicKey;
  if (!publicKey) {
    throw new ControlRoomError(
      'audit_key_missing',
      'No Ed25519 public key to verify the audit log with: the signed heads and manifest can only be checked with it. Restore .control-room/audit/ed25519.pub or pass the exported key.',
    );
  }
  const keyFingerprint = keyFingerprintOf(publicKey);
  const stored = await log.rawManifest();
  const hasSessions = (await log.sessions()).length > 0 || (await log.headSessions()).length > 0;
  const manifestVerdict = checkManifestFile({
    stored,
    publicKey,
    fingerprint: keyFingerprint,
    pinned: options.pinnedFingerprint ?? null,
    hasSessions,
    expectManifest: options.expectManifest ?? false,
  });
  const manifest = manifestVerdict.ok ? manifestVerdict.manifest : null;
  let firstBad: BadLine | null = manifestVerdict.ok ? null : manifestVerdict.bad;
  const { all, present } = await sessionsToCheck(log, manifest);
  const quarantined = firstBad === null ? await log.quarantinedLines() : [];
  const seen: SeenReceipts = new Map();
  const notes: string[] = [];
  let receipts = 0;
  for (const sessionId of all) {
    const lines = await log.rawLines(sessionId);
    receipts += lines.length;
    // After the first problem the remaining logs are only counted.
    if (firstBad !== null) continue;
    const checked = checkSession(sessionId, lines, keys, seen);
    if (checked.bad) {
      firstBad = checked.bad;
      continue;
    }
    const logFile = log.logFile(sessionId);
    const manifestEntry = manifest?.sessions.find((seal) => seal.session_id === sessionId);
    if (!manifestEntry) {
      firstBad = {
        file: logFile,
        line: 1,
        reason: `session ${sessionId} is not in the signed manifest: its log was added or restored outside Control Room, or the manifest was replaced by an older one`,
      };
      continue;
    }
    const head = await log.rawHead(sessionId);
    const verdict = checkSessionSeal({
      sessionId,
      logFile,
      hashes: checked.hashes,
      head,
      headCheck: head.text === null ? null : checkSessionHead(head.text, publicKey),
      manifestEntry,
      quarantined: quarantined.filter((record) => record.sessionId === sessionId).map((record) => record.file),
    });
    if (!verdict.ok) firstBad = verdict.bad;
    else if (verdict.unsealed > 0) {
      notes.push(
        `${verdict.unsealed} receipt${verdict.unsealed === 1 ? '' : 's'} at the end of ${logFile} ${verdict.unsealed === 1 ? 'was' : 'were'} written by an append that was cut off before it was acknowledged; the next append seals ${verdict.unsealed === 1 ? 'it' : 'them'}.`,
      );
    }
  }
  if (firstBad === null) {
    for (const issueId of [...(await log.issues())].sort()) {
      firstBad = checkIssueCopies(await log.issueRawLines(issueId), keys, seen);
      if (firstBad) break;
    }
  }
  return { report: { ok: firstBad === null, sessions: present.size, receipts, firstBad }, notes, keyFingerprint };
}
