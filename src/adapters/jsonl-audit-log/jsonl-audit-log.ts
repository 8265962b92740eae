import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError, type ToolReceipt } from '../../protocol/index.js';
import type { AuditLog, StoredReceiptLine, StoredSealFile } from '../../core/ports/index.js';
import { keyFingerprint, receiptHash, type ReceiptKeys, type ReceiptVerifyKeys } from '../../core/receipts/index.js';
// The file lock alone, not the conference store's barrel (which brings the conference logic).
import { serialiseFileChange } from '../json-conference-store/json-file.js';
import {
  absolute,
  AUDIT_DIR,
  AUDIT_FOLDER_ID,
  AUDIT_MANIFEST_FILE,
  ISSUE_LINKS_NAME,
  ISSUE_RECEIPTS_NAME,
  issueFileRelative,
  SESSION_HEAD_NAME,
  SESSION_LOG_NAME,
  sessionHeadRelative,
  sessionLogRelative,
} from './audit-paths.js';
import { appendLines } from './append-lines.js';
import { AuditSealer } from './audit-sealer.js';
import { countNewlines } from './count-lines.js';
import { linkReceiptsToIssue } from './link-receipts-to-issue.js';
import { LogHandles } from './log-handles.js';
import { parseReceiptLine, parseReceiptLines, readReceiptLines } from './read-receipt-lines.js';
import { repairSessionLogs, type RepairSessionLogsOptions } from './repair-session-logs.js';
import { QUARANTINE_DIR, repairTornLine, type TornLineRepair } from './repair-torn-line.js';
import { readReceiptKeys } from './receipt-key-files.js';
import { SessionReceiptIndex, type LogReadStats } from './session-receipt-index.js';

/** Sub-folders of `parent` that are valid audit ids and hold `fileName`, sorted. */
async function foldersWith(parent: string, fileName: string): Promise<string[]> {
  const entries = await fs.readdir(parent, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !AUDIT_FOLDER_ID.test(entry.name)) continue;
    const file = await fs.stat(path.join(parent, entry.name, fileName)).catch(() => null);
    if (file?.isFile()) found.push(entry.name);
  }
  return found.sort();
}

async function readIfPresent(root: string, relative: string): Promise<StoredSealFile> {
  // Something that cannot be read (a folder, say) is there: verify reports it as not a seal.
  const text = await fs.readFile(absolute(root, relative), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : ''));
  return { file: relative, text };
}

export interface JsonlAuditLogOptions {
  /** The workspace's signing keys: needed to append, since every append re-signs the session's head. */
  keys?: ReceiptKeys;
  /** The time written into heads and the manifest (default: now). */
  now?: () => string;
}

/**
 * The audit log as JSONL files under a workspace (SPEC §6, §15): one append-only
 * `.control-room/audit/sessions/<sessionId>/tool_receipts.jsonl` per session with its signed
 * `head.json`, a signed `.control-room/audit/manifest.json` of every session, and linked copies in
 * `.control-room/audit/issues/<issueId>/receipts.jsonl` with a `links.json` naming the sessions.
 * Opened without keys it can be read and verified, but not appended to.
 */
export class JsonlAuditLog implements AuditLog {
  /** Linking rewrites an issue's files, so links to one issue run one at a time. */
  private readonly issueLocks = new Map<string, Promise<unknown>>();
  private readonly sealer: AuditSealer | null;
  private readonly handles = new LogHandles();
  private readonly index: SessionReceiptIndex;

  constructor(
    private readonly root: string,
    options: JsonlAuditLogOptions = {},
  ) {
    const pair = options.keys?.ed25519;
    const now = options.now ?? (() => new Date().toISOString());
    this.sealer = pair?.privateKey ? new AuditSealer(root, { privateKey: pair.privateKey, publicKey: pair.publicKey, fingerprint: keyFingerprint(pair.publicKey) }, now) : null;
    // The keys this log signs with are the keys it verifies with; a reader without them reads the workspace's.
    const own: ReceiptVerifyKeys | undefined = options.keys;
    this.index = new SessionReceiptIndex(async () => own ?? (await readReceiptKeys(this.root)).keys);
  }

