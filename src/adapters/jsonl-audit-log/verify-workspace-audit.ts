import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError, type AuditVerifyReport, type ToolReceipt } from '../../protocol/index.js';
import { verifyAuditLog, type ReceiptVerifyKeys } from '../../core/receipts/index.js';
import { requireWorkspaceRoot } from '../fs-workspace/index.js';
import { absolute } from './audit-paths.js';
import { JsonlAuditLog } from './jsonl-audit-log.js';
import { QUARANTINE_DIR } from './repair-torn-line.js';
import { readEd25519PublicKey, readReceiptKeys } from './receipt-key-files.js';

/**
 * Verifies a workspace's audit log with its own keys, or only with a given Ed25519 public key (how
 * a reviewer without the HMAC secret checks it). Creates no key. Shared by the CLI and the server.
 */
export async function verifyWorkspaceAudit(dir: string, options: { publicKeyFile?: string } = {}): Promise<{ report: AuditVerifyReport; warnings: string[] }> {
  const root = await requireWorkspaceRoot(dir);
  const log = new JsonlAuditLog(root);
  let keys: ReceiptVerifyKeys;
  let warnings: string[] = [];
  if (options.publicKeyFile !== undefined) keys = { ed25519: { publicKey: await readEd25519PublicKey(path.resolve(options.publicKeyFile)) } };
  else ({ keys, warnings } = await readReceiptKeys(root));
  if (!keys.hmacKey && !keys.ed25519) {
    // Nothing was ever signed in this workspace, so there is nothing to verify either.
    if ((await log.sessions()).length === 0) return { report: { ok: true, sessions: 0, receipts: 0, firstBad: null }, warnings };
    throw new ControlRoomError('audit_key_missing', 'The workspace has receipts but no .control-room/audit/secret.key or ed25519.pub; restore the key or pass --public-key <file>.');
  }
  const report = await verifyAuditLog(log, keys);
  return { report, warnings: [...warnings, ...(await tornLineNotes(root, report))] };
}

/**
 * What interrupted writes left, said plainly: cut-off lines already moved aside (the log verifies
 * without them), or a cut-off last line not yet moved because the workspace has not been opened since.
 */
async function tornLineNotes(root: string, report: AuditVerifyReport): Promise<string[]> {
  const notes: string[] = [];
  const quarantined = (await fs.readdir(absolute(root, QUARANTINE_DIR)).catch(() => [])).filter((name) => name.endsWith('.json'));
  if (quarantined.length > 0) {
    notes.push(`${quarantined.length} cut-off receipt line${quarantined.length === 1 ? ' was' : 's were'} moved aside to ${QUARANTINE_DIR}/ after interrupted writes (never acknowledged; each file says why).`);
  }
  const bad = report.firstBad;
  if (bad !== null) {
    const text = await fs.readFile(absolute(root, bad.file), 'utf8').catch(() => null);
    if (text !== null && !text.endsWith('\n') && text.split('\n').length === bad.line) {
      notes.push(`${bad.file}:${bad.line} was cut off by an interrupted write and never acknowledged; opening the workspace (e.g. "control-room serve") moves it aside to ${QUARANTINE_DIR}/, and the log then verifies.`);
    }
  }
  return notes;
}

/** Receipts of one session, or of every session, in log order. */
export async function listWorkspaceReceipts(dir: string, sessionId?: string): Promise<ToolReceipt[]> {
  const log = new JsonlAuditLog(await requireWorkspaceRoot(dir));
  const sessions = sessionId === undefined ? await log.sessions() : [sessionId];
  const lists = await Promise.all(sessions.map((session) => log.list(session)));
  return lists.flat();
}
