import { promises as fs } from 'node:fs';
import { ControlRoomError, type AuditVerifyReport, type ToolReceipt } from '../../protocol/index.js';
import { keyFingerprint as keyFingerprintOf, verifyAuditLog, type ReceiptVerifyKeys } from '../../core/receipts/index.js';
import { requireWorkspaceRoot } from '../fs-workspace/index.js';
import { absolute } from './audit-paths.js';
import { JsonlAuditLog } from './jsonl-audit-log.js';
import { QUARANTINE_DIR } from './repair-torn-line.js';
import { ED25519_PUBLIC_FILE, HMAC_SECRET_FILE, readReceiptKeys } from './receipt-key-files.js';
import { fingerprintPin, resolveAuditPin, type AuditPin } from './resolve-audit-pin.js';

export interface VerifyWorkspaceAuditOptions {
  /**
   * The key the writer pinned: its fingerprint, or a file holding the exported public key (or a
   * fingerprint). The log must then be signed with exactly that key, which is how re-keying is caught.
   */
  pin?: string;
  /** A pin given as a fingerprint only (the HTTP API never opens a file a request names). */
  pinnedFingerprint?: string;
}

export interface WorkspaceAuditResult {
  report: AuditVerifyReport;
  /** Key-file problems, unsealed receipts and interrupted writes, said plainly. */
  warnings: string[];
  /** Fingerprint of the key the log was checked against; null when there was nothing to check. */
  keyFingerprint: string | null;
}

async function pinOf(options: VerifyWorkspaceAuditOptions): Promise<AuditPin | null> {
  if (options.pin !== undefined) return resolveAuditPin(options.pin);
  if (options.pinnedFingerprint !== undefined) return fingerprintPin(options.pinnedFingerprint);
  return null;
}

/** Refuses, with the files to restore, when the workspace's own keys cannot check its log. */
function requireWorkspaceKeys(keys: ReceiptVerifyKeys, pinned: boolean): void {
  const missing = [...(keys.hmacKey || pinned ? [] : [HMAC_SECRET_FILE]), ...(keys.ed25519 ? [] : [ED25519_PUBLIC_FILE])];
  if (missing.length === 0) return;
  throw new ControlRoomError(
    'audit_key_missing',
    `The workspace has an audit log, but its key file${missing.length === 1 ? ' is' : 's are'} missing: ${missing.join(', ')}. ` +
      'Restore them from a backup, or verify with the public key you exported: "control-room audit verify --pubkey <file>".',
  );
}

/**
 * Verifies a workspace's audit log with its own keys, or against a pinned key (how a reviewer
 * without the HMAC secret checks it, and how a writer catches a log re-signed with new keys).
 * Creates no key. Missing key files are an error with the files to restore, never a crash. Shared
 * by the CLI and the server.
 */
export async function verifyWorkspaceAudit(dir: string, options: VerifyWorkspaceAuditOptions = {}): Promise<WorkspaceAuditResult> {
  const root = await requireWorkspaceRoot(dir);
  const log = new JsonlAuditLog(root);
  const pin = await pinOf(options);
  const { keys: workspaceKeys, warnings } = await readReceiptKeys(root);
  const hasLog = (await log.sessions()).length > 0 || (await log.headSessions()).length > 0 || (await log.rawManifest()).text !== null;
  // Keys are made together with the manifest, so keys without one mean it was deleted.
  const hasKeys = workspaceKeys.hmacKey !== undefined || workspaceKeys.ed25519 !== undefined;
  if (!hasLog && !hasKeys && pin === null) {
    // Nothing was ever signed in this workspace, so there is nothing to verify either.
    const keyFingerprint = workspaceKeys.ed25519 ? keyFingerprintOf(workspaceKeys.ed25519.publicKey) : null;
    return { report: { ok: true, sessions: 0, receipts: 0, firstBad: null }, warnings, keyFingerprint };
  }
  let keys: ReceiptVerifyKeys;
  if (pin?.publicKey) keys = { ...(workspaceKeys.hmacKey ? { hmacKey: workspaceKeys.hmacKey } : {}), ed25519: { publicKey: pin.publicKey } };
  else {
    requireWorkspaceKeys(workspaceKeys, pin !== null);
    keys = workspaceKeys;
  }
  const { report, notes, keyFingerprint } = await verifyAuditLog(log, keys, { expectManifest: hasKeys, ...(pin ? { pinnedFingerprint: pin.fingerprint } : {}) });
  return { report, warnings: [...warnings, ...notes, ...(await tornLineNotes(root, log, report))], keyFingerprint };
}

/**
 * What interrupted writes left, said plainly: cut-off lines already moved aside (the log verifies
 * without them unless the seal had acknowledged them), or a cut-off last line not yet moved because
 * the workspace has not been opened since.
 */
async function tornLineNotes(root: string, log: JsonlAuditLog, report: AuditVerifyReport): Promise<string[]> {
  const notes: string[] = [];
  const quarantined = (await fs.readdir(absolute(root, QUARANTINE_DIR)).catch(() => [])).filter((name) => name.endsWith('.json'));
  if (quarantined.length > 0) {
    notes.push(`${quarantined.length} cut-off receipt line${quarantined.length === 1 ? ' was' : 's were'} moved aside to ${QUARANTINE_DIR}/ after interrupted writes (each file says why, and whether its receipt had been acknowledged).`);
  }
  const bad = report.firstBad;
  if (bad !== null) {
    const text = await fs.readFile(absolute(root, bad.file), 'utf8').catch(() => null);
    if (text !== null && !text.endsWith('\n') && text.split('\n').length === bad.line) {
      const sessionId = (await log.sessions()).find((id) => log.logFile(id) === bad.file);
      const acknowledged = sessionId === undefined ? 0 : sealedCount((await log.rawHead(sessionId)).text);
      notes.push(
        bad.line <= acknowledged
          ? `${bad.file}:${bad.line} is cut off, but the session's signed head acknowledges ${acknowledged} receipts: an acknowledged receipt was damaged or edited, and moving the line aside will not make the log verify.`
          : `${bad.file}:${bad.line} was cut off by an interrupted write and never acknowledged; opening the workspace (e.g. "control-room serve") moves it aside to ${QUARANTINE_DIR}/, and the log then verifies.`,
      );
    }
  }
  return notes;
}

/** The count a stored head claims, read without checking it (only to word a note). */
function sealedCount(text: string | null): number {
  if (text === null) return 0;
  try {
    const count = (JSON.parse(text) as { count?: unknown } | null)?.count;
    return typeof count === 'number' ? count : 0;
  } catch {
    return 0;
  }
}

/** Receipts of one session, or of every session, in log order. */
export async function listWorkspaceReceipts(dir: string, sessionId?: string): Promise<ToolReceipt[]> {
  const log = new JsonlAuditLog(await requireWorkspaceRoot(dir));
  const sessions = sessionId === undefined ? await log.sessions() : [sessionId];
  const lists = await Promise.all(sessions.map((session) => log.list(session)));
  return lists.flat();
}