  /** Writes an empty signed manifest into a workspace that has no sessions and no manifest yet. */
  async startSeal(): Promise<void> {
    if (!this.sealer) return;
    if ((await this.sessions()).length > 0 || (await this.headSessions()).length > 0) return;
    await this.sealer.start();
  }

  async append(receipt: ToolReceipt): Promise<void> {
    await this.appendBatch([receipt]);
  }

  async appendBatch(receipts: readonly ToolReceipt[]): Promise<void> {
    const sessionId = receipts[0]?.session_id;
    const last = receipts[receipts.length - 1];
    if (sessionId === undefined || last === undefined) return;
    if (receipts.some((receipt) => receipt.session_id !== sessionId)) {
      throw new ControlRoomError('audit_batch_mixed', 'A batch of receipts must belong to one session.', { fault: 'system' });
    }
    const sealer = this.sealer;
    if (!sealer) {
      throw new ControlRoomError('audit_key_missing', 'This audit log was opened without the Ed25519 signing key, so it cannot seal what it appends.', { fault: 'system' });
    }
    const lines = receipts.map((receipt) => JSON.stringify(receipt));
    const text = lines.map((line) => `${line}\n`).join('');
    const file = absolute(this.root, sessionLogRelative(sessionId));
    await serialiseFileChange(file, async () => {
      try {
        const acknowledged = await sealer.prepare(sessionId);
        let onDisk = sealer.known(sessionId);
        // A line an earlier, interrupted append cut off is moved aside first, so the new lines are never glued to it.
        const written = await this.handles.use(file, (log) =>
          appendLines(log, text, async () => {
            const repair = await repairTornLine(log.handle, { root: this.root, sessionId, acknowledged });
            if (onDisk === undefined || repair !== null) onDisk = await countNewlines(log.handle);
          }),
        );
        await this.index.appended(sessionId, written.before, written.after, receipts, lines);
        await sealer.seal(sessionId, Math.max(acknowledged, onDisk ?? 0) + receipts.length, receiptHash(last));
      } catch (error) {
        sealer.forget(sessionId);
        this.index.forget(sessionId);
        this.handles.forget(file);
        throw error;
      }
    });
  }

  /** Closes the session logs held open for appending. */
  async close(): Promise<void> {
    await this.handles.close();
  }

  /**
   * Mends every session log whose last line an interrupted append cut off (quarantining the
   * bytes, see repair-torn-line.ts). Run once when the workspace opens, before anything appends.
   */
  async repairTornLines(options: RepairSessionLogsOptions = {}): Promise<TornLineRepair[]> {
    const sealer = this.sealer;
    return repairSessionLogs(this.root, await this.sessions(), options, async (sessionId) => (sealer ? ((await sealer.stored(sessionId)) ?? 0) : 0));
  }

  async last(sessionId: string): Promise<ToolReceipt | null> {
    const lines = await this.rawLines(sessionId);
    for (let index = lines.length - 1; index >= 0; index -= 1) {
      const receipt = parseReceiptLine(lines[index]?.raw ?? '');
      if (receipt) return receipt;
    }
    return null;
  }

  async list(sessionId: string): Promise<ToolReceipt[]> {
    return parseReceiptLines(await this.rawLines(sessionId));
  }

  async verifiedList(sessionId: string): Promise<ToolReceipt[]> {
    return (await this.verifiedLines(sessionId)).map((line) => line.receipt);
  }

  /** The session's verified receipts with their stored lines, from memory while the log is as this process left it. */
  private verifiedLines(sessionId: string): ReturnType<SessionReceiptIndex['verified']> {
    return this.index.verified(sessionId, absolute(this.root, sessionLogRelative(sessionId)));
  }

  /** How often the verified receipts were read from the session logs, and how much (for tests and diagnostics). */
  get logReads(): LogReadStats {
    return this.index.stats;
  }

  async sessions(): Promise<string[]> {
    return foldersWith(absolute(this.root, `${AUDIT_DIR}/sessions`), SESSION_LOG_NAME);
  }

  async rawLines(sessionId: string): Promise<StoredReceiptLine[]> {
    const relative = sessionLogRelative(sessionId);
    return readReceiptLines(absolute(this.root, relative), relative);
  }

  logFile(sessionId: string): string {
    return sessionLogRelative(sessionId);
  }

  async rawHead(sessionId: string): Promise<StoredSealFile> {
    return readIfPresent(this.root, sessionHeadRelative(sessionId));
  }

  async rawManifest(): Promise<StoredSealFile> {
    return readIfPresent(this.root, AUDIT_MANIFEST_FILE);
  }

  async headSessions(): Promise<string[]> {
    return foldersWith(absolute(this.root, `${AUDIT_DIR}/sessions`), SESSION_HEAD_NAME);
  }

  async quarantinedLines(): Promise<Array<{ sessionId: string; file: string }>> {
    const names = await fs.readdir(absolute(this.root, QUARANTINE_DIR)).catch(() => []);
    return names.flatMap((name) => {
      const at = name.indexOf('.torn-at-');
      return at > 0 && name.endsWith('.json') ? [{ sessionId: name.slice(0, at), file: `${QUARANTINE_DIR}/${name}` }] : [];
    });
  }

  async linkToIssue(sessionId: string, issueId: string, receiptIds?: readonly string[]): Promise<{ linked: number; file: string }> {
    const file = issueFileRelative(issueId, ISSUE_RECEIPTS_NAME);
    const run = async (): Promise<{ linked: number; file: string }> => {
      const linked = await linkReceiptsToIssue({
        issueId,
        sessionId,
        sessionLines: await this.linkableLines(sessionId, receiptIds),
        issueLines: await this.issueRawLines(issueId),
        ...(receiptIds ? { receiptIds } : {}),
        receiptsPath: absolute(this.root, file),
        linksPath: absolute(this.root, issueFileRelative(issueId, ISSUE_LINKS_NAME)),
      });
      return { linked, file };
    };
    const previous = this.issueLocks.get(issueId) ?? Promise.resolve();
    const current = previous.then(run, run);
    const settled = current.catch(() => undefined);
    this.issueLocks.set(issueId, settled);
    void settled.then(() => {
      if (this.issueLocks.get(issueId) === settled) this.issueLocks.delete(issueId);
    });
    return current;
  }

  /**
   * The session lines a link copies: from memory when every receipt asked for is a verified one
   * there (a round links the receipts it just wrote), else the whole log as stored.
   */
  private async linkableLines(sessionId: string, receiptIds?: readonly string[]): Promise<StoredReceiptLine[]> {
    if (receiptIds !== undefined) {
      const wanted = new Set(receiptIds);
      const lines = (await this.verifiedLines(sessionId)).filter((line) => wanted.has(line.receipt.receipt_id));
      const file = sessionLogRelative(sessionId);
      if (lines.length === wanted.size) return lines.map((line, index) => ({ file, line: index + 1, raw: line.raw }));
    }
    return this.rawLines(sessionId);
  }

  async issueReceipts(issueId: string): Promise<ToolReceipt[]> {
    return parseReceiptLines(await this.issueRawLines(issueId));
  }

  async issues(): Promise<string[]> {
    return foldersWith(absolute(this.root, `${AUDIT_DIR}/issues`), ISSUE_RECEIPTS_NAME);
  }

  async issueRawLines(issueId: string): Promise<StoredReceiptLine[]> {
    const relative = issueFileRelative(issueId, ISSUE_RECEIPTS_NAME);
    return readReceiptLines(absolute(this.root, relative), relative);
  }
}
